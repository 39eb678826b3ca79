package dev.stormwatch.app.common;

import dev.stormwatch.base.ChartSeries;
import java.util.List;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;

/**
 * UI14: colours each series of a chart, and its legend's mark, by what it is ({@link ChartSeries}) instead of by its
 * place in the chart, so that "retries" is the same colour in every chart whatever else the chart draws. A series of
 * a name no mapping knows keeps the colour of its place (UI9).
 */
public final class SeriesColours {

    /** The style classes this adds, one per slot of the palette; the stylesheet colours each ({@code -sw-chart-N}). */
    private static final List<String> SLOT_CLASSES = List.of(
            "sw-series-1",
            "sw-series-2",
            "sw-series-3",
            "sw-series-4",
            "sw-series-5",
            "sw-series-6",
            "sw-series-7",
            "sw-series-8");

    private SeriesColours() {}

    /** Colours the chart's series now and whenever they change. */
    public static void install(XYChart<?, ?> chart) {
        chart.getData().addListener((ListChangeListener<XYChart.Series<?, ?>>) change -> {
            apply(chart);
            // The legend is rebuilt after the series: colour its marks once it is there.
            Platform.runLater(() -> apply(chart));
        });
        apply(chart);
    }

    /** The style class of a slot of the palette, {@code sw-series-N}. */
    public static String styleClass(ChartSeries series) {
        // UI24: a series with an ink of its own outside the palette (a fault's marker) has a class of its own.
        return series.inPalette()
                ? SLOT_CLASSES.get(series.slot() - 1)
                : "sw-ink-" + series.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    private static void apply(XYChart<?, ?> chart) {
        for (XYChart.Series<?, ?> series : chart.getData()) {
            if (series.getName() == null) {
                continue;
            }
            ChartSeries.named(series.getName()).ifPresent(known -> {
                mark(series.getNode(), known);
                for (XYChart.Data<?, ?> point : series.getData()) {
                    mark(point.getNode(), known);
                }
                for (Node item : chart.lookupAll(".chart-legend-item")) {
                    if (item instanceof Label label && series.getName().equals(label.getText())) {
                        mark(label.getGraphic(), known);
                    }
                }
            });
        }
    }

    private static void mark(Node node, ChartSeries series) {
        if (node == null) {
            return;
        }
        String wanted = styleClass(series);
        if (!node.getStyleClass().contains(wanted)) {
            node.getStyleClass().removeAll(SLOT_CLASSES);
            node.getStyleClass().add(wanted);
        }
    }
}
