package dev.stormwatch.load.report;

import dev.stormwatch.base.ChartSeries;
import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.scenario.TimedFault;
import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Stroke;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import javax.imageio.ImageIO;

/**
 * Draws one series of a {@link LoadReport} as a PNG for a support ticket, with java.awt only: a
 * {@link BufferedImage} and {@link Graphics2D}, so it works headless ({@code -Djava.awt.headless=true}) and needs no
 * window toolkit. Top: counts per bucket; bottom: latency p50 and p99. The report's texts are already redacted (RC6).
 */
public final class PngChartWriter {

    /** A size that reads well when attached to a ticket. */
    public static final int DEFAULT_WIDTH = 1200;

    public static final int DEFAULT_HEIGHT = 700;

    private static final int LEFT = 80;
    private static final int RIGHT = 30;
    private static final int TOP = 60;
    private static final int BOTTOM = 50;
    private static final int GAP = 40;
    private static final Color BACKGROUND = Color.WHITE;
    private static final Color GRID = new Color(0xE0E0E0);
    private static final Color INK = new Color(0x333333);
    /** LB12: the provider's arrivals, drawn under the client's lines. */
    static final Color ARRIVALS_COLOUR = colour(ChartSeries.ARRIVALS);

    static final Color RETRIES_COLOUR = colour(ChartSeries.RETRIES);
    /** LB12: the provider's quota line (UI14: the window's colour for it) and the faults' markers. */
    static final Color QUOTA_COLOUR = colour(ChartSeries.QUOTA);
    /**
     * UI24: the faults' markers, in the fault's own ink (outside the palette: the counts panel already draws eight
     * series in its eight colours, and a marker must not read as one of them), the same as the window's.
     */
    static final Color FAULT_COLOUR = colour(ChartSeries.FAULT);

    private static final Color FAULT_BAND = new Color(0xEDE7F6);
    /** Room below the time axis for the settings (LB12), and above the plots for the run's sentence (LB4). */
    private static final int SETTINGS_LINES = 3;

    private static final int LINE_HEIGHT = 15;

    /** The lines of the counts panel: what a reader of a 429 storm looks for first. */
    private static final List<Line> COUNT_LINES = List.of(
            new Line("attempts", colour(ChartSeries.ATTEMPTS), bucket -> bucket.count(Counter.ATTEMPTS)),
            new Line("2xx", colour(ChartSeries.SUCCEEDED), bucket -> bucket.count(Counter.STATUS_2XX)),
            new Line("429", colour(ChartSeries.THROTTLED), bucket -> bucket.count(Counter.STATUS_429)),
            new Line("5xx", colour(ChartSeries.FAILED), bucket -> bucket.count(Counter.STATUS_5XX)),
            new Line(
                    "network errors",
                    colour(ChartSeries.NETWORK_ERRORS),
                    bucket -> bucket.count(Counter.NETWORK_ERRORS)),
            new Line(
                    "refused by limiter",
                    colour(ChartSeries.LIMITER_REFUSED),
                    bucket -> bucket.count(Counter.LIMITER_REFUSED)),
            new Line("retries", RETRIES_COLOUR, bucket -> bucket.count(Counter.RETRIES)),
            new Line("in flight (max)", colour(ChartSeries.IN_FLIGHT), Bucket::maxInFlight));

    private static final List<Line> LATENCY_LINES = List.of(
            new Line(
                    "p50 ms",
                    colour(ChartSeries.P50),
                    bucket -> bucket.latency().p50().toNanos() / 1e6),
            new Line(
                    "p99 ms",
                    colour(ChartSeries.P99),
                    bucket -> bucket.latency().p99().toNanos() / 1e6));

    /** CO1: an open-loop run's p99 from each request's intended start, drawn beside the service time's. */
    private static final Line RESPONSE_P99 = new Line(
            "p99 from intended start ms",
            colour(ChartSeries.P99_FROM_INTENDED_START),
            bucket -> bucket.responseTime().p99().toNanos() / 1e6);

    private PngChartWriter() {}

    /** UI14: a series' colour in the PNG is the light theme's colour of its slot in the window's palette. */
    private static Color colour(ChartSeries series) {
        return new Color(series.lightRgb());
    }

    /** UI14: the colour each line of the PNG is drawn in, by its name, for the test that compares it with the window. */
    static java.util.Map<String, Color> lineColours() {
        java.util.Map<String, Color> colours = new java.util.LinkedHashMap<>();
        for (Line line : COUNT_LINES) {
            colours.put(line.name(), line.color());
        }
        for (Line line : LATENCY_LINES) {
            colours.put(line.name(), line.color());
        }
        colours.put(RESPONSE_P99.name(), RESPONSE_P99.color());
        colours.put("arrivals at the provider", ARRIVALS_COLOUR);
        colours.put("provider's quota per s", QUOTA_COLOUR);
        colours.put("fault", FAULT_COLOUR);
        return colours;
    }

