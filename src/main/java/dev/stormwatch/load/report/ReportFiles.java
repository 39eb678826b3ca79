package dev.stormwatch.load.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the three files of a report for a support ticket: {@code name.json}, and next to it
 * {@code name.csv} and {@code name.png} (the chart of the first series); or, for a name ending in {@code .html}, one
 * self-contained page (LB12).
 */
public final class ReportFiles {

    private ReportFiles() {}

    /**
     * Writes the report and returns the files written, JSON first.
     *
     * @param json the JSON file; the CSV and PNG take its name with their own extension
     */
    public static List<Path> write(LoadReport report, Path json) throws IOException {
        Path absolute = json.toAbsolutePath();
        if (absolute.getParent() != null) {
            Files.createDirectories(absolute.getParent());
        }
        if (absolute.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".html")) {
            // LB12: one self-contained page, charts inline.
            Files.writeString(absolute, LoadReportHtml.write(report), java.nio.charset.StandardCharsets.UTF_8);
            return List.of(absolute);
        }
        Path csv = sibling(absolute, ".csv");
        JsonReportWriter.write(report, absolute);
        CsvReportWriter.write(report, csv);
        if (report.series().isEmpty()) {
            return List.of(absolute, csv); // nothing to draw
        }
        Path png = sibling(absolute, ".png");
        PngChartWriter.write(report, png);
        return List.of(absolute, csv, png);
    }

    /** {@code out.json} gives {@code out.csv}; a name without {@code .json} keeps its name and gains the extension. */
    static Path sibling(Path json, String extension) {
        String name = json.getFileName().toString();
        String stem =
                name.toLowerCase(java.util.Locale.ROOT).endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return json.resolveSibling(stem + extension);
    }
}
