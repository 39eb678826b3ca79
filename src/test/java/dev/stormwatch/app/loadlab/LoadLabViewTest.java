package dev.stormwatch.app.loadlab;

import static dev.stormwatch.testing.ShownArea.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.engine.LiveSeriesListener;
import dev.stormwatch.load.options.ClientChoices;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunVerdict;
import dev.stormwatch.load.report.SampleReports;
import dev.stormwatch.load.scenario.FaultMark;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeriesRecorder;
import dev.stormwatch.load.simulation.BackoffStrategy;
import dev.stormwatch.relay.RateLimitDialect;
import dev.stormwatch.testing.AnsweredFileDialogs;
import dev.stormwatch.testing.DrawnText;
import dev.stormwatch.testing.FakeClock;
import dev.stormwatch.testing.FxThread;
import dev.stormwatch.testing.ShownArea;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Platform;
import javafx.beans.property.StringProperty;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Load lab alone on a real JavaFX toolkit, over its real view model. The engine is the model's one port
 * ({@link LoadLabViewModel.Runner}); here it plays back one live second, may hold there until the test lets it go,
 * and returns the sample storm's report, so that what the view draws is known to the second. The real engine's runs
 * are drawn in the window's own tests ({@code LoadLabFlowTest}).
 */
@ExtendWith(ApplicationExtension.class)
class LoadLabViewTest {

    private static final Instant START = Instant.parse("2026-11-30T03:00:00Z");
    private static final String VERDICT = RunVerdict.PREFIX + "the retries came together and tripled the load.";

    @RegisterExtension
    final ShownArea area = new ShownArea();

    private final ExecutorService background = area.background();
    private final CountDownLatch released = new CountDownLatch(1);
    private final AtomicBoolean interrupted = new AtomicBoolean();
    private volatile boolean held;
    private volatile boolean onSchedule = true;
    private LoadLabViewModel model;
    private LoadLabView view;
    private final AnsweredFileDialogs files = new AnsweredFileDialogs();

    LoadLabViewTest() {
        area.atEnd(released::countDown);
    }

    /** The lab at 1280×800 over a model whose runs are played back by {@link #playBack}. */
    private void show() throws Exception {
        show(1280, 800);
    }

    private void show(double width, double height) throws Exception {
        FxThread.run(() -> {
            model = new LoadLabViewModel(this::playBack, background, Platform::runLater);
            view = new LoadLabView(model, files);
            area.show(view, width, height);
        });
    }

    /**
     * One live tick with the first two seconds (the second, on a schedule, with a response time from its intended
     * start, CO1), then,
     * when held, a wait for the test; then the sample storm's report.
     */
    private LoadReport playBack(
            LoadOptions options,
            ClientChoices choices,
            java.util.function.Consumer<String> progress,
            LiveSeriesListener live) {
        FakeClock clock = new FakeClock(START);
        TimeSeriesRecorder client = new TimeSeriesRecorder(clock, START, Duration.ofSeconds(1), 5);
        client.add(START, Counter.ATTEMPTS, 10);
        client.add(START, Counter.STATUS_2XX, 7);
        client.add(START, Counter.STATUS_429, 3);
        client.add(START.plusSeconds(1), Counter.ATTEMPTS, 4);
        client.add(START.plusSeconds(1), Counter.RETRIES, 3);
        if (onSchedule) {
            client.responseTime(START.plusSeconds(1), Duration.ofMillis(40));
        }
        client.latency(START.plusSeconds(1), Duration.ofMillis(30));
        clock.advance(Duration.ofMillis(2_500));
        progress.accept("t=2s attempts 14, the whole line a person reads on hover");
        live.onTick(Duration.ofMillis(2_500), client.snapshot(), Optional.empty());
        if (held) {
            try {
                released.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException stopped) {
                interrupted.set(true);
            }
        }
        LoadReport storm = SampleReports.storm();
        return SampleReports.stormBesideProvider(storm.title(), storm.run(), List.of(VERDICT));
    }

    private void choose(Scenario scenario) throws Exception {
        FxThread.run(() -> model.scenarioProperty().set(scenario));
    }

    private LineChart<Number, Number> chart(String id) {
        return area.node(id);
    }

    private static List<String> names(LineChart<Number, Number> chart) {
        return chart.getData().stream().map(XYChart.Series::getName).toList();
    }

    private static XYChart.Series<Number, Number> named(LineChart<Number, Number> chart, String name) {
        return chart.getData().stream()
                .filter(s -> s.getName().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError(name + " not in " + names(chart)));
    }

    private static List<List<Double>> xy(XYChart.Series<Number, Number> series) {
        return series.getData().stream()
                .map(d -> List.of(d.getXValue().doubleValue(), d.getYValue().doubleValue()))
                .toList();
    }