    /** Draws the report's first series into a PNG file of the default size. */
    public static void write(LoadReport report, Path file) throws IOException {
        write(report, 0, file, DEFAULT_WIDTH, DEFAULT_HEIGHT);
    }

    /** Draws the report's series number {@code index} into a PNG file of this size. */
    public static void write(LoadReport report, int index, Path file, int width, int height) throws IOException {
        BufferedImage image = render(report, index, width, height);
        if (!ImageIO.write(image, "png", file.toFile())) {
            throw new IOException("no PNG writer in this Java runtime");
        }
    }

    /** The chart as an image. */
    public static BufferedImage render(LoadReport report, int index, int width, int height) {
        if (width < 300 || height < 200) {
            throw new IllegalArgumentException(
                    "a chart needs at least 300 x 200 pixels, asked " + width + " x " + height);
        }
        if (index < 0 || index >= report.series().size()) {
            throw new IllegalArgumentException(
                    "the report has " + report.series().size() + " series, asked for number " + index);
        }
        NamedSeries named = report.series().get(index);
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(BACKGROUND);
            g.fillRect(0, 0, width, height);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
            g.setColor(INK);
            g.drawString(report.title() + " \u2014 " + named.name(), LEFT, 24);
            // LB4, LB12: the run's story in one sentence, under the title.
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            ComparisonTable.verdict(report)
                    .ifPresent(
                            verdict -> g.drawString(fitted(g, "In short: " + verdict, width - LEFT - RIGHT), LEFT, 42));

            int bottom = BOTTOM + SETTINGS_LINES * LINE_HEIGHT;
            int plotWidth = width - LEFT - RIGHT;
            int plotsHeight = height - TOP - bottom - GAP;
            int countsHeight = plotsHeight * 2 / 3;
            Panel counts = new Panel(LEFT, TOP + 14, plotWidth, countsHeight - 14);
            Panel latency = new Panel(LEFT, TOP + countsHeight + GAP, plotWidth, plotsHeight - countsHeight);
            Story story = Story.of(report, named);
            draw(
                    g,
                    counts,
                    named.series(),
                    COUNT_LINES,
                    "per " + width(named.series().bucketWidth()),
                    false,
                    story);
            draw(g, latency, named.series(), latencyLines(named.series()), "latency (ms)", true, Story.NONE);
            g.setColor(INK);
            g.drawString("time (s)", LEFT + plotWidth / 2 - 20, height - bottom + 32); // below the ticks' numbers
            // LB12: the settings of the run, as a legend a reader of the ticket needs.
            List<String> settings = wrapped(g, "Settings: " + report.run(), width - LEFT - RIGHT);
            for (int i = 0; i < Math.min(SETTINGS_LINES, settings.size()); i++) {
                String line = settings.get(i);
                if (i == SETTINGS_LINES - 1 && settings.size() > SETTINGS_LINES) {
                    line = fitted(
                            g,
                            line + " " + String.join(" ", settings.subList(i + 1, settings.size())),
                            width - LEFT - RIGHT);
                }
                g.drawString(line, LEFT, height - bottom + 36 + (i + 1) * LINE_HEIGHT);
            }
        } finally {
            g.dispose();
        }
        return image;
    }

    /** The service time's lines, and the response time's where the series has one (an open loop, CO1). */
    private static List<Line> latencyLines(TimeSeries series) {
        boolean scheduled = series.buckets().stream()
                .anyMatch(bucket -> !bucket.responseTime().isEmpty());
        if (!scheduled) {
            return LATENCY_LINES;
        }
        List<Line> lines = new java.util.ArrayList<>(LATENCY_LINES);
        lines.add(RESPONSE_P99);
        return lines;
    }

    private static void draw(
            Graphics2D g,
            Panel panel,
            TimeSeries series,
            List<Line> lines,
            String label,
            boolean withTimeAxis,
            Story story) {
        List<Bucket> buckets = series.buckets();
        double seconds = Math.max(1e-9, series.bucketWidth().toNanos() / 1e9 * Math.max(1, buckets.size()));
        double top = 0;
        for (Line line : lines) {
            for (Bucket bucket : buckets) {
                top = Math.max(top, line.value().applyAsDouble(bucket));
            }
        }
        for (Bucket bucket : story.arrivals().map(TimeSeries::buckets).orElse(List.of())) {
            top = Math.max(top, bucket.count(Counter.ATTEMPTS));
        }
        double quota = story.quotaPerSecond() * series.bucketWidth().toNanos() / 1e9;
        top = Math.max(top, quota);
        double yMax = niceCeiling(top);
        // LB12: each fault at its second: a band for a span, a line for an instant, named at the top.
        double offset = story.offsetSeconds();
        for (Story.Mark mark : story.marks()) {
            int from = panel.x() + (int) Math.round(panel.width() * (mark.from() - offset) / seconds);
            int to = panel.x() + (int) Math.round(panel.width() * (mark.to() - offset) / seconds);
            if (to < panel.x() || from > panel.x() + panel.width()) {
                continue; // outside this series' span (a 100 ms series covers a few seconds)
            }
            from = Math.max(panel.x(), from);
            to = Math.min(panel.x() + panel.width(), to);
            if (to > from) {
                g.setColor(FAULT_BAND);
                g.fillRect(from, panel.y(), to - from, panel.height());
            }
            g.setColor(FAULT_COLOUR);
            g.setStroke(
                    new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
            g.drawLine(from, panel.y(), from, panel.y() + panel.height());
            g.setStroke(new BasicStroke(1f));
            g.drawString(mark.label(), from + 4, panel.y() + 14);
        }

        // Grid and axes.
        g.setColor(GRID);
        for (int i = 0; i <= 4; i++) {
            int y = panel.y() + panel.height() - panel.height() * i / 4;
            g.drawLine(panel.x(), y, panel.x() + panel.width(), y);
        }
        g.setColor(INK);
        g.drawRect(panel.x(), panel.y(), panel.width(), panel.height());
        for (int i = 0; i <= 4; i++) {
            int y = panel.y() + panel.height() - panel.height() * i / 4;
            g.drawString(number(yMax * i / 4), panel.x() - 60, y + 4);
        }
        g.drawString(label, panel.x() + 4, panel.y() - 6);
        double step = niceCeiling(seconds / 10);
        for (double t = 0; t <= seconds + 1e-9; t += step) {
            int x = panel.x() + (int) Math.round(panel.width() * t / seconds);
            g.drawLine(x, panel.y() + panel.height(), x, panel.y() + panel.height() + 4);
            if (withTimeAxis) {
                g.drawString(number(t), x - 8, panel.y() + panel.height() + 18);
            }
        }

        // One polyline per measure, each point at the middle of its bucket.
        Stroke previous = g.getStroke();
        g.setStroke(new BasicStroke(2f));
        int legendX = panel.x() + panel.width();
        if (story.arrivals().isPresent()) {
            // LB12: what reached the provider, under the client's lines, in the same buckets.
            List<Bucket> arrivals = story.arrivals().get().buckets();
            g.setColor(ARRIVALS_COLOUR);
            g.setStroke(new BasicStroke(3f));
            polyline(g, panel, arrivals.size(), i -> arrivals.get(i).count(Counter.ATTEMPTS), yMax, buckets.size());
            g.setStroke(new BasicStroke(2f));
        }
        if (quota > 0) {
            // LB12: the provider's quota per bucket as a dashed line: arrivals above it are what it refuses.
            int y = panel.y() + panel.height() - (int) Math.round(panel.height() * quota / yMax);
            g.setColor(QUOTA_COLOUR);
            g.setStroke(
                    new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {10f, 6f}, 0f));
            g.drawLine(panel.x(), y, panel.x() + panel.width(), y);
            g.setStroke(new BasicStroke(2f));
        }
        for (int l = lines.size() - 1; l >= 0; l--) {
            Line line = lines.get(l);
            g.setColor(line.color());
            if (!buckets.isEmpty()) {
                Path2D.Double path = new Path2D.Double();
                for (int i = 0; i < buckets.size(); i++) {
                    double x = panel.x() + panel.width() * (i + 0.5) / buckets.size();
                    double y = panel.y()
                            + panel.height()
                            - panel.height() * line.value().applyAsDouble(buckets.get(i)) / yMax;
                    if (i == 0) {
                        path.moveTo(x, y);
                    } else {
                        path.lineTo(x, y);
                    }
                }
                g.draw(path);
            }
            legendX = legend(g, panel, legendX, line.name(), line.color());
        }
        if (quota > 0) {
            legendX = legend(g, panel, legendX, "provider's quota", QUOTA_COLOUR);
        }
        if (story.arrivals().isPresent()) {
            legend(g, panel, legendX, "arrivals at the provider", ARRIVALS_COLOUR);
        }
        g.setStroke(previous);
    }

    /** One entry of the legend along the panel's top edge, right-aligned; returns where the next one ends. */
    private static int legend(Graphics2D g, Panel panel, int legendX, String name, Color colour) {
        int textWidth = g.getFontMetrics().stringWidth(name);
        legendX -= textWidth + 30;
        g.setColor(colour);
        g.fillRect(legendX, panel.y() - 14, 16, 4);
        g.drawString(name, legendX + 20, panel.y() - 8);
        return legendX;
    }

    private static void polyline(
            Graphics2D g,
            Panel panel,
            int count,
            java.util.function.IntToDoubleFunction value,
            double yMax,
            int slots) {
        if (count == 0) {
            return;
        }
        Path2D.Double path = new Path2D.Double();
        int n = Math.min(count, Math.max(1, slots));
        for (int i = 0; i < n; i++) {
            double x = panel.x() + panel.width() * (i + 0.5) / Math.max(1, slots);
            double y = panel.y() + panel.height() - panel.height() * value.applyAsDouble(i) / yMax;
            if (i == 0) {
                path.moveTo(x, y);
            } else {
                path.lineTo(x, y);
            }
        }
        g.draw(path);
    }

    /** Text cut with an ellipsis to fit {@code width} pixels. */
    private static String fitted(Graphics2D g, String text, int width) {
        if (g.getFontMetrics().stringWidth(text) <= width) {
            return text;
        }
        String cut = text;
        while (!cut.isEmpty() && g.getFontMetrics().stringWidth(cut + "\u2026") > width) {
            cut = cut.substring(0, cut.length() - 1);
        }
        return cut + "\u2026";
    }

    /** Words filled into lines of at most {@code width} pixels. */
    private static List<String> wrapped(Graphics2D g, String text, int width) {
        List<String> lines = new java.util.ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            String candidate = line.length() == 0 ? word : line + " " + word;
            if (line.length() > 0 && g.getFontMetrics().stringWidth(candidate) > width) {
                lines.add(line.toString());
                line.setLength(0);
                line.append(word);
            } else {
                line.setLength(0);
                line.append(candidate);
            }
        }
        lines.add(line.toString());
        return lines;
    }

    /** 1, 2 or 5 times a power of ten, at or above the value: axis ends and steps people read at a glance. */
    static double niceCeiling(double value) {
        if (value <= 0) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double factor : new double[] {1, 2, 5, 10}) {
            if (factor * power >= value - 1e-12) {
                return factor * power;
            }
        }
        return 10 * power;
    }

    private static String number(double value) {
        return value == Math.rint(value)
                ? String.format(Locale.ROOT, "%d", (long) value)
                : String.format(Locale.ROOT, "%.1f", value);
    }

    private static String width(Duration width) {
        return width.toMillis() % 1000 == 0
                ? (width.toSeconds() == 1 ? "second" : width.toSeconds() + " s")
                : width.toMillis() + " ms";
    }

    private record Panel(int x, int y, int width, int height) {}

    /**
     * LB12: what the counts panel adds to the client's lines: the provider's arrivals in the same buckets, its quota
     * per second and the scenario's faults (found by the report's title among the presets), in seconds of the run.
     */
    private record Story(Optional<TimeSeries> arrivals, double quotaPerSecond, List<Mark> marks, double offsetSeconds) {

        static final Story NONE = new Story(Optional.empty(), 0, List.of(), 0);

        record Mark(double from, double to, String label) {}

        static Story of(LoadReport report, NamedSeries drawn) {
            Optional<TimeSeries> arrivals = drawn.name().startsWith("client")
                    ? report.seriesNamed("provider" + drawn.name().substring("client".length()))
                    : Optional.empty();
            double offset =
                    Duration.between(report.startedAt(), drawn.series().start()).toMillis() / 1000.0;
            Optional<Scenario> scenario = ScenarioPresets.byName(report.title());
            double quota = 0;
            List<Mark> marks = new java.util.ArrayList<>();
            for (TimedFault entry : scenario.map(Scenario::timeline).orElse(List.of())) {
                double at = entry.at().toMillis() / 1000.0;
                if (entry.fault() instanceof RelayFault.Quota q) {
                    quota = q.requests() * 1000.0 / q.window().toMillis();
                } else if (entry.fault() instanceof RelayFault.LeakyBucket leaky) {
                    quota = leaky.perSecond();
                } else if (entry.fault() instanceof RelayFault.ResetConnections) {
                    marks.add(new Mark(at, at, "connections reset at t = " + Math.round(at) + " s"));
                } else if (entry.fault() instanceof RelayFault.Outage outage) {
                    marks.add(new Mark(
                            at,
                            at + outage.length().toMillis() / 1000.0,
                            outage.status() + " outage from t = " + Math.round(at) + " s"));
                } else if (entry.fault() instanceof RelayFault.SharedRetryAfter shared) {
                    marks.add(new Mark(
                            at,
                            at + shared.length().toMillis() / 1000.0,
                            "429 Retry-After from t = " + Math.round(at) + " s"));
                }
            }
            return new Story(arrivals, quota, marks, offset);
        }
    }

    private record Line(String name, Color color, ToDoubleFunction<Bucket> value) {}
}
