package dev.stormwatch.app.loadlab;

import dev.stormwatch.app.common.FileDialogs;
import dev.stormwatch.app.common.FittedColumns;
import dev.stormwatch.app.common.Forms;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.scenario.FaultMark;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.relay.RateLimitDialect;
import java.util.List;
import java.util.function.ToDoubleFunction;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Side;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/** The Load lab: the run's options on the left, the run drawn live on the right, its summary below. */
public final class LoadLabView extends BorderPane {

    private final LineChart<Number, Number> requests = chart("Throughput: client and provider", "requests / s");
    private final LineChart<Number, Number> trouble = chart("Trouble: what failed, retried or was refused", "per s");
    private final LineChart<Number, Number> latency = chart("Latency of completed attempts", "ms");

    /**
     * UI28: the form column's width, the actions pinned below it included: at 1024 px the Compare tab keeps the rest,
     * where the comparison's table shows every run's column.
     */
    static final double FORM_WIDTH = 300;

    private final LoadLabViewModel model;
    private VBox actions;

    public LoadLabView(LoadLabViewModel model) {
        this(model, FileDialogs.desktop());
    }

    /** @param files asks where to save the report (Save report…) */
    public LoadLabView(LoadLabViewModel model, FileDialogs files) {
        this.model = model;
        setId("load-lab");
        ScrollPane form = new ScrollPane(form(model));
        form.setFitToWidth(true);
        form.setPrefWidth(FORM_WIDTH);
        actions.setPrefWidth(FORM_WIDTH); // UI28: a long comparison title or problem wraps or is cut, never widens it
        setLeft(Forms.pinnedBelow(form, actions));

        Label progress = new Label();
        progress.setId("load-progress");
        progress.textProperty().bind(model.progressProperty());
        progress.getStyleClass().add("code");
        // UI8: at 1024 px the live line is longer than the column; its whole text is on hover.
        Tooltip progressWhole = new Tooltip();
        progressWhole.textProperty().bind(model.progressProperty());
        progress.setTooltip(progressWhole);
        TextArea summary = new TextArea();
        summary.setId("load-summary");
        summary.setEditable(false);
        summary.getStyleClass().add("code");
        summary.textProperty().bind(model.summaryProperty());
        summary.setPrefRowCount(9);
        summary.setMinHeight(120);
        Button save = new Button("Save report (JSON, CSV, PNG)...");
        save.setId("load-save");
        save.disableProperty().bind(model.reportReadyProperty().not());
        save.setOnAction(e -> files.save(FileDialogs.windowOf(this), "Save the load report", "stormwatch-load.json")
                .ifPresent(model::saveReport));
        Label verdict = new Label();
        verdict.setId("load-verdict");
        verdict.setWrapText(true);
        verdict.getStyleClass().add("section-title");
        verdict.textProperty().bind(model.verdictProperty());
        verdict.visibleProperty().bind(model.verdictProperty().isNotEmpty());
        verdict.managedProperty().bind(verdict.visibleProperty());
        verdict.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // UI8: the verdict wraps, never cut
        Label saved = new Label();
        saved.setId("load-saved");
        saved.textProperty().bind(model.savedProperty());
        requests.setId("load-throughput");
        trouble.setId("load-trouble");
        latency.setId("load-latency");
        VBox charts = new VBox(4, requests, trouble, latency, progress, verdict, summary, new HBox(8, save, saved));
        for (LineChart<Number, Number> chart : List.of(requests, trouble, latency)) {
            VBox.setVgrow(chart, Priority.ALWAYS);
        }
        charts.setPadding(new Insets(0, 12, 0, 12));
        // UI8: below about 800 px of height the charts keep the room their words need and the column scrolls.
        ScrollPane scrolledCharts = new ScrollPane(charts);
        scrolledCharts.setFitToWidth(true);
        scrolledCharts.setFitToHeight(true);
        scrolledCharts.getStyleClass().add("edge-to-edge");
        // LB8: this run, and the last comparison's runs side by side.
        javafx.scene.control.Tab thisRun = new javafx.scene.control.Tab("This run", scrolledCharts);
        // UI8, UI28: below the height its charts, its whole table and its sentences need, the Compare tab scrolls.
        ScrollPane scrolledComparison = new ScrollPane(comparePane(model));
        scrolledComparison.setFitToWidth(true);
        scrolledComparison.setFitToHeight(true);
        scrolledComparison.getStyleClass().add("edge-to-edge");
        javafx.scene.control.Tab comparisonTab = new javafx.scene.control.Tab("Compare", scrolledComparison);
        comparisonTab.setId("load-compare-tab");
        javafx.scene.control.TabPane views = new javafx.scene.control.TabPane(thisRun, comparisonTab);
        views.setId("load-views");
        views.setTabClosingPolicy(javafx.scene.control.TabPane.TabClosingPolicy.UNAVAILABLE);
        model.compared().addListener((ListChangeListener<ComparedRun>) change -> {
            if (!model.compared().isEmpty()) {
                views.getSelectionModel().select(comparisonTab);
            }
        });
        setCenter(views);
        for (LineChart<Number, Number> chart : List.of(requests, trouble, latency)) {
            // LB5: the time axis spans the run, not a default range.
            NumberAxis time = (NumberAxis) chart.getXAxis();
            time.setAutoRanging(false); // from 0, the axis's own lower bound
            time.upperBoundProperty().bind(model.axisSecondsProperty());
            time.tickUnitProperty()
                    .bind(model.axisSecondsProperty().divide(10).map(u -> Math.max(1, Math.ceil(u.doubleValue()))));
        }

        model.points().addListener((ListChangeListener<LivePoint>) change -> draw(model.points()));
    }

