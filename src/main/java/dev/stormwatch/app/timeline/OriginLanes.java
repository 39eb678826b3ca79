package dev.stormwatch.app.timeline;

import dev.stormwatch.app.common.Durations;
import dev.stormwatch.http.AttemptEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.css.CssMetaData;
import javafx.css.Styleable;
import javafx.css.StyleableProperty;
import javafx.css.StyleablePropertyFactory;
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

    /** The lanes' colours come from the stylesheet (.origin-lanes), so that they follow the theme. */
    private static final StyleablePropertyFactory<OriginLanes> CSS =
            new StyleablePropertyFactory<>(Region.getClassCssMetaData());

    private static final double PAUSE_BAND_OPACITY = 0.18;

    private final StyleableProperty<Color> background = colour("-sw-lane-background", s -> s.background, "#ffffff");
    private final StyleableProperty<Color> text = colour("-sw-lane-text", s -> s.text, "#1d2330");
    private final StyleableProperty<Color> grid = colour("-sw-lane-grid", s -> s.grid, "#d5d9e0");
    private final StyleableProperty<Color> ok = colour("-sw-lane-ok", s -> s.ok, "#1f8a4c");
    private final StyleableProperty<Color> throttled = colour("-sw-lane-throttled", s -> s.throttled, "#b7791f");
    private final StyleableProperty<Color> failed = colour("-sw-lane-failed", s -> s.failed, "#c53030");
    private final StyleableProperty<Color> refused = colour("-sw-lane-refused", s -> s.refused, "#7a8394");
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

    private StyleableProperty<Color> colour(
            String property, Function<OriginLanes, StyleableProperty<Color>> of, String fallback) {
        StyleableProperty<Color> colour =
                CSS.createStyleableColorProperty(this, property.substring(1), property, of, Color.web(fallback));
        ((javafx.beans.value.ObservableValue<?>) colour).addListener((obs, was, now) -> requestLayout());
        return colour;
    }

    @Override
    public List<CssMetaData<? extends Styleable, ?>> getCssMetaData() {
        return CSS.getCssMetaData();
    }

    /** The mark colour of an attempt, as the stylesheet names it now (OK, throttled, failed, refused). */
    Color markColour(AttemptEvent e) {
        return switch (markOf(e)) {
            case REFUSED -> refused.getValue();
            case THROTTLED -> throttled.getValue();
            case OK -> ok.getValue();
            case FAILED -> failed.getValue();
        };
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
        g.setFill(background.getValue());
        g.fillRect(0, 0, w, h);
        if (rows.isEmpty()) {
            g.setFill(refused.getValue());
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
            g.setStroke(grid.getValue());
            g.strokeLine(LABEL_WIDTH, lane.getValue(), LABEL_WIDTH + plotWidth, lane.getValue());
            g.setFill(text.getValue());
            g.fillText(lane.getKey(), 8, lane.getValue(), LABEL_WIDTH - 16);
        }
        for (TimelineRow row : rows) {
            double y = laneY.get(row.origin());
            double x = LABEL_WIDTH + plotWidth * fraction(row.since(start), span);
            row.event().pauseStarted().ifPresent(until -> {
                double x2 = LABEL_WIDTH + plotWidth * fraction(Duration.between(start, until), span);
                g.setFill(throttled.getValue().deriveColor(0, 1, 1, PAUSE_BAND_OPACITY));
                g.fillRect(x, y - LANE_HEIGHT / 2 + 3, Math.max(2, x2 - x), LANE_HEIGHT - 6);
            });
            g.setFill(markColour(row.event()));
            g.fillOval(x - 5, y - 5, 10, 10);
        }
    }

    private void drawAxis(GraphicsContext g, Duration span, double plotWidth, double h) {
        g.setStroke(grid.getValue());
        g.setFill(refused.getValue());
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        int ticks = 6;
        for (int i = 0; i <= ticks; i++) {
            double x = LABEL_WIDTH + plotWidth * i / ticks;
            g.strokeLine(x, AXIS_HEIGHT - 4, x, h);
            g.fillText("+" + Durations.format(span.multipliedBy(i).dividedBy(ticks)), x, 3);
        }
    }

    /** What an attempt's mark shows. */
    enum Mark {
        OK,
        THROTTLED,
        FAILED,
        REFUSED
    }

    static Mark markOf(AttemptEvent e) {
        if (e.verdict() == AttemptEvent.Verdict.REFUSED_BY_PAUSE
                || e.verdict() == AttemptEvent.Verdict.REFUSED_BY_LIMITER
                || e.verdict() == AttemptEvent.Verdict.PACED) {
            return Mark.REFUSED;
        }
        int status = e.status().orElse(-1);
        if (status == 429) {
            return Mark.THROTTLED;
        }
        if (status >= 200 && status < 400) {
            return Mark.OK;
        }
        return Mark.FAILED;
    }

    private static double fraction(Duration part, Duration whole) {
        return Math.max(0, Math.min(1, part.toNanos() / (double) whole.toNanos()));
    }

    private static Instant max(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }
}
