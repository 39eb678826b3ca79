package dev.stormwatch.app.diagnose;

import static dev.stormwatch.testing.ShownArea.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.common.Later;
import dev.stormwatch.app.diagnose.DiagnoseViewModel.ArrivalPoint;
import dev.stormwatch.diagnose.DiagnoseService;
import dev.stormwatch.diagnose.Diagnosis;
import dev.stormwatch.diagnose.Diagnosis.ClientDiagnosis;
import dev.stormwatch.diagnose.InputFormat;
import dev.stormwatch.load.report.JsonReportWriter;
import dev.stormwatch.load.report.SampleReports;
import dev.stormwatch.testing.FxThread;
import dev.stormwatch.testing.ShownArea;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.application.Platform;
import javafx.beans.property.StringProperty;
import javafx.scene.Node;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.ScatterChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The Diagnose tab alone on a real JavaFX toolkit, over its real view model and the real diagnosis, reading the real
 * nginx access log recorded for the tests: what each chart draws from the diagnosis, the tables and lists, what is
 * shown only when there is something to show, and what the form's controls do.
 */
@ExtendWith(ApplicationExtension.class)
class DiagnoseViewTest {

    /** The format the storm's log was recorded with (its README). */
    private static final String NGINX_FORMAT = DiagnoseViewModelTest.NGINX_FORMAT;

    @TempDir
    Path dir;

    @RegisterExtension
    final ShownArea area = new ShownArea();

    private DiagnoseViewModel model;
    private DiagnoseView view;

    /**
     * The tab's view model over {@code diagnoser} and the real preview, on threads of {@code area} (stopped after the
     * test), answering on the FX thread.
     */
    static DiagnoseViewModel modelOn(ShownArea area, DiagnoseViewModel.Diagnoser diagnoser) {
        return new DiagnoseViewModel(
                diagnoser,
                new DiagnoseService()::preview,
                area.background(),
                Later.on(area.scheduled()),
                Platform::runLater,
                DiagnoseViewModel.PREVIEW_DEBOUNCE);
    }

    private void show() throws Exception {
        FxThread.run(() -> {
            model = modelOn(area, new DiagnoseService()::diagnose);
            view = new DiagnoseView(model);
            area.show(view, 1280, 800);
        });
    }

    /** The storm's nginx access log recorded for the tests. */
    static Path stormLog() throws Exception {
        return Path.of(DiagnoseViewTest.class
                .getResource("/diagnose/nginx/storm-access.log")
                .toURI());
    }

    /** The storm's log with the fields its lines need, diagnosed. */
    private void diagnose(List<Path> files) throws Exception {
        FxThread.run(() -> {
            model.addFiles(files);
            model.logFormatProperty().set(NGINX_FORMAT);
            model.clientKeyProperty().set("$http_x_client_id");
        });
        area.fire("diagnose-run");
        await(() -> model.readyProperty().get() && !model.runningProperty().get());
    }

    @SuppressWarnings("unchecked")
    private <X, Y> XYChart<X, Y> chart(String id) {
        return (XYChart<X, Y>) area.<Node>node(id);
    }

    private static <X, Y> List<String> names(XYChart<X, Y> chart) {
        return chart.getData().stream().map(XYChart.Series::getName).toList();
    }

    private static List<List<Double>> xy(XYChart.Series<Number, Number> series) {
        return series.getData().stream()
                .map(d -> List.of(d.getXValue().doubleValue(), d.getYValue().doubleValue()))
                .toList();
    }

    private static List<List<Double>> points(
            List<ArrivalPoint> points, java.util.function.ToIntFunction<ArrivalPoint> y) {
        return points.stream()
                .map(p -> List.of(p.second(), (double) y.applyAsInt(p)))
                .toList();
    }

