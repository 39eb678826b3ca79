package dev.stormwatch.app.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.common.SeriesColours;
import dev.stormwatch.base.ChartSeries;
import dev.stormwatch.testing.FxThread;
import javafx.scene.Scene;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.layout.StackPane;
import javafx.scene.shape.Line;
import javafx.stage.Stage;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Diagnose tab's status chart on a real JavaFX toolkit: the quota's dashed line lies across the plot at the
 * quota's height, drawn over the stacked areas, and only while the quota is known and inside the value axis.
 */
@ExtendWith(ApplicationExtension.class)
class StatusStackChartTest {

    private NumberAxis values;
    private StatusStackChart chart;
    private XYChart.Series<Number, Number> twoHundreds;

    @Start
    void start(Stage stage) {
        NumberAxis time = new NumberAxis(0, 10, 1);
        values = new NumberAxis(0, 10, 1);
        chart = new StatusStackChart(time, values);
        chart.setAnimated(false);
        twoHundreds = new XYChart.Series<>();
        for (int second = 0; second <= 10; second++) {
            twoHundreds.getData().add(new XYChart.Data<>(second, 4));
        }
        chart.getData().add(twoHundreds);
        stage.setScene(new Scene(new StackPane(chart), 640, 400));
        // The toolkit's one stage may still have the size an earlier test class gave it.
        stage.sizeToScene();
        stage.show();
    }

    private void quota(double perBucket) throws Exception {
        FxThread.run(() -> chart.quota(perBucket));
    }

    @Test
    @DisplayName("DG24, UI14: the quota's line is the chart's own, dashed in the quota series' colour, and outside the"
            + " plot's layout")
    void theQuotaLineIsStyledAsTheQuotaSeries() {
        Line line = chart.quotaLine();

        assertThat(line.getId()).isEqualTo("diagnose-status-quota");
        assertThat(line.getStyleClass()).containsExactly("sw-quota-line", SeriesColours.styleClass(ChartSeries.QUOTA));
        assertThat(line.isManaged()).isFalse();
    }

    @Test
    @DisplayName("DG24: without a quota the line is not shown, not even before the chart's first layout")
    void withoutAQuotaTheLineIsHidden() throws Exception {
        assertThat(FxThread.call(() -> new StatusStackChart(new NumberAxis(), new NumberAxis())
                        .quotaLine()
                        .isVisible()))
                .isFalse();
        assertThat(FxThread.call(() -> chart.quotaLine().isVisible())).isFalse();
        assertThat(chart.quota()).isZero();
    }

    @Test
    @DisplayName("DG24: a quota is a level line across the whole plot at its height, over the stacked areas")
    void aQuotaIsALevelLineAcrossThePlotAtItsHeight() throws Exception {
        quota(6);

        Line line = chart.quotaLine();
        assertThat(chart.quota()).isEqualTo(6);
        assertThat(FxThread.call(line::isVisible)).isTrue();
        double y = FxThread.call(() -> values.getDisplayPosition(6));
        assertThat(line.getStartY()).isEqualTo(y);
        assertThat(line.getEndY()).isEqualTo(y);
        assertThat(y).isGreaterThan(0);
        assertThat(line.getStartX()).isZero();
        assertThat(line.getEndX())
                .isEqualTo(FxThread.call(() -> chart.getXAxis().getWidth()))
                .isGreaterThan(100);
        // The stacked areas are drawn too, under it.
        javafx.scene.shape.Path area = (javafx.scene.shape.Path)
                ((javafx.scene.Group) twoHundreds.getNode()).getChildren().get(0);
        assertThat(FxThread.call(() -> area.getElements().size())).isGreaterThan(10);
        // Over the areas: the last of the plot's children, drawn last.
        assertThat(FxThread.call(() -> line.getParent()
                        .getChildrenUnmodifiable()
                        .get(line.getParent().getChildrenUnmodifiable().size() - 1)))
                .isSameAs(line);
    }

    @Test
    @DisplayName("DG24: a quota at the axis's top is shown; above it, or none again, the line goes")
    void aQuotaAboveTheAxisIsNotShown() throws Exception {
        quota(10);
        assertThat(FxThread.call(chart.quotaLine()::isVisible)).isTrue();
        assertThat(chart.quotaLine().getStartY()).isEqualTo(FxThread.call(() -> values.getDisplayPosition(10)));

        quota(10.5);
        assertThat(FxThread.call(chart.quotaLine()::isVisible)).isFalse();

        quota(3);
        assertThat(FxThread.call(chart.quotaLine()::isVisible)).isTrue();
        quota(0);
        assertThat(FxThread.call(chart.quotaLine()::isVisible)).isFalse();
    }
}
