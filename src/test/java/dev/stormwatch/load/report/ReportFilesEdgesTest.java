package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.base.Secret;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.TargetCredential;
import dev.stormwatch.load.series.Figure;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's files and what reads them back, at their edges: names, odd JSON, quoting, the page's parts, redaction. */
class ReportFilesEdgesTest {

    @TempDir
    Path dir;

    private static LoadReport partial(String reason, Long seed, List<String> notes, List<NamedSeries> series) {
        return new LoadReport(
                "Provider outage",
                "run",
                SampleReports.START,
                Duration.ofSeconds(45),
                new RunOutcome.Partial(reason),
                seed,
                notes,
                Map.of("time_to_recover_s", Figure.absent("no outage")),
                series);
    }

    @Test
    @DisplayName(
            "LB12: a name ending in .HTML in any case is one page; a report without series writes JSON and CSV only")
    void namesDecideTheFiles() throws Exception {
        List<Path> page = ReportFiles.write(SampleReports.storm(), dir.resolve("Out.HTML"));
        List<Path> noSeries =
                ReportFiles.write(partial("stopped", null, List.of(), List.of()), dir.resolve("a/b.json"));

        assertThat(page)
                .singleElement()
                .satisfies(p -> assertThat(Files.readString(p)).startsWith("<!DOCTYPE html>"));
        assertThat(noSeries).extracting(p -> p.getFileName().toString()).containsExactly("b.json", "b.csv");
        assertThat(Files.exists(dir.resolve("a/b.png"))).isFalse();
        assertThat(ReportFiles.sibling(Path.of("json"), ".csv")).isEqualTo(Path.of("json.csv"));
        assertThat(ReportFiles.sibling(Path.of("r/.json"), ".csv")).isEqualTo(Path.of("r/.csv"));
    }

    @Test
    @DisplayName(
            "LB12: the page of a partial run says why in its heading, and shows no sentence or seed it does not have")
    void thePageOfAPartialRun() throws Exception {
        String page = LoadReportHtml.write(partial(
                "Redis lost mid-run",
                null,
                List.of("plain note"),
                List.of(new NamedSeries("provider per second", SampleReports.empty()))));
        String seeded = LoadReportHtml.write(partial("x", 42L, List.of(), List.of()));

        assertThat(page).contains("<h1>Provider outage \u2014 partial: Redis lost mid-run</h1>");
        assertThat(page)
                .doesNotContain("id=\"verdict\"")
                .doesNotContain("seed ")
                .doesNotContain("<img");
        assertThat(page).contains("<tr><th>time to recover (s)</th><td>n/a (no outage)</td>");
        assertThat(page).contains("<li>plain note</li>");
        assertThat(seeded).contains("<span class=\"muted\">seed 42</span>");
        assertThat(LoadReportHtml.write(SampleReports.storm()))
                .contains("<td>1.350</td>")
                .contains("<h2>clients, whole run</h2>")
                .contains("alt=\"3 AM storm, clients, t = 9-12 s (100 ms series)\"");
    }

