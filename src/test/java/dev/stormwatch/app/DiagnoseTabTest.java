package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.common.UiThread;
import dev.stormwatch.app.diagnose.DiagnoseView;
import dev.stormwatch.app.diagnose.DiagnoseViewModel;
import dev.stormwatch.app.shell.MainWindow;
import dev.stormwatch.diagnose.DiagnoseService;
import dev.stormwatch.diagnose.Diagnosis.ClientDiagnosis;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.text.Text;
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
 * The Diagnose tab in the main window, on the real diagnosis (on its own background thread, as the app's composition
 * wires it) and the access log a real nginx wrote. The other areas are stand-ins: the tab needs no embedded servers.
 */
@ExtendWith(ApplicationExtension.class)
class DiagnoseTabTest {

    private static final String NGINX_FORMAT = "$remote_addr [$time_local] $msec $request_time \"$request\" $status"
            + " \"$sent_http_retry_after\" \"$http_x_client_id\" \"$http_authorization\"";

    private final ExecutorService background = Executors.newSingleThreadExecutor();
    private DiagnoseViewModel model;

    @Start
    void start(Stage stage) {
        model = new DiagnoseViewModel(new DiagnoseService()::diagnose, background, UiThread.executor());
        new MainWindow(new Label("session"), new Label("load lab"), new Label("servers"), new DiagnoseView(model))
                .show(stage);
    }

    @AfterEach
    void close() {
        background.shutdownNow();
    }

    private void openTabWith(FxRobot robot, String logFormat) throws Exception {
        Path log = Path.of(getClass().getResource("/diagnose/nginx/storm-access.log").toURI());
        robot.interact(() -> {
            TabPane areas = robot.lookup("#areas").queryAs(TabPane.class);
            areas.getSelectionModel().select(areas.getTabs().stream()
                    .filter(t -> "diagnose".equals(t.getId())).findFirst().orElseThrow());
            // The file chooser is the platform's; what it hands over is what this adds.
            model.addFiles(List.of(log));
            robot.lookup("#diagnose-log-format").queryTextInputControl().setText(logFormat);
            // Set, not typed: the form scrolls, and at the window's size this field is below the visible part.
            robot.lookup("#diagnose-client-key").queryTextInputControl().setText("$http_x_client_id");
        });
    }

    @Test
    @DisplayName("DG3 DG12 DG14: the tab shows who retried early, sortable, the findings, arrivals with 429s and the"
            + " what-if beside them")
    void theTabShowsTheDiagnosisOfARealNginxLog(FxRobot robot) throws Exception {
        openTabWith(robot, NGINX_FORMAT);

        robot.clickOn("#diagnose-run");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> model.readyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.lookup("#diagnose-verdict").queryLabeled().getText())
                .startsWith("2 of 3 clients ignored Retry-After");
        @SuppressWarnings("unchecked")
        TableView<ClientDiagnosis> clients = robot.lookup("#diagnose-clients").queryAs(TableView.class);
        assertThat(clients.getItems()).hasSize(3);
        assertThat(clients.getItems().get(0).ignoresRetryAfter()).isTrue();
        TableColumn<ClientDiagnosis, ?> early = clients.getColumns().stream()
                .filter(c -> "diagnose-early-column".equals(c.getId())).findFirst().orElseThrow();
        robot.interact(() -> {
            early.setSortType(TableColumn.SortType.ASCENDING);
            clients.getSortOrder().setAll(List.of(early));
        });
        assertThat(clients.getItems().get(0).client()).as("fewest early retries first").isEqualTo("patient");
        WaitForAsyncUtils.waitForFxEvents();
        // DG1: how early reads as a duration, as the verdict writes it, not a raw decimal; a dash without any.
        assertThat(medianCells(robot, clients)).as("the rows in view").first().isEqualTo("-");
        robot.interact(() -> early.setSortType(TableColumn.SortType.DESCENDING));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(medianCells(robot, clients)).first().asString().matches("\\d+\\.\\d\\d s");
        robot.interact(() -> early.setSortType(TableColumn.SortType.ASCENDING));

