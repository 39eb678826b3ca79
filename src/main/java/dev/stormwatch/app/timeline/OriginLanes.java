package dev.stormwatch.app.timeline;

import java.util.List;
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
 * was paused (P1, UI30). Paints the {@link LanesPicture} of the timeline view model's rows in the stylesheet's
 * colours; holds no state of its own.
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

    private final Canvas canvas = new Canvas();
    private final ObservableList<TimelineRow> rows;

    OriginLanes(ObservableList<TimelineRow> rows) {
        this.rows = rows;
        getChildren().add(canvas);
        getStyleClass().add("origin-lanes");
        rows.addListener((ListChangeListener<TimelineRow>) change -> requestLayout());
        setMinHeight(LanesPicture.AXIS_HEIGHT + LanesPicture.LANE_HEIGHT * 2);
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

    /** The colour the stylesheet gives {@code ink} now. */
    Color colour(LanesPicture.Ink ink) {
        return switch (ink) {
            case BACKGROUND -> background.getValue();
            case TEXT -> text.getValue();
            case GRID -> grid.getValue();
            case OK -> ok.getValue();
            case THROTTLED -> throttled.getValue();
            case FAILED -> failed.getValue();
            case REFUSED -> refused.getValue();
            case PAUSE_BAND -> throttled.getValue().deriveColor(0, 1, 1, PAUSE_BAND_OPACITY);
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
        return LanesPicture.height(LanesPicture.origins(rows).size());
    }

    /** Paints the picture of the rows at the canvas's size: a thin executor, every decision is the picture's. */
    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        for (LanesPicture.Shape shape :
                LanesPicture.of(rows, canvas.getWidth(), canvas.getHeight()).shapes()) {
            Color colour = colour(shape.ink());
            if (shape instanceof LanesPicture.Fill fill) {
                g.setFill(colour);
                g.fillRect(fill.x(), fill.y(), fill.width(), fill.height());
            } else if (shape instanceof LanesPicture.Line line) {
                g.setStroke(colour);
                g.strokeLine(line.x1(), line.y1(), line.x2(), line.y2());
            } else if (shape instanceof LanesPicture.Dot dot) {
                g.setFill(colour);
                double r = dot.radius();
                g.fillOval(dot.centreX() - r, dot.centreY() - r, 2 * r, 2 * r);
            } else if (shape instanceof LanesPicture.Words words) {
                g.setFill(colour);
                boolean left = words.anchor() == LanesPicture.Anchor.LEFT_MIDDLE;
                g.setTextAlign(left ? TextAlignment.LEFT : TextAlignment.CENTER);
                g.setTextBaseline(left ? VPos.CENTER : VPos.TOP);
                if (words.maxWidth() > 0) {
                    g.fillText(words.text(), words.x(), words.y(), words.maxWidth());
                } else {
                    g.fillText(words.text(), words.x(), words.y());
                }
            }
        }
    }
}
