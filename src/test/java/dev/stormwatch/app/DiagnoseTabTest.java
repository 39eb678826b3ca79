package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.common.UiThread;
import dev.stormwatch.app.diagnose.DiagnoseView;
import dev.stormwatch.app.diagnose.DiagnoseViewModel;
import dev.stormwatch.app.shell.MainWindow;
import dev.stormwatch.cli.InProcessCli;
import dev.stormwatch.diagnose.DiagnoseService;
import dev.stormwatch.diagnose.Diagnosis.ClientDiagnosis;
import dev.stormwatch.load.report.JsonReportReader;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import java.nio.file.Files;
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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
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

    @TempDir
    Path dir;

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
        Path log = Path.of(
                getClass().getResource("/diagnose/nginx/storm-access.log").toURI());
        robot.interact(() -> {
            TabPane areas = robot.lookup("#areas").queryAs(TabPane.class);
            areas.getSelectionModel()
                    .select(areas.getTabs().stream()
                            .filter(t -> "diagnose".equals(t.getId()))
                            .findFirst()
                            .orElseThrow());
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
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> model.readyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.lookup("#diagnose-verdict").queryLabeled().getText())
                .startsWith("2 of 3 clients ignored Retry-After");
        @SuppressWarnings("unchecked")
        TableView<ClientDiagnosis> clients = robot.lookup("#diagnose-clients").queryAs(TableView.class);
        assertThat(clients.getItems()).hasSize(3);
        assertThat(clients.getItems().get(0).ignoresRetryAfter()).isTrue();
        TableColumn<ClientDiagnosis, ?> early = clients.getColumns().stream()
                .filter(c -> "diagnose-early-column".equals(c.getId()))
                .findFirst()
                .orElseThrow();
        robot.interact(() -> {
            early.setSortType(TableColumn.SortType.ASCENDING);
            clients.getSortOrder().setAll(List.of(early));
        });
        assertThat(clients.getItems().get(0).client())
                .as("fewest early retries first")
                .isEqualTo("patient");
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

    @Test
    @DisplayName("DG23 DG24 UI14: the lanes chart has a row per client, one mark per request in its status's colour"
            + " and each early retry marked apart; the status chart stacks 2xx, 429, 5xx and other under the quota")
    void theLanesAndTheStatusChartShowTheRealNginxLog(FxRobot robot) throws Exception {
        openTabWith(robot, NGINX_FORMAT);

        robot.clickOn("#diagnose-run");
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> model.readyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        @SuppressWarnings("unchecked")
        javafx.scene.chart.ScatterChart<Number, String> lanes =
                robot.lookup("#diagnose-lanes").queryAs(javafx.scene.chart.ScatterChart.class);
        @SuppressWarnings("unchecked")
        TableView<ClientDiagnosis> table = robot.lookup("#diagnose-clients").queryAs(TableView.class);
        List<ClientDiagnosis> clients = List.copyOf(table.getItems());
        assertThat(((javafx.scene.chart.CategoryAxis) lanes.getYAxis()).getCategories())
                .containsExactlyInAnyOrderElementsOf(
                        clients.stream().map(ClientDiagnosis::client).toList());
        assertThat(lanes.getData())
                .extracting(javafx.scene.chart.XYChart.Series::getName)
                .containsExactly("2xx", "429", "5xx", "other", "early retries");
        for (ClientDiagnosis client : clients) {
            long marks = 0;
            long early = 0;
            for (javafx.scene.chart.XYChart.Series<Number, String> series : lanes.getData()) {
                long mine = series.getData().stream()
                        .filter(p -> p.getYValue().equals(client.client()))
                        .count();
                if (series.getName().equals("early retries")) {
                    early = mine;
                } else {
                    marks += mine;
                }
                if (series.getName().equals("429")) {
                    assertThat(mine).as(client.client() + " 429 marks").isEqualTo(client.throttled());
                }
            }
            assertThat(marks).as(client.client() + " marks").isEqualTo(client.requests());
            assertThat(early).as(client.client() + " early marks").isEqualTo(client.earlyRetries());
        }
        // UI14: each series in its one colour; early retries a mark of their own.
        javafx.scene.chart.XYChart.Series<Number, String> throttledMarks =
                lanes.getData().get(1);
        javafx.scene.chart.XYChart.Series<Number, String> earlyMarks =
                lanes.getData().get(4);
        assertThat(earlyMarks.getData()).isNotEmpty();
        assertThat(throttledMarks.getData().get(0).getNode().getStyleClass()).contains("sw-series-2");
        assertThat(earlyMarks.getData().get(0).getNode().getStyleClass()).contains("sw-series-5", "sw-early-mark");
        robot.interact(() -> lanes.getScene().getRoot().applyCss());
        assertThat(rgb(fill(throttledMarks.getData().get(0).getNode())))
                .as("a 429 mark in the light theme's 429 colour")
                .isEqualTo(dev.stormwatch.base.ChartSeries.THROTTLED.lightRgb());
        assertThat(rgb(fill(earlyMarks.getData().get(0).getNode())))
                .as("an early retry in the retries' colour")
                .isEqualTo(dev.stormwatch.base.ChartSeries.RETRIES.lightRgb());
        assertThat(robot.lookup("#diagnose-lanes-more").queryLabeled().getText())
                .as("three clients, all drawn")
                .isEmpty();

        @SuppressWarnings("unchecked")
        javafx.scene.chart.StackedAreaChart<Number, Number> status =
                robot.lookup("#diagnose-status-chart").queryAs(javafx.scene.chart.StackedAreaChart.class);
        assertThat(status.getData())
                .extracting(javafx.scene.chart.XYChart.Series::getName)
                .containsExactly("2xx", "429", "5xx", "other");
        long[] sums = new long[4];
        for (int s = 0; s < 4; s++) {
            sums[s] = status.getData().get(s).getData().stream()
                    .mapToLong(p -> p.getYValue().longValue())
                    .sum();
        }
        assertThat(sums[0] + sums[1] + sums[2] + sums[3]).isEqualTo(88);
        assertThat(sums[1])
                .isEqualTo(
                        clients.stream().mapToLong(ClientDiagnosis::throttled).sum());
        assertThat(status.getData().get(1).getNode().getStyleClass()).contains("sw-series-2");
        assertThat(status.getData().get(0).getNode().getStyleClass()).contains("sw-series-3");
        // The quota line, at the what-if's quota per bucket (1 s buckets here).
        javafx.scene.shape.Line quota = robot.lookup("#diagnose-status-quota").queryAs(javafx.scene.shape.Line.class);
        double perBucket = model.quotaPerBucketProperty().get();
        assertThat(perBucket).isPositive();
        assertThat(quota.isVisible()).isTrue();
        assertThat(quota.getStartY())
                .isCloseTo(
                        ((javafx.scene.chart.NumberAxis) status.getYAxis()).getDisplayPosition(perBucket),
                        org.assertj.core.data.Offset.offset(0.5));
        assertThat(quota.getEndX()).isGreaterThan(quota.getStartX());
    }

    // Bad input: a log format that matches no line is said in the field's words; the typed format is kept.
    @Test
    void aLogFormatThatMatchesNoLineIsSaidInTheFieldsWords(FxRobot robot) throws Exception {
        String wrong = "$remote_addr - $remote_user [$time_local] \"$request\" $status \"$http_x_client_id\"";
        openTabWith(robot, wrong);

        robot.clickOn("#diagnose-run");
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> !model.problemsProperty().get().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.lookup("#diagnose-problems").queryLabeled().getText())
                .startsWith("storm-access.log: The log format '" + wrong + "' matched none of the 88 lines (line 1:")
                .endsWith("with the Log format field");
        assertThat(robot.lookup("#diagnose-log-format").queryTextInputControl().getText())
                .isEqualTo(wrong);
        assertThat(robot.lookup("#diagnose-client-key").queryTextInputControl().getText())
                .isEqualTo("$http_x_client_id");
        assertThat(model.files()).hasSize(1);
    }

    @Test
    @DisplayName("DG18: an empty and a binary file dropped on the tab name every format the Format field reads;"
            + " the log beside them is diagnosed, and no lab-run section shows without a load report")
    void anEmptyAndABinaryFileNameEveryFormatInTheTab(FxRobot robot) throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.log"), "");
        byte[] binary = new byte[3000];
        new java.util.Random(7).nextBytes(binary);
        binary[10] = 0;
        Path blob = Files.write(dir.resolve("blob.bin"), binary);
        openTabWith(robot, NGINX_FORMAT);
        robot.interact(() -> model.addFiles(List.of(empty, blob)));

        robot.clickOn("#diagnose-run");
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> model.readyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        List<String> problems = robot.lookup("#diagnose-problems")
                .queryLabeled()
                .getText()
                .lines()
                .toList();
        assertThat(problems).hasSize(2);
        assertThat(problems.get(0))
                .startsWith(
                        "empty.log: The file is empty: expected one of the formats the Format" + " field reads: har (");
        assertThat(problems.get(1))
                .startsWith("blob.bin: The file is binary (it holds NUL bytes): expected one of"
                        + " the formats the Format field reads");
        for (String line : problems) {
            assertThat(line)
                    .contains(
                            "har (",
                            "nginx or apache (",
                            "jsonl (",
                            "otlp (",
                            "report (",
                            "OTLP/JSON",
                            "Stormwatch load report")
                    .doesNotContain("--format");
        }
        assertThat(robot.lookup("#diagnose-verdict").queryLabeled().getText())
                .startsWith("2 of 3 clients ignored Retry-After");
        assertThat(robot.lookup("#diagnose-lab-run-box").query().isVisible()).isFalse();
    }

    @Test
    @Tag("slow")
    @DisplayName("UI19 DG17: a load report among the files shows on the tab beside the real storm: one row each with"
            + " the same figures, and their arrivals per second on one chart")
    void aLoadReportShowsAsALabRunBesideTheRealStorm(FxRobot robot) throws Exception {
        Path lab = labReport();
        LoadReport report = JsonReportReader.read(lab);
        TimeSeries client = report.seriesNamed("client per second").orElseThrow();
        long attempts = client.total(Counter.ATTEMPTS);
        openTabWith(robot, NGINX_FORMAT);
        robot.interact(() -> model.addFiles(List.of(lab)));

        robot.clickOn("#diagnose-run");
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> model.readyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        // DG17: the lab run is not evidence: the diagnosis is the log's alone.
        assertThat(robot.lookup("#diagnose-verdict").queryLabeled().getText())
                .startsWith("2 of 3 clients ignored Retry-After");
        assertThat(robot.lookup("#diagnose-lab-run-box").query().isVisible()).isTrue();
        @SuppressWarnings("unchecked")
        TableView<DiagnoseViewModel.LabRunRow> table =
                robot.lookup("#diagnose-lab-runs").queryAs(TableView.class);
        assertThat(table.getItems()).hasSize(2);
        DiagnoseViewModel.LabRunRow real = table.getItems().get(0);
        DiagnoseViewModel.LabRunRow run = table.getItems().get(1);
        assertThat(real.kind()).isEqualTo("real storm");
        assertThat(real.requests()).isEqualTo(88);
        assertThat(run.input()).isEqualTo("lab.json");
        assertThat(run.kind()).startsWith("lab run: ");
        assertThat(run.requests()).isEqualTo(attempts).isPositive();
        assertThat(run.throttled()).isEqualTo(client.total(Counter.STATUS_429)).isPositive();
        // The cells on screen say what the rows hold.
        List<String> cells = robot.from(table).lookup(".table-cell").queryAll().stream()
                .map(n -> ((javafx.scene.control.TableCell<?, ?>) n).getText())
                .filter(t -> t != null)
                .toList();
        assertThat(cells)
                .contains("real storm", "lab.json", run.kind(), String.format(java.util.Locale.ROOT, "%,d", attempts));

        LineChart<?, ?> chart = robot.lookup("#diagnose-lab-run-arrivals").queryAs(LineChart.class);
        assertThat(chart.getData()).hasSize(2);
        assertThat(chart.getData().get(0).getName()).startsWith("real storm");
        assertThat(chart.getData().get(1).getName()).isEqualTo("lab run lab.json");
        long drawn = chart.getData().get(1).getData().stream()
                .mapToLong(p -> ((Number) p.getYValue()).longValue())
                .sum();
        assertThat(drawn).as("the lab run's arrivals sum to its requests").isEqualTo(attempts);
        long realDrawn = chart.getData().get(0).getData().stream()
                .mapToLong(p -> ((Number) p.getYValue()).longValue())
                .sum();
        assertThat(realDrawn).isEqualTo(88);
    }

    /**
     * A real load report, written by {@code stormwatch load} against the embedded relay answering as nginx's
     * limit_req, for its shortest length (10 s); one run per test JVM, shared with the command line's test.
     */
    private Path labReport() {
        return InProcessCli.nginxLabReportAt(dir.resolve("lab.json"));
    }

    /** The median-early cells of the rows in view, top first. */
    private static List<String> medianCells(FxRobot robot, TableView<ClientDiagnosis> clients) {
        return robot.from(clients).lookup(".table-cell").queryAll().stream()
                .map(n -> (javafx.scene.control.TableCell<?, ?>) n)
                .filter(c -> c.getTableColumn() != null
                        && c.getText() != null
                        && "diagnose-median-early-column"
                                .equals(c.getTableColumn().getId()))
                .sorted(java.util.Comparator.comparingInt(javafx.scene.control.TableCell::getIndex))
                .map(javafx.scene.control.TableCell::getText)
                .toList();
    }

    private static javafx.scene.paint.Color fill(Node mark) {
        return (javafx.scene.paint.Color) ((javafx.scene.layout.Region) mark)
                .getBackground()
                .getFills()
                .get(0)
                .getFill();
    }

    private static int rgb(javafx.scene.paint.Color c) {
        return (int) Math.round(c.getRed() * 255) << 16
                | (int) Math.round(c.getGreen() * 255) << 8
                | (int) Math.round(c.getBlue() * 255);
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
