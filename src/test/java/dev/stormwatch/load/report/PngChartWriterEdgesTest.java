package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.LatencySummary;
import dev.stormwatch.load.series.TimeSeries;
import java.awt.Color;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * LB12: where the PNG chart puts each thing, read back pixel by pixel from series whose values are known: every count
 * and latency at its height in the middle of its bucket, the axes and their numbers, the legend, the quota, the fault
 * marks and the run's sentence and settings.
 */
class PngChartWriterEdgesTest {

    private static final int WIDTH = 1200;
    private static final int HEIGHT = 700;
    /** At 1200 x 700: 80 px left of the plots for the axis numbers, 30 right; the counts take two thirds of the height. */
    private static final Rectangle COUNTS = new Rectangle(80, 74, 1090, 322);

    private static final Rectangle LATENCY = new Rectangle(80, 436, 1090, 169);
    private static final int INK = 0x333333;
    private static final int GRID = 0xE0E0E0;
    private static final int FAULT_BAND = 0xEDE7F6;
    private static final int FAULT = PngChartWriter.FAULT_COLOUR.getRGB() & 0xFFFFFF;
    private static final int BUCKETS = 10;
    /** The counts panel's lines, in the order the chart lists them, with the counter each draws. */
    private static final List<String> COUNT_LINES = List.of(
            "attempts", "2xx", "429", "5xx", "network errors", "refused by limiter", "retries", "in flight (max)");

    private static final List<Counter> COUNTERS = List.of(
            Counter.ATTEMPTS,
            Counter.STATUS_2XX,
            Counter.STATUS_429,
            Counter.STATUS_5XX,
            Counter.NETWORK_ERRORS,
            Counter.LIMITER_REFUSED,
            Counter.RETRIES);

    private static final Map<String, Color> COLOURS = PngChartWriter.lineColours();

    /** Line {@code line}'s count in bucket {@code i}: the lines 10 apart, each zigzagging by 4 (axis up to 100). */
    private static long count(int line, int i) {
        return 10L * (8 - line) + 5 + 4 * (i % 2);
    }

    /** The provider's arrivals in bucket {@code i}: above every client line, zigzagging the other way. */
    private static long arrivals(int i) {
        return 92 + 4 * ((i + 1) % 2);
    }

    private static long p50(int i) {
        return 200 + 100 * (i % 2);
    }

    private static long p99(int i) {
        return 500 + 100 * (i % 2);
    }

    private static long responseP99(int i) {
        return 800 + 100 * (i % 2); // axis up to 1000 ms
    }

    private static TimeSeries clientSeries(Instant start, int buckets, Duration width) {
        List<Bucket> rows = new ArrayList<>();
        for (int i = 0; i < buckets; i++) {
            Map<Counter, Long> counts = new EnumMap<>(Counter.class);
            for (int line = 0; line < COUNTERS.size(); line++) {
                counts.put(COUNTERS.get(line), count(line, i));
            }
            rows.add(new Bucket(
                    width.multipliedBy(i),
                    counts,
                    count(7, i),
                    latency(p50(i), p99(i)),
                    latency(responseP99(i) - 100, responseP99(i))));
        }
        return new TimeSeries(start, width, rows, 0);
    }

    private static LatencySummary latency(long p50Millis, long p99Millis) {
        return new LatencySummary(
                10,
                Duration.ofMillis(p50Millis),
                Duration.ofMillis(p50Millis),
                Duration.ofMillis(p99Millis),
                Duration.ofMillis(p99Millis));
    }

    private static TimeSeries providerSeries(Instant start, int buckets, Duration width) {
        List<Bucket> rows = new ArrayList<>();
        for (int i = 0; i < buckets; i++) {
            rows.add(Bucket.counting(width.multipliedBy(i), Map.of(Counter.ATTEMPTS, arrivals(i))));
        }
        return new TimeSeries(start, width, rows, 0);
    }

    private static LoadReport report(String title, String settings, String verdict, List<NamedSeries> series) {
        return new LoadReport(
                title,
                settings,
                SampleReports.START,
                Duration.ofSeconds(BUCKETS),
                new RunOutcome.Completed(),
                7L,
                List.of(RunVerdict.PREFIX + verdict),
                Map.of(),
                series);
    }

