package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The HTML report's charts and tables on the small storm of {@link DiagnosisJsonEdgesTest}, whose figures are worked out
 * by hand: where each bar stands and how tall it is, and the rows that only some diagnoses have (lab runs, a partial
 * reading, nothing read).
 */
class DiagnosisHtmlEdgesTest {

    /** The chart's plot: 540 × 220 with margins of 48 left, 8 right, 12 top and 28 bottom. */
    private static final double PLOT_WIDTH = 540 - 48 - 8;

    private static final double PLOT_HEIGHT = 220 - 12 - 28;
    private static final double BASE_Y = 12 + PLOT_HEIGHT;

    private static Document page(Diagnosis d) {
        return Jsoup.parse(DiagnosisHtml.write(d));
    }

    /** Each bar of a series as "x y width height", as the SVG writes them. */
    private static List<String> bars(Element svg, String series) {
        return svg.select("g[data-series=" + series + "] rect").stream()
                .map(r -> r.attr("x") + " " + r.attr("y") + " " + r.attr("width") + " " + r.attr("height"))
                .toList();
    }

    private static String bar(double x, double height, double width) {
        return String.format(java.util.Locale.ROOT, "%.2f %.2f %.2f %.2f", x, BASE_Y - height, width, height);
    }

    private static Diagnosis.LabRun labRun(double amplification, String amplificationAbsent, List<Long> arrivals) {
        return new Diagnosis.LabRun(
                "run.json",
                "lab <b>run</b>",
                Instant.parse("2026-12-01T09:00:00Z"),
                100,
                20,
                amplification,
                amplificationAbsent,
                Double.NaN,
                "no shared Retry-After",
                arrivals,
                true);
    }

    @Test
    @DisplayName("DG12: each bar stands in its bucket's place and is as tall as its count over the busiest bucket;"
            + " the axis says the peak and the span")
    void barsStandInTheirBucketsAtTheirHeight() {
        Diagnosis d = DiagnosisJsonEdgesTest.storm(DiagnosisJsonEdgesTest.evidence(List.of()));
        Document doc = page(d);

        assertThat(doc.title()).isEqualTo("Stormwatch diagnosis");
        assertThat(doc.select("meta[http-equiv=Content-Security-Policy]").attr("content"))
                .isEqualTo(DiagnosisHtml.CONTENT_SECURITY_POLICY);
        Element svg = doc.getElementById("arrivals");
        // Requests 2 and 3 per second, throttled 2 and 0, early 1 and 0; the what-if's 1 and 2 are lower: peak 3.
        double barW = PLOT_WIDTH / 2;
        double width = barW * 0.9;
        assertThat(bars(svg, "requests"))
                .containsExactly(bar(48, PLOT_HEIGHT * 2 / 3, width), bar(48 + barW, PLOT_HEIGHT, width));
        assertThat(bars(svg, "throttled")).containsExactly(bar(48, PLOT_HEIGHT * 2 / 3, width));
        assertThat(bars(svg, "early retries")).containsExactly(bar(48, PLOT_HEIGHT / 3, width));
        assertThat(svg.select("text").eachText()).containsExactly("3", "0", "2026-12-01T10:00:00Z", "+2 s");
        assertThat(svg.select("line").attr("y1")).isEqualTo("192.0");

        Element whatIf = doc.getElementById("what-if-arrivals");
        assertThat(bars(whatIf, "requests"))
                .containsExactly(bar(48, PLOT_HEIGHT / 3, width), bar(48 + barW, PLOT_HEIGHT * 2 / 3, width));
        assertThat(bars(whatIf, "throttled")).isEmpty();
        assertThat(whatIf.select("g[data-series=early retries]")).isEmpty();
        assertThat(doc.select("h2").eachText()).contains("Arrivals per second (DG12), and the what-if (DG14)");
    }

