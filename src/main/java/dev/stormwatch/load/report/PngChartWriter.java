package dev.stormwatch.load.report;

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

    /** The lines of the counts panel: what a reader of a 429 storm looks for first. */
    private static final List<Line> COUNT_LINES = List.of(
            new Line("attempts", new Color(0x1F77B4), bucket -> bucket.count(Counter.ATTEMPTS)),
            new Line("2xx", new Color(0x2CA02C), bucket -> bucket.count(Counter.STATUS_2XX)),
            new Line("429", new Color(0xFF7F0E), bucket -> bucket.count(Counter.STATUS_429)),
            new Line("5xx", new Color(0xD62728), bucket -> bucket.count(Counter.STATUS_5XX)),
            new Line("network errors", new Color(0x9467BD), bucket -> bucket.count(Counter.NETWORK_ERRORS)),
            new Line("refused by limiter", new Color(0x8C564B), bucket -> bucket.count(Counter.LIMITER_REFUSED)),
            new Line("in flight (max)", new Color(0x7F7F7F), Bucket::maxInFlight));

    private static final List<Line> LATENCY_LINES = List.of(
            new Line("p50 ms", new Color(0x17BECF), bucket -> bucket.latency().p50().toNanos() / 1e6),
            new Line("p99 ms", new Color(0xE377C2), bucket -> bucket.latency().p99().toNanos() / 1e6));

    /** CO1: an open-loop run's p99 from each request's intended start, drawn beside the service time's. */
    private static final Line RESPONSE_P99 = new Line("p99 from intended start ms", new Color(0xBCBD22),
            bucket -> bucket.responseTime().p99().toNanos() / 1e6);

    private PngChartWriter() {}

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
            throw new IllegalArgumentException("a chart needs at least 300 x 200 pixels, asked " + width + " x " + height);
        }
        if (index < 0 || index >= report.series().size()) {
            throw new IllegalArgumentException("the report has " + report.series().size() + " series, asked for number " + index);
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
            g.drawString(report.title() + " \u2014 " + named.name(), LEFT, 28);

            int plotWidth = width - LEFT - RIGHT;
            int plotsHeight = height - TOP - BOTTOM - GAP;
            int countsHeight = plotsHeight * 2 / 3;
            Panel counts = new Panel(LEFT, TOP, plotWidth, countsHeight);
            Panel latency = new Panel(LEFT, TOP + countsHeight + GAP, plotWidth, plotsHeight - countsHeight);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            draw(g, counts, named.series(), COUNT_LINES, "per " + width(named.series().bucketWidth()), false);
            draw(g, latency, named.series(), latencyLines(named.series()), "latency (ms)", true);
            g.setColor(INK);
            g.drawString("time (s)", LEFT + plotWidth / 2 - 20, height - 12);
        } finally {
            g.dispose();
        }
        return image;
    }

    /** The service time's lines, and the response time's where the series has one (an open loop, CO1). */
    private static List<Line> latencyLines(TimeSeries series) {
        boolean scheduled = series.buckets().stream().anyMatch(bucket -> !bucket.responseTime().isEmpty());
        if (!scheduled) {
            return LATENCY_LINES;
        }
        List<Line> lines = new java.util.ArrayList<>(LATENCY_LINES);
        lines.add(RESPONSE_P99);
        return lines;
    }

    private static void draw(
            Graphics2D g, Panel panel, TimeSeries series, List<Line> lines, String label, boolean withTimeAxis) {
        List<Bucket> buckets = series.buckets();
        double seconds = Math.max(1e-9, series.bucketWidth().toNanos() / 1e9 * Math.max(1, buckets.size()));
        double top = 0;
        for (Line line : lines) {
            for (Bucket bucket : buckets) {
                top = Math.max(top, line.value().applyAsDouble(bucket));
            }
        }
        double yMax = niceCeiling(top);

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
        for (int l = lines.size() - 1; l >= 0; l--) {
            Line line = lines.get(l);
            g.setColor(line.color());
            if (!buckets.isEmpty()) {
                Path2D.Double path = new Path2D.Double();
                for (int i = 0; i < buckets.size(); i++) {
                    double x = panel.x() + panel.width() * (i + 0.5) / buckets.size();
                    double y = panel.y() + panel.height()
                            - panel.height() * line.value().applyAsDouble(buckets.get(i)) / yMax;
                    if (i == 0) {
                        path.moveTo(x, y);
                    } else {
                        path.lineTo(x, y);
                    }
                }
                g.draw(path);
            }
            // Legend along the panel's top edge, right-aligned.
            int textWidth = g.getFontMetrics().stringWidth(line.name());
            legendX -= textWidth + 30;
            g.fillRect(legendX, panel.y() - 14, 16, 4);
            g.drawString(line.name(), legendX + 20, panel.y() - 8);
        }
        g.setStroke(previous);
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
        return width.toMillis() % 1000 == 0 ? (width.toSeconds() == 1 ? "second" : width.toSeconds() + " s")
                : width.toMillis() + " ms";
    }

    private record Panel(int x, int y, int width, int height) {}

    private record Line(String name, Color color, ToDoubleFunction<Bucket> value) {}
}