    @Test
    @DisplayName("LB5, LB11, CO1: a run's seconds are drawn as they pass, each line from its own count, with the"
            + " provider's quota as a line and the reset as a vertical line, and the time axis spans the run")
    void aRunIsDrawnAsItPasses() throws Exception {
        show();
        choose(ScenarioPresets.THREE_AM_STORM);
        held = true;

        area.fire("load-run");
        await(() -> model.points().size() == 2);

        LineChart<Number, Number> throughput = chart("load-throughput");
        double quota = model.quotaPerSecondProperty().get();
        double axis = model.axisSecondsProperty().get();
        FaultMark reset = model.faults().get(0);
        assertThat(quota).isPositive();
        assertThat(reset.toSecond()).isEqualTo(reset.fromSecond());
        assertThat(names(throughput))
                .containsExactly(
                        "arrivals at the provider",
                        "attempts sent",
                        "2xx",
                        "retries",
                        "provider's quota per s",
                        reset.label() + " at t = " + Math.round(reset.fromSecond()) + " s");
        assertThat(xy(named(throughput, "attempts sent"))).containsExactly(List.of(0.0, 10.0), List.of(1.0, 4.0));
        assertThat(xy(named(throughput, "2xx"))).containsExactly(List.of(0.0, 7.0), List.of(1.0, 0.0));
        assertThat(xy(named(throughput, "retries"))).containsExactly(List.of(0.0, 0.0), List.of(1.0, 3.0));
        // Without the provider's record, no arrivals: drawn at 0, under the client's lines.
        assertThat(xy(named(throughput, "arrivals at the provider")))
                .containsExactly(List.of(0.0, 0.0), List.of(1.0, 0.0));
        assertThat(xy(named(throughput, "provider's quota per s")))
                .containsExactly(List.of(0.0, quota), List.of(axis, quota));
        // An instant is a line from 0 to the top: the highest of the lines and the quota.
        double top = Math.max(10, quota);
        assertThat(xy(named(throughput, names(throughput).get(5))))
                .containsExactly(List.of(reset.fromSecond(), 0.0), List.of(reset.fromSecond(), top));

        LineChart<Number, Number> trouble = chart("load-trouble");
        assertThat(names(trouble))
                .containsExactly("429", "5xx + network", "retries", "refused by limiter", "exhausted budgets");
        assertThat(xy(named(trouble, "429"))).containsExactly(List.of(0.0, 3.0), List.of(1.0, 0.0));
        LineChart<Number, Number> latency = chart("load-latency");
        assertThat(names(latency)).containsExactly("p50", "p99", "p99 from intended start");
        // Only the second that ran on a schedule has a response time (CO1).
        // The 40 ms measured, as the histogram keeps it (to within its precision).
        assertThat(xy(named(latency, "p99 from intended start")))
                .singleElement()
                .satisfies(xy -> assertThat(xy.get(0)).isEqualTo(1.0))
                .satisfies(xy -> assertThat(xy.get(1)).isCloseTo(40.0, org.assertj.core.data.Offset.offset(0.5)));

        for (String id : List.of("load-throughput", "load-trouble", "load-latency")) {
            NumberAxis time = (NumberAxis) chart(id).getXAxis();
            assertThat(time.isAutoRanging()).as(id).isFalse();
            assertThat(time.getLowerBound()).as(id).isZero();
            assertThat(time.getUpperBound()).as(id).isEqualTo(axis);
            assertThat(time.getTickUnit()).as(id).isEqualTo(Math.max(1, Math.ceil(axis / 10)));
        }

        released.countDown();
        await(() -> !model.runningProperty().get());
        // LB11: every second of the report at the end, the provider's record among them.
        assertThat(model.points()).hasSize(20);
        assertThat(named(chart("load-throughput"), "attempts sent").getData()).hasSize(20);
        assertThat(xy(named(chart("load-throughput"), "arrivals at the provider")))
                .isEqualTo(xy(named(chart("load-throughput"), "attempts sent")));
    }

    @Test
    @DisplayName("LB5, CO1: a lasting fault is a band, up to the highest line and down again; no quota, no quota line;"
            + " a closed loop has no response time from an intended start")
    void aLastingFaultIsABand() throws Exception {
        show();
        choose(ScenarioPresets.PROVIDER_OUTAGE);
        held = true;
        onSchedule = false;

        area.fire("load-run");
        await(() -> model.points().size() == 2);

        LineChart<Number, Number> throughput = chart("load-throughput");
        FaultMark outage = model.faults().get(0);
        assertThat(outage.toSecond()).isGreaterThan(outage.fromSecond());
        assertThat(names(throughput)).doesNotContain("provider's quota per s").hasSize(5);
        // A closed loop's seconds ran on no schedule: no response time from an intended start (CO1).
        assertThat(names(chart("load-latency"))).containsExactly("p50", "p99");
        assertThat(xy(throughput.getData().get(4)))
                .containsExactly(
                        List.of(outage.fromSecond(), 0.0),
                        List.of(outage.fromSecond(), 10.0),
                        List.of(outage.toSecond(), 10.0),
                        List.of(outage.toSecond(), 0.0));
    }