    @Test
    @DisplayName("DG12, DG14: arrivals, their 429s and early retries are drawn beside what well-behaved clients would"
            + " have sent, both on one scale; the verdict, the figures and the what-if read as the diagnosis says")
    void theArrivalsAndTheWhatIfAreDrawnOnOneScale() throws Exception {
        show();
        diagnose(List.of(stormLog()));

        assertThat(area.text("diagnose-verdict"))
                .isEqualTo(model.verdictProperty().get())
                .isNotBlank();
        assertThat(area.text("diagnose-figures"))
                .isEqualTo(model.figuresProperty().get())
                .isNotBlank();
        assertThat(area.text("diagnose-what-if"))
                .isEqualTo(model.whatIfProperty().get())
                .isNotBlank();
        for (String id : List.of("diagnose-verdict", "diagnose-figures", "diagnose-what-if")) {
            Label text = area.node(id);
            assertThat(text.isWrapText()).as(id).isTrue();
            assertThat(text.getMinHeight()).as("%s is never cut to ...", id).isEqualTo(Label.USE_PREF_SIZE);
        }

        List<ArrivalPoint> arrivals = List.copyOf(model.arrivals());
        List<ArrivalPoint> whatIf = List.copyOf(model.whatIfArrivals());
        XYChart<Number, Number> chart = chart("diagnose-arrivals");
        XYChart<Number, Number> wellBehaved = chart("diagnose-what-if-arrivals");
        assertThat(names(chart)).containsExactly("requests", "429 and other throttled", "early retries");
        assertThat(xy(chart.getData().get(0))).isEqualTo(points(arrivals, ArrivalPoint::requests));
        assertThat(xy(chart.getData().get(1))).isEqualTo(points(arrivals, ArrivalPoint::throttled));
        assertThat(xy(chart.getData().get(2))).isEqualTo(points(arrivals, ArrivalPoint::earlyRetries));
        assertThat(names(wellBehaved)).containsExactly("requests", "429");
        assertThat(xy(wellBehaved.getData().get(0))).isEqualTo(points(whatIf, ArrivalPoint::requests));
        assertThat(xy(wellBehaved.getData().get(1))).isEqualTo(points(whatIf, ArrivalPoint::throttled));

        double top = 1;
        double end = 1;
        for (ArrivalPoint p : arrivals) {
            top = Math.max(top, p.requests());
            end = Math.max(end, p.second());
        }
        for (ArrivalPoint p : whatIf) {
            top = Math.max(top, p.requests());
            end = Math.max(end, p.second());
        }
        for (XYChart<Number, Number> drawn : List.of(chart, wellBehaved)) {
            NumberAxis x = (NumberAxis) drawn.getXAxis();
            NumberAxis y = (NumberAxis) drawn.getYAxis();
            assertThat(List.of(x.isAutoRanging(), y.isAutoRanging())).containsOnly(false);
            assertThat(List.of(x.getLowerBound(), y.getLowerBound())).containsOnly(0.0);
            assertThat(x.getUpperBound()).isEqualTo(Math.ceil(end));
            assertThat(x.getTickUnit()).isEqualTo(Math.max(1, Math.ceil(end / 10)));
            assertThat(y.getUpperBound()).as("one scale for both").isEqualTo(Math.ceil(top * 1.1));
            assertThat(y.getTickUnit()).isEqualTo(Math.max(1, Math.ceil(top / 5)));
        }
        assertThat(area.off("diagnose-save")).isFalse();
    }

