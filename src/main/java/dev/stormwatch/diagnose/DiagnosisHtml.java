package dev.stormwatch.diagnose;

import dev.stormwatch.diagnose.Diagnosis.Arrivals;
import dev.stormwatch.diagnose.Diagnosis.ClientDiagnosis;
import dev.stormwatch.diagnose.Diagnosis.FileSummary;
import dev.stormwatch.diagnose.Diagnosis.Finding;
import dev.stormwatch.diagnose.Diagnosis.Unparsed;
import java.util.List;
import java.util.Locale;

/**
 * A diagnosis as one self-contained HTML page to attach to a ticket (DG13): the verdict, the evidence read, the
 * findings with their rule IDs, the what-if figures, the client table and the arrivals drawn as inline SVG. Nothing in
 * it loads anything (no script, no external style, image or font; a Content-Security-Policy of {@code default-src
 * 'none'} says so to the browser), and every text passes the evidence redaction (DG11) and HTML escaping.
 */
public final class DiagnosisHtml {

    /** DG13: the page forbids itself every fetch; inline styles are all it uses. */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

    private static final int CHART_WIDTH = 540;
    private static final int CHART_HEIGHT = 220;
    private static final int MARGIN_LEFT = 48;
    private static final int MARGIN_BOTTOM = 28;
    private static final int MARGIN_TOP = 12;

    private static final String STYLE = dev.stormwatch.base.HtmlPage.STYLE;

    private DiagnosisHtml() {}

    /** The page, as text. */
    public static String write(Diagnosis d) {
        StringBuilder out = new StringBuilder(16_384);
        dev.stormwatch.base.HtmlPage.open(out, "Stormwatch diagnosis", CONTENT_SECURITY_POLICY, STYLE);
        out.append("<h1>Stormwatch diagnosis of a 429 storm</h1>\n");
        out.append("<p id=\"verdict\" class=\"verdict\">")
                .append(text(d.verdict()))
                .append("</p>\n");
        if (d.partial()) {
            out.append("<p class=\"partial\">Partial: ")
                    .append(d.evidence().unparsedText())
                    .append("; the figures are of what did.</p>\n");
        }
        evidence(out, d);
        summary(out, d);
        whatIf(out, d);
        chart(out, d.arrivals(), d.whatIf());
        labRuns(out, d);
        clients(out, d.clients());
        findings(out, d.findings());
        unparsed(out, d.evidence().examples());
        out.append(
                "<p class=\"muted\">Written by Stormwatch. Credentials in the evidence (Authorization, cookies,"
                        + " API keys, tokens in URLs) are shown as ***; client keys that are credentials as a short hash.</p>\n");
        out.append("</body>\n</html>\n");
        return out.toString();
    }

    private static void evidence(StringBuilder out, Diagnosis d) {
        out.append("<h2>Evidence</h2>\n<table id=\"evidence\">\n<tr><th>file</th><th>format</th><th>requests</th>"
                + "<th>lines not parsed</th><th>problem</th></tr>\n");
        for (FileSummary f : d.evidence().files()) {
            out.append("<tr><td>")
                    .append(text(f.file()))
                    .append("</td><td>")
                    .append(text(f.format()))
                    .append("</td><td>")
                    .append(StormAnalysis.count(f.requests()))
                    .append("</td><td>")
                    .append(StormAnalysis.count(f.unparsed()))
                    .append("</td><td>")
                    .append(f.error() == null ? "" : text(f.error()))
                    .append("</td></tr>\n");
        }
        out.append("</table>\n");
    }

    private static void summary(StringBuilder out, Diagnosis d) {
        out.append("<h2>What happened</h2>\n<table id=\"summary\">\n");
        row(out, "requests", StormAnalysis.count(d.requests()));
        row(out, "logical requests (DG2)", StormAnalysis.count(d.logicalRequests()));
        row(out, "amplification (DG5)", String.format(Locale.ROOT, "%.2f×", d.amplification()));
        row(out, "from", d.from() == null ? "" : d.from().toString());
        row(out, "to", d.to() == null ? "" : d.to().toString());
        row(out, "status", Diagnosis.countsText(d.status()));
        row(out, "attempts per logical request", Diagnosis.countsText(d.attempts()));
        Diagnosis.Synchronisation s = d.synchronisation();
        row(
                out,
                "busiest second (DG4)",
                StormAnalysis.count(s.peakPerSecond()) + " requests, " + StormAnalysis.ratio(s.peakToMeanPerSecond())
                        + " the mean");
        row(out, "most clients retrying in one 100 ms (DG4)", String.valueOf(s.maxClientsRetryingIn100ms()));
        out.append("</table>\n");
    }