    @Test
    @DisplayName("LB4, LB11, UI8: while a run runs Run and Compare are off and Stop on, the live line is whole on"
            + " hover; at its end the verdict, the summary and Save report are there, and Stop ends a run early")
    void runStopAndWhatARunLeaves() throws Exception {
        show();
        assertThat(FxThread.call(() -> area.node("load-verdict").isManaged()))
                .as("no verdict yet, and no room kept for one")
                .isFalse();
        assertThat(FxThread.call(
                        () -> area.node("load-insecure-credentials-error").isVisible()))
                .as("no refusal of the consent yet")
                .isFalse();
        assertThat(area.off("load-run")).isFalse();
        assertThat(area.off("load-stop")).isTrue();
        assertThat(area.off("load-save")).isTrue();
        assertThat(area.shown("load-verdict")).isFalse();
        held = true;

        area.fire("load-run");
        await(() -> model.points().size() == 2);

        assertThat(area.off("load-run")).isTrue();
        assertThat(area.off("load-compare-run")).isTrue();
        assertThat(area.off("load-stop")).isFalse();
        Label progress = area.node("load-progress");
        assertThat(progress.getText()).isEqualTo("t=2s attempts 14, the whole line a person reads on hover");
        assertThat(progress.getTooltip().getText()).isEqualTo(progress.getText());

        area.fire("load-stop");
        await(() -> !model.runningProperty().get());
        assertThat(interrupted).isTrue();
        assertThat(area.off("load-run")).isFalse();
        assertThat(area.off("load-stop")).isTrue();
        assertThat(area.off("load-save")).isFalse();
        assertThat(area.shown("load-verdict")).isTrue();
        assertThat(area.text("load-verdict")).isEqualTo(VERDICT);
        assertThat(((TextArea) area.node("load-summary")).getText())
                .isEqualTo(model.summaryProperty().get())
                .isNotBlank();
    }