    /** Ten seconds behind nginx's limit_req (a quota of 50 per second), the provider's arrivals beside the clients. */
    private static BufferedImage nginxChart() {
        return PngChartWriter.render(
                report(
                        "Behind nginx's limit_req",
                        "target embedded relay, 50 clients",
                        "Fine.",
                        List.of(
                                new NamedSeries(
                                        "client per second",
                                        clientSeries(SampleReports.START, BUCKETS, Duration.ofSeconds(1))),
                                new NamedSeries(
                                        "provider per second",
                                        providerSeries(SampleReports.START, BUCKETS, Duration.ofSeconds(1))))),
                0,
                WIDTH,
                HEIGHT);
    }

    private static int bucketMiddle(Rectangle panel, int i, int buckets) {
        return panel.x + (int) Math.floor(panel.width * (i + 0.5) / buckets);
    }

    private static double heightOf(Rectangle panel, double value, double axisTop) {
        return panel.y + panel.height - panel.height * value / axisTop;
    }

    @Test
    @DisplayName("LB12: each count is drawn at its height on the axis, in the middle of its bucket, in its own colour")
    void eachCountIsDrawnAtItsHeightInTheMiddleOfItsBucket() {
        BufferedImage image = nginxChart();

        for (int line = 0; line < COUNT_LINES.size(); line++) {
            Color colour = COLOURS.get(COUNT_LINES.get(line));
            for (int i = 0; i < BUCKETS; i++) {
                int x = bucketMiddle(COUNTS, i, BUCKETS);
                assertThat(nearestRow(image, x, heightOf(COUNTS, count(line, i), 100), colour))
                        .as("%s in bucket %d", COUNT_LINES.get(line), i)
                        .isCloseTo(heightOf(COUNTS, count(line, i), 100), org.assertj.core.data.Offset.offset(2.5));
            }
        }
        for (int i = 0; i < BUCKETS; i++) {
            int x = bucketMiddle(COUNTS, i, BUCKETS);
            assertThat(nearestRow(image, x, heightOf(COUNTS, arrivals(i), 100), PngChartWriter.ARRIVALS_COLOUR))
                    .as("the provider's arrivals in bucket %d", i)
                    .isCloseTo(heightOf(COUNTS, arrivals(i), 100), org.assertj.core.data.Offset.offset(2.5));
        }
    }

    @Test
    @DisplayName(
            "CO1, LB12: the latency panel draws the p50, the p99 and the p99 from the intended start at their height")
    void eachLatencyIsDrawnAtItsHeight() {
        BufferedImage image = nginxChart();
        Map<String, java.util.function.IntToLongFunction> lines = Map.of(
                "p50 ms",
                PngChartWriterEdgesTest::p50,
                "p99 ms",
                PngChartWriterEdgesTest::p99,
                "p99 from intended start ms",
                PngChartWriterEdgesTest::responseP99);

        lines.forEach((name, value) -> {
            for (int i = 0; i < BUCKETS; i++) {
                int x = bucketMiddle(LATENCY, i, BUCKETS);
                double expected = heightOf(LATENCY, value.applyAsLong(i), 1000);
                assertThat(nearestRow(image, x, expected, COLOURS.get(name)))
                        .as("%s in bucket %d", name, i)
                        .isCloseTo(expected, org.assertj.core.data.Offset.offset(2.5));
            }
        });
    }

    @Test
    @DisplayName("LB12: every line is drawn whole from its first bucket's middle to its last; only the quota is dashed")
    void everyLineIsWholeAndOnlyTheQuotaIsDashed() {
        BufferedImage image = nginxChart();
        int from = bucketMiddle(COUNTS, 0, BUCKETS) + 1;
        int to = bucketMiddle(COUNTS, BUCKETS - 1, BUCKETS) - 1;

        for (String line : List.of("attempts", "5xx", "in flight (max)")) {
            assertThat(columnsWith(image, COUNTS, from, to, COLOURS.get(line)))
                    .as(line)
                    .isEqualTo(to - from + 1);
        }
        assertThat(columnsWith(image, COUNTS, from, to, PngChartWriter.ARRIVALS_COLOUR))
                .as("arrivals")
                .isEqualTo(to - from + 1);
        assertThat(columnsWith(image, LATENCY, from, to, COLOURS.get("p50 ms")))
                .as("p50")
                .isEqualTo(to - from + 1);
        // The quota, 50 per second: a dashed line across the whole panel at its height (10 px on, 6 off).
        int quotaRow = (int) Math.round(heightOf(COUNTS, 50, 100));
        int dashed = 0;
        for (int x = COUNTS.x + 1; x < COUNTS.x + COUNTS.width; x++) {
            if (near(image, x, quotaRow, PngChartWriter.QUOTA_COLOUR, 1)) {
                dashed++;
            }
        }
        assertThat((double) dashed / COUNTS.width).as("the quota's dashes").isBetween(0.5, 0.75);
        assertThat(near(image, COUNTS.x + 4, quotaRow, PngChartWriter.QUOTA_COLOUR, 1))
                .as("the quota starts at the left edge")
                .isTrue();
    }