    private static void whatIf(StringBuilder out, Diagnosis d) {
        long early = 0;
        long retries = 0;
        for (ClientDiagnosis c : d.clients()) {
            early += c.earlyRetries();
            retries += c.retries();
        }
        out.append("<h2>What well-behaved clients would have done</h2>\n<table id=\"what-if\">\n");
        row(
                out,
                "retries sent",
                StormAnalysis.count(retries) + " ("
                        + StormAnalysis.percent(d.requests() == 0 ? 0 : (double) retries / d.requests())
                        + " of all requests; the SRE budget is 10%,"
                        + " DG6)");
        row(out, "retries before Retry-After allowed (DG1)", StormAnalysis.count(early));
        row(
                out,
                "kept off the wire by client-side throttling, K = 2 (DG7)",
                StormAnalysis.count(Math.round(d.throttling().wouldReject())) + " of "
                        + StormAnalysis.count(d.requests()) + " ("
                        + StormAnalysis.percent(d.throttling().share()) + ")");
        Diagnosis.WhatIf w = d.whatIf();
        if (w.ran()) {
            row(
                    out,
                    "what-if: requests sent by clients that honour Retry-After with full jitter (DG14)",
                    StormAnalysis.count(w.requests()) + " instead of " + StormAnalysis.count(d.requests()));
            row(
                    out,
                    "what-if: amplification",
                    String.format(Locale.ROOT, "%.2f× instead of %.2f×", w.amplification(), d.amplification()));
            row(
                    out,
                    "what-if: logical requests completed",
                    StormAnalysis.percent(w.completedShare())
                            + " instead of " + StormAnalysis.percent(w.realCompletedShare()) + "; "
                            + StormAnalysis.count(w.gaveUp()) + " stopped within their budget (B1)");
            row(
                    out,
                    "what-if: the server replayed (DG15)",
                    StormAnalysis.count(w.quotaPerSecond()) + " requests a"
                            + " second" + (w.quotaEstimated() ? " (the most it accepted in one second)" : " (given)")
                            + ", Retry-After " + (w.retryAfterSeconds() < 0 ? "none" : w.retryAfterSeconds() + " s")
                            + ", answers after " + w.answerMillis() + " ms; seed " + w.seed());
        }
        out.append("</table>\n");
    }

    /**
     * DG12's arrivals as bars, throttled answers over them, in inline SVG; beside them the what-if's (DG14) on the
     * same buckets and the same scale, so that the two can be compared by eye.
     */
    private static void chart(StringBuilder out, Arrivals a, Diagnosis.WhatIf w) {
        out.append("<h2>Arrivals per ")
                .append(a.bucketMillis() == 1000 ? "second" : a.bucketMillis() / 1000 + " s")
                .append(" (DG12), and the what-if (DG14)</h2>\n");
        int n = Math.max(a.requests().size(), w.arrivals().size());
        if (a.requests().isEmpty()) {
            out.append("<p class=\"muted\">No arrivals to draw.</p>\n");
            return;
        }
        int peak = Math.max(
                1,
                Math.max(
                        a.peak(),
                        w.arrivals().stream().mapToInt(Integer::intValue).max().orElse(0)));
        out.append("<div style=\"display:flex;flex-wrap:wrap;gap:12px\">\n<figure style=\"margin:0\">\n");
        svg(out, "arrivals", "what really happened", a, n, peak, a.requests(), a.throttled(), a.early());
        out.append("<figcaption>What happened</figcaption>\n</figure>\n");
        if (w.ran()) {
            out.append("<figure style=\"margin:0\">\n");
            svg(out, "what-if-arrivals", "the what-if replay", a, n, peak, w.arrivals(), w.throttled(), List.of());
            out.append("<figcaption>What-if: clients that honour Retry-After with full jitter (DG14)</figcaption>\n"
                    + "</figure>\n");
        }
        out.append("</div>\n<p class=\"muted\"><span style=\"color:#2f6fde\">■</span> requests "
                + "<span style=\"color:#c53030\">■</span> throttled answers "
                + "<span style=\"color:#b7791f\">■</span> early retries</p>\n");
    }