    @Test
    @DisplayName("LB7, LB10, LB14, RH11: every field of the form is its option both ways, each choice in words;"
            + " the session's token replaces the API key, and the consent's refusal stands under it")
    void theFormIsTheRunsOptions() throws Exception {
        show();
        Map<String, StringProperty> fields = new LinkedHashMap<>();
        fields.put("load-target", model.targetProperty());
        fields.put("load-api-key", model.apiKeyProperty());
        fields.put("load-clients", model.clientsProperty());
        fields.put("load-rate", model.rateProperty());
        fields.put("load-duration", model.durationProperty());
        fields.put("load-limit", model.limitProperty());
        fields.put("load-redis", model.redisProperty());
        fields.put("load-instances", model.instancesProperty());
        area.assertFieldsAre(fields);

        ComboBox<Scenario> scenario = area.node("load-scenario");
        assertThat(scenario.getItems()).containsExactlyElementsOf(model.scenarios());
        assertThat(scenario.getConverter().toString(ScenarioPresets.PROVIDER_OUTAGE))
                .isEqualTo(ScenarioPresets.PROVIDER_OUTAGE.title());
        FxThread.run(() -> scenario.setValue(ScenarioPresets.PROVIDER_OUTAGE));
        assertThat(model.scenarioProperty().get()).isEqualTo(ScenarioPresets.PROVIDER_OUTAGE);
        assertThat(((VBox) scenario.getParent()).getChildren())
                .anySatisfy(node -> assertThat(node)
                        .isInstanceOfSatisfying(
                                Label.class,
                                text -> assertThat(text.getText())
                                        .isEqualTo(ScenarioPresets.PROVIDER_OUTAGE.description())));

        ComboBox<LimiterChoice> limiter = area.node("load-limiter");
        assertThat(limiter.getItems()).containsExactly(LimiterChoice.values());
        assertThat(limiter.getConverter().toString(LimiterChoice.SLIDING_LOG))
                .isEqualTo(LoadLabViewModel.words(LimiterChoice.SLIDING_LOG));
        FxThread.run(() -> limiter.setValue(LimiterChoice.SLIDING_LOG));
        assertThat(model.limiterProperty().get()).isEqualTo(LimiterChoice.SLIDING_LOG);

        ComboBox<BackoffStrategy> jitter = area.node("load-jitter");
        assertThat(jitter.getItems()).containsExactly(BackoffStrategy.values());
        assertThat(jitter.getConverter().toString(BackoffStrategy.DECORRELATED))
                .isEqualTo(LoadLabViewModel.words(BackoffStrategy.DECORRELATED));
        FxThread.run(() -> model.jitterProperty().set(BackoffStrategy.DECORRELATED));
        assertThat(jitter.getValue()).isEqualTo(BackoffStrategy.DECORRELATED);

        ComboBox<RateLimitDialect> dialect = area.node("load-relay-dialect");
        assertThat(dialect.getItems()).containsExactly(RateLimitDialect.values());
        assertThat(dialect.getConverter().toString(RateLimitDialect.OPENAI)).isEqualTo("openai");
        assertThat(dialect.getConverter().toString(null)).isEmpty();
        FxThread.run(() -> dialect.setValue(RateLimitDialect.OPENAI));
        assertThat(model.relayDialectProperty().get()).isEqualTo(RateLimitDialect.OPENAI);

        ComboBox<Comparison> comparison = area.node("load-comparison");
        assertThat(comparison.getItems()).containsExactly(Comparison.values());
        Comparison second = Comparison.values()[1];
        assertThat(comparison.getConverter().toString(second)).isEqualTo(second.title());
        FxThread.run(() -> comparison.setValue(second));
        assertThat(model.comparisonProperty().get()).isEqualTo(second);
        assertThat(comparison.getTooltip().getText()).startsWith(second.title() + ". Runs the form's settings");

        CheckBox adaptive = area.node("load-adaptive");
        FxThread.run(adaptive::fire);
        assertThat(model.adaptiveProperty().get()).isTrue();

        CheckBox sessionToken = area.node("load-session-token");
        assertThat(area.off("load-api-key")).isFalse();
        FxThread.run(sessionToken::fire);
        assertThat(model.useSessionTokenProperty().get()).isTrue();
        assertThat(area.off("load-api-key"))
                .as("the API key is not what is sent")
                .isTrue();

        assertThat(area.shown("load-insecure-credentials-error")).isFalse();
        FxThread.run(() -> {
            model.useSessionTokenProperty().set(false);
            model.targetProperty().set("http://203.0.113.7:8080/v1");
            model.apiKeyProperty().set("sk-over-plain-http");
        });
        area.fire("load-run");
        await(() -> area.shown("load-insecure-credentials-error"));
        assertThat(area.text("load-insecure-credentials-error"))
                .isEqualTo(model.insecureCredentialsProblemProperty().get())
                .contains(LoadLabViewModel.INSECURE_LABEL);
        assertThat(model.runningProperty().get()).isFalse();
        CheckBox insecure = area.node("load-insecure-credentials");
        FxThread.run(insecure::fire);
        assertThat(model.allowInsecureCredentialsProperty().get()).isTrue();
        area.fire("load-run");
        await(() -> !area.shown("load-insecure-credentials-error")
                && !model.runningProperty().get());
    }

    @Test
    @DisplayName("LB8, UI28: Compare runs side by side on the Compare tab: a chart per run on one scale, one legend,"
            + " each run's sentence, and a table with a column per run")
    void aComparisonIsDrawnSideBySide() throws Exception {
        show();
        TabPane views = area.node("load-views");
        assertThat(views.getSelectionModel().getSelectedItem().getText()).isEqualTo("This run");

        area.fire("load-compare-run");
        await(() -> !model.runningProperty().get() && !model.compared().isEmpty());
        await(() ->
                ((TableView<?>) area.node("load-compare-table")).getColumns().size()
                        == model.compared().size() + 1);

        List<ComparedRun> runs = List.copyOf(model.compared());
        assertThat(runs).hasSize(model.comparisonProperty().get().variants().size());
        assertThat(views.getSelectionModel().getSelectedItem().getId()).isEqualTo("load-compare-tab");
        HBox charts = area.node("load-compare-charts");
        assertThat(charts.getChildren()).hasSize(runs.size());
        double scale = ((NumberAxis) ((LineChart<?, ?>) charts.getChildren().get(0)).getYAxis()).getUpperBound();
        for (int i = 0; i < runs.size(); i++) {
            @SuppressWarnings("unchecked")
            LineChart<Number, Number> chart =
                    (LineChart<Number, Number>) charts.getChildren().get(i);
            assertThat(chart.getId()).isEqualTo("load-compare-chart-" + i);
            assertThat(chart.getTitle()).isEqualTo(runs.get(i).label());
            assertThat(chart.isLegendVisible()).as("legend of run %d", i).isEqualTo(i == runs.size() - 1);
            assertThat(((NumberAxis) chart.getYAxis()).getUpperBound())
                    .as("one scale")
                    .isEqualTo(scale);
            assertThat(names(chart)).startsWith("arrivals at the provider", "attempts sent", "2xx", "retries");
        }
        VBox verdicts = area.node("load-compare-verdicts");
        assertThat(verdicts.getChildren())
                .extracting(node -> ((Label) node).getText())
                .containsExactlyElementsOf(runs.stream()
                        .map(run -> run.label() + ": " + run.verdict())
                        .toList());
        TableView<?> table = area.node("load-compare-table");
        assertThat(table.getColumns().get(0).getText()).isEqualTo("figure");
        assertThat(table.getColumns().stream().skip(1).map(c -> c.getText().replace('\n', ' ')))
                .containsExactlyElementsOf(runs.stream().map(ComparedRun::label).toList());
        assertThat(table.getItems()).hasSize(model.comparisonRows().size());
    }

