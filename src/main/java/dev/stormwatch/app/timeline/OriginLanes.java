package dev.stormwatch.app.timeline;

import dev.stormwatch.app.common.Durations;
import dev.stormwatch.http.AttemptEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;

/**
 * Lanes per origin on a time axis: one mark per attempt, coloured by what came back, and a band where the origin
 * was paused (P1). Draws the rows of the timeline view model; holds no state of its own.
 */
final class OriginLanes extends Region {

    static final Color OK = Color.web("#1f8a4c");
    static final Color THROTTLED = Color.web("#b7791f");
    static final Color FAILED = Color.web("#c53030");
    static final Color REFUSED = Color.web("#7a8394");
    private static final Color PAUSE_BAND = Color.web("#b7791f", 0.18);
    private static final Color GRID = Color.web("#d5d9e0");
    private static final Color TEXT = Color.web("#1d2330");
    private static final double LABEL_WIDTH = 210;
    private static final double LANE_HEIGHT = 34;
    private static final double AXIS_HEIGHT = 22;

    private final Canvas canvas = new Canvas();
    private final ObservableList<TimelineRow> rows;

    OriginLanes(ObservableList<TimelineRow> rows) {
        this.rows = rows;
        getChildren().add(canvas);
        getStyleClass().add("origin-lanes");
        rows.addListener((ListChangeListener<TimelineRow>) change -> requestLayout());
        setMinHeight(AXIS_HEIGHT + LANE_HEIGHT * 2);
    }

    @Override
    protected void layoutChildren() {
        canvas.setWidth(getWidth());
        canvas.setHeight(getHeight());
        draw();
    }

    @Override
    protected double computePrefHeight(double width) {
        return AXIS_HEIGHT + LANE_HEIGHT * Math.max(2, origins().size()) + 8;
    }

    private List<String> origins() {
        List<String> origins = new ArrayList<>();
        for (TimelineRow row : rows) {
            if (!origins.contains(row.origin())) {
                origins.add(row.origin());
            }
        }
        return origins;
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.clearRect(0, 0, w, h);
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        if (rows.isEmpty()) {
            g.setFill(REFUSED);
            g.setTextAlign(TextAlignment.LEFT);
            g.setTextBaseline(VPos.CENTER);
            g.fillText("No requests yet: every attempt of every call appears here, one lane per origin.", 12, h / 2);
            return;
        }
        Instant start = rows.get(0).at();
        Instant end = start;
        for (TimelineRow row : rows) {
            end = max(end, row.at());
            end = max(end, row.event().pauseStarted().orElse(end));
        }
        Duration span = Duration.between(start, end).plusMillis(500);
        double plotWidth = Math.max(10, w - LABEL_WIDTH - 16);
        Map<String, Double> laneY = new LinkedHashMap<>();
        List<String> origins = origins();
        for (int i = 0; i < origins.size(); i++) {
            laneY.put(origins.get(i), AXIS_HEIGHT + i * LANE_HEIGHT + LANE_HEIGHT / 2);
        }
        drawAxis(g, span, plotWidth, h);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.CENTER);
        for (Map.Entry<String, Double> lane : laneY.entrySet()) {
            g.setStroke(GRID);
            g.strokeLine(LABEL_WIDTH, lane.getValue(), LABEL_WIDTH + plotWidth, lane.getValue());
            g.setFill(TEXT);
            g.fillText(lane.getKey(), 8, lane.getValue(), LABEL_WIDTH - 16);
        }
        for (TimelineRow row : rows) {
            double y = laneY.get(row.origin());
            double x = LABEL_WIDTH + plotWidth * fraction(row.since(start), span);
            row.event().pauseStarted().ifPresent(until -> {
                double x2 = LABEL_WIDTH + plotWidth * fraction(Duration.between(start, until), span);
                g.setFill(PAUSE_BAND);
                g.fillRect(x, y - LANE_HEIGHT / 2 + 3, Math.max(2, x2 - x), LANE_HEIGHT - 6);
            });
            g.setFill(colour(row.event()));
            g.fillOval(x - 5, y - 5, 10, 10);
        }
    }

    private void drawAxis(GraphicsContext g, Duration span, double plotWidth, double h) {
        g.setStroke(GRID);
        g.setFill(REFUSED);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        int ticks = 6;
        for (int i = 0; i <= ticks; i++) {
            double x = LABEL_WIDTH + plotWidth * i / ticks;
            g.strokeLine(x, AXIS_HEIGHT - 4, x, h);
            g.fillText("+" + Durations.format(span.multipliedBy(i).dividedBy(ticks)), x, 3);
        }
    }

    static Color colour(AttemptEvent e) {
        if (e.verdict() == AttemptEvent.Verdict.REFUSED_BY_PAUSE
                || e.verdict() == AttemptEvent.Verdict.REFUSED_BY_LIMITER
                || e.verdict() == AttemptEvent.Verdict.PACED) {
            return REFUSED;
        }
        int status = e.status().orElse(-1);
        if (status == 429) {
            return THROTTLED;
        }
        if (status >= 200 && status < 400) {
            return OK;
        }
        return FAILED;
    }

    private static double fraction(Duration part, Duration whole) {
        return Math.max(0, Math.min(1, part.toNanos() / (double) whole.toNanos()));
    }

    private static Instant max(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }
}
