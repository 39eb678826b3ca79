package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.common.Later;
import dev.stormwatch.app.common.UiThread;
import dev.stormwatch.app.diagnose.DiagnoseView;
import dev.stormwatch.app.diagnose.DiagnoseViewModel;
import dev.stormwatch.app.shell.MainWindow;
import dev.stormwatch.diagnose.DiagnoseService;
import dev.stormwatch.diagnose.Preview;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
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
 * DG22: the Diagnose tab's preview of the first lines, on the real service (its own thread, the app's debounce) and
 * on real files: the access log a real nginx wrote and the HAR a real Chromium exported.
 */
@ExtendWith(ApplicationExtension.class)
class DiagnosePreviewTabTest {

    /** The format the committed nginx log was written with, less its last variable: typed in the test. */
    private static final String FORMAT_HEAD = "$remote_addr [$time_local] $msec $request_time \"$request\" $status"
            + " \"$sent_http_retry_after\" \"$http_x_client_id\" ";

    private final ExecutorService background = Executors.newSingleThreadExecutor();
    private final ScheduledExecutorService previewing = Executors.newSingleThreadScheduledExecutor();
    private DiagnoseViewModel model;

    @Start
    void start(Stage stage) {
        DiagnoseService service = new DiagnoseService();
        model = new DiagnoseViewModel(
                service::diagnose,
                service::preview,
                background,
                Later.on(previewing),
                UiThread.executor(),
                DiagnoseViewModel.PREVIEW_DEBOUNCE);
        new MainWindow(new Label("session"), new Label("load lab"), new Label("servers"), new DiagnoseView(model))
                .show(stage);
    }

    @AfterEach
    void close() {
        background.shutdownNow();
        previewing.shutdownNow();
    }

    private static Path resource(String name) throws Exception {
        return Path.of(DiagnosePreviewTabTest.class.getResource(name).toURI());
    }

    private void openTab(FxRobot robot, Path file) {
        robot.interact(() -> {
            TabPane areas = robot.lookup("#areas").queryAs(TabPane.class);
            areas.getSelectionModel()
                    .select(areas.getTabs().stream()
                            .filter(t -> "diagnose".equals(t.getId()))
                            .findFirst()
                            .orElseThrow());
            model.addFiles(List.of(file));
        });
    }

    private static void waitForTitle(FxRobot robot, String part) throws Exception {
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> robot.lookup("#diagnose-preview-title")
                        .queryLabeled()
                        .getText()
                        .contains(part));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @SuppressWarnings("unchecked")
    private static TableView<Preview.Line> table(FxRobot robot) {
        return robot.lookup("#diagnose-preview").queryAs(TableView.class);
    }

    /** The texts of the preview table's cells on screen, in the column titled {@code column}, top first. */
    private static List<String> cells(FxRobot robot, String column) {
        return robot.from(table(robot)).lookup(".table-cell").queryAll().stream()
                .map(n -> (TableCell<?, ?>) n)
                .filter(c -> c.getTableColumn() != null
                        && column.equals(c.getTableColumn().getText())
                        && c.getTableRow() != null
                        && c.getTableRow().getItem() != null)
                .sorted(java.util.Comparator.comparingInt(TableCell::getIndex))
                .map(TableCell::getText)
                .toList();
    }

