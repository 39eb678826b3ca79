package dev.stormwatch.app.diagnose;

import static dev.stormwatch.testing.ShownArea.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.diagnose.DiagnoseException;
import dev.stormwatch.diagnose.DiagnoseService;
import dev.stormwatch.diagnose.Diagnosis;
import dev.stormwatch.diagnose.Preview;
import dev.stormwatch.load.report.JsonReportWriter;
import dev.stormwatch.load.report.SampleReports;
import dev.stormwatch.testing.AnsweredFileDialogs;
import dev.stormwatch.testing.DrawnText;
import dev.stormwatch.testing.FxThread;
import dev.stormwatch.testing.ShownArea;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.geometry.Side;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.ScatterChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The Diagnose tab as a person reads it at a narrow window (1024×700) on the real toolkit, over its real view model
 * and the real diagnosis: nothing cut to "...", the words of its charts and fields, the parts' sizes, the cells of its
 * tables, and its buttons that ask the desktop for files (answered here in the desktop's place).
 */
@ExtendWith(ApplicationExtension.class)
class DiagnoseViewLayoutTest {

    private static final String NGINX_FORMAT = DiagnoseViewModelTest.NGINX_FORMAT;

    /** The tab's five charts, in reading order. */
    private static final List<String> CHARTS = List.of(
            "diagnose-arrivals",
            "diagnose-what-if-arrivals",
            "diagnose-status-chart",
            "diagnose-lanes",
            "diagnose-lab-run-arrivals");

    @TempDir
    Path dir;

    @RegisterExtension
    final ShownArea area = new ShownArea();

    private final AnsweredFileDialogs dialogs = new AnsweredFileDialogs();
    private DiagnoseViewModel model;
    private DiagnoseView view;

    private void show(int width, int height) throws Exception {
        DiagnoseService service = new DiagnoseService();
        show(width, height, service::diagnose);
    }

    private void show(int width, int height, DiagnoseViewModel.Diagnoser diagnoser) throws Exception {
        FxThread.run(() -> {
            model = DiagnoseViewTest.modelOn(area, diagnoser);
            view = new DiagnoseView(model, dialogs);
            area.show(view, width, height);
        });
    }

    private static Path stormLog() throws Exception {
        return DiagnoseViewTest.stormLog();
    }

    /** The storm's log under a long name, as a file exported from a gateway often has, with a line that is noise. */
    private Path longNamedStorm() throws Exception {
        Path copy = dir.resolve("storm-access-of-the-public-gateway-recorded-during-the-incident-of-the-first-of"
                + "-december-between-thirteen-forty-and-thirteen-fifty-utc.log");
        Files.write(copy, Files.readAllLines(stormLog()));
        Files.writeString(copy, "this is not a log line\n", java.nio.file.StandardOpenOption.APPEND);
        return copy;
    }

    /**
     * A busy log in the storm's format: twelve clients, each sending one request a second answered 200, 429, 500 or
     * 404 by turns, so that every second stacks all four status classes above the quota the what-if estimates, and
     * there are more clients than the lanes draw.
     */
    private Path busyLog() throws Exception {
        return busyLog("busy-access.log", 200, 429, 500, 404);
    }

    private Path busyLog(String name, int... statuses) throws Exception {
        StringBuilder log = new StringBuilder();
        long start = 1_796_132_453_000L;
        int n = 0;
        for (int second = 0; second < 20; second++) {
            for (int c = 1; c <= 12; c++) {
                int status = statuses[(second + c) % statuses.length];
                long at = start + second * 1000L + c * 37L;
                log.append(String.format(
                        Locale.ROOT,
                        "127.0.0.1 [01/Dec/2026:13:40:53 +0000] %d.%03d 0.000 \"GET /api/busy/%d HTTP/1.1\" %d \"%s\""
                                + " \"busy-client-%02d\" \"-\"\n",
                        at / 1000,
                        at % 1000,
                        n,
                        status,
                        status == 429 ? "1" : "-",
                        c));
                n++;
            }
        }
        Path file = dir.resolve(name);
        Files.writeString(file, log);
        return file;
    }

    private void diagnose(List<Path> files) throws Exception {
        FxThread.run(() -> {
            model.addFiles(files);
            model.logFormatProperty().set(NGINX_FORMAT);
            model.clientKeyProperty().set("$http_x_client_id");
        });
        area.fire("diagnose-run");
        await(() -> model.readyProperty().get() && !model.runningProperty().get());
    }

    /** Every label shown whose rendered text is not its whole text (cut to "..."), as "text shown as drawn in #id". */
    private List<String> cutLabels() throws Exception {
        return FxThread.call(() -> DrawnText.cut(view));
    }

    @SuppressWarnings("unchecked")
    private <X, Y> XYChart<X, Y> chart(String id) {
        return (XYChart<X, Y>) area.<Node>node(id);
    }

    private static boolean coloured(XYChart<?, ?> chart) {
        List<Node> drawn = new ArrayList<>();
        for (XYChart.Series<?, ?> series : chart.getData()) {
            drawn.add(series.getNode());
            series.getData().forEach(point -> drawn.add(point.getNode()));
        }
        return drawn.stream()
                .anyMatch(node ->
                        node != null && node.getStyleClass().stream().anyMatch(c -> c.startsWith("sw-series-")));
    }

    @Test
    @DisplayName("UI8, DG10, DG17, DG22: at 1024x700 with a long file name, a line that did not parse, a lab run and a"
            + " file that gave nothing, every text is shown whole, the charts keep their height and share their rows"
            + " equally, and the two columns fit their width")
    void atANarrowWindowEveryTextIsWholeAndEveryPartKeepsItsSize() throws Exception {
        show(1024, 700);
        Path report = dir.resolve("lab-run.json");
        JsonReportWriter.write(SampleReports.storm(), report);
        Path empty = dir.resolve("an-empty-export-of-the-gateway-log-from-the-night-of-the-incident.log");
        Files.writeString(empty, "");
        diagnose(List.of(longNamedStorm(), report, busyLog(), empty));
        await(() -> !model.previewTitleProperty().get().isEmpty());

        assertThat(model.problemsProperty().get()).isNotEmpty();
        assertThat(model.lanesNoteProperty().get()).isNotEmpty();
        assertThat(area.text("diagnose-problems"))
                .isEqualTo(model.problemsProperty().get());
        assertThat(area.text("diagnose-progress-text"))
                .isEqualTo(model.progressTextProperty().get())
                .startsWith("Read ");
        assertThat(area.text("diagnose-lanes-more"))
                .isEqualTo(model.lanesNoteProperty().get());
        assertThat(cutLabels()).isEmpty();

        Map<String, Double> heights = FxThread.call(() -> {
            Map<String, Double> h = new LinkedHashMap<>();
            for (String id : java.util.stream.Stream.concat(
                            CHARTS.stream(),
                            java.util.stream.Stream.of(
                                    "diagnose-unparsed", "diagnose-lab-runs", "diagnose-files", "diagnose-preview"))
                    .toList()) {
                h.put(id, area.<javafx.scene.layout.Region>node(id).getHeight());
            }
            return h;
        });
        for (String id : CHARTS) {
            assertThat(heights.get(id))
                    .as("%s keeps its height rather than squeezed", id)
                    .isGreaterThanOrEqualTo(220.0);
        }
        assertThat(heights.get("diagnose-unparsed"))
                .as("the lines that did not parse")
                .isEqualTo(90.0);
        assertThat(heights.get("diagnose-lab-runs")).isEqualTo(model.labRuns().size() * 26.0 + 34);
        assertThat(heights.get("diagnose-files")).as("four files or so in view").isEqualTo(110.0);

        // The halves of a row share it equally and fill it.
        List<List<Double>> rows = FxThread.call(() -> {
            List<List<Double>> r = new ArrayList<>();
            Node happened = area.node("diagnose-figures").getParent();
            Node whatIf = area.node("diagnose-what-if").getParent();
            Node status = area.node("diagnose-status-chart");
            Node lanes = area.node("diagnose-lanes").getParent();
            for (List<Node> pair : List.<List<Node>>of(
                    List.of(happened, whatIf),
                    List.<Node>of(area.node("diagnose-arrivals"), area.node("diagnose-what-if-arrivals")),
                    List.of(status, lanes))) {
                javafx.scene.layout.HBox row =
                        (javafx.scene.layout.HBox) pair.get(0).getParent();
                r.add(List.of(
                        ((javafx.scene.layout.Region) pair.get(0)).getWidth(),
                        ((javafx.scene.layout.Region) pair.get(1)).getWidth(),
                        row.getWidth() - row.getSpacing()));
            }
            return r;
        });
        for (List<Double> row : rows) {
            assertThat(row.get(0)).as("%s", row).isCloseTo(row.get(1), org.assertj.core.data.Offset.offset(1.0));
            assertThat(row.get(0) + row.get(1))
                    .as("%s", row)
                    .isCloseTo(row.get(2), org.assertj.core.data.Offset.offset(1.0));
        }

        // The form is 340 wide and its content fits it; the results fit the rest, inset from its edges.
        List<Double> columns = FxThread.call(() -> {
            ScrollPane form = (ScrollPane) view.getLeft().lookup(".scroll-pane");
            ScrollPane results = (ScrollPane) view.getCenter();
            javafx.scene.layout.Region formContent = (javafx.scene.layout.Region) form.getContent();
            javafx.scene.layout.Region resultsContent = (javafx.scene.layout.Region) results.getContent();
            Node verdict = area.node("diagnose-verdict");
            Bounds title = formContent.getChildrenUnmodifiable().get(0).getBoundsInParent();
            return List.of(
                    form.getWidth(),
                    formContent.getWidth(),
                    form.getViewportBounds().getWidth(),
                    resultsContent.getWidth(),
                    results.getViewportBounds().getWidth(),
                    verdict.getLayoutX(),
                    title.getMinX(),
                    title.getMinY());
        });
        assertThat(columns.get(0)).as("the form's width").isEqualTo(340.0);
        assertThat(columns.get(1)).as("the form fits its width").isEqualTo(columns.get(2));
        assertThat(columns.get(3)).as("the results fit their width").isEqualTo(columns.get(4));
        assertThat(columns.subList(5, 8)).as("inset 12 from the edges").containsOnly(12.0);

        List<Double> widths = FxThread.call(() -> {
            Node form = view.getLeft().lookup(".scroll-pane");
            ComboBox<?> format = area.node("diagnose-format");
            ProgressBar bar = area.node("diagnose-progress");
            javafx.scene.layout.Region formContent = (javafx.scene.layout.Region) ((ScrollPane) form).getContent();
            javafx.scene.layout.Region actions = (javafx.scene.layout.Region) bar.getParent();
            return List.of(
                    format.getWidth(),
                    formContent.getWidth() - 24,
                    bar.getWidth(),
                    actions.getWidth()
                            - actions.getInsets().getLeft()
                            - actions.getInsets().getRight());
        });
        assertThat(widths.get(0)).as("the format fills the form").isEqualTo(widths.get(1));
        assertThat(widths.get(2)).as("the progress bar fills its column").isEqualTo(widths.get(3));

        // A log format that reads no line says why, whole.
        FxThread.run(() -> model.logFormatProperty().set("$status $nonsense_variable_that_never_matches ["));
        await(() -> area.shown("diagnose-preview-problem"));
        assertThat(cutLabels()).isEmpty();
    }

    @Test
    @DisplayName("DG12, DG14, DG17, DG23, DG24: every chart says what it draws in words, in its title and on its axes;"
            + " lines without symbols, nothing animated, the legend below, each series in its own colour")
    void theChartsSayWhatTheyDraw() throws Exception {
        show(1280, 800);
        Path report = dir.resolve("lab-run.json");
        JsonReportWriter.write(SampleReports.storm(), report);
        diagnose(List.of(stormLog(), report));

        record Words(String title, String x, String y, boolean symbols, boolean animated, Side legend) {}
        Map<String, Words> words = FxThread.call(() -> {
            Map<String, Words> w = new LinkedHashMap<>();
            for (String id : CHARTS) {
                XYChart<?, ?> chart = chart(id);
                boolean symbols = chart instanceof LineChart<?, ?> line
                        ? line.getCreateSymbols()
                        : chart instanceof javafx.scene.chart.StackedAreaChart<?, ?> area
                                ? area.getCreateSymbols()
                                : true;
                w.put(
                        id,
                        new Words(
                                chart.getTitle(),
                                chart.getXAxis().getLabel(),
                                chart.getYAxis().getLabel(),
                                symbols,
                                chart.getAnimated(),
                                chart.getLegendSide()));
            }
            return w;
        });
        Side bottom = Side.BOTTOM;
        assertThat(words)
                .containsEntry(
                        "diagnose-arrivals",
                        new Words(
                                "Arrivals (DG12)",
                                "seconds since the first request",
                                "per bucket",
                                false,
                                false,
                                bottom))
                .containsEntry(
                        "diagnose-what-if-arrivals",
                        new Words(
                                "What-if arrivals (DG14)",
                                "seconds since the first request",
                                "per bucket",
                                false,
                                false,
                                bottom))
                .containsEntry(
                        "diagnose-status-chart",
                        new Words(
                                "Arrivals by status (DG24)",
                                "seconds since the first request",
                                "per bucket",
                                false,
                                false,
                                bottom))
                .containsEntry(
                        "diagnose-lanes",
                        new Words("Requests per client (DG23)", "seconds", "client", true, false, bottom))
                .containsEntry(
                        "diagnose-lab-run-arrivals",
                        new Words(
                                "Arrivals per second: the real storm beside each lab run (DG17)",
                                "seconds from each one's start",
                                "per second",
                                false,
                                false,
                                bottom));
        for (String id : List.of("diagnose-arrivals", "diagnose-status-chart", "diagnose-lanes")) {
            XYChart<?, ?> chart = chart(id);
            assertThat(FxThread.call(() -> coloured(chart)))
                    .as("%s colours its series by what they are", id)
                    .isTrue();
        }
    }

    @Test
    @DisplayName("DG23: each early retry is marked apart, at its start in seconds from the first request, on its"
            + " client's row")
    void theEarlyRetriesAreMarkedAtTheirStart() throws Exception {
        show(1280, 800);
        diagnose(List.of(stormLog()));

        @SuppressWarnings("unchecked")
        ScatterChart<Number, String> lanes = (ScatterChart<Number, String>) area.<Node>node("diagnose-lanes");
        List<List<Object>> expected = new ArrayList<>();
        List<List<Object>> all = new ArrayList<>();
        for (Diagnosis.Lane lane : model.lanes()) {
            for (Diagnosis.Mark mark : lane.marks()) {
                List<Object> point = List.of(mark.offsetMillis() / 1000.0, lane.client());
                all.add(point);
                if (mark.early()) {
                    expected.add(point);
                }
            }
        }
        XYChart.Series<Number, String> early =
                lanes.getData().get(lanes.getData().size() - 1);
        List<List<Object>> drawn = early.getData().stream()
                .map(d -> List.<Object>of(d.getXValue().doubleValue(), d.getYValue()))
                .toList();
        assertThat(drawn).containsExactlyInAnyOrderElementsOf(expected).isNotEmpty();
        assertThat(expected).hasSizeLessThan(all.size());
        List<List<Object>> marks = new ArrayList<>();
        for (XYChart.Series<Number, String> series :
                lanes.getData().subList(0, lanes.getData().size() - 1)) {
            for (XYChart.Data<Number, String> d : series.getData()) {
                marks.add(List.of(d.getXValue().doubleValue(), d.getYValue()));
            }
        }
        assertThat(marks).containsExactlyInAnyOrderElementsOf(all);
        assertThat(early.getData())
                .allSatisfy(point -> assertThat(point.getNode().getStyleClass()).contains("sw-early-mark"));
    }

    @Test
    @DisplayName("DG24, DG23: with the bars above the quota the status chart's scale is the tallest stack of the four"
            + " classes with a tenth above it, from zero; the lanes say which clients they leave out")
    void aboveTheQuotaTheStatusScaleIsTheTallestStack() throws Exception {
        show(1280, 800);
        diagnose(List.of(busyLog()));

        double quota = model.quotaPerBucketProperty().get();
        List<DiagnoseViewModel.StatusPoint> buckets = List.copyOf(model.statusArrivals());
        assertThat(buckets).isNotEmpty();
        XYChart<Number, Number> status = chart("diagnose-status-chart");
        assertThat(status.getData()).hasSize(4);
        assertThat(status.getData().get(0).getData()).hasSize(buckets.size());
        int top = 0;
        for (DiagnoseViewModel.StatusPoint p : buckets) {
            top = Math.max(top, p.succeeded() + p.throttled() + p.failed() + p.other());
        }
        assertThat(buckets)
                .anySatisfy(p -> assertThat(List.of(p.throttled(), p.failed(), p.other()))
                        .allSatisfy(count -> assertThat(count).isPositive()));
        assertThat((double) top).as("the bars above the quota").isGreaterThan(quota);
        NumberAxis values = (NumberAxis) status.getYAxis();
        assertThat(List.of(values.getLowerBound(), values.getUpperBound(), values.getTickUnit()))
                .containsExactly(0.0, Math.ceil(top * 1.1), Math.max(1, Math.ceil(top / 5.0)));
        assertThat(area.text("diagnose-lanes-more"))
                .isEqualTo(model.lanesNoteProperty().get())
                .contains("more clients");
    }

    @Test
    @DisplayName("DG24: a second diagnosis at the same quota redraws the status chart from its own buckets")
    void aSecondDiagnosisAtTheSameQuotaIsRedrawn() throws Exception {
        show(1280, 800);
        diagnose(List.of(busyLog("calm-access.log", 200, 200, 404)));
        double quota = model.quotaPerBucketProperty().get();
        FxThread.run(model::clearFiles);
        diagnose(List.of(busyLog("calmer-access.log", 200, 404, 404)));

        assertThat(model.quotaPerBucketProperty().get()).as("the same quota").isEqualTo(quota);
        StatusStackChart status = (StatusStackChart) area.<Node>node("diagnose-status-chart");
        List<List<Double>> drawn = FxThread.call(() -> List.of(0, 3).stream()
                .map(s -> status.getData().get(s).getData().stream()
                        .map(d -> d.getYValue().doubleValue())
                        .toList())
                .toList());
        assertThat(drawn)
                .containsExactly(
                        model.statusArrivals().stream()
                                .map(p -> (double) p.succeeded())
                                .toList(),
                        model.statusArrivals().stream()
                                .map(p -> (double) p.other())
                                .toList());
    }

    @Test
    @DisplayName("DG22: the preview shows each line's number, start in UTC, client, method, target, status (only when"
            + " it parsed), Retry-After and reason, a row each at a fixed height, at least four rows in view")
    void thePreviewShowsEachLineAsItWouldBeRead() throws Exception {
        show(1280, 800);
        List<String> lines = new ArrayList<>(Files.readAllLines(stormLog()));
        lines.add(1, "this is not a log line");
        Path log = dir.resolve("storm-with-noise.log");
        Files.write(log, lines);
        FxThread.run(() -> {
            model.addFiles(List.of(log));
            model.logFormatProperty().set(NGINX_FORMAT);
            model.clientKeyProperty().set("$http_x_client_id");
        });
        await(() -> model.previewLines().size() == DiagnoseViewModel.PREVIEW_LINES
                && model.previewLines().get(0).parsedLine());
        @SuppressWarnings("unchecked")
        TableView<Preview.Line> preview = area.node("diagnose-preview");
        DateTimeFormatter utc = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS", Locale.ROOT)
                .withZone(ZoneOffset.UTC);
        assertThat(preview.getColumns())
                .extracting(TableColumn::getText)
                .containsExactly(
                        "line", "start (UTC)", "client", "method", "target", "status", "Retry-After", "did not parse");
        List<List<Object>> cells = cells(preview);
        List<List<Object>> expected = new ArrayList<>();
        for (Preview.Line l : model.previewLines()) {
            expected.add(List.of(
                    Long.toString(l.line()),
                    l.start() == null ? "" : utc.format(l.start()),
                    java.util.Objects.toString(l.client(), ""),
                    java.util.Objects.toString(l.method(), ""),
                    java.util.Objects.toString(l.uri(), ""),
                    l.parsedLine() ? Integer.toString(l.status()) : "",
                    java.util.Objects.toString(l.retryAfter(), ""),
                    java.util.Objects.toString(l.reason(), "")));
        }
        assertThat(cells).isEqualTo(expected);
        assertThat(model.previewLines())
                .anySatisfy(l -> assertThat(l.retryAfter()).isNotBlank());
        List<Double> sizes = FxThread.call(() -> {
            List<Double> s = new ArrayList<>();
            s.add(preview.getHeight());
            preview.lookupAll(".table-row-cell").forEach(row -> s.add(((javafx.scene.layout.Region) row).getHeight()));
            return s;
        });
        assertThat(sizes.get(0))
                .as("squeezed by the window's height, four rows and the header still in view")
                .isEqualTo(24.0 * 4 + 30);
        assertThat(sizes.subList(1, sizes.size())).isNotEmpty().containsOnly(24.0);
        assertThat(cutCells(preview)).as("no cell cut to ...").isEmpty();

        assertThat(model.previewLines()).filteredOn(l -> !l.parsedLine()).hasSize(1);
        assertThat(cells.get(1).get(5))
                .as("no status for the line that did not parse")
                .isEqualTo("");
        assertThat((String) cells.get(1).get(7)).isNotBlank();
        assertThat(cells.get(0).get(7)).isEqualTo("");
    }

    /** Each row's value in each column, as the table's cells are given them. */
    private static <T> List<List<Object>> cells(TableView<T> table) throws Exception {
        return FxThread.call(() -> {
            List<List<Object>> rows = new ArrayList<>();
            for (T item : table.getItems()) {
                List<Object> row = new ArrayList<>();
                for (TableColumn<T, ?> column : table.getColumns()) {
                    row.add(column.getCellObservableValue(item).getValue());
                }
                rows.add(row);
            }
            return rows;
        });
    }

    /** The cells and headers of a table shown cut to "...". */
    private static List<String> cutCells(TableView<?> table) throws Exception {
        return FxThread.call(() -> DrawnText.cut(table));
    }

    @Test
    @DisplayName("UI19, DG17: the lab runs' table shows each input's figures, counts with thousands separators, in"
            + " columns that show their headers whole and cannot be dragged narrower than them, rows 26 high")
    void theLabRunTableShowsEachInputsFigures() throws Exception {
        show(1280, 800);
        Path report = dir.resolve("lab-run.json");
        JsonReportWriter.write(SampleReports.storm(), report);
        diagnose(List.of(stormLog(), report));

        @SuppressWarnings("unchecked")
        TableView<DiagnoseViewModel.LabRunRow> table = area.node("diagnose-lab-runs");
        List<List<Object>> cells = cells(table);
        List<List<Object>> expected = new ArrayList<>();
        for (DiagnoseViewModel.LabRunRow r : model.labRuns()) {
            expected.add(List.of(
                    r.input(),
                    r.kind(),
                    String.format(Locale.ROOT, "%,d", r.requests()),
                    String.format(Locale.ROOT, "%,d", r.throttled()),
                    r.amplification(),
                    r.peakToMeanPerSecond(),
                    r.peakToMeanAfterRetryAfter()));
        }
        assertThat(cells).isEqualTo(expected).isNotEmpty();
        assertThat(model.labRuns()).anySatisfy(r -> assertThat(r.requests()).isGreaterThanOrEqualTo(1000));
        assertThat(cutCells(table)).as("no header or cell cut to ...").isEmpty();
        assertThat(table.getColumns()).noneMatch(TableColumn::isSortable);
        List<Double> rows = FxThread.call(() -> table.lookupAll(".table-row-cell").stream()
                .map(row -> ((javafx.scene.layout.Region) row).getHeight())
                .toList());
        assertThat(rows).isNotEmpty().containsOnly(26.0);

        // Dragged as narrow as it goes, each column still shows its header.
        FxThread.run(() -> {
            for (TableColumn<DiagnoseViewModel.LabRunRow, ?> column : List.copyOf(table.getColumns())) {
                table.resizeColumn(column, -1000);
            }
        });
        List<String> headers = FxThread.call(() -> {
            List<String> cut = new ArrayList<>();
            for (Node header : table.lookupAll(".column-header")) {
                cut.addAll(DrawnText.cut((Parent) header));
            }
            return cut;
        });
        assertThat(headers).isEmpty();
    }

    @Test
    @DisplayName("UI8: the clients sort both ways by a click on a column, the tables split one above the other; the"
            + " empty table says what to do")
    void theClientsSortBothWaysAndTheTablesAreStacked() throws Exception {
        show(1280, 800);
        @SuppressWarnings("unchecked")
        TableView<Diagnosis.ClientDiagnosis> clients = area.node("diagnose-clients");
        String placeholder = FxThread.call(() -> ((javafx.scene.control.Label) clients.getPlaceholder()).getText());
        assertThat(placeholder).isEqualTo("Add evidence and press Diagnose");
        diagnose(List.of(stormLog()));

        TableColumn<Diagnosis.ClientDiagnosis, ?> early = clients.getColumns().stream()
                .filter(c -> "diagnose-early-column".equals(c.getId()))
                .findFirst()
                .orElseThrow();
        assertThat(early.getText()).isEqualTo("early retries");
        assertThat(clients.getColumns().stream()
                        .filter(c -> "diagnose-median-early-column".equals(c.getId()))
                        .map(TableColumn::getText))
                .containsExactly("median early");
        for (TableColumn.SortType way : TableColumn.SortType.values()) {
            FxThread.run(() -> {
                early.setSortType(way);
                clients.getSortOrder().setAll(List.of(early));
            });
            List<Long> sorted = clients.getItems().stream()
                    .map(Diagnosis.ClientDiagnosis::earlyRetries)
                    .toList();
            assertThat(sorted)
                    .as("%s", way)
                    .isSortedAccordingTo(
                            way == TableColumn.SortType.ASCENDING
                                    ? java.util.Comparator.naturalOrder()
                                    : java.util.Comparator.reverseOrder());
        }
        assertThat(clients.getItems().stream()
                        .map(Diagnosis.ClientDiagnosis::earlyRetries)
                        .distinct()
                        .count())
                .isGreaterThan(1);

        SplitPane tables = (SplitPane) clients.getParent().getParent().getParent();
        assertThat(tables.getOrientation()).isEqualTo(Orientation.VERTICAL);
        // Dragging the divider down gives the clients the room; dragging it up gives the findings the room.
        ListView<String> findings = area.node("diagnose-findings");
        List<Double> down = FxThread.call(() -> {
            tables.setDividerPositions(0.9);
            tables.layout();
            return List.of(clients.getHeight(), tables.getHeight());
        });
        List<Double> up = FxThread.call(() -> {
            tables.setDividerPositions(0.1);
            tables.layout();
            return List.of(
                    findings.getHeight(), findings.getParent().getLayoutBounds().getHeight());
        });
        // Nine tenths of the split, less the part's title (whatever the theme's font makes its height).
        assertThat(down.get(0)).as("the clients fill their part").isGreaterThan(0.6 * down.get(1));
        assertThat(up.get(0)).as("the findings fill their part").isGreaterThan(0.6 * down.get(1));
    }

    @Test
    @DisplayName("DG13: Save HTML report asks where over the window, with its title and the suggested name; a cancel"
            + " writes nothing, a chosen file is written and said; Open files asks over the window and adds what was"
            + " chosen, nothing on a cancel")
    void saveAndOpenAskTheDesktop() throws Exception {
        show(1280, 800);
        assertThat(FxThread.call(() -> area.stage().getScene().lookup("#diagnose")))
                .isSameAs(view);
        dialogs.answer();
        area.fire("diagnose-add");
        assertThat(model.files()).isEmpty();
        Path log = stormLog();
        dialogs.answer(log);
        area.fire("diagnose-add");
        assertThat(model.files()).containsExactly(log);
        assertThat(dialogs.asked())
                .containsExactly(
                        new AnsweredFileDialogs.Asked("open many", area.stage(), "Open evidence", ""),
                        new AnsweredFileDialogs.Asked("open many", area.stage(), "Open evidence", ""));

        FxThread.run(model::clearFiles);
        diagnose(List.of(log));
        dialogs.answer();
        area.fire("diagnose-save");
        Thread.sleep(200);
        FxThread.run(() -> {});
        assertThat(area.text("diagnose-saved")).isEmpty();
        try (var listed = Files.list(dir)) {
            assertThat(listed.toList()).isEmpty();
        }
        Path html = dir.resolve("chosen.html");
        dialogs.answer(html);
        area.fire("diagnose-save");
        await(() -> !model.savedProperty().get().isEmpty());
        assertThat(area.text("diagnose-saved")).isEqualTo("Wrote " + html);
        assertThat(Files.readString(html)).contains("<html");
        assertThat(dialogs.asked().subList(2, 4))
                .containsOnly(new AnsweredFileDialogs.Asked(
                        "save", area.stage(), "Save the diagnosis as HTML", "stormwatch-diagnosis.html"));
    }

    @Test
    @DisplayName("The progress bar and its words follow the reading; Cancel stops it, and a refused field is said")
    void cancelStopsTheReadingAndTheProgressIsShown() throws Exception {
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        show(1024, 700, (request, progress, cancelled) -> {
            progress.accept(
                    new dev.stormwatch.diagnose.ReadProgress("storm-access.log", 1, 2, 50, 100, 1234, 3, false));
            started.countDown();
            while (!cancelled.getAsBoolean()) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            throw new DiagnoseException.Cancelled();
        });
        Path log = stormLog();
        FxThread.run(() -> model.addFiles(List.of(log, log)));
        area.fire("diagnose-run");
        assertThat(started.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        await(() -> model.progressProperty().get() > 0);
        ProgressBar bar = area.node("diagnose-progress");
        assertThat(bar.getProgress()).isEqualTo(model.progressProperty().get()).isEqualTo(0.25);
        assertThat(area.text("diagnose-progress-text"))
                .isEqualTo("Reading storm-access.log (1 of 2): 1,234 requests, 3 lines not parsed");
        assertThat(area.off("diagnose-cancel")).isFalse();
        area.fire("diagnose-cancel");
        await(() -> !model.runningProperty().get());
        assertThat(area.text("diagnose-progress-text")).isEqualTo("Cancelled; the files and fields are as they were.");
        assertThat(cutLabels()).isEmpty();

        FxThread.run(() -> model.toleranceProperty().set("a while"));
        area.fire("diagnose-run");
        await(() -> !model.problemsProperty().get().isEmpty());
        assertThat(area.text("diagnose-problems"))
                .isEqualTo(model.problemsProperty().get());
        assertThat(cutLabels()).isEmpty();
    }

    @Test
    @DisplayName("DG2, DG9, DG16: each field's prompt shows what it takes and its tooltip says how to write it")
    void theFieldsSayWhatTheyTake() throws Exception {
        show(1024, 700);
        Map<String, List<String>> words = FxThread.call(() -> {
            Map<String, List<String>> w = new LinkedHashMap<>();
            for (String id : List.of(
                    "diagnose-log-format",
                    "diagnose-fields",
                    "diagnose-client-key",
                    "diagnose-tolerance",
                    "diagnose-throttle")) {
                TextField field = area.node(id);
                w.put(id, List.of(field.getPromptText(), field.getTooltip().getText()));
            }
            return w;
        });
        assertThat(words.get("diagnose-log-format").get(0))
                .isEqualTo("combined, common, or $remote_addr [$time_local] \"$request\" $status ...");
        assertThat(words.get("diagnose-log-format").get(1))
                .contains("nginx log_format or Apache LogFormat", "$msec", "$sent_http_retry_after");
        assertThat(words.get("diagnose-fields").get(0))
                .isEqualTo("envoy, kong, stormwatch-relay, or time=ts,status=code,uri=path,...");
        assertThat(words.get("diagnose-fields").get(1))
                .startsWith("role=field pairs:")
                .contains("retry_after");
        assertThat(words.get("diagnose-client-key").get(0))
                .isEqualTo("$http_x_client_id, a JSON field or a HAR header");
        assertThat(words.get("diagnose-client-key").get(1)).contains("short hash");
        assertThat(words.get("diagnose-tolerance"))
                .containsExactly("100ms", "Absorbs the resolution of log timestamps (DG1).");
        assertThat(words.get("diagnose-throttle").get(0))
                .isEqualTo("503 (nginx limit_req), 500 (Apigee), response_flags=RL");
        assertThat(words.get("diagnose-throttle").get(1)).contains("(DG9)", "(DG16)", "RL");
        Button add = area.node("diagnose-add");
        assertThat(add.getText()).isEqualTo("Open files...");
        assertThat(cutLabels()).isEmpty();
    }

    @Test
    @DisplayName("UI8, DG22: before and after a diagnosis the tab's parts keep the sizes and growth they are given:"
            + " the charts 220 px high and sharing their rows, the tables and lists their heights, the preview 24 px"
            + " rows with its placeholder, its problem keeping no room when there is none, the legends below")
    void thePartsKeepTheirSizesAndGrowth() throws Exception {
        show(1280, 800);
        FxThread.run(() -> {
            TableView<?> preview = area.node("diagnose-preview");
            assertThat(((Label) preview.getPlaceholder()).getText()).isEqualTo("No line read yet");
            assertThat(preview.getFixedCellSize()).isEqualTo(24);
            assertThat(preview.getPrefHeight()).isEqualTo(24.0 * DiagnoseViewModel.PREVIEW_LINES + 30);
            Node problem = area.node("diagnose-preview-problem");
            assertThat(problem.isVisible()).as("no problem, not shown").isFalse();
            assertThat(problem.isManaged()).as("and no room kept").isFalse();
            assertThat(((TableView<?>) area.node("diagnose-clients")).getPrefHeight())
                    .isEqualTo(160);
            assertThat(((ListView<?>) area.node("diagnose-unparsed")).getPrefHeight())
                    .isEqualTo(90);
            ListView<?> findings = area.node("diagnose-findings");
            assertThat(findings.getPrefHeight()).isEqualTo(150);
            assertThat(VBox.getVgrow(findings)).isEqualTo(Priority.ALWAYS);
            assertThat(VBox.getVgrow(area.node("diagnose-clients"))).isEqualTo(Priority.ALWAYS);
            for (String id : List.of("diagnose-arrivals", "diagnose-what-if-arrivals", "diagnose-lanes")) {
                XYChart<?, ?> chart = chart(id);
                assertThat(chart.getPrefHeight()).as(id).isEqualTo(220);
                assertThat(chart.getLegendSide()).as(id).isEqualTo(javafx.geometry.Side.BOTTOM);
            }
            assertThat(HBox.getHgrow(area.node("diagnose-arrivals"))).isEqualTo(Priority.ALWAYS);
            assertThat(HBox.getHgrow(area.node("diagnose-what-if-arrivals"))).isEqualTo(Priority.ALWAYS);
            assertThat(VBox.getVgrow(area.node("diagnose-lanes"))).isEqualTo(Priority.ALWAYS);
            Label whatIfTitle = (Label) ((VBox) area.node("diagnose-what-if").getParent())
                    .getChildren()
                    .get(0);
            assertThat(whatIfTitle.getText()).isEqualTo("What well-behaved clients would have done");
            assertThat(whatIfTitle.isWrapText()).as("never cut to '...'").isTrue();
        });
    }
}
