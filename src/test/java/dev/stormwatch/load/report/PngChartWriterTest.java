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

    private static final int ATTEMPTS_BLUE = 0x1F77B4;

    @TempDir
    Path dir;

    @Test
    void theChartIsDrawnHeadlessAndDecodesAtTheSizeAsked() throws Exception {
        Path file = dir.resolve("chart.png");

        PngChartWriter.write(SampleReports.storm(), 0, file, 900, 500);

        assertThat(GraphicsEnvironment.isHeadless()).as("the test JVM runs with -Djava.awt.headless=true").isTrue();
        BufferedImage decoded = ImageIO.read(file.toFile());
        assertThat(decoded).isNotNull();
        assertThat(decoded.getWidth()).isEqualTo(900);
        assertThat(decoded.getHeight()).isEqualTo(500);
        assertThat(pixelsOf(decoded, ATTEMPTS_BLUE)).as("the attempts line is drawn").isGreaterThan(100);
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
        LoadReport empty = new LoadReport("Steady load", "r", SampleReports.START, Duration.ofSeconds(1),
                new RunOutcome.Partial("target unreachable"), null, List.of(), Map.of(),
                List.of(new NamedSeries("client per second", SampleReports.empty())));

        BufferedImage image = PngChartWriter.render(empty, 0, 400, 300);

        assertThat(image.getWidth()).isEqualTo(400);
        assertThat(pixelsOf(image, 0x333333)).as("axes and labels").isGreaterThan(50);
    }

    @Test
    void aSeriesThatIsNotInTheReportOrATinyImageIsRefused() {
        assertThatThrownBy(() -> PngChartWriter.render(SampleReports.storm(), 2, 800, 600))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has 2 series");
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
