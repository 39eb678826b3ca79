package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.common.FxTicker;
import dev.stormwatch.app.loadlab.Comparison;
import dev.stormwatch.embedded.EmbeddedStack;
import dev.stormwatch.load.engine.SimulatedEngine;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.series.Counter;
import java.time.Clock;
import java.time.Instant;
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

/**
 * The Load lab's compare view, wired to the real view model, view and load engine, driven through the window. The
 * engine runs on simulated time with each run's embedded relay in process ({@code SimulatedEngine}, decision 0039):
 * the two 16 s runs of LB15 cost seconds of CPU, not 38 s of waiting, and repeat exactly.
 */
@ExtendWith(ApplicationExtension.class)
class LoadLabCompareTest {

    private Composition composition;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        composition = new Composition(new Composition.Parts(
                Clock.systemUTC(),
                url -> false,
                new FxTicker(),
                EmbeddedStack::start,
                SimulatedEngine.perRun(Instant.parse("2026-12-01T03:00:00.300Z"))));
        // Preferences in memory: a person's own file (window size, last tab) must not shape the test (UI1).
        TestWindows.show(composition, stage);
    }

    @AfterEach
    void close() {
        TestWindows.close(composition);
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
        awaitBothRuns();

        assertThat(robot.lookup("#load-views")
                        .queryAs(TabPane.class)
                        .getSelectionModel()
                        .getSelectedItem()
                        .getId())
                .as("the Compare tab is brought forward")
                .isEqualTo("load-compare-tab");
        LineChart<?, ?> first = robot.lookup("#load-compare-chart-0").queryAs(LineChart.class);
        LineChart<?, ?> second = robot.lookup("#load-compare-chart-1").queryAs(LineChart.class);
        assertThat(first.getTitle()).isEqualTo("full jitter");
        assertThat(second.getTitle()).isEqualTo("no backoff (comparison only)");
        for (LineChart<?, ?> chart : List.of(first, second)) {
            assertThat(chart.getData()).as(chart.getTitle()).isNotEmpty();
            assertThat(chart.getData().get(0).getName()).isEqualTo("arrivals at the provider");
            assertThat(chart.getData().get(0).getData())
                    .as("the provider's seconds, drawn")
                    .isNotEmpty();
        }
        assertThat(((NumberAxis) first.getYAxis()).getUpperBound())
                .as("one scale for both runs")
                .isEqualTo(((NumberAxis) second.getYAxis()).getUpperBound());
        TableView<?> table = robot.lookup("#load-compare-table").queryAs(TableView.class);
        assertThat(table.getColumns())
                .extracting(c -> c.getText())
                .containsExactly("figure", "full jitter", "no backoff (comparison only)");
        assertThat(table.getItems()).hasSize(8);
        @SuppressWarnings("unchecked")
        List<String> amplification = (List<String>) table.getItems().get(0);
        assertThat(amplification.get(0)).isEqualTo("retry amplification (attempts per request)");
        assertThat(amplification.subList(1, 3))
                .allSatisfy(v -> assertThat(Double.parseDouble(v)).isGreaterThanOrEqualTo(1.0));
        javafx.scene.layout.VBox verdicts =
                robot.lookup("#load-compare-verdicts").queryAs(javafx.scene.layout.VBox.class);
        assertThat(verdicts.getChildren()).hasSize(2);
        assertThat(composition.loadLab().compared().get(0).report().seed())
                .isEqualTo(composition.loadLab().compared().get(1).report().seed());
    }

    @Test
    @DisplayName(
            "LB15 UI13: against a Retry-After of up to 12 s, the article's 8 s cap sends more attempts and earns more 429s, side by side")
    void theArticlesCapEarnsMore429sThanHonouringRetryAfter(FxRobot robot) throws Exception {
        robot.interact(() -> {
            robot.lookup("#areas").queryAs(TabPane.class).getSelectionModel().select(1);
            composition.loadLab().comparisonProperty().set(Comparison.RETRY_AFTER_CAP);
        });
        assertThat(composition.loadLab().scenarioProperty().get())
                .as("the comparison brings its preset")
                .isEqualTo(ScenarioPresets.RETRY_AFTER_12);
        robot.interact(() -> {
            robot.lookup("#load-rate").queryTextInputControl().setText("20");
            robot.lookup("#load-duration").queryTextInputControl().setText("16s");
        });

        robot.interact(() -> {
            stage.setWidth(1280);
            stage.setHeight(800);
        });
        robot.clickOn("#load-compare-run");
        awaitBothRuns();

        LoadReport honoured = composition.loadLab().compared().get(0).report();
        LoadReport capped = composition.loadLab().compared().get(1).report();
        assertThat(capped.seed()).as("one seed").isEqualTo(honoured.seed());
        long honoured429 = total(honoured, Counter.STATUS_429);
        long capped429 = total(capped, Counter.STATUS_429);
        assertThat(honoured429)
                .as("the honouring clients met the 429s from t = 2 s")
                .isPositive();
        System.out.printf(
                "LB15 figures: honoured %d attempts, %d 429s, %d 2xx; capped %d attempts, %d 429s, %d 2xx%n",
                total(honoured, Counter.ATTEMPTS),
                honoured429,
                total(honoured, Counter.STATUS_2XX),
                total(capped, Counter.ATTEMPTS),
                capped429,
                total(capped, Counter.STATUS_2XX));
        assertThat(capped429).as("429s: capped against honoured").isGreaterThan(honoured429);
        assertThat(total(capped, Counter.ATTEMPTS))
                .as("attempts: capped against honoured")
                .isGreaterThan(total(honoured, Counter.ATTEMPTS));
        assertThat(String.join("\n", capped.notes()))
                .contains("capped at the article's 8 s (RA8) is for comparison only");
        assertThat(String.join("\n", honoured.notes())).doesNotContain("capped");

        assertThat(robot.lookup("#load-compare-chart-0")
                        .queryAs(LineChart.class)
                        .getTitle())
                .isEqualTo("honoured in full");
        assertThat(robot.lookup("#load-compare-chart-1")
                        .queryAs(LineChart.class)
                        .getTitle())
                .isEqualTo("capped at 8 s (comparison only)");
        TableView<?> table = robot.lookup("#load-compare-table").queryAs(TableView.class);
        assertThat(table.getColumns())
                .extracting(c -> c.getText())
                .containsExactly("figure", "honoured in full", "capped at 8 s (comparison only)");
        @SuppressWarnings("unchecked")
        List<List<String>> rows = (List<List<String>>) (List<?>) table.getItems();
        assertThat(rows)
                .filteredOn(row -> row.get(0).equals("429 answers"))
                .singleElement()
                .isEqualTo(List.of("429 answers", String.valueOf(honoured429), String.valueOf(capped429)));
        // UI13: at 1280x800 every header reads whole, and the figure column is no wider than its longest name needs.
        List<String> cut = cutHeaders(robot, table);
        assertThat(cut).as("compare headers cut at 1280x800").isEmpty();
        double columnsWidth =
                table.getColumns().stream().mapToDouble(c -> c.getWidth()).sum();
        assertThat(columnsWidth).as("the columns fit the table at 1280x800").isLessThanOrEqualTo(table.getWidth());
        assertThat(table.getColumns().get(0).getWidth())
                .as("the figure column, against the widest run column")
                .isLessThan(2
                        * Math.max(
                                table.getColumns().get(1).getWidth(),
                                table.getColumns().get(2).getWidth()));
        assertThat(rows)
                .filteredOn(row -> row.get(0).equals("attempts sent"))
                .singleElement()
                .isEqualTo(List.of(
                        "attempts sent",
                        String.valueOf(total(honoured, Counter.ATTEMPTS)),
                        String.valueOf(total(capped, Counter.ATTEMPTS))));
    }

    @Test
    @DisplayName(
            "UI28: at 1024x700 the comparison table shows every run's column without scrolling sideways, and eight rows")
    void atTheSmallestSizeTheCompareTableShowsBothRunsAndItsFirstRows(FxRobot robot) throws Exception {
        robot.interact(() -> {
            atTheSmallestSizeOnTheLoadLab(robot);
            composition.loadLab().scenarioProperty().set(ScenarioPresets.THREE_AM_STORM);
            composition.loadLab().comparisonProperty().set(Comparison.JITTER);
            composition.loadLab().durationProperty().set("20s");
        });
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.ComboBox<?> choice =
                robot.lookup("#load-comparison").queryAs(javafx.scene.control.ComboBox.class);
        assertThat(choice.getTooltip().getText())
                .as("the comparison's whole title on hover")
                .startsWith(Comparison.JITTER.title());

        compareTwoRunsAndLayOut(robot);
        assertThat(stage.getScene().getWidth()).isLessThanOrEqualTo(1024);
        assertThat(stage.getScene().getHeight()).isLessThanOrEqualTo(700);

        TableView<?> table = robot.lookup("#load-compare-table").queryAs(TableView.class);
        assertThat(table.getColumns()).hasSize(3);
        assertThat(table.getItems().size())
                .as("the storm's rows: the whole run's and those from the fault on")
                .isGreaterThan(8);
        assertColumnsFitSideways(table);
        javafx.scene.control.ScrollPane tab = (javafx.scene.control.ScrollPane) robot.lookup("#load-views")
                .queryAs(TabPane.class)
                .getTabs()
                .get(1)
                .getContent();
        javafx.geometry.Bounds view = tab.localToScene(tab.getBoundsInLocal());
        javafx.scene.Node body = table.lookup(".virtual-flow");
        javafx.geometry.Bounds flow = body.localToScene(body.getBoundsInLocal());
        double top = Math.max(flow.getMinY(), view.getMinY());
        double bottom = Math.min(flow.getMaxY(), view.getMaxY());
        double right = Math.min(flow.getMaxX(), view.getMaxX());
        int rows = 0;
        for (javafx.scene.Node node : table.lookupAll(".table-row-cell")) {
            if (node instanceof javafx.scene.control.TableRow<?> row && !row.isEmpty() && row.isVisible()) {
                javafx.geometry.Bounds bounds = row.localToScene(row.getBoundsInLocal());
                if (bounds.getMinY() >= top - 0.5 && bounds.getMaxY() <= bottom + 0.5) {
                    rows++;
                }
            }
        }
        assertThat(rows).as("rows wholly in view").isGreaterThanOrEqualTo(8);
        javafx.scene.Node lastHeader = table.lookupAll(".column-header").stream()
                .filter(javafx.scene.control.skin.TableColumnHeader.class::isInstance)
                .map(javafx.scene.control.skin.TableColumnHeader.class::cast)
                .filter(h -> h.getTableColumn() == table.getColumns().get(2))
                .findFirst()
                .orElseThrow();
        assertThat(lastHeader.localToScene(lastHeader.getBoundsInLocal()).getMaxX())
                .as("the second run's column, against the table's right edge in view")
                .isLessThanOrEqualTo(right + 0.5);
    }

    @Test
    @DisplayName(
            "UI28 UI13: at 1024x700 run headers too long for one line take two, whole, so the columns fit the table")
    void atTheSmallestSizeLongRunHeadersTakeTwoLines(FxRobot robot) throws Exception {
        robot.interact(() -> {
            atTheSmallestSizeOnTheLoadLab(robot);
            composition.loadLab().scenarioProperty().set(ScenarioPresets.STEADY);
            composition.loadLab().comparisonProperty().set(Comparison.SHARED_LIMITER);
        });
        robot.interact(() -> {
            robot.lookup("#load-clients").queryTextInputControl().setText("4");
            robot.lookup("#load-rate").queryTextInputControl().setText("");
            robot.lookup("#load-duration").queryTextInputControl().setText("2s");
        });
        compareTwoRunsAndLayOut(robot);

        TableView<?> table = robot.lookup("#load-compare-table").queryAs(TableView.class);
        assertThat(table.getColumns())
                .extracting(c -> c.getText().replace('\n', ' '))
                .containsExactly("figure", "processes sharing one Redis limiter", "a local limiter in each process");
        assertThat(table.getColumns().subList(1, 3))
                .as("the run headers, each in two lines")
                .allSatisfy(c -> assertThat(c.getText()).contains("\n"));
        List<String> cut = cutHeaders(robot, table);
        assertThat(cut).as("compare headers cut at 1024x700").isEmpty();
        assertColumnsFitSideways(table);
    }

    /** UI3's smallest window, 1024×700, on the Load lab. */
    private void atTheSmallestSizeOnTheLoadLab(FxRobot robot) {
        stage.setWidth(1024);
        stage.setHeight(700);
        robot.lookup("#areas").queryAs(TabPane.class).getSelectionModel().select(1);
    }

    /** The compare table's column headers shown other than whole (cut with an ellipsis), as "text shown as shown". */
    private static List<String> cutHeaders(FxRobot robot, TableView<?> table) {
        List<String> cut = new java.util.ArrayList<>();
        robot.interact(() -> table.lookupAll(".column-header .label").forEach(node -> {
            javafx.scene.control.Labeled header = (javafx.scene.control.Labeled) node;
            javafx.scene.text.Text shown = (javafx.scene.text.Text) header.lookup(".text");
            if (shown != null && !shown.getText().equals(header.getText())) {
                cut.add(header.getText() + " shown as " + shown.getText());
            }
        }));
        return cut;
    }

    /** Waits until both runs of a comparison ended (a busy machine takes a while) and the window caught up. */
    private void awaitBothRuns() throws Exception {
        WaitForAsyncUtils.waitFor(
                120,
                TimeUnit.SECONDS,
                () -> composition.loadLab().compared().size() == 2
                        && !composition.loadLab().runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Starts the chosen comparison of two runs, waits for both to end, and lays the window out. */
    private void compareTwoRunsAndLayOut(FxRobot robot) throws Exception {
        robot.interact(() -> composition.loadLab().compare());
        awaitBothRuns();
        robot.interact(() -> stage.getScene().getRoot().layout());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** UI28: the columns need no more than the table's width, and no horizontal scrollbar shows. */
    private static void assertColumnsFitSideways(TableView<?> table) {
        double columnsWidth =
                table.getColumns().stream().mapToDouble(c -> c.getWidth()).sum();
        assertThat(columnsWidth)
                .as("the columns against the table's width at 1024x700")
                .isLessThanOrEqualTo(table.getWidth() - table.snappedLeftInset() - table.snappedRightInset());
        List<javafx.scene.control.ScrollBar> sideways = table.lookupAll(".scroll-bar").stream()
                .filter(javafx.scene.control.ScrollBar.class::isInstance)
                .map(javafx.scene.control.ScrollBar.class::cast)
                .filter(bar -> bar.getOrientation() == javafx.geometry.Orientation.HORIZONTAL && bar.isVisible())
                .toList();
        assertThat(sideways).as("a horizontal scrollbar in view").isEmpty();
    }

    private static long total(LoadReport report, Counter counter) {
        return report.seriesNamed("client per second").orElseThrow().total(counter);
    }
}