    @Test
    @DisplayName("DG12: a chart of 2 s buckets says so in its heading and its span")
    void wideBucketsAreNamed() {
        AttemptTable table = new AttemptTable();
        long t0 = Instant.parse("2026-12-01T10:00:00Z").toEpochMilli();
        table.add(new ObservedRequest(t0, -1, "c", "GET", "/a", 200, null, null, null), "c");
        table.add(new ObservedRequest(t0 + 600_000, -1, "c", "GET", "/b", 200, null, null, null), "c");
        Diagnosis d = StormAnalysis.analyse(
                table, DiagnosisOptions.DEFAULTS, new Diagnosis.EvidenceSummary(List.of(), 0, List.of(), 0, 0));
        Document doc = page(d);
        assertThat(doc.select("h2").eachText()).contains("Arrivals per 2 s (DG12), and the what-if (DG14)");
        // 301 buckets of 2 s: the first and the last hold a request each.
        List<String> requests = bars(doc.getElementById("arrivals"), "requests");
        double barW = PLOT_WIDTH / 301;
        assertThat(requests)
                .containsExactly(
                        bar(48, PLOT_HEIGHT, Math.max(0.5, barW * 0.9)),
                        bar(48 + 300 * barW, PLOT_HEIGHT, Math.max(0.5, barW * 0.9)));
        assertThat(doc.getElementById("arrivals").select("text").last().text()).isEqualTo("+602 s");
    }

    @Test
    @DisplayName("DG13 DG14 DG6: the report's tables give the figures of the storm, the what-if's server and each"
            + " client's share of retries")
    void theTablesGiveTheFigures() {
        Document doc = page(DiagnosisJsonEdgesTest.storm(DiagnosisJsonEdgesTest.evidence(List.of())));

        assertThat(doc.getElementById("summary").select("tr").eachText())
                .contains(
                        "requests 5",
                        "logical requests (DG2) 3",
                        "amplification (DG5) 1.67×",
                        "from 2026-12-01T10:00:00Z",
                        "to 2026-12-01T10:00:01.900Z",
                        "status 200: 3, 429: 2",
                        "attempts per logical request 1: 2, 3: 1",
                        "busiest second (DG4) 3 requests, 1.2× the mean",
                        "most clients retrying in one 100 ms (DG4) 1");
        assertThat(doc.getElementById("what-if").select("tr").eachText())
                .contains(
                        "retries sent 2 (40% of all requests; the SRE budget is 10%, DG6)",
                        "retries before Retry-After allowed (DG1) 1",
                        "kept off the wire by client-side throttling, K = 2 (DG7) 1 of 5 (23%)",
                        "what-if: requests sent by clients that honour Retry-After with full jitter (DG14) 3 instead"
                                + " of 5",
                        "what-if: amplification 1.00× instead of 1.67×",
                        "what-if: logical requests completed 100% instead of 100%; 0 stopped within their budget (B1)",
                        "what-if: the server replayed (DG15) 3 requests a second (the most it accepted in one second),"
                                + " Retry-After 1 s, answers after 100 ms; seed 2015");
        assertThat(doc.getElementById("clients").select("tr").eachText())
                .containsExactly(
                        "client requests logical retries early (DG1) median early ignores Retry-After (DG3) throttled"
                                + " retry share (DG6)",
                        "c 3 1 2 1 0.50 s no 2 67%",
                        "d 2 2 0 0 0.00 s no 0 0%");
        assertThat(doc.getElementById("evidence").select("tr").get(1).text()).isEqualTo("access.log nginx 5 1");
        assertThat(doc.select("p.partial").text())
                .isEqualTo("Partial: 1 line did not parse; the figures are of what did.");
        assertThat(doc.getElementById("unparsed").select("tr").get(1).text())
                .isEqualTo("access.log 7 the status is not a number GET /x ?");
    }

