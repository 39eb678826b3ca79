package dev.stormwatch.app.diagnose;

import dev.stormwatch.app.common.FileDialogs;
import dev.stormwatch.app.common.FittedColumns;
import dev.stormwatch.app.diagnose.DiagnoseViewModel.ArrivalPoint;
import dev.stormwatch.diagnose.Diagnosis;
import dev.stormwatch.diagnose.Diagnosis.ClientDiagnosis;
import dev.stormwatch.diagnose.InputFormat;
import dev.stormwatch.diagnose.Preview;
import java.io.File;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.transformation.SortedList;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.chart.CategoryAxis;
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
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.DragEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The Diagnose tab: the evidence and how to read it on the left (files opened or dropped anywhere on the tab), what
 * was found on the right: the verdict, the figures and the what-if, arrivals per second with the 429s and early
 * retries, the clients sortable by early retries, and the findings with their rule IDs.
 */
public final class DiagnoseView extends BorderPane {

    private final LineChart<Number, Number> chart;
    private final LineChart<Number, Number> whatIfChart;
    private VBox actions;

    public DiagnoseView(DiagnoseViewModel model) {
        this(model, FileDialogs.desktop());
    }

    /** @param files asks for the evidence (Open files…) and where to save the HTML report */
    public DiagnoseView(DiagnoseViewModel model, FileDialogs files) {
        setId("diagnose");
        ScrollPane form = new ScrollPane(form(model, files));
        form.setFitToWidth(true);
        form.setPrefWidth(340);
        // UI8: the words below Diagnose wrap within the form's width; a long problem never widens the column and
        // squeezes the results.
        actions.setPrefWidth(form.getPrefWidth());
        setLeft(dev.stormwatch.app.common.Forms.pinnedBelow(form, actions));

        Label verdict = new Label();
        verdict.setId("diagnose-verdict");
        verdict.setWrapText(true);
        verdict.getStyleClass().add("section-title");
        verdict.textProperty().bind(model.verdictProperty());
        Label figures = new Label();
        figures.setId("diagnose-figures");
        figures.setWrapText(true);
        figures.textProperty().bind(model.figuresProperty());
        Label whatIfTitle = new Label("What well-behaved clients would have done");
        whatIfTitle.getStyleClass().add("subsection-title");
        Label whatIf = new Label();
        whatIf.setId("diagnose-what-if");
        whatIf.setWrapText(true);
        whatIf.textProperty().bind(model.whatIfProperty());
        VBox happened = new VBox(2, label("What happened"), figures);
        VBox whatIfBox = new VBox(2, whatIfTitle, whatIf);
        for (VBox half : List.of(happened, whatIfBox)) {
            // UI8: the two halves share the width equally, whatever their texts' lengths, and wrap (a box's greatest
            // width is unbounded already).
            half.setPrefWidth(1);
            HBox.setHgrow(half, Priority.ALWAYS);
        }
        HBox summary = new HBox(16, happened, whatIfBox);
        // The verdict and the figures are what a person pastes into a ticket: never cut to "...".
        whatIfTitle.setWrapText(true);
        for (Label text : List.of(verdict, figures, whatIf, whatIfTitle)) {
            text.setMinHeight(Region.USE_PREF_SIZE);
        }

        chart = chart("diagnose-arrivals", "Arrivals (DG12)");
        whatIfChart = chart("diagnose-what-if-arrivals", "What-if arrivals (DG14)");
        // Both are drawn on one scale whenever either changes.
        ListChangeListener<ArrivalPoint> redraw = change -> draw(model.arrivals(), model.whatIfArrivals());
        model.arrivals().addListener(redraw);
        model.whatIfArrivals().addListener(redraw);
        HBox charts = new HBox(8, chart, whatIfChart);
        HBox.setHgrow(chart, Priority.ALWAYS);
        HBox.setHgrow(whatIfChart, Priority.ALWAYS);

        HBox statusAndLanes = new HBox(8, statusChart(model), lanes(model));
        HBox.setHgrow(statusAndLanes.getChildren().get(0), Priority.ALWAYS);
        HBox.setHgrow(statusAndLanes.getChildren().get(1), Priority.ALWAYS);

        VBox labRuns = labRuns(model);

        // DG10: the lines that did not parse, with file, line and reason; shown only when there are some.
        ListView<String> unparsed = new ListView<>(model.unparsedLines());
        unparsed.setId("diagnose-unparsed");
        unparsed.setPrefHeight(90);
        unparsed.setMinHeight(90);
        VBox unparsedBox = new VBox(2, label("Lines that did not parse (DG10)"), unparsed);
        unparsedBox.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(model.unparsedLines()));
        unparsedBox.managedProperty().bind(unparsedBox.visibleProperty());

