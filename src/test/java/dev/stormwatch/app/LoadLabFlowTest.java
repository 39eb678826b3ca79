package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.scenario.ScenarioPresets;
import java.util.concurrent.TimeUnit;
import javafx.scene.chart.LineChart;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Load lab wired to the real load engine and an embedded relay, driven through the window. */
@ExtendWith(ApplicationExtension.class)
class LoadLabFlowTest {

    private Composition composition;

    @Start
    void start(Stage stage) {
        composition = TestWindows.withEmbeddedServers();
        // Preferences in memory: a person's own file (window size, last tab) must not shape the test (UI1).
        TestWindows.show(composition, stage);
    }

    @AfterEach
    void close() {
        TestWindows.close(composition);
    }

    @Test
    @org.junit.jupiter.api.DisplayName(
            "LB4, LB5, LB13: a short run is drawn live on an axis that fits it, ends with its"
                    + " sentence and says which relay it ran against")
    void aShortRunIsDrawnLiveAndEndsWithItsSummary(FxRobot robot) throws Exception {
        robot.interact(() -> {
            robot.lookup("#areas").queryAs(TabPane.class).getSelectionModel().select(1);
            composition.loadLab().scenarioProperty().set(ScenarioPresets.STEADY);
        });
        robot.interact(() -> {
            robot.lookup("#load-clients").queryTextInputControl().setText("20");
            robot.lookup("#load-rate").queryTextInputControl().setText("40");
            robot.lookup("#load-duration").queryTextInputControl().setText("3s");
        });

        robot.clickOn("#load-run");
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> !composition.loadLab().points().isEmpty());
        assertThat(robot.lookup("#load-stop").queryButton().isDisabled())
                .as("stoppable while it runs")
                .isFalse();
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> composition.loadLab().reportReadyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(composition.loadLab().points()).anyMatch(p -> p.attempts() > 0 && p.ok() > 0);
        // By its id: the Diagnose tab has a chart of its own, empty until evidence is read.
        LineChart<?, ?> chart = robot.lookup("#load-throughput").queryAs(LineChart.class);
        assertThat(chart.getData()).isNotEmpty();
        assertThat(robot.lookup("#load-summary").queryTextInputControl().getText())
                .isNotBlank();
        javafx.scene.chart.NumberAxis time = (javafx.scene.chart.NumberAxis)
                robot.lookup("#load-throughput").queryAs(LineChart.class).getXAxis();
        assertThat(time.getUpperBound())
                .as("3 s and the 3 s drain, not a default range")
                .isEqualTo(6.0);
        javafx.scene.control.Label verdict = robot.lookup("#load-verdict").queryAs(javafx.scene.control.Label.class);
        assertThat(verdict.isVisible()).isTrue();
        assertThat(verdict.getText())
                .startsWith("In short: ")
                .contains("attempts of")
                .contains("succeeded");
        assertThat(robot.lookup("#load-save").queryButton().isDisabled()).isFalse();
        assertThat(robot.lookup("#load-run").queryButton().isDisabled()).isFalse();
        // LB13: "embedded" is said to be the run's own relay, and the run's notes give its address.
        assertThat(robot.lookup("#load-embedded-note").queryLabeled().getText())
                .contains("not the relay on the" + " Provider & relay tab");
        assertThat(robot.lookup("#load-summary").queryTextInputControl().getText())
                .contains("embedded relay of this run at http://127.0.0.1:");
    }

    @Test
    @org.junit.jupiter.api.Tag("slow")
    @org.junit.jupiter.api.DisplayName(
            "LB11: a run of 100,000 virtual clients ends drawn, every second of it, and says it finished")
    void aRunOfAHundredThousandClientsEndsDrawn(FxRobot robot) throws Exception {
        robot.interact(() -> {
            robot.lookup("#areas").queryAs(TabPane.class).getSelectionModel().select(1);
            composition.loadLab().scenarioProperty().set(ScenarioPresets.STEADY);
        });
        robot.interact(() -> {
            robot.lookup("#load-clients").queryTextInputControl().setText("100000");
            robot.lookup("#load-duration").queryTextInputControl().setText("3s");
        });

        robot.clickOn("#load-run");
        WaitForAsyncUtils.waitFor(
                120,
                TimeUnit.SECONDS,
                () -> composition.loadLab().reportReadyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.lookup("#load-problems").queryLabeled().getText()).isEmpty();
        LineChart<?, ?> chart = robot.lookup("#load-throughput").queryAs(LineChart.class);
        XYChartSeries arrivals = XYChartSeries.of(chart, "arrivals at the provider");
        assertThat(arrivals.points())
                .as("every second of the report, however the start went")
                .isGreaterThanOrEqualTo(3);
        assertThat(arrivals.sum()).as("what the provider saw is drawn").isPositive();
        assertThat(robot.lookup("#load-progress").queryLabeled().getText())
                .contains("Finished")
                .doesNotContain("Starting");
        javafx.scene.chart.NumberAxis time = (javafx.scene.chart.NumberAxis) chart.getXAxis();
        assertThat(time.getUpperBound()).as("3 s and the 3 s drain").isEqualTo(6.0);
    }

    /** One named line of a chart: how many points it has and what they add up to. */
    private record XYChartSeries(int points, double sum) {
        static XYChartSeries of(LineChart<?, ?> chart, String name) {
            for (javafx.scene.chart.XYChart.Series<?, ?> series : chart.getData()) {
                if (series.getName().equals(name)) {
                    return new XYChartSeries(
                            series.getData().size(),
                            series.getData().stream()
                                    .mapToDouble(d -> ((Number) d.getYValue()).doubleValue())
                                    .sum());
                }
            }
            throw new AssertionError("no line named " + name);
        }
    }

    @Test
    @org.junit.jupiter.api.DisplayName(
            "LB3: picking a preset fills its length and clients; a too-short length is said before Run")
    void aPresetFillsItsFieldsAndATooShortLengthIsSaidBeforeRun(FxRobot robot) {
        robot.interact(() -> {
            robot.lookup("#areas").queryAs(TabPane.class).getSelectionModel().select(1);
            robot.lookup("#load-scenario").queryComboBox().getSelectionModel().select(ScenarioPresets.PROVIDER_OUTAGE);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#load-duration").queryTextInputControl().getText())
                .isEqualTo("45 s");
        assertThat(robot.lookup("#load-clients").queryTextInputControl().getText())
                .isEqualTo("100");

        robot.interact(
                () -> robot.lookup("#load-duration").queryTextInputControl().setText("20 s"));
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.lookup("#load-problems").queryLabeled().getText())
                .startsWith("The Duration field is too short for the Provider outage: 20 s");
        assertThat(composition.loadLab().runningProperty().get())
                .as("nothing started")
                .isFalse();
    }

    @Test
    @org.junit.jupiter.api.DisplayName(
            "LB7: the limiter and the backoff are chosen in words, and the backoff reaches the run")
    void theLimiterAndTheBackoffAreChosenInWords(FxRobot robot) {
        robot.interact(() -> robot.lookup("#areas")
                .queryAs(TabPane.class)
                .getSelectionModel()
                .select(1));
        javafx.scene.control.ComboBox<?> limiter = robot.lookup("#load-limiter").queryComboBox();
        javafx.scene.control.ComboBox<?> jitter = robot.lookup("#load-jitter").queryComboBox();
        robot.interact(() -> {
            robot.lookup("#load-limiter")
                    .queryComboBox()
                    .getSelectionModel()
                    .select(dev.stormwatch.load.options.LimiterChoice.SLIDING_LOG);
            robot.lookup("#load-jitter")
                    .queryComboBox()
                    .getSelectionModel()
                    .select(dev.stormwatch.load.simulation.BackoffStrategy.NONE);
        });
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(shown(limiter)).isEqualTo("Sliding log (strict, on Redis)");
        assertThat(shown(jitter)).isEqualTo("No backoff (comparison only)");
        assertThat(limiter.getItems()).hasSize(6);
        assertThat(jitter.getItems()).hasSize(5);
        assertThat(composition.loadLab().jitterProperty().get())
                .isEqualTo(dev.stormwatch.load.simulation.BackoffStrategy.NONE);
    }

    /** What a combo box shows for its value: its converter's text, as its button cell draws it. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static String shown(javafx.scene.control.ComboBox box) {
        return box.getConverter().toString(box.getValue());
    }

    // Bad input: nonsense options are listed, and nothing runs.
    @Test
    void nonsenseOptionsAreListedInTheWindow(FxRobot robot) {
        robot.interact(() -> {
            robot.lookup("#areas").queryAs(TabPane.class).getSelectionModel().select(1);
            robot.lookup("#load-rate").queryTextInputControl().setText("-5");
        });

        robot.clickOn("#load-run");
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.lookup("#load-problems").queryLabeled().getText())
                .startsWith("The Arrivals per second field must be a positive number");
        assertThat(composition.loadLab().runningProperty().get()).isFalse();
    }
}