    @Test
    @DisplayName("DG14 DG15: a given quota, a server without Retry-After and a client that ignores it read so")
    void aGivenQuotaAndNoRetryAfter() {
        AttemptTable table = new AttemptTable();
        long t0 = Instant.parse("2026-12-01T10:00:00Z").toEpochMilli();
        for (int k = 0; k < 4; k++) {
            table.add(new ObservedRequest(t0 + k * 10L, -1, "c", "GET", "/a", 429, null, null, null), "c");
        }
        table.add(new ObservedRequest(t0 + 50, -1, "c", "GET", "/a", 200, null, null, null), "c");
        Diagnosis d = StormAnalysis.analyse(
                table,
                DiagnosisOptions.DEFAULTS.withWhatIf(7, 2),
                new Diagnosis.EvidenceSummary(
                        List.of(new Diagnosis.FileSummary("cut.log", "nginx", 5, 1, "the file breaks off: EOF")),
                        0,
                        List.of(),
                        0,
                        0));
        Document doc = page(d);
        assertThat(doc.getElementById("what-if").select("tr").eachText())
                .contains("what-if: the server replayed (DG15) 2 requests a second (given), Retry-After none,"
                        + " answers after 0 ms; seed 7");
        assertThat(doc.getElementById("evidence").select("tr").get(1).text())
                .isEqualTo("cut.log nginx 5 1 the file breaks off: EOF");
        assertThat(doc.select("p.partial")).isEmpty();
        assertThat(doc.getElementById("unparsed")).isNull();
    }

    @Test
    @DisplayName("DG15: a Retry-After of 0 s is a wait the server asks for, not none")
    void aRetryAfterOfZero() {
        AttemptTable table = new AttemptTable();
        long t0 = Instant.parse("2026-12-01T10:00:00Z").toEpochMilli();
        table.add(new ObservedRequest(t0, -1, "c", "GET", "/a", 429, "0", null, null), "c");
        table.add(new ObservedRequest(t0 + 10, -1, "c", "GET", "/a", 200, null, null, null), "c");
        Diagnosis d = StormAnalysis.analyse(
                table, DiagnosisOptions.DEFAULTS, new Diagnosis.EvidenceSummary(List.of(), 0, List.of(), 0, 0));
        assertThat(d.whatIf().retryAfterSeconds()).isZero();
        assertThat(page(d).getElementById("what-if").text()).contains(", Retry-After 0 s, answers after 0 ms");
        assertThat(DiagnosisJson.tree(d).get("what_if")).asString().contains("retry_after_s=0,");
    }

    @Test
    @DisplayName("DG17: lab runs get a table beside the real storm and a chart each, their titles escaped, and what"
            + " a report did not measure says why")
    void labRunsBesideTheStorm() {
        Diagnosis d = DiagnosisJsonEdgesTest.storm(
                DiagnosisJsonEdgesTest.evidence(List.of(labRun(Double.NaN, "no retries", List.of(10L, 30L, 60L)))));
        Document doc = page(d);

        assertThat(doc.getElementById("lab-runs").select("tr").eachText())
                .containsExactly(
                        "input kind requests throttled amplification peak-to-mean per second peak-to-mean after"
                                + " Retry-After",
                        "evidence real storm 5 2 1.67× 1.2×",
                        "run.json lab run: lab <b>run</b> 100 20 not measured: no retries 1.8× not measured: no"
                                + " shared Retry-After");
        assertThat(doc.select("b")).isEmpty();
        Element charts = doc.getElementById("lab-run-charts");
        assertThat(charts.select("figcaption").eachText())
                .containsExactly("evidence: arrivals per 1.00 s", "lab run run.json: arrivals per second");
        // The evidence's 2 and 3 a second, and the lab run's 10, 30, 60, each on its own scale of 270 × 146.
        double plotW = 270 - 48 - 8;
        double plotH = 146 - 12 - 28;
        double baseY = 12 + plotH;
        List<Element> svgs = charts.select("svg");
        assertThat(svgs).hasSize(2);
        assertThat(svgs.get(1).attr("width")).isEqualTo("270");
        assertThat(svgs.get(1).attr("height")).isEqualTo("146");
        assertThat(svgs.get(1).select("text").text()).isEqualTo("60");
        assertThat(bars(svgs.get(1), "requests"))
                .containsExactly(
                        labBar(0, plotW / 3, plotH / 6, baseY),
                        labBar(1, plotW / 3, plotH / 2, baseY),
                        labBar(2, plotW / 3, plotH, baseY));
        assertThat(bars(svgs.get(0), "requests"))
                .containsExactly(labBar(0, plotW / 2, plotH * 2 / 3, baseY), labBar(1, plotW / 2, plotH, baseY));
    }