    private void draw(List<LivePoint> points) {
        requests.getData()
                .setAll(throughput(
                        points,
                        model.quotaPerSecondProperty().get(),
                        model.faults(),
                        model.axisSecondsProperty().get(),
                        0));
        trouble.getData()
                .setAll(List.of(
                        series("429", points, LivePoint::throttled),
                        series("5xx + network", points, LivePoint::failed),
                        series("retries", points, LivePoint::retries),
                        series("refused by limiter", points, LivePoint::limiterRefused),
                        series("exhausted budgets", points, LivePoint::exhausted)));
        latency.getData()
                .setAll(List.of(
                        series("p50", points, LivePoint::p50Millis), series("p99", points, LivePoint::p99Millis)));
        if (points.stream().anyMatch(point -> point.responseP99Millis().isPresent())) {
            // CO1: an open loop's p99 from each request's intended start, beside the service time's.
            latency.getData()
                    .add(series(
                            "p99 from intended start",
                            points.stream()
                                    .filter(point -> point.responseP99Millis().isPresent())
                                    .toList(),
                            point -> point.responseP99Millis().getAsDouble()));
        }
    }

    /**
     * LB5: the throughput chart's lines: the provider's arrivals, attempts, 2xx and retries, the quota as a line and
     * each fault as a line or band up to {@code top} (at least the highest line).
     */
    private static List<XYChart.Series<Number, Number>> throughput(
            List<LivePoint> points, double quota, List<FaultMark> faults, double axisSeconds, double top) {
        // The provider's arrivals first, so that the client's lines stay visible where they coincide.
        List<XYChart.Series<Number, Number>> throughput = new java.util.ArrayList<>(List.of(
                series(
                        "arrivals at the provider",
                        points,
                        p -> p.providerArrivals().orElse(0L)),
                series("attempts sent", points, LivePoint::attempts),
                series("2xx", points, LivePoint::ok),
                series("retries", points, LivePoint::retries)));
        top = Math.max(top, highest(points));
        if (quota > 0) {
            // LB5: the provider's quota as a line, so that arrivals above it read as what it refuses.
            XYChart.Series<Number, Number> line = new XYChart.Series<>();
            line.setName("provider's quota per s");
            line.getData().add(new XYChart.Data<>(0, quota));
            line.getData().add(new XYChart.Data<>(axisSeconds, quota));
            throughput.add(line);
            top = Math.max(top, quota);
        }
        for (FaultMark mark : faults) {
            // LB5: an instant is a vertical line; a span (an outage, a pause) a band drawn as its outline.
            XYChart.Series<Number, Number> marker = new XYChart.Series<>();
            marker.setName(mark.label() + " at t = " + Math.round(mark.fromSecond()) + " s");
            marker.getData().add(new XYChart.Data<>(mark.fromSecond(), 0));
            marker.getData().add(new XYChart.Data<>(mark.fromSecond(), top));
            if (mark.toSecond() > mark.fromSecond()) {
                marker.getData().add(new XYChart.Data<>(mark.toSecond(), top));
                marker.getData().add(new XYChart.Data<>(mark.toSecond(), 0));
            }
            throughput.add(marker);
        }
        return throughput;
    }