    @Test
    @DisplayName(
            "LB12: both panels are framed between the margins, with a grid line at each quarter and a tick a second")
    void thePanelsAreFramedWithAGridAndTicks() {
        BufferedImage image = nginxChart();

        for (Rectangle panel : List.of(COUNTS, LATENCY)) {
            for (int x = panel.x; x <= panel.x + panel.width; x += 10) {
                assertThat(rgb(image, x, panel.y)).as("top edge at x = %d", x).isEqualTo(INK);
                assertThat(rgb(image, x, panel.y + panel.height))
                        .as("bottom edge at x = %d", x)
                        .isEqualTo(INK);
            }
            int left = 0;
            int right = 0;
            for (int y = panel.y; y <= panel.y + panel.height; y++) {
                left += rgb(image, panel.x, y) == INK ? 1 : 0;
                right += rgb(image, panel.x + panel.width, y) == INK ? 1 : 0;
            }
            assertThat(left).as("left edge of %s", panel).isGreaterThan(panel.height * 9 / 10);
            assertThat(right).as("right edge of %s", panel).isGreaterThan(panel.height * 9 / 10);
            for (int quarter = 1; quarter <= 3; quarter++) {
                int y = panel.y + panel.height - panel.height * quarter / 4;
                int grid = 0;
                for (int x = panel.x + 1; x < panel.x + panel.width; x++) {
                    // The quota of 50 per second runs its dashes along the middle one.
                    grid += rgb(image, x, y) == GRID || near(image, x, y, PngChartWriter.QUOTA_COLOUR, 1) ? 1 : 0;
                }
                assertThat(grid).as("grid line %d of %s", quarter, panel).isGreaterThan(panel.width * 3 / 4);
            }
            for (int second = 0; second <= BUCKETS; second++) {
                int x = panel.x + (int) Math.round(panel.width * second / (double) BUCKETS);
                assertThat(rgb(image, x, panel.y + panel.height + 3))
                        .as("tick at %d s", second)
                        .isEqualTo(INK);
            }
        }
        assertThat(inkIn(image, new Rectangle(COUNTS.x + 1, COUNTS.y + COUNTS.height + 5, COUNTS.width - 2, 13)))
                .as("the counts panel has ticks but no time numbers under it")
                .isZero();
    }

    @Test
    @DisplayName("LB12: the axes are numbered, the time under the latency panel, the counts and latencies at the left")
    void theAxesAreNumbered() {
        BufferedImage image = nginxChart();

        for (int second = 0; second <= BUCKETS; second++) {
            int x = LATENCY.x + (int) Math.round(LATENCY.width * second / (double) BUCKETS);
            assertThat(inkIn(image, new Rectangle(x - 9, LATENCY.y + LATENCY.height + 6, 18, 14)))
                    .as("the number of second %d", second)
                    .isPositive();
        }
        for (Rectangle panel : List.of(COUNTS, LATENCY)) {
            for (int quarter = 0; quarter <= 4; quarter++) {
                int y = panel.y + panel.height - panel.height * quarter / 4;
                assertThat(inkIn(image, new Rectangle(panel.x - 60, y - 8, 55, 14)))
                        .as("the axis number at quarter %d of %s", quarter, panel)
                        .isPositive();
            }
        }
        int zero = LATENCY.x;
        int zeroLeft = leftmostInk(image, new Rectangle(zero - 12, LATENCY.y + LATENCY.height + 6, 24, 14));
        int zeroRight = rightmostInk(image, new Rectangle(zero - 12, LATENCY.y + LATENCY.height + 6, 24, 14));
        assertThat(zeroRight - zeroLeft)
                .as("a whole second is written without decimals: 0, not 0.0")
                .isLessThan(10);
        assertThat(inkIn(image, new Rectangle(COUNTS.x + 2, COUNTS.y - 18, 120, 16)))
                .as("'per second' over the counts")
                .isPositive();
        assertThat(inkIn(image, new Rectangle(LATENCY.x + 2, LATENCY.y - 18, 120, 16)))
                .as("'latency (ms)' over the latencies")
                .isPositive();
        assertThat(inkIn(image, new Rectangle(COUNTS.x + COUNTS.width / 2 - 25, 625, 60, 16)))
                .as("'time (s)' under the time axis")
                .isPositive();
    }

