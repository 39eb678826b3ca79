package dev.stormwatch.load.report;

import dev.stormwatch.base.HtmlPage;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * LB12: a load report as one self-contained HTML page for a ticket: the run's sentence, its figures with what each
 * means, the totals in words (LB10), the charts inline as PNG data (the PNG report's own drawing: arrivals against the
 * quota, retries, a marker at each fault), the notes and the settings. Nothing in it loads anything: the policy is
 * {@value #CONTENT_SECURITY_POLICY}. The report's texts are already redacted (RC6) and are escaped here.
 */
public final class LoadReportHtml {

    /** No fetch at all; the inline style and the charts as {@code data:} images are all the page uses. */
    public static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

    private LoadReportHtml() {}

    /** The page, as text. */
    public static String write(LoadReport report) throws IOException {
        StringBuilder out = new StringBuilder(65_536);
        HtmlPage.open(out, "Stormwatch load run: " + report.title(), CONTENT_SECURITY_POLICY, HtmlPage.STYLE);
        out.append("<h1>")
                .append(HtmlPage.escape(report.title()))
                .append(" \u2014 ")
                .append(HtmlPage.escape(
                        report.outcome() instanceof RunOutcome.Partial partial
                                ? "partial: " + partial.reason()
                                : "completed"))
                .append("</h1>\n");
        ComparisonTable.verdict(report)
                .ifPresent(verdict -> out.append("<p id=\"verdict\" class=\"verdict\">")
                        .append(HtmlPage.escape(verdict))
                        .append("</p>\n"));
        figures(out, report);
        for (int i = 0; i < report.series().size(); i++) {
            NamedSeries named = report.series().get(i);
            if (named.name().startsWith("client")) {
                chart(out, report, i, named);
            }
        }
        totals(out, report);
        out.append("<h2>Notes</h2>\n<ul>\n");
        for (String note : report.notes()) {
            out.append("<li>").append(HtmlPage.escape(note)).append("</li>\n");
        }
        out.append("</ul>\n<h2>Settings</h2>\n<p id=\"settings\"><code>")
                .append(HtmlPage.escape(report.run()))
                .append("</code>");
        if (report.seed() != null) {
            out.append(" <span class=\"muted\">seed ").append(report.seed()).append("</span>");
        }
        out.append(
                "</p>\n<p class=\"muted\">Written by Stormwatch; nothing on this page is fetched from anywhere.</p>\n");
        out.append("</body>\n</html>\n");
        return out.toString();
    }

    private static void figures(StringBuilder out, LoadReport report) {
        out.append(
                "<h2>Figures</h2>\n<table id=\"figures\">\n<tr><th>figure</th><th>value</th><th>what it means</th></tr>\n");
        for (Map.Entry<String, Figure> entry : report.figures().entrySet()) {
            String value = entry.getValue() instanceof Figure.Value v
                    ? String.format(Locale.ROOT, "%.3f", v.value())
                    : "n/a (" + ((Figure.Absent) entry.getValue()).reason() + ")";
            out.append("<tr><th>")
                    .append(HtmlPage.escape(SummaryTable.figureLabel(entry.getKey())))
                    .append("</th><td>")
                    .append(HtmlPage.escape(value))
                    .append("</td><td class=\"muted\" style=\"" + "text-align:left\">")
                    .append(HtmlPage.escape(SummaryTable.figureMeaning(entry.getKey())))
                    .append("</td></tr>\n");
        }
        out.append("</table>\n");
    }

    /** The PNG report's drawing of one client series, inline. */
    private static void chart(StringBuilder out, LoadReport report, int index, NamedSeries named) throws IOException {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(
                PngChartWriter.render(report, index, PngChartWriter.DEFAULT_WIDTH, PngChartWriter.DEFAULT_HEIGHT),
                "png",
                png);
        String header = SummaryTable.columnHeader(named, report.startedAt());
        out.append("<h2>")
                .append(HtmlPage.escape(header))
                .append("</h2>\n<img alt=\"")
                .append(HtmlPage.escape(report.title() + ", " + header))
                .append("\" style=\"max-width:100%\" src=\"data:image/png;base64,")
                .append(Base64.getEncoder().encodeToString(png.toByteArray()))
                .append("\">\n");
    }

    /** LB10: the totals in words, a column per series; what the provider cannot see reads "-". */
    private static void totals(StringBuilder out, LoadReport report) {
        out.append("<h2>Totals</h2>\n<table id=\"totals\">\n<tr><th></th>");
        for (NamedSeries named : report.series()) {
            out.append("<th>")
                    .append(HtmlPage.escape(SummaryTable.columnHeader(named, report.startedAt())))
                    .append("</th>");
        }
        out.append("</tr>\n");
        for (Counter counter : Counter.values()) {
            out.append("<tr><th title=\"")
                    .append(HtmlPage.escape(SummaryTable.counterMeaning(counter)))
                    .append("\">")
                    .append(HtmlPage.escape(SummaryTable.counterLabel(counter)))
                    .append("</th>");
            for (NamedSeries named : report.series()) {
                out.append("<td>")
                        .append(
                                SummaryTable.seenBy(named, counter)
                                        ? String.valueOf(named.series().total(counter))
                                        : "-")
                        .append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</table>\n");
    }
}