        ListView<?> findings = robot.lookup("#diagnose-findings").queryAs(ListView.class);
        assertThat(findings.getItems()).map(Object::toString).anyMatch(f -> f.startsWith("DG3 [eager-a]"));
        LineChart<?, ?> chart = robot.lookup("#diagnose-arrivals").queryAs(LineChart.class);
        assertThat(chart.getData()).hasSize(3);
        assertThat(chart.getData().get(1).getName()).startsWith("429");
        assertThat(chart.getData().get(1).getData()).isNotEmpty();
        assertThat(robot.lookup("#diagnose-what-if").queryLabeled().getText()).contains("DG7", "DG14");
        // DG14: the what-if beside the real run, on the same scale.
        LineChart<?, ?> whatIf = robot.lookup("#diagnose-what-if-arrivals").queryAs(LineChart.class);
        assertThat(whatIf.getData()).hasSize(2);
        assertThat(whatIf.getData().get(0).getData()).isNotEmpty();
        assertThat(whatIf.getParent()).isSameAs(chart.getParent());
        assertThat(((javafx.scene.chart.NumberAxis) whatIf.getYAxis()).getUpperBound())
                .isEqualTo(((javafx.scene.chart.NumberAxis) chart.getYAxis()).getUpperBound());
        assertThat(robot.lookup("#diagnose-save").queryButton().isDisabled()).isFalse();
        assertThat(robot.lookup("#diagnose-run").queryButton().isDisabled()).isFalse();
        // DG11: no text on the tab shows a credential that nginx logged.
        Node tab = robot.lookup("#diagnose").query();
        java.util.Set<Node> shown = robot.from(tab).lookup((Node n) -> true).queryAll();
        assertThat(shown).hasSizeGreaterThan(50);
        for (Node node : shown) {
            assertThat(shownText(node)).doesNotContain("made-up-bearer", "made-up-token");
        }
    }

    // Bad input: a log format that matches no line is said in the field's words; the typed format is kept.
    @Test
    void aLogFormatThatMatchesNoLineIsSaidInTheFieldsWords(FxRobot robot) throws Exception {
        String wrong = "$remote_addr - $remote_user [$time_local] \"$request\" $status \"$http_x_client_id\"";
        openTabWith(robot, wrong);

        robot.clickOn("#diagnose-run");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !model.problemsProperty().get()
                .isEmpty());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.lookup("#diagnose-problems").queryLabeled().getText())
                .startsWith("storm-access.log: The log format '" + wrong + "' matched none of the 88 lines (line 1:")
                .endsWith("with the Log format field");
        assertThat(robot.lookup("#diagnose-log-format").queryTextInputControl().getText()).isEqualTo(wrong);
        assertThat(robot.lookup("#diagnose-client-key").queryTextInputControl().getText())
                .isEqualTo("$http_x_client_id");
        assertThat(model.files()).hasSize(1);
    }

    /** The median-early cells of the rows in view, top first. */
    private static List<String> medianCells(FxRobot robot, TableView<ClientDiagnosis> clients) {
        return robot.from(clients).lookup(".table-cell").queryAll().stream()
                .map(n -> (javafx.scene.control.TableCell<?, ?>) n)
                .filter(c -> c.getTableColumn() != null && c.getText() != null
                        && "diagnose-median-early-column".equals(c.getTableColumn().getId()))
                .sorted(java.util.Comparator.comparingInt(javafx.scene.control.TableCell::getIndex))
                .map(javafx.scene.control.TableCell::getText).toList();
    }

    private static String shownText(Node node) {
        if (node instanceof Labeled labeled) {
            return String.valueOf(labeled.getText());
        }
        if (node instanceof TextInputControl input) {
            return String.valueOf(input.getText());
        }
        if (node instanceof Text text) {
            return String.valueOf(text.getText());
        }
        return "";
    }
}