    @Test
    @DisplayName("LB12: the legend names each line right-aligned along the panel's top, none over another")
    void theLegendNamesEachLineInOrderWithoutOverlap() {
        BufferedImage image = nginxChart();
        // Drawn from the right: the last line first, then the quota and the arrivals.
        List<String> countsOrder = new ArrayList<>(COUNT_LINES);
        java.util.Collections.reverse(countsOrder);
        List<Color> colours =
                new ArrayList<>(countsOrder.stream().map(COLOURS::get).toList());
        countsOrder.addAll(List.of("provider's quota", "arrivals at the provider"));
        colours.addAll(List.of(PngChartWriter.QUOTA_COLOUR, PngChartWriter.ARRIVALS_COLOUR));

        legendInOrder(image, COUNTS, countsOrder, colours);
        List<String> latencyOrder = List.of("p99 from intended start ms", "p99 ms", "p50 ms");
        legendInOrder(
                image,
                LATENCY,
                latencyOrder,
                latencyOrder.stream().map(COLOURS::get).toList());
    }

    private static void legendInOrder(BufferedImage image, Rectangle panel, List<String> names, List<Color> colours) {
        int row = panel.y - 12; // each swatch is 16 x 4 from 14 px above the panel
        int right = panel.x + panel.width;
        for (int k = 0; k < names.size(); k++) {
            int swatch = swatchAt(image, row, colours.get(k), panel.x, right);
            assertThat(swatch).as("the swatch of %s", names.get(k)).isBetween(panel.x, right - 16);
            // Its name follows it in its colour and ends before the entry to its right begins.
            int textEnd = -1;
            for (int x = swatch + 17; x < right; x++) {
                for (int y = panel.y - 20; y < panel.y - 4; y++) {
                    if (near(image, x, y, colours.get(k), 60) && !(y >= row - 2 && y <= row + 1)) {
                        textEnd = x;
                    }
                }
            }
            assertThat(textEnd).as("the name of %s", names.get(k)).isGreaterThan(swatch + 24);
            assertThat(textEnd)
                    .as("the name of %s ends before the next entry", names.get(k))
                    .isLessThan(right - 4);
            right = swatch;
        }
    }

    /** The left end of the 16 px run of this colour in the row, searched right to left from {@code before}. */
    private static int swatchAt(BufferedImage image, int row, Color colour, int from, int before) {
        for (int x = before - 16; x >= from; x--) {
            boolean run = true;
            for (int dx = 0; dx < 16 && run; dx++) {
                run = rgb(image, x + dx, row) == (colour.getRGB() & 0xFFFFFF);
            }
            if (run && rgb(image, x - 1, row) != (colour.getRGB() & 0xFFFFFF)) {
                return x;
            }
        }
        return -1;
    }