    private static double highest(List<LivePoint> points) {
        return points.stream()
                .mapToDouble(p -> Math.max(p.attempts(), p.providerArrivals().orElse(0L)))
                .max()
                .orElse(1);
    }

    /**
     * LB8: the last comparison: one throughput chart per run, side by side on one scale so that the difference is
     * seen at a glance, then its figures in a small table and each run's sentence.
     */
    private Node comparePane(LoadLabViewModel model) {
        HBox charts = new HBox(8);
        charts.setId("load-compare-charts");
        javafx.scene.control.TableView<List<String>> table = new javafx.scene.control.TableView<>();
        table.setId("load-compare-table");
        // Each column as wide as its widest text, header included (fitColumns); where they need more than the table's
        // width a run's header takes two lines (UI28), and only then does the table scroll sideways.
        table.setColumnResizePolicy(javafx.scene.control.TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setFixedCellSize(ComparisonHeight.ROW_HEIGHT);
        table.widthProperty().addListener((obs, was, now) -> {
            if (!table.getColumns().isEmpty() && was.doubleValue() != now.doubleValue()) {
                javafx.application.Platform.runLater(() -> fitColumns(table));
            }
        });
        table.setPlaceholder(new Label("Choose a comparison on the left and press Compare: its runs appear here"
                + " side by side, on one seed."));
        VBox verdicts = new VBox(4);
        verdicts.setId("load-compare-verdicts");
        model.compared().addListener((ListChangeListener<ComparedRun>) change -> {
            List<ComparedRun> runs = List.copyOf(model.compared());
            double top = runs.stream()
                    .mapToDouble(r -> Math.max(highest(r.points()), r.quotaPerSecond()))
                    .max()
                    .orElse(1);
            double axis =
                    runs.stream().mapToDouble(ComparedRun::axisSeconds).max().orElse(1);
            List<Node> drawn = new java.util.ArrayList<>();
            List<Node> sentences = new java.util.ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                ComparedRun run = runs.get(i);
                LineChart<Number, Number> chart = chart(run.label(), "requests / s");
                chart.setId("load-compare-chart-" + i);
                chart.setLegendVisible(i == runs.size() - 1); // one legend for all: the lines are the same
                NumberAxis time = (NumberAxis) chart.getXAxis();
                time.setAutoRanging(false);
                time.setUpperBound(axis);
                time.setTickUnit(Math.max(1, Math.ceil(axis / 5)));
                NumberAxis values = (NumberAxis) chart.getYAxis();
                values.setAutoRanging(false); // one scale for every run: a higher line is more requests
                values.setUpperBound(Math.ceil(top * 1.1));
                values.setTickUnit(Math.max(1, Math.ceil(top * 1.1 / 5)));
                chart.getData()
                        .setAll(throughput(run.points(), run.quotaPerSecond(), run.faults(), run.axisSeconds(), top));
                HBox.setHgrow(chart, Priority.ALWAYS);
                chart.setMinWidth(150);
                drawn.add(chart);
                Label sentence = new Label(run.label() + ": " + run.verdict());
                sentence.setWrapText(true);
                sentence.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // UI8: wrapped, never cut
                sentences.add(sentence);
            }
            charts.getChildren().setAll(drawn);
            verdicts.getChildren().setAll(sentences);
            table.getColumns().setAll(columns(runs));
            table.getItems().setAll(model.comparisonRows());
            javafx.application.Platform.runLater(() -> fitColumns(table));
        });
        // Until a comparison's rows set it (fitColumns): room for the first rows under a header of about 30 px.
        table.setPrefHeight(ComparisonHeight.ROW_HEIGHT * ComparisonHeight.LEAST_ROWS + 30);
        table.setMinHeight(120);
        VBox pane = new VBox(6, charts, table, verdicts);
        VBox.setVgrow(charts, Priority.ALWAYS);
        pane.setPadding(new Insets(6, 0, 0, 12));
        return pane;
    }