    @Test
    @DisplayName("DG23, DG24: the status chart stacks each bucket by status class up to the quota's line; the lanes"
            + " put the busiest client on top, a mark per request in its status's series and early retries over them")
    void theStatusStackAndTheLanes() throws Exception {
        show();
        diagnose(List.of(stormLog()));

        XYChart<Number, Number> status = chart("diagnose-status-chart");
        List<DiagnoseViewModel.StatusPoint> buckets = List.copyOf(model.statusArrivals());
        assertThat(names(status)).containsExactly("2xx", "429", "5xx", "other");
        assertThat(xy(status.getData().get(1)))
                .isEqualTo(buckets.stream()
                        .map(p -> List.of(p.second(), (double) p.throttled()))
                        .toList());
        double quota = model.quotaPerBucketProperty().get();
        double top = quota;
        for (DiagnoseViewModel.StatusPoint p : buckets) {
            top = Math.max(top, p.succeeded() + p.throttled() + p.failed() + p.other());
        }
        NumberAxis values = (NumberAxis) status.getYAxis();
        assertThat(values.isAutoRanging()).isFalse();
        assertThat(values.getUpperBound()).isEqualTo(Math.ceil(Math.max(1, top) * 1.1));
        assertThat(values.getTickUnit()).isEqualTo(Math.max(1, Math.ceil(top / 5)));
        assertThat(((StatusStackChart) status).quota()).isEqualTo(quota);

        @SuppressWarnings("unchecked")
        ScatterChart<Number, String> lanes = (ScatterChart<Number, String>) area.<Node>node("diagnose-lanes");
        List<Diagnosis.Lane> busiest = List.copyOf(model.lanes());
        // As a person sees it: each lane lower on the screen than the one busier than it.
        CategoryAxis rows = (CategoryAxis) lanes.getYAxis();
        List<Double> heights = FxThread.call(() -> busiest.stream()
                .map(lane -> rows.getDisplayPosition(lane.client()))
                .toList());
        assertThat(heights)
                .as(
                        "%s from the top",
                        busiest.stream().map(Diagnosis.Lane::client).toList())
                .isSorted()
                .doesNotHaveDuplicates();
        List<String> expected = new ArrayList<>();
        for (Diagnosis.StatusClass c : Diagnosis.StatusClass.values()) {
            expected.add(c.label());
        }
        expected.add("early retries");
        assertThat(names(lanes)).containsExactlyElementsOf(expected);
        long marks = busiest.stream().mapToLong(l -> l.marks().size()).sum();
        long early = busiest.stream()
                .flatMap(l -> l.marks().stream())
                .filter(Diagnosis.Mark::early)
                .count();
        assertThat(lanes.getData().stream()
                        .limit(Diagnosis.StatusClass.values().length)
                        .mapToLong(s -> s.getData().size())
                        .sum())
                .isEqualTo(marks);
        XYChart.Series<Number, String> earlyMarks =
                lanes.getData().get(lanes.getData().size() - 1);
        assertThat(earlyMarks.getData()).hasSize((int) early).isNotEmpty();
        assertThat(earlyMarks.getData())
                .allSatisfy(point -> assertThat(point.getNode().getStyleClass()).contains("sw-early-mark"));
        assertThat(area.text("diagnose-lanes-more"))
                .isEqualTo(model.lanesNoteProperty().get());
    }

    @Test
    @DisplayName("DG3: the clients sort by a click on a column, the median early in the verdict's words; the findings"
            + " are listed; the parts with nothing to show keep no room")
    void theClientsAndTheFindings() throws Exception {
        show();
        diagnose(List.of(stormLog()));

        @SuppressWarnings("unchecked")
        TableView<ClientDiagnosis> clients = area.node("diagnose-clients");
        assertThat(clients.getItems()).containsExactlyInAnyOrderElementsOf(model.clients());
        assertThat(clients.getColumns())
                .extracting(TableColumn::getText)
                .containsExactly(
                        "client",
                        "requests",
                        "logical",
                        "retries",
                        "early retries",
                        "median early",
                        "ignores Retry-After",
                        "throttled",
                        "retry share");
        for (TableColumn<ClientDiagnosis, ?> column : clients.getColumns()) {
            assertThat(column.getMinWidth()).as(column.getText()).isEqualTo(column.getPrefWidth());
            assertThat(column.getPrefWidth())
                    .as(column.getText())
                    .isGreaterThanOrEqualTo(column.getText().length() * 8.5);
        }
        TableColumn<ClientDiagnosis, ?> early = clients.getColumns().get(4);
        FxThread.run(() -> {
            early.setSortType(TableColumn.SortType.DESCENDING);
            clients.getSortOrder().setAll(List.of(early));
        });
        List<Long> sorted =
                clients.getItems().stream().map(ClientDiagnosis::earlyRetries).toList();
        assertThat(sorted).isSortedAccordingTo(java.util.Comparator.reverseOrder());
        ClientDiagnosis first = clients.getItems().get(0);
        assertThat(clients.getColumns().get(6).getCellObservableValue(first).getValue())
                .isEqualTo(first.ignoresRetryAfter() ? "YES" : "no");
        assertThat(clients.getColumns().get(8).getCellObservableValue(first).getValue())
                .isEqualTo(String.format(java.util.Locale.ROOT, "%.0f%%", first.retryRatio() * 100));
        List<String> medians = FxThread.call(() -> clients.lookupAll(".table-cell").stream()
                .filter(cell -> ((javafx.scene.control.TableCell<?, ?>) cell).getTableColumn()
                        == clients.getColumns().get(5))
                .map(cell -> ((javafx.scene.control.TableCell<?, ?>) cell).getText())
                .filter(text -> text != null)
                .toList());
        assertThat(medians).contains(first.medianEarlyText());

        ListView<String> findings = area.node("diagnose-findings");
        assertThat(findings.getItems())
                .containsExactlyElementsOf(model.findings())
                .isNotEmpty();
        Node unparsed = area.node("diagnose-unparsed").getParent();
        Node labRuns = area.node("diagnose-lab-run-box");
        for (Node nothing : List.of(unparsed, labRuns)) {
            assertThat(nothing.isVisible() || nothing.isManaged()).isFalse();
        }
    }