    @Test
    @DisplayName(
            "LB10: the CSV keeps its fixed columns; RFC 4180: a field with a carriage return, a line feed or a quote is quoted, its quotes doubled")
    void csvFieldsAreQuotedForEachSpecialCharacter() throws Exception {
        assertThat(CsvReportWriter.quoted("a\rb")).isEqualTo("\"a\rb\"");
        assertThat(CsvReportWriter.quoted("a\nb")).isEqualTo("\"a\nb\"");
        assertThat(CsvReportWriter.quoted("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvReportWriter.quoted("a,b")).isEqualTo("\"a,b\"");
        StringWriter out = new StringWriter();
        CsvReportWriter.write(SampleReports.storm(), out);
        String firstRow = out.toString().split("\r\n")[1];
        // Every counter in order, then the most in flight (1) and the latencies counted (10), then the latencies.
        assertThat(firstRow).startsWith("client per second,0.000,50,50,50,0,50,0,0,0,0,0,0,0,0,0,1,10,");
        assertThat(firstRow.split(",")).hasSameSizeAs(CsvReportWriter.columns().toArray());
    }

    @Test
    @DisplayName("LB10: the CSV written into a writer that stays open is all there, flushed, before anyone closes it")
    void theCsvIsFlushedIntoAnOpenWriter() throws Exception {
        StringWriter whole = new StringWriter();
        CsvReportWriter.write(SampleReports.storm(), whole);
        StringWriter sink = new StringWriter();

        CsvReportWriter.write(SampleReports.storm(), new java.io.BufferedWriter(sink, 1 << 20));

        assertThat(sink.toString()).isEqualTo(whole.toString()).endsWith("\r\n");
    }

    @Test
    @DisplayName("the reader refuses a report whose values are out of place, and reads what an older one left out")
    void theReaderAtItsEdges() throws Exception {
        String json = JsonReportWriter.toJson(SampleReports.storm()).toString();

        assertThatThrownBy(() -> JsonReportReader.read(json.replace("2026-11-30T03:00:00Z", "yesterday")))
                .isInstanceOf(UnreadableReportException.class)
                .hasMessageStartingWith("a value is out of place: ");
        assertThatThrownBy(() -> JsonReportReader.read(""))
                .isInstanceOf(UnreadableReportException.class)
                .hasMessage("not a stormwatch-load-report/1 file");
        LoadReport withoutSeed = JsonReportReader.read(json.replaceFirst("\"seed\":42,", ""));
        assertThat(withoutSeed.seed()).isNull();
        assertThat(withoutSeed.seedIfFixed()).isEmpty();
        assertThat(JsonReportReader.read(json).seedIfFixed()).contains(42L);
        assertThat(JsonReportReader.read(json).figures().get("time_to_recover_s"))
                .isEqualTo(Figure.absent("no outage in this scenario"));
    }

    @Test
    @DisplayName("RC6: the run's API key, and the user info and query values of its URLs, are redacted by value")
    void theRunsOwnSecretsAreRedactedByValue() throws Exception {
        LoadOptions options = LoadOptions.builder()
                .target("https://gateway.example.com/v1?tenant=acme-tenant-77&flag")
                .rate(1)
                .credential(new TargetCredential.ApiKey(Secret.of("opaque-key-123")))
                .limiter("sliding-log")
                .redis("redis://admin:opaque-pass-456@cache:6379")
                .build();
        Redactor redactor = Redactor.forOptions(options).alsoKnowing(List.of(Secret.of("learnt-token-789")));

        assertThat(redactor.redact(
                        "opaque-key-123 acme-tenant-77 opaque-pass-456 admin:opaque-pass-456 learnt-token-789 tenant"))
                .isEqualTo("[redacted] [redacted] [redacted] [redacted] [redacted] tenant");
        assertThat(Redactor.forOptions(LoadOptions.builder().build()).redact("nothing secret here"))
                .isEqualTo("nothing secret here");
        assertThat(redactor.redact(null)).isNull();
        LoadOptions nameless = LoadOptions.builder()
                .target("https://gateway.example.com/v1?=lonely-value-1")
                .rate(1)
                .build();
        assertThat(Redactor.forOptions(nameless).redact("x lonely-value-1")).isEqualTo("x [redacted]");
    }

    @Test
    @DisplayName("RC6: a report's partial reason, absent figures' reasons and series names are redacted with its notes")
    void everyTextOfAReportIsRedacted() {
        LoadReport report = partial(
                        "stopped: Bearer abc.def",
                        null,
                        List.of("note opaque-key-123"),
                        List.of(new NamedSeries("client opaque-key-123", SampleReports.empty())))
                .redacted(Redactor.knowing(List.of(Secret.of("opaque-key-123"))));

        assertThat(report.outcome()).isEqualTo(new RunOutcome.Partial("stopped: Bearer [redacted]"));
        assertThat(report.notes()).containsExactly("note [redacted]");
        assertThat(report.series()).extracting(NamedSeries::name).containsExactly("client [redacted]");
        assertThat(report.seriesNamed("client [redacted]")).isPresent();
        assertThat(report.seriesNamed("client per second")).isEmpty();
        assertThat(new LoadReport(
                                "t",
                                "r",
                                SampleReports.START,
                                Duration.ZERO,
                                new RunOutcome.Completed(),
                                null,
                                List.of(),
                                Map.of("f", Figure.absent("token=abc")),
                                List.of())
                        .figures()
                        .get("f"))
                .isEqualTo(Figure.absent("token=[redacted]"));
    }
}