    private static void svg(
            StringBuilder out,
            String id,
            String label,
            Arrivals a,
            int n,
            int peak,
            List<Integer> requests,
            List<Integer> throttled,
            List<Integer> early) {
        double plotW = CHART_WIDTH - MARGIN_LEFT - 8;
        double plotH = CHART_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM;
        double barW = plotW / n;
        out.append("<svg id=\"")
                .append(id)
                .append("\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(CHART_WIDTH)
                .append("\" height=\"")
                .append(CHART_HEIGHT)
                .append("\" viewBox=\"0 0 ")
                .append(CHART_WIDTH)
                .append(' ')
                .append(CHART_HEIGHT)
                .append("\" role=\"img\" aria-label=\"")
                .append(label)
                .append("\">\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n");
        double baseY = MARGIN_TOP + plotH;
        out.append(String.format(
                Locale.ROOT,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#5b6475\"/>%n",
                MARGIN_LEFT,
                baseY,
                CHART_WIDTH - 8,
                baseY));
        out.append(String.format(
                Locale.ROOT, "<text x=\"4\" y=\"%d\" font-size=\"11\">%d</text>%n", MARGIN_TOP + 10, peak));
        out.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"%.1f\" font-size=\"11\">0</text>%n", baseY));
        bars(out, requests, "#2f6fde", "requests", peak, barW, plotH, baseY);
        bars(out, throttled, "#c53030", "throttled", peak, barW, plotH, baseY);
        if (!early.isEmpty()) {
            bars(out, early, "#b7791f", "early retries", peak, barW, plotH, baseY);
        }
        long seconds = (long) n * a.bucketMillis() / 1000;
        out.append(String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" font-size=\"11\">%s</text>%n",
                MARGIN_LEFT,
                CHART_HEIGHT - 8,
                text(String.valueOf(a.from()))));
        out.append(String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">+%d s" + "</text>%n",
                CHART_WIDTH - 8,
                CHART_HEIGHT - 8,
                seconds));
        out.append("</svg>\n");
    }

    /**
     * DG17: each load report beside the evidence: one table of the same figures per input, and the lab run's arrivals
     * per second drawn beside the real ones.
     */
    private static void labRuns(StringBuilder out, Diagnosis d) {
        List<Diagnosis.LabRun> runs = d.evidence().labRuns();
        if (runs.isEmpty()) {
            return;
        }
        out.append("<h2>Lab runs beside the evidence (DG17)</h2>\n<table id=\"lab-runs\">\n<tr><th>input</th>"
                + "<th>kind</th><th>requests</th><th>throttled</th><th>amplification</th>"
                + "<th>peak-to-mean per second</th><th>peak-to-mean after Retry-After</th></tr>\n");
        if (d.requests() > 0) {
            long throttled = d.throttled();
            out.append("<tr><td>evidence</td><td>real storm</td><td>")
                    .append(StormAnalysis.count(d.requests()))
                    .append("</td><td>")
                    .append(StormAnalysis.count(throttled))
                    .append("</td><td>")
                    .append(String.format(Locale.ROOT, "%.2f×", d.amplification()))
                    .append("</td><td>")
                    .append(StormAnalysis.ratio(d.synchronisation().peakToMeanPerSecond()))
                    .append("</td><td></td></tr>\n");
        }
        for (Diagnosis.LabRun r : runs) {
            out.append("<tr><td>")
                    .append(text(r.file()))
                    .append("</td><td class=\"lab\">lab run: ")
                    .append(text(r.title()))
                    .append("</td><td>")
                    .append(StormAnalysis.count(r.requests()))
                    .append("</td><td>")
                    .append(StormAnalysis.count(r.throttled()))
                    .append("</td><td>")
                    .append(
                            Double.isNaN(r.amplification())
                                    ? "not measured: " + text(r.amplificationAbsent())
                                    : String.format(Locale.ROOT, "%.2f×", r.amplification()))
                    .append("</td><td>")
                    .append(StormAnalysis.ratio(r.peakToMeanPerSecond()))
                    .append("</td><td>")
                    .append(
                            Double.isNaN(r.peakToMean())
                                    ? "not measured: " + text(r.peakToMeanAbsent())
                                    : StormAnalysis.ratio(r.peakToMean()))
                    .append("</td></tr>\n");
        }
        out.append("</table>\n<div id=\"lab-run-charts\" style=\"display:flex;flex-wrap:wrap;gap:12px\">\n");
        if (d.requests() > 0) {
            out.append("<figure><figcaption>evidence: arrivals per ")
                    .append(StormAnalysis.seconds(d.arrivals().bucketMillis()))
                    .append("</figcaption>\n");
            List<Long> real = new java.util.ArrayList<>();
            d.arrivals().requests().forEach(n -> real.add((long) n));
            arrivalsSvg(out, real, "arrivals of the evidence");
            out.append("</figure>\n");
        }
        for (Diagnosis.LabRun r : runs) {
            out.append("<figure class=\"lab-run\"><figcaption>lab run ")
                    .append(text(r.file()))
                    .append(": arrivals per second</figcaption>\n");
            arrivalsSvg(out, r.arrivalsPerSecond(), "arrivals of the lab run");
            out.append("</figure>\n");
        }
        out.append("</div>\n");
    }

    private static void arrivalsSvg(StringBuilder out, List<Long> values, String label) {
        int width = CHART_WIDTH / 2;
        int height = CHART_HEIGHT * 2 / 3;
        long peak = 1;
        for (long v : values) {
            peak = Math.max(peak, v);
        }
        double plotW = width - MARGIN_LEFT - 8;
        double plotH = height - MARGIN_TOP - MARGIN_BOTTOM;
        double barW = values.isEmpty() ? plotW : plotW / values.size();
        double baseY = MARGIN_TOP + plotH;
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(width)
                .append("\" height=\"")
                .append(height)
                .append("\" viewBox=\"0 0 ")
                .append(width)
                .append(' ')
                .append(height)
                .append("\" role=\"img\" aria-label=\"")
                .append(label)
                .append("\">\n");
        out.append(String.format(
                Locale.ROOT, "<text x=\"4\" y=\"%d\" font-size=\"11\">%d</text>%n", MARGIN_TOP + 10, peak));
        bars(out, values, "#2f6fde", "requests", peak, barW, plotH, baseY);
        out.append("</svg>\n");
    }

    private static void bars(
            StringBuilder out,
            List<? extends Number> values,
            String colour,
            String name,
            long peak,
            double barW,
            double plotH,
            double baseY) {
        out.append("<g fill=\"")
                .append(colour)
                .append("\" data-series=\"")
                .append(name)
                .append("\">");
        for (int i = 0; i < values.size(); i++) {
            long v = values.get(i).longValue();
            if (v == 0) {
                continue;
            }
            double h = plotH * v / peak;
            out.append(String.format(
                    Locale.ROOT,
                    "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>",
                    MARGIN_LEFT + i * barW,
                    baseY - h,
                    Math.max(0.5, barW * 0.9),
                    h));
        }
        out.append("</g>\n");
    }

    private static void clients(StringBuilder out, List<ClientDiagnosis> clients) {
        out.append("<h2>Clients</h2>\n<table id=\"clients\">\n<tr><th>client</th><th>requests</th><th>logical</th>"
                + "<th>retries</th><th>early (DG1)</th><th>median early</th><th>ignores Retry-After (DG3)</th>"
                + "<th>throttled</th><th>retry share (DG6)</th></tr>\n");
        for (ClientDiagnosis c : clients) {
            out.append("<tr><td>")
                    .append(text(c.client()))
                    .append("</td><td>")
                    .append(StormAnalysis.count(c.requests()))
                    .append("</td><td>")
                    .append(StormAnalysis.count(c.logicalRequests()))
                    .append("</td><td>")
                    .append(StormAnalysis.count(c.retries()))
                    .append("</td><td>")
                    .append(StormAnalysis.count(c.earlyRetries()))
                    .append("</td><td>")
                    .append(StormAnalysis.seconds(c.medianEarlyMillis()))
                    .append("</td><td")
                    .append(c.ignoresRetryAfter() ? " class=\"yes\">yes" : ">no")
                    .append("</td><td>")
                    .append(StormAnalysis.count(c.throttled()))
                    .append("</td><td>")
                    .append(StormAnalysis.percent(c.retryRatio()))
                    .append("</td></tr>\n");
        }
        out.append("</table>\n");
    }

    private static void findings(StringBuilder out, List<Finding> findings) {
        out.append("<h2>Findings</h2>\n<ul id=\"findings\">\n");
        if (findings.isEmpty()) {
            out.append("<li class=\"muted\">none</li>\n");
        }
        for (Finding f : findings) {
            out.append("<li data-rule=\"")
                    .append(text(f.rule()))
                    .append("\"><span class=\"rule\">")
                    .append(text(f.rule()))
                    .append("</span> ");
            if (f.client() != null) {
                out.append("[").append(text(f.client())).append("] ");
            }
            out.append(text(f.text())).append("</li>\n");
        }
        out.append("</ul>\n");
    }

    private static void unparsed(StringBuilder out, List<Unparsed> examples) {
        if (examples.isEmpty()) {
            return;
        }
        out.append("<h2>Lines that did not parse (DG10)</h2>\n<table id=\"unparsed\">\n<tr><th>file</th><th>line</th>"
                + "<th>reason</th><th>text</th></tr>\n");
        for (Unparsed u : examples) {
            out.append("<tr><td>")
                    .append(text(u.file()))
                    .append("</td><td>")
                    .append(u.line())
                    .append("</td><td>")
                    .append(text(u.reason()))
                    .append("</td><td><code>")
                    .append(text(u.text()))
                    .append("</code></td></tr>\n");
        }
        out.append("</table>\n");
    }

    private static void row(StringBuilder out, String name, String value) {
        out.append("<tr><th>")
                .append(escape(name))
                .append("</th><td>")
                .append(text(value))
                .append("</td></tr>\n");
    }

    /** DG11, then HTML: evidence text redacted once more (defence in depth) and escaped. */
    private static String text(String value) {
        return value == null ? "" : escape(EvidenceRedaction.line(value));
    }

    static String escape(String value) {
        return dev.stormwatch.base.HtmlPage.escape(value);
    }
}