    /** Runs the lab's comparison and waits until its table has a column per run. */
    private List<ComparedRun> compare() throws Exception {
        area.fire("load-compare-run");
        await(() -> !model.runningProperty().get() && !model.compared().isEmpty());
        await(() ->
                ((TableView<?>) area.node("load-compare-table")).getColumns().size()
                        == model.compared().size() + 1);
        WaitForAsyncUtils.waitForFxEvents();
        return List.copyOf(model.compared());
    }

    @Test
    @DisplayName("Save report asks over the window where to write, offering stormwatch-load.json; a cancel writes"
            + " nothing; a chosen file gets the report, and the lab says what it wrote")
    void saveReportWritesWhereThePersonChose(@TempDir Path dir) throws Exception {
        show();
        area.fire("load-run");
        await(() -> model.reportReadyProperty().get());

        area.fire("load-save");
        assertThat(files.asked())
                .containsExactly(new AnsweredFileDialogs.Asked(
                        "save", area.stage(), "Save the load report", "stormwatch-load.json"));

        Path json = dir.resolve("storm.json");
        files.answer(json);
        area.fire("load-save");
        await(() -> !area.text("load-saved").isEmpty());
        assertThat(area.text("load-saved")).startsWith("Wrote " + json);
        assertThat(json).isNotEmptyFile();
        try (var written = Files.list(dir)) {
            assertThat(written.map(p -> p.getFileName().toString()))
                    .as("only what the person chose, and what the report writes beside it")
                    .allMatch(name -> name.startsWith("storm"));
        }
    }

    @Test
    @DisplayName("LB5, UI14: the live charts say what they draw: a title, the time since the start and the unit on"
            + " their axes, lines without dots, the legend on the right, each line in its series' colour")
    void theLiveChartsSayWhatTheyDraw() throws Exception {
        show();
        area.fire("load-run");
        await(() -> !model.runningProperty().get() && model.points().size() == 20);

        Map<String, List<String>> words = Map.of(
                "load-throughput", List.of("Throughput: client and provider", "requests / s"),
                "load-trouble", List.of("Trouble: what failed, retried or was refused", "per s"),
                "load-latency", List.of("Latency of completed attempts", "ms"));
        FxThread.run(() -> words.forEach((id, said) -> {
            LineChart<Number, Number> chart = chart(id);
            NumberAxis time = (NumberAxis) chart.getXAxis();
            assertThat(chart.getTitle()).as(id).isEqualTo(said.get(0));
            assertThat(time.getLabel()).as(id).isEqualTo("seconds since the start");
            assertThat(chart.getYAxis().getLabel()).as(id).isEqualTo(said.get(1));
            assertThat(chart.getCreateSymbols()).as(id).isFalse();
            assertThat(chart.getAnimated()).as(id).isFalse();
            // A fault's band goes up, across and down: its points are drawn in their order, not sorted.
            assertThat(chart.getAxisSortingPolicy()).as(id).isEqualTo(LineChart.SortingPolicy.NONE);
            assertThat(chart.getLegendSide()).as(id).isEqualTo(javafx.geometry.Side.RIGHT);
            assertThat(chart.getMinHeight()).as(id).isEqualTo(150);
            assertThat(VBox.getVgrow(chart)).as(id).isEqualTo(javafx.scene.layout.Priority.ALWAYS);
            XYChart.Series<Number, Number> retries =
                    named(chart(id), chart.getData().get(0).getName());
            assertThat(retries.getNode().getStyleClass())
                    .as("%s's first line is coloured by what it is (UI14)", id)
                    .anyMatch(style -> style.startsWith("sw-series-") || style.startsWith("sw-ink-"));
        }));
    }

