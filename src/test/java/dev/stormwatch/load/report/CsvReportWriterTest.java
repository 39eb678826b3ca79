package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvReportWriterTest {

    @TempDir
    Path dir;

    @Test
    @org.junit.jupiter.api.DisplayName(
            "CO1: one row per bucket of every series, its response time beside its service time")
    void theFileParsesBackWithOneRowPerBucketOfEverySeries() throws Exception {
        Path file = dir.resolve("report.csv");

        CsvReportWriter.write(SampleReports.storm(), file);

        String text = Files.readString(file);
        assertThat(text).contains("\r\n");
        List<List<String>> rows = parse(text);
        assertThat(rows.get(0)).isEqualTo(CsvReportWriter.columns());
        assertThat(rows).hasSize(1 + 20 + 30);
        for (List<String> row : rows) {
            assertThat(row).hasSameSizeAs(CsvReportWriter.columns());
        }
        List<String> stormSecond = rows.get(1 + 10);
        assertThat(stormSecond.get(0)).isEqualTo("client per second");
        assertThat(stormSecond.get(column("time_s"))).isEqualTo("10.000");
        assertThat(stormSecond.get(column("attempts"))).isEqualTo("400");
        assertThat(Double.parseDouble(stormSecond.get(column("p99_ms")))).isBetween(890.0, 910.0);
        // CO1: the response time from the intended start, beside the service time.
        assertThat(Double.parseDouble(stormSecond.get(column("response_p99_ms"))))
                .isBetween(1_880.0, 1_920.0);
        List<String> fineRow = rows.get(1 + 20 + 11);
        assertThat(fineRow.get(0)).isEqualTo("client per 100 ms, around t = 10 s"); // quoted: it holds a comma
        assertThat(fineRow.get(column("time_s"))).isEqualTo("1.100");
        assertThat(fineRow.get(column("attempts"))).isEqualTo("40");
    }

    @Test
    void fieldsWithCommasQuotesOrLineBreaksAreQuoted() throws Exception {
        assertThat(CsvReportWriter.quoted("plain")).isEqualTo("plain");
        assertThat(CsvReportWriter.quoted("a, b")).isEqualTo("\"a, b\"");
        assertThat(CsvReportWriter.quoted("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvReportWriter.quoted("two\nlines")).isEqualTo("\"two\nlines\"");
    }

    @Test
    void aReportWithoutBucketsIsJustTheHeader() throws Exception {
        StringWriter out = new StringWriter();
        LoadReport empty = new LoadReport(
                "t",
                "r",
                SampleReports.START,
                java.time.Duration.ofSeconds(1),
                new RunOutcome.Completed(),
                null,
                List.of(),
                java.util.Map.of(),
                List.of(new NamedSeries("client per second", SampleReports.empty())));

        CsvReportWriter.write(empty, out);

        assertThat(parse(out.toString())).containsExactly(CsvReportWriter.columns());
    }

    private static int column(String name) {
        return CsvReportWriter.columns().indexOf(name);
    }

    /** A small RFC 4180 reader, independent of the writer. */
    static List<List<String>> parse(String text) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(field.toString());
                field.setLength(0);
            } else if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                row.add(field.toString());
                field.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
                i++;
            } else {
                field.append(c);
            }
        }
        return rows;
    }
}