    private static String labBar(int i, double barW, double height, double baseY) {
        return String.format(
                java.util.Locale.ROOT, "%.2f %.2f %.2f %.2f", 48 + i * barW, baseY - height, barW * 0.9, height);
    }

    @Test
    @DisplayName("DG17: a lab run given alone has no evidence row nor chart; one with an amplification shows it")
    void aLabRunAlone() {
        Diagnosis d = StormAnalysis.analyse(
                new AttemptTable(),
                DiagnosisOptions.DEFAULTS,
                new Diagnosis.EvidenceSummary(
                        List.of(), 0, List.of(), 0, 0, List.of(labRun(1.23456, null, List.of()))));
        Document doc = page(d);
        assertThat(doc.getElementById("lab-runs").select("tr").eachText())
                .containsExactly(
                        "input kind requests throttled amplification peak-to-mean per second peak-to-mean after"
                                + " Retry-After",
                        "run.json lab run: lab <b>run</b> 100 20 1.23× 0.0× not measured: no shared Retry-After");
        Element charts = doc.getElementById("lab-run-charts");
        assertThat(charts.select("figcaption").eachText()).containsExactly("lab run run.json: arrivals per second");
        assertThat(charts.select("rect")).isEmpty();
        assertThat(charts.select("text").text()).isEqualTo("1");
    }

    @Test
    @DisplayName("DG13: with nothing read the report says there is nothing to draw and no finding, and has no times")
    void nothingRead() {
        Document doc = page(StormAnalysis.analyse(
                new AttemptTable(),
                DiagnosisOptions.DEFAULTS,
                new Diagnosis.EvidenceSummary(List.of(), 0, List.of(), 0, 0)));
        assertThat(doc.text()).contains("No arrivals to draw.");
        assertThat(doc.getElementById("arrivals")).isNull();
        assertThat(doc.getElementById("findings").text()).isEqualTo("none");
        assertThat(doc.getElementById("summary").select("tr").eachText()).contains("from", "to");
        assertThat(doc.getElementById("lab-runs")).isNull();
        assertThat(doc.getElementById("what-if").select("tr").eachText())
                .noneMatch(row -> row.startsWith("what-if:"))
                .contains("retries sent 0 (0% of all requests; the SRE budget is 10%, DG6)");
    }

    @Test
    @DisplayName("DG13 DG3: a finding about one client names it, and a client that ignores Retry-After is marked yes")
    void findingsNameTheirClient() {
        AttemptTable table = new AttemptTable();
        long t0 = Instant.parse("2026-12-01T10:00:00Z").toEpochMilli();
        for (int k = 0; k < 4; k++) {
            table.add(new ObservedRequest(t0 + k * 10L, -1, "eager", "GET", "/a", 429, "1", null, null), "eager");
        }
        Diagnosis d = StormAnalysis.analyse(
                table, DiagnosisOptions.DEFAULTS, new Diagnosis.EvidenceSummary(List.of(), 0, List.of(), 0, 0));
        Document doc = page(d);
        assertThat(doc.select("#findings li[data-rule=DG3]").text())
                .startsWith("DG3 [eager] ignores Retry-After: 3 of 3 retries");
        assertThat(doc.select("#clients td.yes").text()).isEqualTo("yes");
    }
}