    @Test
    @DisplayName("UI8, UI28: at 1024×700 the form keeps its 300 px column, every label and tick box of it shows its"
            + " whole text, and the run's charts, verdict and summary scroll in their own column")
    void theNarrowFormShowsEveryWordWhole() throws Exception {
        show(1024, 700);
        FxThread.run(() -> {
            model.clientsProperty().set("many");
            model.useSessionTokenProperty().set(false);
            model.targetProperty().set("http://203.0.113.7:8080/v1");
            model.apiKeyProperty().set("sk-over-plain-http");
        });
        area.fire("load-run");
        await(() -> !area.text("load-problems").isEmpty() && area.shown("load-insecure-credentials-error"));
        WaitForAsyncUtils.waitForFxEvents();

        FxThread.run(() -> {
            assertThat(view.getId()).isEqualTo("load-lab");
            javafx.scene.layout.Region left = (javafx.scene.layout.Region) view.getLeft();
            assertThat(left.getWidth()).as("the form's column").isEqualTo(LoadLabView.FORM_WIDTH);
            List<Labeled> labelled = left.lookupAll("*").stream()
                    .filter(node -> node instanceof Label || node instanceof CheckBox)
                    .map(Labeled.class::cast)
                    .filter(node -> node.isVisible() && !node.getText().isEmpty())
                    .toList();
            assertThat(labelled)
                    .extracting(Labeled::getText)
                    .contains(
                            LoadLabViewModel.INSECURE_LABEL,
                            model.problemsProperty().get(),
                            model.insecureCredentialsProblemProperty().get(),
                            "Limit, requests per window (e.g. 50/1s)");
            for (Labeled each : labelled) {
                assertThat(DrawnText.drawn(each))
                        .as("drawn whole: %s", each.getText())
                        .isEqualTo(each.getText());
            }
            ScrollPane form = (ScrollPane) left.lookup(".scroll-pane");
            assertThat(form.isFitToWidth())
                    .as("the form fits its column's width")
                    .isTrue();
            assertThat(((javafx.scene.layout.Region) form.getContent()).getPadding())
                    .isEqualTo(new javafx.geometry.Insets(12));

            TabPane views = area.node("load-views");
            assertThat(views.getTabClosingPolicy()).isEqualTo(TabPane.TabClosingPolicy.UNAVAILABLE);
            for (javafx.scene.control.Tab tab : views.getTabs()) {
                ScrollPane scrolled = (ScrollPane) tab.getContent();
                assertThat(scrolled.isFitToWidth()).as(tab.getText()).isTrue();
                assertThat(scrolled.isFitToHeight()).as(tab.getText()).isTrue();
                assertThat(scrolled.getStyleClass()).as(tab.getText()).contains("edge-to-edge");
            }
            VBox charts = (VBox) ((ScrollPane) views.getTabs().get(0).getContent()).getContent();
            assertThat(charts.getPadding()).isEqualTo(new javafx.geometry.Insets(0, 12, 0, 12));
            TextArea summary = area.node("load-summary");
            assertThat(summary.isEditable())
                    .as("the summary is read, not typed into")
                    .isFalse();
            assertThat(summary.getPrefRowCount()).isEqualTo(9);
            assertThat(summary.getMinHeight()).isEqualTo(120);
            assertThat(((Label) area.node("load-verdict")).isWrapText()).isTrue();
            assertThat(((Label) area.node("load-verdict")).getMinHeight())
                    .as("the verdict wraps, never cut")
                    .isEqualTo(javafx.scene.layout.Region.USE_PREF_SIZE);
        });
    }

    @Test
    @DisplayName("LB7, LB10, LB13, LB14, RH9, RH11: each choice of the form says on hover or in its prompt what it"
            + " does")
    void eachChoiceSaysWhatItDoes() throws Exception {
        show();
        FxThread.run(() -> {
            assertThat(((ComboBox<?>) area.node("load-jitter")).getTooltip().getText())
                    .startsWith("How the clients wait between retries.")
                    .contains("(B3)", "(B4)");
            assertThat(((ComboBox<?>) area.node("load-relay-dialect"))
                            .getTooltip()
                            .getText())
                    .startsWith("plain: Retry-After on the 429 only.")
                    .contains("(RH9)");
            assertThat(((CheckBox) area.node("load-adaptive")).getTooltip().getText())
                    .contains("token bucket", "(RH11)");
            assertThat(((javafx.scene.control.TextInputControl) area.node("load-api-key")).getPromptText())
                    .isEqualTo("only for a URL target");
            assertThat(((CheckBox) area.node("load-session-token")).getTooltip().getText())
                    .startsWith("Send the Session tab's access token");
            CheckBox insecure = area.node("load-insecure-credentials");
            assertThat(insecure.getTooltip().getText()).startsWith("Anyone on the network path can read a credential");
            assertThat(insecure.isWrapText()).isTrue();
            javafx.scene.control.TextField limit = area.node("load-limit");
            assertThat(limit.getPromptText()).isEqualTo("empty: the relay's quota, else the rate, else 100/1s");
            assertThat(limit.getTooltip().getText()).contains("every instance", "(L1)");
            ComboBox<?> comparison = area.node("load-comparison");
            assertThat(comparison.getTooltip().isWrapText()).isTrue();
            assertThat(comparison.getTooltip().getMaxWidth()).isEqualTo(420);
            assertThat(comparison.getPrefWidth()).isEqualTo(LoadLabView.FORM_WIDTH / 2);
            assertThat(comparison.getMinWidth()).isEqualTo(LoadLabView.FORM_WIDTH / 2);
            for (String id :
                    List.of("load-scenario", "load-limiter", "load-jitter", "load-relay-dialect", "load-comparison")) {
                assertThat(((ComboBox<?>) area.node(id)).getMaxWidth())
                        .as("%s takes the column's width", id)
                        .isEqualTo(Double.MAX_VALUE);
            }
            Label note = area.node("load-embedded-note");
            assertThat(note.getText()).startsWith("embedded: a relay of its own");
            assertThat(note.isWrapText()).isTrue();
        });
    }