    @Test
    @DisplayName("DG10, DG17, UI19: lines that did not parse are listed, and a load report among the files shows as a"
            + " lab run beside the storm, its table as tall as its rows and its arrivals on a chart of their own")
    void unparsedLinesAndALabRun() throws Exception {
        show();
        Path withNoise = dir.resolve("storm-and-noise.log");
        Files.write(withNoise, Files.readAllLines(stormLog()));
        Files.writeString(withNoise, "this is not a log line\n", java.nio.file.StandardOpenOption.APPEND);
        Path report = dir.resolve("lab-run.json");
        JsonReportWriter.write(SampleReports.storm(), report);

        diagnose(List.of(withNoise, report));

        ListView<String> unparsed = area.node("diagnose-unparsed");
        assertThat(unparsed.getItems())
                .containsExactlyElementsOf(model.unparsedLines())
                .isNotEmpty();
        assertThat(unparsed.getParent().isVisible() && unparsed.getParent().isManaged())
                .isTrue();
        assertThat(area.shown("diagnose-lab-run-box")).isTrue();
        TableView<?> table = area.node("diagnose-lab-runs");
        assertThat(table.getItems()).hasSize(model.labRuns().size()).isNotEmpty();
        assertThat(table.getPrefHeight()).isEqualTo(model.labRuns().size() * 26.0 + 34);
        assertThat(table.getColumns())
                .extracting(TableColumn::getText)
                .startsWith("input", "kind", "requests", "throttled", "amplification");
        XYChart<Number, Number> arrivals = chart("diagnose-lab-run-arrivals");
        assertThat(names(arrivals))
                .containsExactlyElementsOf(model.labRunArrivals().stream()
                        .map(DiagnoseViewModel.LabRunArrivals::name)
                        .toList());
    }

    @Test
    @DisplayName("DG22: the first file's first lines are previewed as they would be read, folded away while there is"
            + " no file; a log format that reads none of them says why, and each column is as wide as its widest text")
    void thePreviewFollowsTheFirstFile() throws Exception {
        show();
        assertThat(area.<Node>node("diagnose-preview-pane").isVisible()).isFalse();

        Path log = stormLog();
        FxThread.run(() -> model.addFiles(List.of(log)));
        await(() -> !model.previewTitleProperty().get().isEmpty());
        assertThat(area.shown("diagnose-preview-pane")).isTrue();
        assertThat(area.text("diagnose-preview-title"))
                .isEqualTo(model.previewTitleProperty().get());
        TableView<?> preview = area.node("diagnose-preview");
        assertThat(preview.getItems()).hasSize(model.previewLines().size()).isNotEmpty();

        FxThread.run(() -> model.logFormatProperty().set(NGINX_FORMAT));
        await(() -> model.previewLines().stream().allMatch(dev.stormwatch.diagnose.Preview.Line::parsedLine));
        await(() -> !area.shown("diagnose-preview-problem"));
        for (TableColumn<?, ?> column : preview.getColumns()) {
            assertThat(column.getMinWidth()).as(column.getText()).isEqualTo(column.getPrefWidth());
            assertThat(column.isSortable()).isFalse();
        }
        TableColumn<?, ?> target = preview.getColumns().get(4);
        assertThat(target.getText()).isEqualTo("target");
        String widest = model.previewLines().stream()
                .map(dev.stormwatch.diagnose.Preview.Line::uri)
                .max(java.util.Comparator.comparingInt(String::length))
                .orElseThrow();
        javafx.scene.text.Text measured = new javafx.scene.text.Text(widest);
        measured.setFont(
                javafx.scene.text.Font.font(javafx.scene.text.Font.getDefault().getFamily(), 13));
        assertThat(target.getPrefWidth())
                .isGreaterThanOrEqualTo(measured.getLayoutBounds().getWidth());

        FxThread.run(() -> model.logFormatProperty().set("$status $nonsense_variable_that_never_matches ["));
        await(() -> area.shown("diagnose-preview-problem"));
        assertThat(area.text("diagnose-preview-problem"))
                .isEqualTo(model.previewProblemProperty().get());
    }