    @Test
    @DisplayName("LB4, LB12: the title, the run's sentence and three lines of settings stand where a reader looks")
    void theTitleTheSentenceAndTheSettingsAreWritten() {
        String longSettings = "target embedded relay, 50 clients, closed loop, think time 0 ms, duration 10 s, jitter"
                + " full, limiter sliding-log, redis embedded, 3 instance(s), scenario nginx-limit-req; policy batch (4"
                + " attempt(s) per origin, 4 in all, backoff 250 ms x2.0 up to 8000 ms, budget 60 s), retry quota off,"
                + " limit auto (the relay's quota, else the rate, else 100 per second), and a few more words that"
                + " make the settings run on well past a third line of the legend under the chart";
        BufferedImage image = PngChartWriter.render(
                report(
                        "Behind nginx's limit_req",
                        longSettings,
                        "Fine.",
                        List.of(new NamedSeries(
                                "client per second",
                                clientSeries(SampleReports.START, BUCKETS, Duration.ofSeconds(1))))),
                0,
                WIDTH,
                HEIGHT);

        assertThat(inkIn(image, new Rectangle(80, 8, 400, 18))).as("the title").isPositive();
        assertThat(inkIn(image, new Rectangle(80, 31, 200, 13)))
                .as("the sentence")
                .isPositive();
        for (int line = 1; line <= 3; line++) {
            int baseline = HEIGHT - 95 + 36 + line * 15;
            assertThat(inkIn(image, new Rectangle(80, baseline - 10, 300, 12)))
                    .as("settings line %d", line)
                    .isPositive();
        }
        assertThat(inkIn(image, new Rectangle(0, 0, 79, 30)))
                .as("nothing left of the title")
                .isZero();
        for (int line = 1; line <= 3; line++) {
            int baseline = HEIGHT - 95 + 36 + line * 15;
            assertThat(rightmostInk(image, new Rectangle(0, baseline - 10, WIDTH, 12)))
                    .as("settings line %d is wrapped within the margin", line)
                    .isBetween(700, WIDTH - 30);
        }
    }

    @Test
    @DisplayName("LB4, LB12: a sentence or settings longer than the chart is cut with an ellipsis at its right margin")
    void textLongerThanTheChartIsCutAtItsMargin() {
        String word = "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklm";
        String settings = String.join(" ", java.util.Collections.nCopies(8, word + word));
        BufferedImage image = PngChartWriter.render(
                report(
                        "Behind nginx's limit_req",
                        settings,
                        String.join(" ", java.util.Collections.nCopies(40, "retries")),
                        List.of(new NamedSeries(
                                "client per second",
                                clientSeries(SampleReports.START, BUCKETS, Duration.ofSeconds(1))))),
                0,
                WIDTH,
                HEIGHT);

        int sentenceEnd = rightmostInk(image, new Rectangle(0, 31, WIDTH, 13));
        assertThat(sentenceEnd)
                .as("the sentence fills the width and stops at the margin")
                .isBetween(1100, 1170);
        int lastSettingsEnd = rightmostInk(image, new Rectangle(0, HEIGHT - 95 + 36 + 45 - 10, WIDTH, 12));
        assertThat(lastSettingsEnd)
                .as("the third settings line holds the rest, cut at the margin")
                .isBetween(1100, 1170);
    }

    /** The Provider outage preset (503 from t = 10 s to 30 s) over a 45 s run, or a part of it. */
    private static BufferedImage outageChart(Instant seriesStart, int buckets, Duration width) {
        return PngChartWriter.render(
                report(
                        "Provider outage",
                        "target embedded relay",
                        "Fine.",
                        List.of(new NamedSeries("client per second", clientSeries(seriesStart, buckets, width)))),
                0,
                WIDTH,
                HEIGHT);
    }

    @Test
    @DisplayName("LB12: an outage is a band from its start to its end, with a line and its name at its start")
    void anOutageIsABandOverItsSpan() {
        BufferedImage image = outageChart(SampleReports.START, 45, Duration.ofSeconds(1));
        int from = COUNTS.x + (int) Math.round(COUNTS.width * 10 / 45.0);
        int to = COUNTS.x + (int) Math.round(COUNTS.width * 30 / 45.0);

        assertThat(bandExtent(image)).as("the band's columns").containsExactly(from, to - 1);
        assertThat(rgb(image, from, COUNTS.y + 4)).as("the line at its start").isEqualTo(FAULT);
        assertThat(rgb(image, from, COUNTS.y + 8))
                .as("the line at its start is dashed")
                .isNotEqualTo(FAULT);
        assertThat(inkOf(image, new Rectangle(from + 3, COUNTS.y + 2, 150, 14), PngChartWriter.FAULT_COLOUR))
                .as("its name at the top of the panel")
                .isPositive();
    }