    @Test
    @DisplayName("LB8, LB10, UI13: the comparison's table: the figures' names, each explained on hover, and each"
            + " run's figures right-aligned in its column; every header whole, and as high as every row")
    void theComparisonTableShowsEveryFigure() throws Exception {
        show();
        FxThread.run(() -> {
            TableView<?> empty = area.node("load-compare-table");
            assertThat(((Label) empty.getPlaceholder()).getText())
                    .startsWith("Choose a comparison on the left and press Compare");
            assertThat(empty.getPrefHeight())
                    .as("room for the first rows until a comparison sets it")
                    .isEqualTo(ComparisonHeight.ROW_HEIGHT * ComparisonHeight.LEAST_ROWS + 30);
            assertThat(empty.getMinHeight()).isEqualTo(120);
        });
        List<ComparedRun> runs = compare();
        TableView<List<String>> table = area.node("load-compare-table");
        List<List<String>> rows = model.comparisonRows();

        FxThread.run(() -> {
            assertThat(table.getItems()).containsExactlyElementsOf(rows);
            assertThat(table.getFixedCellSize()).isEqualTo(ComparisonHeight.ROW_HEIGHT);
            assertThat(table.getColumnResizePolicy()).isEqualTo(TableView.UNCONSTRAINED_RESIZE_POLICY);
            for (int c = 0; c < table.getColumns().size(); c++) {
                TableColumn<List<String>, ?> column = table.getColumns().get(c);
                for (int r = 0; r < rows.size(); r++) {
                    String expected = c < rows.get(r).size() ? rows.get(r).get(c) : "";
                    assertThat(column.getCellData(r))
                            .as("row %d column %d", r, c)
                            .isEqualTo(expected);
                }
                if (c > 0) {
                    assertThat(column.getStyle()).isEqualTo("-fx-alignment: CENTER-RIGHT;");
                    assertThat(column.getText().replace('\n', ' '))
                            .isEqualTo(runs.get(c - 1).label());
                }
            }
            List<javafx.scene.control.TableCell<?, ?>> names = table.lookupAll(".table-cell").stream()
                    .<javafx.scene.control.TableCell<?, ?>>map(node -> (javafx.scene.control.TableCell<?, ?>) node)
                    .filter(cell -> cell.getTableColumn() == table.getColumns().get(0))
                    .toList();
            assertThat(names).isNotEmpty();
            for (javafx.scene.control.TableCell<?, ?> cell : names) {
                if (cell.isEmpty() || cell.getItem() == null) {
                    assertThat(cell.getText()).isNull();
                    assertThat(cell.getTooltip()).isNull();
                    continue;
                }
                String meaning = dev.stormwatch.load.report.ComparisonTable.meaning((String) cell.getItem());
                assertThat(cell.getText()).isEqualTo(cell.getItem());
                if (meaning.isEmpty()) {
                    assertThat(cell.getTooltip()).as(cell.getText()).isNull();
                } else {
                    assertThat(cell.getTooltip().getText()).as(cell.getText()).isEqualTo(meaning);
                }
            }
            assertThat(names).as("some figure is explained on hover").anyMatch(cell -> cell.getTooltip() != null);
            for (Node each : table.lookupAll(".table-cell")) {
                javafx.scene.control.TableCell<?, ?> cell = (javafx.scene.control.TableCell<?, ?>) each;
                if (cell.isVisible()
                        && cell.getText() != null
                        && !cell.getText().isEmpty()) {
                    assertThat(DrawnText.drawn(cell)).as("cell drawn whole").isEqualTo(cell.getText());
                }
            }
            for (Node header : table.lookupAll(".column-header .label")) {
                Label words = (Label) header;
                assertThat(DrawnText.drawn(words)).as("header drawn whole").isEqualTo(words.getText());
            }
            Node header = table.lookup(".column-header-background");
            double frame = table.snappedTopInset() + header.prefHeight(-1) + table.snappedBottomInset() + 2;
            assertThat(table.getPrefHeight())
                    .as("the header and every row")
                    .isEqualTo(Math.ceil(frame + ComparisonHeight.ROW_HEIGHT * rows.size()));
            assertThat(table.getMinHeight())
                    .isGreaterThan(ComparisonHeight.ROW_HEIGHT * Math.min(ComparisonHeight.LEAST_ROWS, rows.size()))
                    .isLessThan(table.getPrefHeight() + 1);
            ScrollBar sideways = table.lookupAll(".scroll-bar").stream()
                    .map(ScrollBar.class::cast)
                    .filter(bar -> bar.getOrientation() == javafx.geometry.Orientation.HORIZONTAL)
                    .findFirst()
                    .orElseThrow();
            assertThat(sideways.isVisible())
                    .as("no sideways scrolling at 1280 px")
                    .isFalse();
        });
    }