    @Test
    @DisplayName("DG2, DG9, DG16: the form's fields are the diagnosis's settings both ways, the format chosen in"
            + " words; a file shows by its name with its path on hover; Remove, Clear, Diagnose and Cancel are on only"
            + " when they can act")
    void theFormIsTheDiagnosisSettings() throws Exception {
        show();
        Map<String, StringProperty> fields = new LinkedHashMap<>();
        fields.put("diagnose-log-format", model.logFormatProperty());
        fields.put("diagnose-fields", model.fieldsProperty());
        fields.put("diagnose-client-key", model.clientKeyProperty());
        fields.put("diagnose-tolerance", model.toleranceProperty());
        fields.put("diagnose-throttle", model.throttleStatusesProperty());
        area.assertFieldsAre(fields);

        ComboBox<InputFormat> format = area.node("diagnose-format");
        assertThat(format.getItems()).containsExactly(InputFormat.values());
        assertThat(format.getItems().stream()
                        .map(format.getConverter()::toString)
                        .toList())
                .containsExactly(
                        "auto: decided per file",
                        "HAR (browser DevTools)",
                        "nginx access log",
                        "Apache access log",
                        "JSON lines (gateway)",
                        "OpenTelemetry traces (OTLP/JSON)",
                        "Stormwatch load report (lab run)");
        assertThat(format.getConverter().toString(null)).isEmpty();
        FxThread.run(() -> format.setValue(InputFormat.NGINX));
        assertThat(model.formatProperty().get()).isEqualTo(InputFormat.NGINX);

        assertThat(area.off("diagnose-run")).as("no file yet").isTrue();
        assertThat(area.off("diagnose-cancel")).isTrue();
        assertThat(area.off("diagnose-save")).isTrue();
        Path log = stormLog();
        FxThread.run(() -> model.addFiles(List.of(log)));
        assertThat(area.off("diagnose-run")).isFalse();
        ListView<Path> files = area.node("diagnose-files");
        ListCell<?> cell = FxThread.call(() -> (ListCell<?>) files.lookupAll(".list-cell").stream()
                .filter(c -> ((ListCell<?>) c).getItem() != null)
                .findFirst()
                .orElseThrow());
        assertThat(cell.getText()).isEqualTo("storm-access.log");
        assertThat(cell.getTooltip().getText()).isEqualTo(log.toString());

        assertThat(area.off("diagnose-remove")).as("nothing chosen").isTrue();
        FxThread.run(() -> files.getSelectionModel().select(0));
        assertThat(area.off("diagnose-remove")).isFalse();
        area.fire("diagnose-remove");
        assertThat(model.files()).isEmpty();
        FxThread.run(() -> model.addFiles(List.of(log)));
        javafx.scene.control.Button clear =
                FxThread.call(() -> (javafx.scene.control.Button) view.lookupAll(".button").stream()
                        .filter(b -> "Clear".equals(((javafx.scene.control.Button) b).getText()))
                        .findFirst()
                        .orElseThrow());
        FxThread.run(clear::fire);
        assertThat(model.files()).isEmpty();
        assertThat(area.off("diagnose-run")).isTrue();
    }
}
