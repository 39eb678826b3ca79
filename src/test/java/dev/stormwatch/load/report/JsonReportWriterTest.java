package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonReportWriterTest {

    @TempDir
    Path dir;

    @Test
    @org.junit.jupiter.api.DisplayName(
            "CO1: the JSON holds the figures and every bucket, its response time beside its service time")
    void theFileParsesBackAsJsonWithTheFiguresAndTheBuckets() throws Exception {
        Path file = dir.resolve("report.json");

        JsonReportWriter.write(SampleReports.storm(), file);

        JsonNode root = new ObjectMapper().readTree(file.toFile());
        assertThat(root.path("format").asText()).isEqualTo("stormwatch-load-report/1");
        assertThat(root.path("title").asText()).isEqualTo("3 AM storm");
        assertThat(root.path("outcome").path("status").asText()).isEqualTo("completed");
        assertThat(root.path("seed").asLong()).isEqualTo(42);
        assertThat(root.path("figures")
                        .path("retry_amplification")
                        .path("value")
                        .asDouble())
                .isEqualTo(1.35);
        assertThat(root.path("figures").path("time_to_recover_s").path("absent").asText())
                .isEqualTo("no outage in this scenario");
        JsonNode perSecond = root.path("series").get(0);
        assertThat(perSecond.path("bucket_width_ms").asLong()).isEqualTo(1000);
        assertThat(perSecond.path("buckets")).hasSize(20);
        JsonNode stormSecond = perSecond.path("buckets").get(10);
        assertThat(stormSecond.path("offset_ms").asLong()).isEqualTo(10_000);
        assertThat(stormSecond.path("attempts").asLong()).isEqualTo(400);
        assertThat(stormSecond.path("network_errors").asLong()).isEqualTo(50);
        assertThat(stormSecond.path("p99_us").asLong()).isBetween(890_000L, 910_000L);
        // CO1: the response time from the intended start, beside the service time.
        assertThat(stormSecond.path("response_count").asLong()).isEqualTo(10);
        assertThat(stormSecond.path("response_p99_us").asLong()).isBetween(1_880_000L, 1_920_000L);
        assertThat(root.path("series").get(1).path("bucket_width_ms").asLong()).isEqualTo(100);
    }

    @Test
    @org.junit.jupiter.api.DisplayName("CO1: what is written reads back as the same report, response times included")
    void whatIsWrittenReadsBackAsTheSameReport() throws Exception {
        LoadReport report = SampleReports.storm();
        Path file = dir.resolve("report.json");

        JsonReportWriter.write(report, file);

        assertThat(JsonReportReader.read(file)).isEqualTo(report);
    }

    @Test
    void aPartialReportSaysWhatHappened() throws Exception {
        LoadReport partial = new LoadReport(
                "Provider outage",
                "run",
                SampleReports.START,
                Duration.ofSeconds(45),
                new RunOutcome.Partial("Redis lost at t = 12 s: connection refused"),
                null,
                List.of(),
                Map.of(),
                List.of(new NamedSeries("client per second", SampleReports.empty())));
        Path file = dir.resolve("partial.json");

        JsonReportWriter.write(partial, file);

        JsonNode root = new ObjectMapper().readTree(file.toFile());
        assertThat(root.path("outcome").path("status").asText()).isEqualTo("partial");
        assertThat(root.path("outcome").path("reason").asText())
                .isEqualTo("Redis lost at t = 12 s: connection refused");
        assertThat(root.path("seed").isNull()).isTrue();
        assertThat(JsonReportReader.read(file)).isEqualTo(partial);
    }

    @Test
    void aFileThatIsNotAReportIsRefusedWithAReason() throws Exception {
        Path notJson = Files.writeString(dir.resolve("a.json"), "{ nope");
        Path otherJson = Files.writeString(dir.resolve("b.json"), "{\"format\": \"something-else\"}");

        assertThatThrownBy(() -> JsonReportReader.read(notJson))
                .isInstanceOf(UnreadableReportException.class)
                .hasMessageStartingWith("not JSON");
        assertThatThrownBy(() -> JsonReportReader.read(otherJson))
                .isInstanceOf(UnreadableReportException.class)
                .hasMessage("not a stormwatch-load-report/1 file");
    }
}