    @Test
    @DisplayName("UI28: made narrower after a comparison, the table breaks its runs' headers into two lines and is"
            + " fitted again, so that every run's column still shows without scrolling sideways")
    void aNarrowerTableBreaksItsHeaders() throws Exception {
        show(1280, 800);
        List<ComparedRun> runs = compare();
        TableView<List<String>> table = area.node("load-compare-table");
        assertThat(FxThread.call(() ->
                        table.getColumns().stream().noneMatch(c -> c.getText().contains("\n"))))
                .isTrue();

        FxThread.run(() -> {
            area.stage().setWidth(640);
            area.stage().setHeight(700);
        });
        await(() ->
                table.getColumns().stream().skip(1).anyMatch(c -> c.getText().contains("\n")));

        FxThread.run(() -> {
            double widths = table.getColumns().stream()
                    .mapToDouble(TableColumn::getWidth)
                    .sum();
            assertThat(table.getColumns().get(0).getText()).isEqualTo("figure");
            for (int c = 1; c < table.getColumns().size(); c++) {
                TableColumn<List<String>, ?> column = table.getColumns().get(c);
                assertThat(column.getText().replace('\n', ' '))
                        .isEqualTo(runs.get(c - 1).label());
                assertThat(column.getMinWidth()).isEqualTo(column.getPrefWidth());
            }
            for (Node header : table.lookupAll(".column-header .label")) {
                assertThat(DrawnText.drawn((Label) header)).isEqualTo(((Label) header).getText());
            }
            assertThat(widths).isPositive();
        });
    }

    @Test
    @DisplayName("LB8: the comparison's charts share one scale, from 0 to a tenth above the highest line or quota of"
            + " any run, over the longest run's seconds, each at least 150 px wide and growing with the window")
    void theComparedChartsShareOneScale() throws Exception {
        show();
        List<ComparedRun> runs = compare();
        double top = runs.stream()
                .mapToDouble(run -> Math.max(
                        run.quotaPerSecond(),
                        run.points().stream()
                                .mapToDouble(p -> Math.max(
                                        p.attempts(), p.providerArrivals().orElse(0L)))
                                .max()
                                .orElse(1)))
                .max()
                .orElseThrow();
        double axis = runs.stream().mapToDouble(ComparedRun::axisSeconds).max().orElseThrow();
        assertThat(top).as("a storm's highest second").isGreaterThan(5);

        FxThread.run(() -> {
            HBox charts = area.node("load-compare-charts");
            for (Node each : charts.getChildren()) {
                LineChart<?, ?> chart = (LineChart<?, ?>) each;
                NumberAxis time = (NumberAxis) chart.getXAxis();
                NumberAxis values = (NumberAxis) chart.getYAxis();
                assertThat(time.isAutoRanging()).isFalse();
                assertThat(time.getUpperBound()).isEqualTo(axis);
                assertThat(time.getTickUnit()).isEqualTo(Math.max(1, Math.ceil(axis / 5)));
                assertThat(values.isAutoRanging()).isFalse();
                assertThat(values.getUpperBound()).isEqualTo(Math.ceil(top * 1.1));
                assertThat(values.getTickUnit()).isEqualTo(Math.max(1, Math.ceil(top * 1.1 / 5)));
                assertThat(chart.getMinWidth()).isEqualTo(150);
                assertThat(HBox.getHgrow(chart)).isEqualTo(javafx.scene.layout.Priority.ALWAYS);
            }
            VBox verdicts = area.node("load-compare-verdicts");
            for (Node sentence : verdicts.getChildren()) {
                assertThat(((Label) sentence).isWrapText()).isTrue();
                assertThat(((Label) sentence).getMinHeight()).isEqualTo(javafx.scene.layout.Region.USE_PREF_SIZE);
            }
            VBox pane = (VBox) charts.getParent();
            assertThat(VBox.getVgrow(charts)).isEqualTo(javafx.scene.layout.Priority.ALWAYS);
            assertThat(pane.getPadding()).isEqualTo(new javafx.geometry.Insets(6, 0, 0, 12));
        });
    }
}
