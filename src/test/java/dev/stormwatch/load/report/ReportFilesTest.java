package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportFilesTest {

    @TempDir
    Path dir;

    @Test
    void theJsonGetsACsvAndAPngNextToIt() throws Exception {
        List<Path> written = ReportFiles.write(SampleReports.storm(), dir.resolve("tickets/4711/out.json"));

        assertThat(written)
                .extracting(path -> path.getFileName().toString())
                .containsExactly("out.json", "out.csv", "out.png");
        assertThat(JsonReportReader.read(written.get(0))).isEqualTo(SampleReports.storm());
        assertThat(Files.readString(written.get(1))).startsWith("series,time_s,");
        assertThat(ImageIO.read(written.get(2).toFile()).getWidth()).isEqualTo(PngChartWriter.DEFAULT_WIDTH);
    }

    @Test
    void aNameWithoutJsonKeepsItsNameAndGainsTheExtensions() {
        assertThat(ReportFiles.sibling(Path.of("/r/storm.JSON"), ".csv")).isEqualTo(Path.of("/r/storm.csv"));
        assertThat(ReportFiles.sibling(Path.of("/r/storm"), ".png")).isEqualTo(Path.of("/r/storm.png"));
    }
}