    @Test
    @DisplayName(
            "LB12: the smallest chart, 300 x 200, is drawn; a pixel less either way is refused with the size asked")
    void theSmallestChartIsDrawn() {
        LoadReport report = SampleReports.storm();

        assertThat(PngChartWriter.render(report, 0, 300, 200).getWidth()).isEqualTo(300);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PngChartWriter.render(report, 0, 300, 199))
                .hasMessage("a chart needs at least 300 x 200 pixels, asked 300 x 199");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PngChartWriter.render(report, -1, 300, 200))
                .hasMessage("the report has 2 series, asked for number -1");
    }

    @Test
    @DisplayName("LB12: a shared Retry-After is a band over its span; a fixed-window quota is drawn per second")
    void aSharedRetryAfterIsABandAndAQuotaIsPerSecond() {
        BufferedImage retryAfter = PngChartWriter.render(
                report(
                        "Retry-After 12",
                        "r",
                        "Fine.",
                        List.of(new NamedSeries(
                                "client per second", clientSeries(SampleReports.START, 20, Duration.ofSeconds(1))))),
                0,
                WIDTH,
                HEIGHT);
        BufferedImage quota = PngChartWriter.render(
                report(
                        "Quota exhaustion",
                        "r",
                        "Fine.",
                        List.of(new NamedSeries(
                                "client per second",
                                clientSeries(SampleReports.START, BUCKETS, Duration.ofSeconds(1))))),
                0,
                WIDTH,
                HEIGHT);
        int from = COUNTS.x + (int) Math.round(COUNTS.width * 2 / 20.0);
        int to = COUNTS.x + (int) Math.round(COUNTS.width * 14 / 20.0);

        assertThat(bandExtent(retryAfter)).containsExactly(from, to - 1);
        // 100 requests per 10 s window: 10 per second, under the in-flight line (15 and 19).
        int quotaRow = (int) Math.round(heightOf(COUNTS, 10, 100));
        assertThat(near(quota, COUNTS.x + 4, quotaRow, PngChartWriter.QUOTA_COLOUR, 1))
                .isTrue();
    }

    @Test
    @DisplayName("LB12: a series that starts inside the outage is banded from its left edge; one before it not at all")
    void aPartOfTheRunShowsOnlyWhatFallsInIt() {
        BufferedImage inside =
                outageChart(SampleReports.START.plusSeconds(20), 60, Duration.ofMillis(100)); // t = 20-26 s
        BufferedImage before = outageChart(SampleReports.START, 60, Duration.ofMillis(100)); // t = 0-6 s

        assertThat(bandExtent(inside)).containsExactly(COUNTS.x + 1, COUNTS.x + COUNTS.width - 1);
        assertThat(bandExtent(before)).isEmpty();
        assertThat(inkOf(before, new Rectangle(COUNTS.x, COUNTS.y, COUNTS.width, 20), PngChartWriter.FAULT_COLOUR))
                .as("no name either")
                .isZero();
    }

    @Test
    @DisplayName("LB12: a reset is a line at its instant in a 100 ms series from t = 8 s, with no band")
    void aResetIsALineAtItsInstant() {
        BufferedImage image = PngChartWriter.render(
                report(
                        "3 AM storm",
                        "r",
                        "Fine.",
                        List.of(new NamedSeries(
                                "client per 100 ms, from t = 8 s",
                                clientSeries(SampleReports.START.plusSeconds(8), 60, Duration.ofMillis(100))))),
                0,
                WIDTH,
                HEIGHT);
        int at = COUNTS.x + (int) Math.round(COUNTS.width * 2 / 6.0); // t = 10 s is 2 s into the series

        assertThat(rgb(image, at, COUNTS.y + 4)).as("the line at the reset").isEqualTo(FAULT);
        assertThat(rgb(image, at, COUNTS.y + 8)).as("dashed").isNotEqualTo(FAULT);
        assertThat(rgb(image, at - 3, COUNTS.y + 4)).as("only there").isNotEqualTo(FAULT);
        assertThat(bandExtent(image)).isEmpty();
    }

    // --- reading pixels

    private static int rgb(BufferedImage image, int x, int y) {
        return image.getRGB(x, y) & 0xFFFFFF;
    }

    private static boolean near(BufferedImage image, int x, int y, Color colour, int tolerance) {
        int c = rgb(image, x, y);
        return Math.abs(((c >> 16) & 0xFF) - colour.getRed()) <= tolerance
                && Math.abs(((c >> 8) & 0xFF) - colour.getGreen()) <= tolerance
                && Math.abs((c & 0xFF) - colour.getBlue()) <= tolerance;
    }

    /** The row nearest {@code expected} in column {@code x} drawn in this colour, or -1000 when none is. */
    private static double nearestRow(BufferedImage image, int x, double expected, Color colour) {
        double best = -1000;
        for (int y = 0; y < image.getHeight(); y++) {
            if (near(image, x, y, colour, 12) && Math.abs(y - expected) < Math.abs(best - expected)) {
                best = y;
            }
        }
        return best;
    }

    /** How many columns from {@code from} to {@code to} hold a pixel of this colour inside the panel. */
    private static int columnsWith(BufferedImage image, Rectangle panel, int from, int to, Color colour) {
        int columns = 0;
        for (int x = from; x <= to; x++) {
            for (int y = panel.y + 1; y < panel.y + panel.height; y++) {
                if (near(image, x, y, colour, 12)) {
                    columns++;
                    break;
                }
            }
        }
        return columns;
    }

    private static int inkIn(BufferedImage image, Rectangle box) {
        return inkOf(image, box, new Color(INK));
    }

    /** Pixels in the box close to this colour (text is antialiased, so its strokes are shades of it). */
    private static int inkOf(BufferedImage image, Rectangle box, Color colour) {
        int found = 0;
        for (int x = Math.max(0, box.x); x < Math.min(image.getWidth(), box.x + box.width); x++) {
            for (int y = Math.max(0, box.y); y < Math.min(image.getHeight(), box.y + box.height); y++) {
                found += near(image, x, y, colour, 40) ? 1 : 0;
            }
        }
        return found;
    }

    private static int rightmostInk(BufferedImage image, Rectangle box) {
        int rightmost = -1;
        for (int x = box.x; x < box.x + box.width; x++) {
            for (int y = box.y; y < box.y + box.height; y++) {
                if (near(image, x, y, new Color(INK), 60)) {
                    rightmost = x;
                }
            }
        }
        return rightmost;
    }

    private static int leftmostInk(BufferedImage image, Rectangle box) {
        for (int x = box.x; x < box.x + box.width; x++) {
            for (int y = box.y; y < box.y + box.height; y++) {
                if (near(image, x, y, new Color(INK), 60)) {
                    return x;
                }
            }
        }
        return -1;
    }

    @Test
    @DisplayName("CO3, LB12: a closed loop's latency panel draws the service time only, with two names in its legend")
    void aClosedLoopDrawsNoResponseTime() {
        List<Bucket> rows = new ArrayList<>();
        for (int i = 0; i < BUCKETS; i++) {
            rows.add(new Bucket(Duration.ofSeconds(i), Map.of(Counter.ATTEMPTS, 5L), 1, latency(p50(i), p99(i))));
        }
        BufferedImage image = PngChartWriter.render(
                report(
                        "Steady load",
                        "r",
                        "Fine.",
                        List.of(new NamedSeries(
                                "client per second",
                                new TimeSeries(SampleReports.START, Duration.ofSeconds(1), rows, 0)))),
                0,
                WIDTH,
                HEIGHT);

        assertThat(inkOf(image, LATENCY, COLOURS.get("p99 from intended start ms")))
                .as("no p99 from the intended start")
                .isZero();
        assertThat(swatchAt(image, LATENCY.y - 12, COLOURS.get("p99 ms"), LATENCY.x, LATENCY.x + LATENCY.width))
                .as("the p99 is the rightmost entry")
                .isGreaterThan(LATENCY.x + LATENCY.width - 120);
    }

    /** The first and last column of the fault band anywhere in the counts panel, or nothing without a band. */
    private static List<Integer> bandExtent(BufferedImage image) {
        int first = -1;
        int last = -1;
        for (int x = 0; x < image.getWidth(); x++) {
            for (int y = COUNTS.y + 20; y < COUNTS.y + COUNTS.height; y++) {
                if (rgb(image, x, y) == FAULT_BAND) {
                    first = first < 0 ? x : first;
                    last = x;
                    break;
                }
            }
        }
        return first < 0 ? List.of() : List.of(first, last);
    }
}