    @Test
    @DisplayName("DG22: typing the log format changes the preview of the real nginx log from lines that do not parse,"
            + " each with its reason, to its first ten requests with their clients, and no credential shows")
    void typingTheLogFormatChangesThePreview(FxRobot robot) throws Exception {
        openTab(robot, resource("/diagnose/nginx/storm-access.log"));
        robot.interact(() -> model.formatProperty().set(dev.stormwatch.diagnose.InputFormat.NGINX));
        // Empty: nginx's combined format, which this log was not written in.
        waitForTitle(robot, "0 of the first 10 lines parsed");
        assertThat(robot.lookup("#diagnose-preview-title").queryLabeled().getText())
                .startsWith("Preview of storm-access.log read as nginx");
        assertThat(cells(robot, "did not parse"))
                .isNotEmpty()
                .allMatch(reason -> reason.contains("after $remote_addr"));

        TextInputControl field = robot.lookup("#diagnose-log-format").queryTextInputControl();
        robot.interact(() -> {
            field.setText(FORMAT_HEAD);
            field.requestFocus();
            field.end();
        });
        // The last variable is typed key by key, as a person would; the preview follows once the typing rests.
        robot.write("\"$http_authorization\"");
        waitForTitle(robot, "10 of the first 10 lines parsed");

        assertThat(field.getText()).isEqualTo(FORMAT_HEAD + "\"$http_authorization\"");
        assertThat(table(robot).getItems()).hasSize(10).allMatch(Preview.Line::parsedLine);
        robot.interact(() ->
                robot.lookup("#diagnose-client-key").queryTextInputControl().setText("$http_x_client_id"));
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> !model.previewLines().isEmpty()
                        && "patient".equals(model.previewLines().get(0).client()));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(cells(robot, "client")).first().isEqualTo("patient");
        assertThat(cells(robot, "client")).contains("eager-a", "eager-b");
        assertThat(cells(robot, "status")).first().isEqualTo("200");
        assertThat(cells(robot, "status")).contains("429");
        assertThat(cells(robot, "target")).first().asString().contains("/api/patient/item/1?access_token=[redacted]");
        assertThat(robot.lookup("#diagnose-preview-problem").queryLabeled().isVisible())
                .isFalse();

        // The client key that is a credential: only its short hash (DG11).
        robot.interact(() ->
                robot.lookup("#diagnose-client-key").queryTextInputControl().setText("$http_authorization"));
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> !model.previewLines().isEmpty()
                        && model.previewLines().get(0).client().startsWith("key:"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(cells(robot, "client")).allMatch(c -> c.matches("key:[0-9a-f]{10}"));
        for (String column : List.of("client", "target", "Retry-After", "did not parse")) {
            assertThat(cells(robot, column)).noneMatch(c -> c.contains("made-up"));
        }
    }

    @Test
    @DisplayName("DG22: a log format that cannot be used says why in the Log format field's words; the typed format"
            + " stays")
    void aBadLogFormatSaysWhyInTheFieldsWords(FxRobot robot) throws Exception {
        openTab(robot, resource("/diagnose/nginx/storm-access.log"));
        waitForTitle(robot, "lines parsed");
        robot.interact(() ->
                robot.lookup("#diagnose-log-format").queryTextInputControl().setText("$msec$status"));

        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> !model.previewProblemProperty().get().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();

        Label problem = robot.lookup("#diagnose-preview-problem").queryAs(Label.class);
        assertThat(problem.isVisible()).isTrue();
        assertThat(problem.getText()).startsWith("The log format has two variables with nothing between them");
        assertThat(table(robot).getItems()).isEmpty();
        assertThat(robot.lookup("#diagnose-log-format").queryTextInputControl().getText())
                .isEqualTo("$msec$status");
    }

    @Test
    @DisplayName("DG22: the preview of a real Chromium HAR shows its entries, one client named after the file, and"
            + " follows the first file")
    void thePreviewOfARealHarFollowsTheFirstFile(FxRobot robot) throws Exception {
        openTab(robot, resource("/diagnose/har/chromium-storm.har"));
        waitForTitle(robot, "Preview of chromium-storm.har read as har: 10 of the first 10 lines parsed");
        assertThat(cells(robot, "client")).containsOnly("chromium-storm");
        assertThat(cells(robot, "method")).containsOnly("GET");
        assertThat(cells(robot, "target")).allMatch(t -> !t.contains("not-a-real-token"));

        // The first file leaves: the preview follows the next one.
        Path log = resource("/diagnose/nginx/storm-access.log");
        robot.interact(() -> {
            model.addFiles(List.of(log));
            model.removeFile(model.files().get(0));
        });
        waitForTitle(robot, "Preview of storm-access.log");
    }
}
