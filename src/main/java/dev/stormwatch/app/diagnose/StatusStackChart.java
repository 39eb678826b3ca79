package dev.stormwatch.app.diagnose;

import dev.stormwatch.app.common.SeriesColours;
import dev.stormwatch.base.ChartSeries;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.StackedAreaChart;
import javafx.scene.shape.Line;

/**
 * DG24: arrivals per bucket stacked by status class, with the quota per bucket as a dashed line across the plot when
 * it is known (a stacked chart would stack a series on the others, so the line is drawn over them instead).
 */
final class StatusStackChart extends StackedAreaChart<Number, Number> {

    private final Line quotaLine = new Line();
    private double quota;

    StatusStackChart(NumberAxis time, NumberAxis values) {
        super(time, values);
        quotaLine.setId("diagnose-status-quota");
        quotaLine.getStyleClass().addAll("sw-quota-line", SeriesColours.styleClass(ChartSeries.QUOTA));
        quotaLine.setVisible(false);
        quotaLine.setManaged(false);
        getPlotChildren().add(quotaLine);
    }

    /** The quota per bucket, or 0 for none. */
    void quota(double perBucket) {
        quota = perBucket;
        requestChartLayout();
    }

    /** The quota per bucket drawn, 0 for none. */
    double quota() {
        return quota;
    }

    /** The dashed line of the quota. */
    Line quotaLine() {
        return quotaLine;
    }

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        NumberAxis values = (NumberAxis) getYAxis();
        boolean shown = quota > 0 && quota <= values.getUpperBound();
        quotaLine.setVisible(shown);
        if (shown) {
            double y = values.getDisplayPosition(quota);
            // It starts at the plot's left edge, x = 0, where it was made.
            quotaLine.setEndX(getXAxis().getWidth());
            quotaLine.setStartY(y);
            quotaLine.setEndY(y);
            quotaLine.toFront();
        }
    }
}
