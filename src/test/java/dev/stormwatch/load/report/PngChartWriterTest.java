package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.GraphicsEnvironment;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PngChartWriterTest {

    /** UI14: the attempts line in the window's colour for it, light theme. */
    private static final int ATTEMPTS_BLUE = dev.stormwatch.base.ChartSeries.ATTEMPTS.lightRgb();

    @TempDir
    Path dir;

    @Test
    void theChartIsDrawnHeadlessAndDecodesAtTheSizeAsked() throws Exception {
        Path file = dir.resolve("chart.png");

        PngChartWriter.write(SampleReports.storm(), 0, file, 900, 500);

        assertThat(GraphicsEnvironment.isHeadless())
                .as("the test JVM runs with -Djava.awt.headless=true")
                .isTrue();
        BufferedImage decoded = ImageIO.read(file.toFile());
        assertThat(decoded).isNotNull();
        assertThat(decoded.getWidth()).isEqualTo(900);
        assertThat(decoded.getHeight()).isEqualTo(500);
        assertThat(pixelsOf(decoded, ATTEMPTS_BLUE))
                .as("the attempts line is drawn")
                .isGreaterThan(100);
    }

    @Test
    void theDefaultSizeSuitsATicket() throws Exception {
        Path file = dir.resolve("default.png");

        PngChartWriter.write(SampleReports.storm(), file);

        BufferedImage decoded = ImageIO.read(file.toFile());
        assertThat(decoded.getWidth()).isEqualTo(PngChartWriter.DEFAULT_WIDTH);
        assertThat(decoded.getHeight()).isEqualTo(PngChartWriter.DEFAULT_HEIGHT);
        assertThat(Files.size(file)).isGreaterThan(1_000);
    }

    @Test
    void anEmptySeriesStillDrawsItsAxes() {
        LoadReport empty = new LoadReport(
                "Steady load",
                "r",
                SampleReports.START,
                Duration.ofSeconds(1),
                new RunOutcome.Partial("target unreachable"),
                null,
                List.of(),
                Map.of(),
                List.of(new NamedSeries("client per second", SampleReports.empty())));

        BufferedImage image = PngChartWriter.render(empty, 0, 400, 300);

        assertThat(image.getWidth()).isEqualTo(400);
        assertThat(pixelsOf(image, 0x333333)).as("axes and labels").isGreaterThan(50);
    }

    @Test
    void aSeriesThatIsNotInTheReportOrATinyImageIsRefused() {
        assertThatThrownBy(() -> PngChartWriter.render(SampleReports.storm(), 2, 800, 600))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has 2 series");
        assertThatThrownBy(() -> PngChartWriter.render(SampleReports.storm(), 0, 299, 600))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void axisEndsAreOneTwoOrFiveTimesAPowerOfTen() {
        assertThat(PngChartWriter.niceCeiling(0)).isEqualTo(1);
        assertThat(PngChartWriter.niceCeiling(1)).isEqualTo(1);
        assertThat(PngChartWriter.niceCeiling(1.01)).isEqualTo(2);
        assertThat(PngChartWriter.niceCeiling(401)).isEqualTo(500);
        assertThat(PngChartWriter.niceCeiling(501)).isEqualTo(1000);
        assertThat(PngChartWriter.niceCeiling(0.15)).isCloseTo(0.2, org.assertj.core.data.Offset.offset(1e-12));
    }

    /** The sample storm with the provider's arrivals beside the client's, titled as the preset it ran. */
    private static LoadReport withProvider(String title) {
        return SampleReports.stormBesideProvider(
                title,
                "target embedded relay, 100 clients, jitter full, limiter off, scenario x",
                List.of(RunVerdict.PREFIX + "64 connections reset at t = 10 s."));
    }

    @Test
    @org.junit.jupiter.api.DisplayName(
            "LB12: the PNG shows the provider's arrivals, the retries and a marker at the fault")
    void thePngShowsArrivalsRetriesAndTheFault() {
        BufferedImage image = PngChartWriter.render(withProvider("3 AM storm"), 0, 1200, 700);

        assertThat(pixelsOf(image, PngChartWriter.ARRIVALS_COLOUR.getRGB() & 0xFFFFFF))
                .as("arrivals")
                .isGreaterThan(100);
        assertThat(pixelsOf(image, PngChartWriter.RETRIES_COLOUR.getRGB() & 0xFFFFFF))
                .as("retries")
                .isGreaterThan(50);
        assertThat(pixelsOf(image, PngChartWriter.FAULT_COLOUR.getRGB() & 0xFFFFFF))
                .as("the reset's marker")
                .isGreaterThan(50);
        assertThat(pixelsOf(image, PngChartWriter.QUOTA_COLOUR.getRGB() & 0xFFFFFF))
                .as("LB17: the storm's quota, which its retries push against")
                .isGreaterThan(100);
        // The settings are written below the time axis: ink in the last rows.
        assertThat(inkBelow(image, 700 - 60)).as("the settings legend").isGreaterThan(50);

        BufferedImage unknown = PngChartWriter.render(withProvider("Some run"), 0, 1200, 700);
        assertThat(pixelsOf(unknown, PngChartWriter.FAULT_COLOUR.getRGB() & 0xFFFFFF))
                .as("no fault, no marker")
                .isZero();
        assertThat(pixelsOf(unknown, PngChartWriter.QUOTA_COLOUR.getRGB() & 0xFFFFFF))
                .as("no quota, no line")
                .isZero();
    }

    @Test
    @org.junit.jupiter.api.DisplayName("LB12: a scenario with a quota draws it as a line against the arrivals")
    void aQuotaIsDrawnAsALine() {
        BufferedImage image = PngChartWriter.render(withProvider("Quota exhaustion"), 0, 1200, 700);

        assertThat(pixelsOf(image, PngChartWriter.QUOTA_COLOUR.getRGB() & 0xFFFFFF))
                .isGreaterThan(300);
    }

    private static int inkBelow(BufferedImage image, int fromRow) {
        int count = 0;
        for (int y = fromRow; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF) {
                    count++;
                }
            }
        }
        return count;
    }

    private static int pixelsOf(BufferedImage image, int rgb) {
        int count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xFFFFFF) == rgb) {
                    count++;
                }
            }
        }
        return count;
    }
}