    /**
     * UI13, UI28: fits the comparison's columns to their texts ({@link FittedColumns}), breaking a run's header where
     * they need more than the table's width; then the table is as high as its header and every row, so that none is
     * scrolled to.
     */
    private static void fitColumns(javafx.scene.control.TableView<List<String>> table) {
        table.applyCss();
        table.layout();
        FittedColumns.fit(
                table,
                FittedColumns.Last.FITTED,
                table.getWidth() - table.snappedLeftInset() - table.snappedRightInset());
        table.applyCss();
        table.layout();
        javafx.scene.Node header = table.lookup(".column-header-background");
        double headerHeight = header == null ? 30 : header.prefHeight(-1);
        double frame = table.snappedTopInset() + headerHeight + table.snappedBottomInset() + 2;
        table.setPrefHeight(ComparisonHeight.whole(frame, table.getItems().size()));
        table.setMinHeight(ComparisonHeight.least(frame, table.getItems().size()));
    }

    /** LB8, LB10: a column of figure names (each explained on hover) and one column per run. */
    private static List<javafx.scene.control.TableColumn<List<String>, String>> columns(List<ComparedRun> runs) {
        List<javafx.scene.control.TableColumn<List<String>, String>> columns = new java.util.ArrayList<>();
        javafx.scene.control.TableColumn<List<String>, String> figure =
                new javafx.scene.control.TableColumn<>("figure");
        figure.setCellValueFactory(row ->
                new javafx.beans.property.ReadOnlyStringWrapper(row.getValue().get(0)));
        figure.setCellFactory(column -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                String meaning = empty || item == null ? "" : dev.stormwatch.load.report.ComparisonTable.meaning(item);
                setTooltip(meaning.isEmpty() ? null : new Tooltip(meaning));
            }
        });
        columns.add(figure);
        for (int i = 0; i < runs.size(); i++) {
            int index = i + 1;
            javafx.scene.control.TableColumn<List<String>, String> column =
                    new javafx.scene.control.TableColumn<>(runs.get(i).label());
            column.setCellValueFactory(row -> new javafx.beans.property.ReadOnlyStringWrapper(
                    index < row.getValue().size() ? row.getValue().get(index) : ""));
            column.setStyle("-fx-alignment: CENTER-RIGHT;");
            columns.add(column);
        }
        return columns;
    }

    private static XYChart.Series<Number, Number> series(
            String name, List<LivePoint> points, ToDoubleFunction<LivePoint> value) {
        XYChart.Series<Number, Number> series = new XYChart.Series<>();
        series.setName(name);
        for (LivePoint point : points) {
            series.getData().add(new XYChart.Data<>(point.second(), value.applyAsDouble(point)));
        }
        return series;
    }

    private static LineChart<Number, Number> chart(String title, String unit) {
        NumberAxis time = new NumberAxis();
        time.setLabel("seconds since the start");
        NumberAxis values = new NumberAxis();
        values.setLabel(unit);
        LineChart<Number, Number> chart = new LineChart<>(time, values);
        chart.setTitle(title);
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        chart.setAxisSortingPolicy(LineChart.SortingPolicy.NONE); // a fault's band goes up, across and down
        chart.setMinHeight(150);
        // On the right: under the chart the legend needs height the three charts do not have, and JavaFX then drops it.
        chart.setLegendSide(Side.RIGHT);
        chart.getStyleClass().add("load-chart");
        dev.stormwatch.app.common.SeriesColours.install(chart); // UI14: one colour per series in every chart
        return chart;
    }

    private Node form(LoadLabViewModel model) {
        Label title = new Label("Load run");
        title.getStyleClass().add("section-title");
        ComboBox<Scenario> scenario = new ComboBox<>();
        scenario.setId("load-scenario");
        scenario.getItems().setAll(model.scenarios());
        scenario.valueProperty().bindBidirectional(model.scenarioProperty());
        scenario.setConverter(new StringConverter<>() {
            @Override
            public String toString(Scenario value) {
                return value == null ? "" : value.title();
            }

            @Override
            public Scenario fromString(String text) {
                return null;
            }
        });
        scenario.setMaxWidth(Double.MAX_VALUE);
        Label scenarioText = new Label();
        scenarioText.setWrapText(true);
        scenarioText.getStyleClass().add("muted");
        scenarioText.textProperty().bind(model.scenarioProperty().map(Scenario::description));
        ComboBox<LimiterChoice> limiter = new ComboBox<>();
        limiter.setId("load-limiter");
        limiter.getItems().setAll(LimiterChoice.values());
        limiter.valueProperty().bindBidirectional(model.limiterProperty());
        limiter.setMaxWidth(Double.MAX_VALUE);
        limiter.setConverter(words(LoadLabViewModel::words)); // LB7: words, not SLIDING_LOG
        ComboBox<dev.stormwatch.load.simulation.BackoffStrategy> jitter = new ComboBox<>();
        jitter.setId("load-jitter");
        jitter.getItems().setAll(dev.stormwatch.load.simulation.BackoffStrategy.values());
        jitter.valueProperty().bindBidirectional(model.jitterProperty());
        jitter.setConverter(words(LoadLabViewModel::words));
        jitter.setMaxWidth(Double.MAX_VALUE);
        jitter.setTooltip(new Tooltip("How the clients wait between retries. Full jitter is what real clients use (B3);"
                + " the others exist to compare, and the report says so (B4)."));
        ComboBox<RateLimitDialect> dialect = new ComboBox<>();
        dialect.setId("load-relay-dialect");
        dialect.getItems().setAll(RateLimitDialect.values());
        dialect.valueProperty().bindBidirectional(model.relayDialectProperty());
        // LB7: as the command line and the Provider & relay tab name it (openai, github), not OPENAI.
        dialect.setConverter(words(d -> d.name().toLowerCase(java.util.Locale.ROOT)));
        dialect.setMaxWidth(Double.MAX_VALUE);
        dialect.setTooltip(new Tooltip("plain: Retry-After on the 429 only. The others also say on every answer what is"
                + " left until when, so the clients pause before the 429 (RH9)."));
        CheckBox adaptive = new CheckBox("Adaptive pacing in the clients");
        adaptive.setId("load-adaptive");
        adaptive.selectedProperty().bindBidirectional(model.adaptiveProperty());
        adaptive.setTooltip(new Tooltip("After a 429 (or a 503 asking to wait), each client instance sends through a"
                + " token bucket at 0.7 of its measured rate, climbing back on a CUBIC curve, as the AWS SDKs'"
                + " adaptive mode; never earlier than a wait hint or pause (RH11)."));
        PasswordField key = new PasswordField();
        key.setId("load-api-key");
        key.textProperty().bindBidirectional(model.apiKeyProperty());
        key.setPromptText("only for a URL target");
        CheckBox sessionToken = new CheckBox("Use the signed-in session's token");
        sessionToken.setTooltip(new Tooltip("Send the Session tab's access token (refreshed when it expires) to a URL"
                + " target instead of the API key"));
        sessionToken.setId("load-session-token");
        sessionToken.selectedProperty().bindBidirectional(model.useSessionTokenProperty());
        key.disableProperty().bind(sessionToken.selectedProperty());
        // LB14: the consent to send the credential over plain http off this machine, with its refusal under it.
        CheckBox insecure = new CheckBox(LoadLabViewModel.INSECURE_LABEL);
        insecure.setId("load-insecure-credentials");
        insecure.setWrapText(true);
        insecure.selectedProperty().bindBidirectional(model.allowInsecureCredentialsProperty());
        insecure.setTooltip(new Tooltip("Anyone on the network path can read a credential sent over plain http. Tick"
                + " only for a test gateway on a network you trust; the report then says so."));
        Label insecureProblem = new Label();
        insecureProblem.setId("load-insecure-credentials-error");
        insecureProblem.getStyleClass().add("field-error");
        insecureProblem.setWrapText(true);
        insecureProblem.textProperty().bind(model.insecureCredentialsProblemProperty());
        insecureProblem.managedProperty().bind(insecureProblem.textProperty().isNotEmpty());
        insecureProblem.visibleProperty().bind(insecureProblem.managedProperty());

        Button run = new Button("Run");
        run.setId("load-run");
        run.getStyleClass().add("primary");
        run.disableProperty().bind(model.runningProperty());
        run.setOnAction(e -> model.start());
        Button stop = new Button("Stop");
        stop.setId("load-stop");
        stop.disableProperty().bind(model.runningProperty().not());
        stop.setOnAction(e -> model.stop());
        Label problems = new Label();
        problems.setId("load-problems");
        problems.getStyleClass().add("field-error");
        problems.setWrapText(true);
        problems.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // UI8: every refusal whole, never cut
        problems.textProperty().bind(model.problemsProperty());

        VBox box = new VBox(
                8,
                title,
                new Label("Scenario"),
                scenario,
                scenarioText,
                field("Target: embedded, or a base URL", "load-target", model.targetProperty()),
                embeddedTargetNote(),
                new VBox(2, new Label("API key (for a URL target)"), key, sessionToken, insecure, insecureProblem),
                field("Virtual clients", "load-clients", model.clientsProperty()),
                field("Arrivals per second (empty: closed loop)", "load-rate", model.rateProperty()),
                field("Duration", "load-duration", model.durationProperty()),
                new Label("Embedded relay's rate-limit headers"),
                dialect,
                adaptive,
                new Label("Backoff between retries"),
                jitter,
                new Label("Rate limiter"),
                limiter,
                limitField(model),
                field("Limiter state: embedded (Redis), local, or redis://...", "load-redis", model.redisProperty()),
                field("Instances sharing the quota (K)", "load-instances", model.instancesProperty()));
        box.setPadding(new Insets(12));
        box.getStyleClass().add("settings");
        // LB8: a comparison of runs on one seed, drawn side by side on the Compare tab.
        ComboBox<Comparison> comparison = new ComboBox<>();
        comparison.setId("load-comparison");
        comparison.getItems().setAll(Comparison.values());
        comparison.valueProperty().bindBidirectional(model.comparisonProperty());
        comparison.setConverter(words(Comparison::title));
        // UI28: the choice takes the column's width, not its longest title's: a title longer than the column is cut
        // here, whole in the list and on hover.
        comparison.setPrefWidth(FORM_WIDTH / 2);
        comparison.setMinWidth(FORM_WIDTH / 2);
        comparison.setMaxWidth(Double.MAX_VALUE);
        Tooltip comparisonWhole = new Tooltip();
        comparisonWhole.setWrapText(true);
        comparisonWhole.setMaxWidth(420);
        comparisonWhole
                .textProperty()
                .bind(model.comparisonProperty()
                        .map(chosen -> chosen.title() + ". Runs the form's settings two or three times on one seed,"
                                + " changing only this, and draws the runs side by side on one scale (LB8).")
                        .orElse(""));
        comparison.setTooltip(comparisonWhole);
        Button compare = new Button("Compare");
        compare.setId("load-compare-run");
        compare.disableProperty().bind(model.runningProperty());
        compare.setOnAction(e -> model.compare());
        // Run, Stop and Compare stay in view below the form, however far it scrolls.
        actions = new VBox(
                8, new HBox(8, run, stop), new Label("Compare runs on one seed"), comparison, compare, problems);
        return box;
    }

    /** A combo box's items shown in words; nothing is typed into them. */
    private static <T> StringConverter<T> words(java.util.function.Function<T, String> words) {
        return new StringConverter<>() {
            @Override
            public String toString(T value) {
                return value == null ? "" : words.apply(value);
            }

            @Override
            public T fromString(String text) {
                return null;
            }
        };
    }

    /**
     * LB13: which relay "embedded" means: one started for each run with the scenario's quota and faults, not the one the
     * Provider & relay tab lists (whose switches do not reach a run).
     */
    private static Node embeddedTargetNote() {
        Label note = new Label(
                "embedded: a relay of its own, started for each run with the scenario's quota and"
                        + " faults on a free port; not the relay on the Provider & relay tab. The run's notes give its address.");
        note.setId("load-embedded-note");
        note.setWrapText(true);
        note.getStyleClass().add("muted");
        return note;
    }

    /** LB10: the limiter's limit, beside the limiter it sets. */
    private static Node limitField(LoadLabViewModel model) {
        Node field = field("Limit, requests per window (e.g. 50/1s)", "load-limit", model.limitProperty());
        TextField input = (TextField) ((VBox) field).getChildren().get(1);
        input.setPromptText("empty: the relay's quota, else the rate, else 100/1s");
        input.setTooltip(new Tooltip("How many requests the limiter lets through per window, over every instance"
                + " that shares it (L1)."));
        return field;
    }

    private static Node field(String label, String id, StringProperty value) {
        TextField input = new TextField();
        input.setId(id);
        input.textProperty().bindBidirectional(value);
        Label name = new Label(label);
        name.setWrapText(true); // UI8: a long field name takes a second line in the narrow column
        name.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        return new VBox(2, name, input);
    }
}
