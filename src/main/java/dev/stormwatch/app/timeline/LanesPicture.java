package dev.stormwatch.app.timeline;

import dev.stormwatch.app.common.Durations;
import dev.stormwatch.http.AttemptEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * UI30: what the request timeline's lanes draw, as shapes on a plane of a given size. A pure function of the rows, so
 * a test reads every lane, mark and band without a toolkit; {@link OriginLanes} only paints the shapes on its canvas,
 * each in the colour the stylesheet gives its {@link Ink}.
 */
record LanesPicture(List<Shape> shapes) {

    static final double LABEL_WIDTH = 210;
    static final double LANE_HEIGHT = 34;
    static final double AXIS_HEIGHT = 22;
    static final double MARK_RADIUS = 5;
    static final int TICKS = 6;
    /** Room after the last attempt or pause end, so that its mark is not cut at the plot's edge. */
    static final Duration TAIL = Duration.ofMillis(500);

    static final String EMPTY = "No requests yet: every attempt of every call appears here, one lane per origin.";

    /** A colour's role; the stylesheet (.origin-lanes) says which colour each role is in the theme. */
    enum Ink {
        BACKGROUND,
        TEXT,
        GRID,
        OK,
        THROTTLED,
        FAILED,
        REFUSED,
        /** The throttled colour, faint: an origin's pause (P1). */
        PAUSE_BAND
    }

    /** Where a text's point is on the text: the middle of its left edge, or the middle of its top. */
    enum Anchor {
        LEFT_MIDDLE,
        CENTRE_TOP
    }

    sealed interface Shape {
        Ink ink();
    }

    record Fill(Ink ink, double x, double y, double width, double height) implements Shape {}

    record Line(Ink ink, double x1, double y1, double x2, double y2) implements Shape {}

    /** A text, shrunk by the toolkit to {@code maxWidth} when wider (0: as wide as it is). */
    record Words(Ink ink, String text, double x, double y, Anchor anchor, double maxWidth) implements Shape {}

    record Dot(Ink ink, double centreX, double centreY, double radius) implements Shape {}

    /** The ink of an attempt's mark: what came back (OK, throttled, failed), or that nothing was sent. */
    static Ink markOf(AttemptEvent e) {
        if (!e.sent()) {
            // Nothing went on the wire (AttemptEvent.sent): a refusal or a wait, drawn as such, never as an answer.
            return Ink.REFUSED;
        }
        int status = e.status().orElse(-1);
        if (status == 429) {
            return Ink.THROTTLED;
        }
        if (status >= 200 && status < 400) {
            return Ink.OK;
        }
        return Ink.FAILED;
    }

    /** The origins of the rows, once each, in the order of their first attempt: one lane each, top down. */
    static List<String> origins(List<TimelineRow> rows) {
        List<String> origins = new ArrayList<>();
        for (TimelineRow row : rows) {
            if (!origins.contains(row.origin())) {
                origins.add(row.origin());
            }
        }
        return origins;
    }

    /** The height the lanes of {@code origins} origins take: the axis, a lane each (two at least), and a margin. */
    static double height(int origins) {
        return AXIS_HEIGHT + LANE_HEIGHT * Math.max(2, origins) + 8;
    }

    static LanesPicture of(List<TimelineRow> rows, double width, double height) {
        List<Shape> shapes = new ArrayList<>();
        shapes.add(new Fill(Ink.BACKGROUND, 0, 0, width, height));
        if (rows.isEmpty()) {
            shapes.add(new Words(Ink.REFUSED, EMPTY, 12, height / 2, Anchor.LEFT_MIDDLE, 0));
            return new LanesPicture(List.copyOf(shapes));
        }
        Instant start = rows.get(0).at();
        Instant end = start;
        for (TimelineRow row : rows) {
            end = later(end, row.at());
            end = later(end, row.event().pauseStarted().orElse(end));
        }
        Duration span = Duration.between(start, end).plus(TAIL);
        double plotWidth = Math.max(10, width - LABEL_WIDTH - 16);
        for (int i = 0; i <= TICKS; i++) {
            double x = LABEL_WIDTH + plotWidth * i / TICKS;
            shapes.add(new Line(Ink.GRID, x, AXIS_HEIGHT - 4, x, height));
            shapes.add(new Words(
                    Ink.REFUSED,
                    "+" + Durations.format(span.multipliedBy(i).dividedBy(TICKS)),
                    x,
                    3,
                    Anchor.CENTRE_TOP,
                    0));
        }
        List<String> origins = origins(rows);
        for (int i = 0; i < origins.size(); i++) {
            double y = laneY(i);
            shapes.add(new Line(Ink.GRID, LABEL_WIDTH, y, LABEL_WIDTH + plotWidth, y));
            shapes.add(new Words(Ink.TEXT, origins.get(i), 8, y, Anchor.LEFT_MIDDLE, LABEL_WIDTH - 16));
        }
        for (TimelineRow row : rows) {
            double y = laneY(origins.indexOf(row.origin()));
            double x = LABEL_WIDTH + plotWidth * fraction(row.since(start), span);
            row.event().pauseStarted().ifPresent(until -> {
                double untilX = LABEL_WIDTH + plotWidth * fraction(Duration.between(start, until), span);
                shapes.add(
                        new Fill(Ink.PAUSE_BAND, x, y - LANE_HEIGHT / 2 + 3, Math.max(2, untilX - x), LANE_HEIGHT - 6));
            });
            shapes.add(new Dot(markOf(row.event()), x, y, MARK_RADIUS));
        }
        return new LanesPicture(List.copyOf(shapes));
    }

    /** The middle of lane {@code index}, counted from 0 at the top. */
    static double laneY(int index) {
        return AXIS_HEIGHT + index * LANE_HEIGHT + LANE_HEIGHT / 2;
    }

    private static double fraction(Duration part, Duration whole) {
        return Math.max(0, Math.min(1, part.toNanos() / (double) whole.toNanos()));
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }
}
