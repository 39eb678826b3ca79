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
import dev.stormwatch.testing.FakeClock;
import dev.stormwatch.testing.FxThread;
import dev.stormwatch.testing.ShownArea;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Platform;
import javafx.beans.property.StringProperty;
import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

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

    private final ExecutorService background = Executors.newSingleThreadExecutor();
    private final CountDownLatch released = new CountDownLatch(1);
    private final AtomicBoolean interrupted = new AtomicBoolean();
    private volatile boolean held;
    private volatile boolean onSchedule = true;
    private Stage stage;
    private LoadLabViewModel model;
    private LoadLabView view;
    private final ShownArea area = new ShownArea(() -> view);

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void stop() {
        released.countDown();
        background.shutdownNow();
    }

    /** The lab at 1280×800 over a model whose runs are played back by {@link #playBack}. */
    private void show() throws Exception {
        FxThread.run(() -> {
            model = new LoadLabViewModel(this::playBack, background, Platform::runLater);
            view = new LoadLabView(model);
            stage.setScene(new Scene(view, 1280, 800));
            stage.sizeToScene();
            stage.show();
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
        assertThat(named(latency, "p99 from intended start").getData())
                .singleElement()
                .satisfies(d -> assertThat(d.getXValue().doubleValue()).isEqualTo(1.0));

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

    @Test
    @DisplayName("UI28: a run's title that must take two lines breaks at the space nearest its middle")
    void aTitleBreaksAtTheSpaceNearestItsMiddle() {
        assertThat(LoadLabView.twoLines("full jitter")).isEqualTo("full\njitter");
        assertThat(LoadLabView.twoLines("one shared limiter in Redis")).isEqualTo("one shared\nlimiter in Redis");
        assertThat(LoadLabView.twoLines("a bc def")).isEqualTo("a bc\ndef");
        assertThat(LoadLabView.twoLines("alone")).isEqualTo("alone");
    }
}