        TableView<ClientDiagnosis> clients = clientTable(model);
        ListView<String> findings = new ListView<>(model.findings());
        findings.setId("diagnose-findings");
        findings.setPrefHeight(150);
        Button save = new Button("Save HTML report...");
        save.setId("diagnose-save");
        save.disableProperty().bind(model.readyProperty().not());
        save.setOnAction(
                e -> files.save(FileDialogs.windowOf(this), "Save the diagnosis as HTML", "stormwatch-diagnosis.html")
                        .ifPresent(model::saveHtml));
        Label saved = new Label();
        saved.setId("diagnose-saved");
        saved.textProperty().bind(model.savedProperty());

        SplitPane tables = new SplitPane(
                new VBox(2, label("Clients (click a column to sort)"), clients),
                new VBox(2, label("Findings"), findings));
        tables.setOrientation(javafx.geometry.Orientation.VERTICAL);
        VBox.setVgrow(clients, Priority.ALWAYS);
        VBox.setVgrow(findings, Priority.ALWAYS);
        VBox results = new VBox(
                8,
                preview(model),
                verdict,
                summary,
                unparsedBox,
                charts,
                statusAndLanes,
                labRuns,
                tables,
                new HBox(8, save, saved));
        VBox.setVgrow(charts, Priority.SOMETIMES);
        VBox.setVgrow(tables, Priority.ALWAYS);
        results.setPadding(new Insets(0, 12, 0, 12));
        // UI8: at 1024x700 the findings scroll into view rather than squeezing the tables to a row each.
        tables.setMinHeight(300);
        ScrollPane scrolledResults = new ScrollPane(results);
        scrolledResults.setFitToWidth(true);
        scrolledResults.setFitToHeight(true);
        scrolledResults.getStyleClass().add("edge-to-edge");
        setCenter(scrolledResults);

