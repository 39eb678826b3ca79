package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.common.FxTicker;
import dev.stormwatch.app.loadlab.Comparison;
import dev.stormwatch.embedded.EmbeddedStack;
import dev.stormwatch.load.scenario.ScenarioPresets;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Load lab's compare view, wired to the real load engine and embedded relays, driven through the window. */
@ExtendWith(ApplicationExtension.class)
class LoadLabCompareTest {

    private Composition composition;

    @Start
    void start(Stage stage) {
        composition = new Composition(new Composition.Parts(Clock.systemUTC(), url -> false, new FxTicker(),
                EmbeddedStack::start));
        composition.window().show(stage);
    }

    @AfterEach
    void close() {
        composition.close();
    }

    @Test
    @DisplayName("LB8: Compare runs both runs on one seed and shows them side by side on one scale, with their figures")
    void theCompareViewShowsBothRunsSideBySide(FxRobot robot) throws Exception {
        robot.interact(() -> {
            robot.lookup("#areas").queryAs(TabPane.class).getSelectionModel().select(1);
            composition.loadLab().scenarioProperty().set(ScenarioPresets.STEADY);
            composition.loadLab().comparisonProperty().set(Comparison.JITTER);
        });
        robot.interact(() -> {
            robot.lookup("#load-clients").queryTextInputControl().setText("10");
            robot.lookup("#load-rate").queryTextInputControl().setText("30");
            robot.lookup("#load-duration").queryTextInputControl().setText("2s");
        });

        robot.clickOn("#load-compare-run");
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> composition.loadLab().compared().size() == 2
                && !composition.loadLab().runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.lookup("#load-views").queryAs(TabPane.class).getSelectionModel().getSelectedItem().getId())
                .as("the Compare tab is brought forward").isEqualTo("load-compare-tab");
        LineChart<?, ?> first = robot.lookup("#load-compare-chart-0").queryAs(LineChart.class);
        LineChart<?, ?> second = robot.lookup("#load-compare-chart-1").queryAs(LineChart.class);
        assertThat(first.getTitle()).isEqualTo("full jitter");
        assertThat(second.getTitle()).isEqualTo("no backoff (comparison only)");
        for (LineChart<?, ?> chart : List.of(first, second)) {
            assertThat(chart.getData()).as(chart.getTitle()).isNotEmpty();
            assertThat(chart.getData().get(0).getName()).isEqualTo("arrivals at the provider");
            assertThat(chart.getData().get(0).getData()).as("the provider's seconds, drawn").isNotEmpty();
        }
        assertThat(((NumberAxis) first.getYAxis()).getUpperBound()).as("one scale for both runs")
                .isEqualTo(((NumberAxis) second.getYAxis()).getUpperBound());
        TableView<?> table = robot.lookup("#load-compare-table").queryAs(TableView.class);
        assertThat(table.getColumns()).extracting(c -> c.getText())
                .containsExactly("figure", "full jitter", "no backoff (comparison only)");
        assertThat(table.getItems()).hasSize(7);
        @SuppressWarnings("unchecked")
        List<String> amplification = (List<String>) table.getItems().get(0);
        assertThat(amplification.get(0)).isEqualTo("retry amplification (attempts per request)");
        assertThat(amplification.subList(1, 3)).allSatisfy(v -> assertThat(Double.parseDouble(v)).isGreaterThanOrEqualTo(1.0));
        javafx.scene.layout.VBox verdicts = robot.lookup("#load-compare-verdicts").queryAs(javafx.scene.layout.VBox.class);
        assertThat(verdicts.getChildren()).hasSize(2);
        assertThat(composition.loadLab().compared().get(0).report().seed())
                .isEqualTo(composition.loadLab().compared().get(1).report().seed());
    }
}