        // Drop evidence anywhere on the tab.
        setOnDragOver(this::acceptFiles);
        setOnDragDropped(e -> {
            boolean took = e.getDragboard().hasFiles();
            if (took) {
                model.addFiles(
                        e.getDragboard().getFiles().stream().map(File::toPath).toList());
            }
            e.setDropCompleted(took);
            e.consume();
        });
    }

    /**
     * UI19: the lab runs beside the real storm (DG17): a table of the same figures per input and their arrivals per
     * second on one chart, each from its own start; shown only when a load report is among the files.
     */
    private static VBox labRuns(DiagnoseViewModel model) {
        TableView<DiagnoseViewModel.LabRunRow> table = new TableView<>(model.labRuns());
        table.setId("diagnose-lab-runs");
        table.getColumns().add(labColumn("input", DiagnoseViewModel.LabRunRow::input, 160));
        table.getColumns().add(labColumn("kind", DiagnoseViewModel.LabRunRow::kind, 220));
        table.getColumns().add(labColumn("requests", r -> String.format(Locale.ROOT, "%,d", r.requests()), 80));
        table.getColumns().add(labColumn("throttled", r -> String.format(Locale.ROOT, "%,d", r.throttled()), 80));
        table.getColumns().add(labColumn("amplification", DiagnoseViewModel.LabRunRow::amplification, 100));
        table.getColumns()
                .add(labColumn("peak-to-mean per second", DiagnoseViewModel.LabRunRow::peakToMeanPerSecond, 100));
        table.getColumns()
                .add(labColumn(
                        "peak-to-mean after Retry-After", DiagnoseViewModel.LabRunRow::peakToMeanAfterRetryAfter, 100));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        FittedColumns.keep(table, FittedColumns.Last.FITTED); // UI8: in the theme's fonts
        table.setFixedCellSize(26);
        // As tall as its rows and header: a table of two or three rows needs no scrolling.
        table.prefHeightProperty()
                .bind(javafx.beans.binding.Bindings.size(model.labRuns())
                        .multiply(26)
                        .add(34));
        table.setMinHeight(Region.USE_PREF_SIZE);

        LineChart<Number, Number> chart =
                chart("diagnose-lab-run-arrivals", "Arrivals per second: the real storm beside each lab run (DG17)");
        ((NumberAxis) chart.getXAxis()).setLabel("seconds from each one's start");
        ((NumberAxis) chart.getYAxis()).setLabel("per second"); // UI8: the title says arrivals
        model.labRunArrivals().addListener((ListChangeListener<DiagnoseViewModel.LabRunArrivals>) change -> {
            List<XYChart.Series<Number, Number>> all = new java.util.ArrayList<>();
            for (DiagnoseViewModel.LabRunArrivals input : model.labRunArrivals()) {
                all.add(series(input.name(), input.points(), ArrivalPoint::requests));
            }
            chart.getData().setAll(all);
        });
        VBox box = new VBox(
                4, label("Lab runs beside the evidence (Stormwatch load reports, not evidence)"), table, chart);
        box.setId("diagnose-lab-run-box");
        box.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(model.labRuns()));
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    /** DG24: arrivals per bucket stacked by status class, with the quota line when it is known. */
    private static StatusStackChart statusChart(DiagnoseViewModel model) {
        NumberAxis time = new NumberAxis();
        time.setLabel("seconds since the first request");
        NumberAxis values = new NumberAxis();
        values.setLabel("per bucket"); // UI8: under "Arrivals" in the title, whole at 220 px of height
        StatusStackChart chart = new StatusStackChart(time, values);
        chart.setId("diagnose-status-chart");
        chart.setTitle("Arrivals by status (DG24)");
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        chart.setMinHeight(220);
        chart.setPrefHeight(220);
        chart.setPrefWidth(1);
        chart.getStyleClass().add("load-chart");
        dev.stormwatch.app.common.SeriesColours.install(chart);
        Runnable draw = () -> {
            List<DiagnoseViewModel.StatusPoint> points = model.statusArrivals();
            chart.getData()
                    .setAll(List.of(
                            statusSeries("2xx", points, DiagnoseViewModel.StatusPoint::succeeded),
                            statusSeries("429", points, DiagnoseViewModel.StatusPoint::throttled),
                            statusSeries("5xx", points, DiagnoseViewModel.StatusPoint::failed),
                            statusSeries("other", points, DiagnoseViewModel.StatusPoint::other)));
            double top = model.quotaPerBucketProperty().get();
            for (DiagnoseViewModel.StatusPoint p : points) {
                top = Math.max(top, p.succeeded() + p.throttled() + p.failed() + p.other());
            }
            values.setAutoRanging(false);
            values.setLowerBound(0);
            values.setUpperBound(Math.ceil(Math.max(1, top) * 1.1));
            values.setTickUnit(Math.max(1, Math.ceil(top / 5)));
            chart.quota(model.quotaPerBucketProperty().get());
        };
        model.statusArrivals().addListener((ListChangeListener<DiagnoseViewModel.StatusPoint>) c -> draw.run());
        model.quotaPerBucketProperty().addListener((o, was, now) -> draw.run());
        return chart;
    }

    private static XYChart.Series<Number, Number> statusSeries(
            String name,
            List<DiagnoseViewModel.StatusPoint> points,
            ToIntFunction<DiagnoseViewModel.StatusPoint> value) {
        XYChart.Series<Number, Number> series = new XYChart.Series<>();
        series.setName(name);
        for (DiagnoseViewModel.StatusPoint p : points) {
            series.getData().add(new XYChart.Data<>(p.second(), value.applyAsInt(p)));
        }
        return series;
    }

    /**
     * DG23: one lane per busiest client, each request a mark at its start coloured by its status class, early retries
     * a distinct mark over it, and what the lanes leave out said below them.
     */
    private static VBox lanes(DiagnoseViewModel model) {
        NumberAxis time = new NumberAxis();
        time.setLabel("seconds"); // UI8: whole in the half row at 1024 px; from the first request, as beside it
        CategoryAxis clients = new CategoryAxis();
        clients.setLabel("client");
        // The rows in the order set below, busiest on top; a ranging axis would order them as the data came.
        clients.setAutoRanging(false);
        ScatterChart<Number, String> chart = new ScatterChart<>(time, clients);
        chart.setId("diagnose-lanes");
        chart.setTitle("Requests per client (DG23)");
        chart.setAnimated(false);
        chart.setMinHeight(220);
        chart.setPrefHeight(220);
        chart.getStyleClass().add("load-chart");
        dev.stormwatch.app.common.SeriesColours.install(chart);
        model.lanes().addListener((ListChangeListener<Diagnosis.Lane>) change -> {
            java.util.Map<Diagnosis.StatusClass, XYChart.Series<Number, String>> byClass =
                    new java.util.EnumMap<>(Diagnosis.StatusClass.class);
            for (Diagnosis.StatusClass c : Diagnosis.StatusClass.values()) {
                XYChart.Series<Number, String> series = new XYChart.Series<>();
                series.setName(c.label());
                byClass.put(c, series);
            }
            XYChart.Series<Number, String> early = new XYChart.Series<>();
            early.setName("early retries");
            List<String> names = new java.util.ArrayList<>();
            // The busiest client on top.
            for (int l = model.lanes().size() - 1; l >= 0; l--) {
                names.add(model.lanes().get(l).client());
            }
            clients.getCategories().setAll(names);
            for (Diagnosis.Lane lane : model.lanes()) {
                for (Diagnosis.Mark mark : lane.marks()) {
                    double second = mark.offsetMillis() / 1000.0;
                    byClass.get(mark.status()).getData().add(new XYChart.Data<>(second, lane.client()));
                    if (mark.early()) {
                        early.getData().add(new XYChart.Data<>(second, lane.client()));
                    }
                }
            }
            List<XYChart.Series<Number, String>> all = new java.util.ArrayList<>(byClass.values());
            all.add(early);
            chart.getData().setAll(all);
            for (XYChart.Data<Number, String> point : early.getData()) {
                if (point.getNode() != null) {
                    point.getNode().getStyleClass().add("sw-early-mark");
                }
            }
        });
        Label more = new Label();
        more.setId("diagnose-lanes-more");
        more.setWrapText(true);
        more.getStyleClass().add("muted");
        more.textProperty().bind(model.lanesNoteProperty());
        VBox box = new VBox(2, chart, more);
        box.setPrefWidth(1);
        VBox.setVgrow(chart, Priority.ALWAYS);
        return box;
    }

    /**
     * DG22: the first lines of the first file as the diagnosis would read them with the fields as they are, or the
     * reason each did not parse; shown while there is a file, and folded away with a click.
     */
    private static Node preview(DiagnoseViewModel model) {
        TableView<Preview.Line> table = new TableView<>(model.previewLines());
        table.setId("diagnose-preview");
        DateTimeFormatter time = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS", Locale.ROOT)
                .withZone(ZoneOffset.UTC);
        table.getColumns().add(previewColumn("line", l -> Long.toString(l.line()), 50));
        table.getColumns().add(previewColumn("start (UTC)", l -> l.start() == null ? "" : time.format(l.start()), 170));
        table.getColumns().add(previewColumn("client", l -> text(l.client()), 120));
        table.getColumns().add(previewColumn("method", l -> text(l.method()), 60));
        table.getColumns().add(previewColumn("target", l -> text(l.uri()), 120));
        table.getColumns().add(previewColumn("status", l -> l.parsedLine() ? Integer.toString(l.status()) : "", 50));
        table.getColumns().add(previewColumn("Retry-After", l -> text(l.retryAfter()), 90));
        table.getColumns().add(previewColumn("did not parse", l -> text(l.reason()), 160));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setFixedCellSize(24);
        table.setPrefHeight(24 * DiagnoseViewModel.PREVIEW_LINES + 30);
        table.setMinHeight(24 * 4 + 30);
        table.setPlaceholder(new Label("No line read yet"));
        // UI8: each column as wide as its widest text, header included; the table scrolls sideways instead of cutting.
        FittedColumns.keep(table, FittedColumns.Last.FITTED);
        Label title = new Label();
        title.setId("diagnose-preview-title");
        title.setWrapText(true);
        // UI8: a long file name or reason wraps; squeezed by a low window, they keep their lines rather than "...".
        title.setMinHeight(Region.USE_PREF_SIZE);
        title.textProperty().bind(model.previewTitleProperty());
        Label problem = new Label();
        problem.setId("diagnose-preview-problem");
        problem.getStyleClass().add("field-error");
        problem.setWrapText(true);
        problem.setMinHeight(Region.USE_PREF_SIZE);
        problem.textProperty().bind(model.previewProblemProperty());
        problem.visibleProperty().bind(problem.textProperty().isNotEmpty());
        problem.managedProperty().bind(problem.visibleProperty());
        TitledPane pane = new TitledPane("Preview of the first lines (DG22)", new VBox(4, title, problem, table));
        pane.setId("diagnose-preview-pane");
        pane.visibleProperty().bind(model.previewTitleProperty().isNotEmpty());
        pane.managedProperty().bind(pane.visibleProperty());
        return pane;
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }

    private static TableColumn<Preview.Line, String> previewColumn(
            String title, Function<Preview.Line, String> value, double width) {
        TableColumn<Preview.Line, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        FittedColumns.least(column, width);
        column.setSortable(false);
        return column;
    }

    private static TableColumn<DiagnoseViewModel.LabRunRow, String> labColumn(
            String title, Function<DiagnoseViewModel.LabRunRow, String> value, double width) {
        TableColumn<DiagnoseViewModel.LabRunRow, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        FittedColumns.least(column, width);
        column.setSortable(false);
        return column;
    }

    private void acceptFiles(DragEvent e) {
        if (e.getDragboard().hasFiles()) {
            e.acceptTransferModes(TransferMode.COPY);
        }
        e.consume();
    }

    private void draw(List<ArrivalPoint> points, List<ArrivalPoint> whatIf) {
        chart.getData()
                .setAll(List.of(
                        series("requests", points, ArrivalPoint::requests),
                        series("429 and other throttled", points, ArrivalPoint::throttled),
                        series("early retries", points, ArrivalPoint::earlyRetries)));
        whatIfChart
                .getData()
                .setAll(List.of(
                        series("requests", whatIf, ArrivalPoint::requests),
                        series("429", whatIf, ArrivalPoint::throttled)));
        // One scale for both, so that the what-if's lower arrivals look lower.
        double top = 1;
        double end = 1;
        for (List<ArrivalPoint> list : List.of(points, whatIf)) {
            for (ArrivalPoint p : list) {
                top = Math.max(top, p.requests());
                end = Math.max(end, p.second());
            }
        }
        for (LineChart<Number, Number> c : List.of(chart, whatIfChart)) {
            NumberAxis x = (NumberAxis) c.getXAxis();
            NumberAxis y = (NumberAxis) c.getYAxis();
            x.setAutoRanging(false);
            x.setLowerBound(0);
            x.setUpperBound(Math.ceil(end));
            x.setTickUnit(Math.max(1, Math.ceil(end / 10)));
            y.setAutoRanging(false);
            y.setLowerBound(0);
            y.setUpperBound(Math.ceil(top * 1.1));
            y.setTickUnit(Math.max(1, Math.ceil(top / 5)));
        }
    }

    private static XYChart.Series<Number, Number> series(
            String name, List<ArrivalPoint> points, ToIntFunction<ArrivalPoint> value) {
        XYChart.Series<Number, Number> series = new XYChart.Series<>();
        series.setName(name);
        for (ArrivalPoint p : points) {
            series.getData().add(new XYChart.Data<>(p.second(), value.applyAsInt(p)));
        }
        return series;
    }

    private static LineChart<Number, Number> chart(String id, String title) {
        NumberAxis time = new NumberAxis();
        time.setLabel("seconds since the first request"); // from 0: a number axis's range takes it in by default
        NumberAxis values = new NumberAxis();
        values.setLabel("per bucket"); // UI8: under "Arrivals" in the title, whole at 220 px of height
        LineChart<Number, Number> chart = new LineChart<>(time, values);
        chart.setId(id);
        chart.setTitle(title);
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        chart.setMinHeight(220);
        chart.setPrefHeight(220);
        chart.getStyleClass().add("load-chart");
        dev.stormwatch.app.common.SeriesColours.install(chart); // UI14: one colour per series in every chart
        return chart;
    }

    private static TableView<ClientDiagnosis> clientTable(DiagnoseViewModel model) {
        TableView<ClientDiagnosis> table = new TableView<>();
        table.setId("diagnose-clients");
        SortedList<ClientDiagnosis> sorted = new SortedList<>(model.clients());
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        table.getColumns().add(column("client", ClientDiagnosis::client, 200));
        table.getColumns().add(column("requests", ClientDiagnosis::requests, 80));
        table.getColumns().add(column("logical", ClientDiagnosis::logicalRequests, 70));
        table.getColumns().add(column("retries", ClientDiagnosis::retries, 70));
        TableColumn<ClientDiagnosis, Long> early = column("early retries", ClientDiagnosis::earlyRetries, 90);
        early.setId("diagnose-early-column");
        table.getColumns().add(early);
        // Sorted by the milliseconds, shown as the verdict writes them ("1.98 s").
        TableColumn<ClientDiagnosis, Long> median = column("median early", ClientDiagnosis::medianEarlyMillis, 110);
        median.setId("diagnose-median-early-column");
        median.setCellFactory(c -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(Long millis, boolean empty) {
                super.updateItem(millis, empty);
                ClientDiagnosis row =
                        empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(row == null ? null : row.medianEarlyText());
            }
        });
        table.getColumns().add(median);
        table.getColumns().add(column("ignores Retry-After", c -> c.ignoresRetryAfter() ? "YES" : "no", 130));
        table.getColumns().add(column("throttled", ClientDiagnosis::throttled, 80));
        table.getColumns()
                .add(column("retry share", c -> String.format(Locale.ROOT, "%.0f%%", c.retryRatio() * 100), 80));
        // UI8: each column keeps the width its header needs; a narrow window scrolls the table sideways.
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        FittedColumns.keep(table, FittedColumns.Last.FITTED); // UI8: in the theme's fonts
        table.setPlaceholder(new Label("Add evidence and press Diagnose"));
        table.setPrefHeight(160);
        return table;
    }

    private static <T> TableColumn<ClientDiagnosis, T> column(
            String title, Function<ClientDiagnosis, T> value, double width) {
        TableColumn<ClientDiagnosis, T> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        // UI8: wide enough for the header's words and the sort arrow, so no header reads "ignores Re..." (keep()).
        return FittedColumns.least(column, width);
    }

    private Node form(DiagnoseViewModel model, FileDialogs dialogs) {
        Label title = new Label("Evidence");
        title.getStyleClass().add("section-title");
        Label hint = new Label("Drop HAR files, access logs (plain or .gz), JSON lines or OTLP/JSON traces anywhere on"
                + " this tab, or open them; a Stormwatch load report is shown beside them as a lab run.");
        hint.setWrapText(true);
        hint.getStyleClass().add("muted");
        ListView<Path> files = new ListView<>(model.files());
        files.setId("diagnose-files");
        files.setPrefHeight(110);
        files.setCellFactory(list -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(Path file, boolean empty) {
                super.updateItem(file, empty);
                setText(empty || file == null ? null : file.getFileName().toString());
                setTooltip(empty || file == null ? null : new Tooltip(file.toString()));
            }
        });
        Button add = new Button("Open files...");
        add.setId("diagnose-add");
        add.setOnAction(e -> {
            List<Path> chosen = dialogs.open(FileDialogs.windowOf(this), "Open evidence", true);
            if (!chosen.isEmpty()) {
                model.addFiles(chosen);
            }
        });
        Button remove = new Button("Remove");
        remove.setId("diagnose-remove");
        remove.disableProperty()
                .bind(files.getSelectionModel().selectedItemProperty().isNull());
        remove.setOnAction(e -> model.removeFile(files.getSelectionModel().getSelectedItem()));
        Button clear = new Button("Clear");
        clear.setOnAction(e -> model.clearFiles());

        ComboBox<InputFormat> format = new ComboBox<>();
        format.setId("diagnose-format");
        format.getItems().setAll(InputFormat.values());
        format.valueProperty().bindBidirectional(model.formatProperty());
        format.setMaxWidth(Double.MAX_VALUE);
        format.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(InputFormat value) {
                return value == null
                        ? ""
                        : switch (value) {
                            case AUTO -> "auto: decided per file";
                            case HAR -> "HAR (browser DevTools)";
                            case NGINX -> "nginx access log";
                            case APACHE -> "Apache access log";
                            case JSONL -> "JSON lines (gateway)";
                            case OTLP -> "OpenTelemetry traces (OTLP/JSON)";
                            case REPORT -> "Stormwatch load report (lab run)";
                        };
            }

            @Override
            public InputFormat fromString(String text) {
                return null;
            }
        });

        Node logFormat = field(
                "Log format (paste log_format / LogFormat; empty: combined)",
                "diagnose-log-format",
                model.logFormatProperty(),
                "combined, common, or $remote_addr [$time_local] \"$request\" $status ...",
                "The access log's format as in the server's config: nginx log_format or Apache LogFormat. Log $msec"
                        + " and $request_time for millisecond times, and $sent_http_retry_after for Retry-After.");
        Node fields = field(
                "Field mapping (JSON lines: mapping or preset; empty: recognised)",
                "diagnose-fields",
                model.fieldsProperty(),
                "envoy, kong, stormwatch-relay, or time=ts,status=code,uri=path,...",
                "role=field pairs: time, duration, client, method, uri, status, retry_after, date, idempotency_key;"
                        + " a.b for nested fields, a|b for the first present.");
        Node clientKey = field(
                "Client key (empty: the format's default)",
                "diagnose-client-key",
                model.clientKeyProperty(),
                "$http_x_client_id, a JSON field or a HAR header",
                "What names a client. A key that is a credential is shown only as a short hash.");
        Node tolerance = field(
                "Tolerance (early by less is on time)",
                "diagnose-tolerance",
                model.toleranceProperty(),
                "100ms",
                "Absorbs the resolution of log timestamps (DG1).");
        Node throttle = field(
                "Throttled statuses besides 429",
                "diagnose-throttle",
                model.throttleStatusesProperty(),
                "503 (nginx limit_req), 500 (Apigee), response_flags=RL",
                "Statuses that mean the server throttled the client (DG9), or for JSON lines field=value marks"
                        + " (DG16); Envoy's RL flag is read by the envoy preset.");

        Button run = new Button("Diagnose");
        run.setId("diagnose-run");
        run.getStyleClass().add("primary");
        run.disableProperty().bind(model.runningProperty().or(javafx.beans.binding.Bindings.isEmpty(model.files())));
        run.setOnAction(e -> model.diagnose());
        Button cancel = new Button("Cancel");
        cancel.setId("diagnose-cancel");
        cancel.disableProperty().bind(model.runningProperty().not());
        cancel.setOnAction(e -> model.cancel());
        ProgressBar bar = new ProgressBar();
        bar.setId("diagnose-progress");
        bar.progressProperty().bind(model.progressProperty());
        bar.setMaxWidth(Double.MAX_VALUE);
        Label progress = new Label();
        progress.setId("diagnose-progress-text");
        progress.setWrapText(true);
        progress.getStyleClass().add("muted");
        progress.textProperty().bind(model.progressTextProperty());
        Label problems = new Label();
        problems.setId("diagnose-problems");
        problems.getStyleClass().add("field-error");
        problems.setWrapText(true);
        problems.textProperty().bind(model.problemsProperty());

        VBox box = new VBox(
                8,
                title,
                hint,
                files,
                new HBox(8, add, remove, clear),
                new VBox(2, new Label("Format"), format),
                logFormat,
                fields,
                clientKey,
                tolerance,
                throttle);
        box.setPadding(new Insets(12));
        box.getStyleClass().add("settings");
        // Diagnose and Cancel stay in view below the form, however far it scrolls.
        // UI8: what was read and what went wrong keep all their lines; the form above them scrolls instead.
        progress.setMinHeight(Region.USE_PREF_SIZE);
        problems.setMinHeight(Region.USE_PREF_SIZE);
        actions = new VBox(8, new HBox(8, run, cancel), bar, progress, problems);
        return box;
    }

    private static Label label(String text) {
        Label label = new Label(text);
        label.getStyleClass().add("subsection-title");
        return label;
    }

    private static Node field(String label, String id, StringProperty value, String prompt, String help) {
        TextField input = new TextField();
        input.setId(id);
        input.setPromptText(prompt);
        input.setTooltip(new Tooltip(help));
        input.textProperty().bindBidirectional(value);
        Label name = new Label(label);
        name.setWrapText(true);
        return new VBox(2, name, input);
    }
}
