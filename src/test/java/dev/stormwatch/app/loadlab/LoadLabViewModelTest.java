package dev.stormwatch.app.loadlab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.SessionTokenSource;
import dev.stormwatch.load.options.TargetCredential;
import dev.stormwatch.load.report.SampleReports;
import dev.stormwatch.load.scenario.FaultMark;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeriesRecorder;
import dev.stormwatch.testing.FakeClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Load lab's model without a window; the engine is replaced by a runner that plays back two seconds. */
class LoadLabViewModelTest {

    private static final Instant START = Instant.parse("2026-11-30T03:00:00Z");
    private final ExecutorService background = Executors.newSingleThreadExecutor();
    private final List<LoadOptions> ran = new CopyOnWriteArrayList<>();
    private final List<dev.stormwatch.load.options.ClientChoices> chosen = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        background.shutdownNow();
    }

    private LoadLabViewModel model() {
        return new LoadLabViewModel(
                (options, choices, progress, live) -> {
                    ran.add(options);
                    chosen.add(choices);
                    FakeClock clock = new FakeClock(START);
                    TimeSeriesRecorder client = new TimeSeriesRecorder(clock, START, Duration.ofSeconds(1), 5);
                    client.add(START, Counter.ATTEMPTS, 10);
                    client.add(START, Counter.STATUS_2XX, 7);
                    client.add(START, Counter.STATUS_429, 3);
                    client.add(START.plusSeconds(1), Counter.ATTEMPTS, 4);
                    client.add(START.plusSeconds(1), Counter.RETRIES, 3);
                    clock.advance(Duration.ofMillis(2_500));
                    progress.accept("t=2s attempts 14");
                    live.onTick(Duration.ofMillis(2_500), client.snapshot(), Optional.empty());
                    return SampleReports.storm();
                },
                background,
                Runnable::run);
    }

    @Test
    @DisplayName("LB11: a run draws the seconds that have passed, then the whole run from its report, and its summary")
    void aRunDrawsTheSecondsThatHavePassedAndEndsWithItsSummary() throws Exception {
        LoadLabViewModel model = model();
        List<List<LivePoint>> drawn = new CopyOnWriteArrayList<>();
        model.points().addListener((javafx.collections.ListChangeListener<LivePoint>)
                change -> drawn.add(List.copyOf(model.points())));

        model.start();
        awaitIdle(model);

        List<LivePoint> live =
                drawn.stream().filter(p -> p.size() == 2).findFirst().orElseThrow();
        assertThat(live).extracting(LivePoint::second).containsExactly(0L, 1L);
        assertThat(live.get(0).attempts()).isEqualTo(10);
        assertThat(live.get(0).throttled()).isEqualTo(3);
        assertThat(live.get(1).retries()).isEqualTo(3);
        // At the end, every second of the report (20 in the sample storm), live tick or not.
        assertThat(model.points()).hasSize(20);
        assertThat(model.points().get(10).retries()).isEqualTo(350);
        assertThat(model.progressProperty().get()).startsWith("Finished: 3 AM storm, 20 s drawn");
        assertThat(model.summaryProperty().get()).isNotBlank();
        assertThat(model.reportReadyProperty().get()).isTrue();
        assertThat(model.runningProperty().get()).isFalse();
    }

    @Test
    void theOptionsAsEditedReachTheEngine() throws Exception {
        LoadLabViewModel model = model();
        // The preset first, as a person picks it: it fills clients and duration, which are then changed (LB3).
        model.scenarioProperty().set(ScenarioPresets.QUOTA_EXHAUSTION);
        model.clientsProperty().set("40");
        model.rateProperty().set("25");
        model.durationProperty().set("40s");
        model.limiterProperty().set(LimiterChoice.SLIDING_LOG);
        model.instancesProperty().set("4");
        model.jitterProperty().set(dev.stormwatch.load.simulation.BackoffStrategy.DECORRELATED);
        model.relayDialectProperty().set(dev.stormwatch.relay.RateLimitDialect.OPENAI);

        model.start();
        awaitIdle(model);

        LoadOptions options = ran.get(0);
        assertThat(options.clients()).isEqualTo(40);
        assertThat(options.duration()).isEqualTo(Duration.ofSeconds(40));
        assertThat(options.limiter()).isEqualTo(LimiterChoice.SLIDING_LOG);
        assertThat(options.instances()).isEqualTo(4);
        assertThat(options.jitter()).isEqualTo(dev.stormwatch.load.simulation.BackoffStrategy.DECORRELATED); // LB7
        assertThat(options.scenario()).isEqualTo(ScenarioPresets.QUOTA_EXHAUSTION);
        assertThat(options.relayDialect()).isEqualTo(dev.stormwatch.relay.RateLimitDialect.OPENAI);
    }

    @Test
    @DisplayName("with \"send the session's token\" ticked, the run authenticates with the window's session")
    void theSessionsTokenIsSentWhenAskedFor() throws Exception {
        LoadLabViewModel model = model();
        SessionTokenSource session = () -> Secret.of("session-token-123");
        model.sessionTokens(session);
        model.targetProperty().set("http://127.0.0.1:8080/v1");
        model.scenarioProperty().set(ScenarioPresets.STEADY);
        model.apiKeyProperty().set("sk-typed-but-not-used");
        model.useSessionTokenProperty().set(true);

        model.start();
        awaitIdle(model);

        assertThat(ran.get(0).credential())
                .isInstanceOfSatisfying(
                        TargetCredential.OAuthSessionToken.class,
                        token -> assertThat(token.tokens()).isSameAs(session));
    }

    @Test
    void withoutASessionSourceTheTokenCannotBeAskedFor() {
        LoadLabViewModel model = model();
        model.targetProperty().set("http://127.0.0.1:8080/v1");
        model.scenarioProperty().set(ScenarioPresets.STEADY);
        model.useSessionTokenProperty().set(true);

        model.start();

        assertThat(model.problemsProperty().get()).contains("sign in on the Session tab first");
        assertThat(ran).isEmpty();
    }

    // Bad input: nonsense options are listed with their reasons and nothing runs.
    // RH11
    @Test
    void adaptivePacingIsOffUntilTickedAndThenReachesTheEngine() throws Exception {
        LoadLabViewModel model = model();
        assertThat(model.adaptiveProperty().get()).isFalse();

        model.start();
        awaitIdle(model);
        model.adaptiveProperty().set(true);
        model.start();
        awaitIdle(model);

        assertThat(ran).extracting(LoadOptions::adaptive).containsExactly(false, true);
    }

    @Test
    void nonsenseOptionsAreListedAndNothingRuns() {
        LoadLabViewModel model = model();
        model.clientsProperty().set("many");
        model.durationProperty().set("0s");

        model.start();

        assertThat(model.problemsProperty().get())
                .contains("The Virtual clients field must be a whole number, was 'many'")
                .doesNotContain("--");
        assertThat(model.problemsProperty().get()).containsIgnoringCase("duration");
        assertThat(model.runningProperty().get()).isFalse();
        assertThat(ran).isEmpty();
    }

    @Test
    @DisplayName("LB3: a preset chosen fills in its own duration and clients")
    void aPresetChosenFillsItsOwnDurationAndClients() {
        LoadLabViewModel model = model();

        model.scenarioProperty().set(ScenarioPresets.PROVIDER_OUTAGE);

        assertThat(model.durationProperty().get()).isEqualTo("45 s");
        assertThat(model.clientsProperty().get()).isEqualTo("100");
        assertThat(model.problemsProperty().get()).isEmpty();
    }

    @Test
    @DisplayName("LB3: a too-short duration is said as it is typed, before Run, and cleared when fixed")
    void aTooShortDurationIsSaidBeforeRunAndClearedWhenFixed() {
        LoadLabViewModel model = model();
        model.scenarioProperty().set(ScenarioPresets.PROVIDER_OUTAGE);

        model.durationProperty().set("30 s");

        assertThat(model.problemsProperty().get())
                .isEqualTo("The Duration field is too short for the Provider"
                        + " outage: 30 s, and it needs at least 45 s to show what it is for; type 45 s or more (its own"
                        + " length is 45 s)");
        assertThat(ran).as("nothing ran").isEmpty();
        model.durationProperty().set("45 s");
        assertThat(model.problemsProperty().get()).isEmpty();
    }

    @Test
    @DisplayName("LB5: a run's faults are marked at their second, its quota drawn per second, its axis fits it")
    void aRunsFaultsQuotaAndAxisComeFromItsScenario() throws Exception {
        LoadLabViewModel model = model();
        model.scenarioProperty().set(ScenarioPresets.THREE_AM_STORM);
        model.start();
        awaitIdle(model);

        assertThat(model.faults())
                .containsExactly(new FaultMark(
                        new Scenario.Window(Duration.ofSeconds(10), Duration.ofSeconds(10)), "connections reset"));
        assertThat(model.quotaPerSecondProperty().get()).isEqualTo(120.0); // LB17: the storm's quota, per second
        assertThat(model.axisSecondsProperty().get()).isEqualTo(33.0); // 30 s and the 3 s drain

        model.scenarioProperty().set(ScenarioPresets.QUOTA_EXHAUSTION);
        model.start();
        awaitIdle(model);
        assertThat(model.faults()).isEmpty();
        assertThat(model.quotaPerSecondProperty().get()).isEqualTo(10.0); // 100 per 10 s

        model.scenarioProperty().set(ScenarioPresets.PROVIDER_OUTAGE);
        model.start();
        awaitIdle(model);
        assertThat(model.faults())
                .containsExactly(new FaultMark(
                        new Scenario.Window(Duration.ofSeconds(10), Duration.ofSeconds(30)), "503 outage"));
    }

    // Reasons name the field the person sees, not the command line's flag.
    @Test
    void reasonsNameTheFieldNotTheFlag() {
        assertThat(LoadLabViewModel.inFieldWords("scenario 'provider-outage' needs --duration of at least 45 s"))
                .isEqualTo("Scenario 'provider-outage' needs the Duration field of at least 45 s");
        assertThat(LoadLabViewModel.inFieldWords("--redis must be 'embedded', 'local' or a redis://host:port URL"))
                .isEqualTo("The Limiter state field must be 'embedded', 'local' or a redis://host:port URL");
    }

    @Test
    void theReportIsSavedAsJsonWithItsCsvAndPng(@TempDir Path dir) throws Exception {
        LoadLabViewModel model = model();
        model.start();
        awaitIdle(model);

        model.saveReport(dir.resolve("run.json"));
        background.submit(() -> {}).get(10, TimeUnit.SECONDS);

        assertThat(model.savedProperty().get()).startsWith("Wrote ");
        assertThat(dir.resolve("run.json")).exists();
        assertThat(Files.list(dir).map(p -> p.getFileName().toString()).toList())
                .anyMatch(n -> n.endsWith(".csv"))
                .anyMatch(n -> n.endsWith(".png"));
    }

    @Test
    @DisplayName(
            "LB10: the limit typed reaches the run; a refused one or one without a limiter is said in the field's words")
    void theLimitTypedReachesTheRunAndABadOneIsSaid() throws Exception {
        LoadLabViewModel model = model();
        model.limitProperty().set("45/1s");

        model.start();
        assertThat(model.problemsProperty().get())
                .startsWith("The Limit field sets the limiter's limit, but no limiter");
        assertThat(ran).as("nothing ran").isEmpty();

        model.limitProperty().set("lots");
        model.limiterProperty().set(LimiterChoice.GCRA);
        assertThat(model.problemsProperty().get())
                .isEqualTo("The Limit field must look like 100/1s (requests per" + " window), was 'lots'");

        model.limitProperty().set("45/1s");
        assertThat(model.problemsProperty().get()).isEmpty();
        model.start();
        awaitIdle(model);
        assertThat(chosen.get(0).limit()).hasValueSatisfying(l -> {
            assertThat(l.limit()).isEqualTo(45);
            assertThat(l.window()).isEqualTo(Duration.ofSeconds(1));
        });
    }

    @Test
    @DisplayName(
            "LB8: a comparison runs each of its runs on one seed, changing only its setting, and keeps them side by side")
    void aComparisonRunsEachVariantOnOneSeedAndKeepsThemSideBySide() throws Exception {
        LoadLabViewModel model = model();
        model.scenarioProperty().set(ScenarioPresets.THREE_AM_STORM);
        model.comparisonProperty().set(Comparison.JITTER);

        model.compare();
        awaitIdle(model);

        assertThat(ran).hasSize(2);
        assertThat(ran)
                .extracting(LoadOptions::jitter)
                .containsExactly(
                        dev.stormwatch.load.simulation.BackoffStrategy.FULL,
                        dev.stormwatch.load.simulation.BackoffStrategy.NONE);
        assertThat(ran.get(0).seed()).isPresent().isEqualTo(ran.get(1).seed());
        assertThat(ran.get(0).scenario()).isEqualTo(ran.get(1).scenario());
        assertThat(model.compared())
                .extracting(ComparedRun::label)
                .containsExactly("full jitter", "no backoff (comparison only)");
        assertThat(model.compared().get(1).points()).hasSize(20);
        List<List<String>> rows = model.comparisonRows();
        assertThat(rows.get(0)).containsExactly("retry amplification (attempts per request)", "1.35", "1.35");
        assertThat(model.progressProperty().get()).startsWith("Comparison finished, seed ");
    }

    @Test
    @DisplayName("LB8, LB19: the shared-limiter comparison runs K processes of the form's clients behind one Redis,"
            + " then one limiter each")
    void theSharedLimiterComparisonChangesOnlyWhereTheLimiterCounts() throws Exception {
        LoadLabViewModel model = model();
        model.comparisonProperty().set(Comparison.SHARED_LIMITER);

        model.compare();
        awaitIdle(model);

        assertThat(ran).extracting(LoadOptions::limiter).containsOnly(LimiterChoice.SLIDING_LOG);
        assertThat(ran).extracting(LoadOptions::instances).containsOnly(3);
        assertThat(ran)
                .as("each of the 3 processes runs the form's clients")
                .extracting(LoadOptions::clients)
                .containsOnly(3 * Integer.parseInt(model.clientsProperty().get()));
        assertThat(ran.get(0).redis()).isInstanceOf(dev.stormwatch.load.options.RedisChoice.Embedded.class);
        assertThat(ran.get(1).redis()).isInstanceOf(dev.stormwatch.load.options.RedisChoice.LocalOnly.class);
    }

    @Test
    @DisplayName("LB9: the nginx comparison runs its preset three times: no limiter, sliding log 50/1s, GCRA 45/1s")
    void theNginxComparisonRunsThreeLimitersBehindItsPreset() throws Exception {
        LoadLabViewModel model = model();
        model.comparisonProperty().set(Comparison.NGINX_LIMITERS);
        assertThat(model.scenarioProperty().get()).isEqualTo(ScenarioPresets.NGINX_LEAKY_BUCKET);
        assertThat(model.durationProperty().get()).isEqualTo("20 s");
        assertThat(model.clientsProperty().get()).isEqualTo("50");

        model.compare();
        awaitIdle(model);

        assertThat(ran)
                .extracting(LoadOptions::limiter)
                .containsExactly(LimiterChoice.OFF, LimiterChoice.SLIDING_LOG, LimiterChoice.GCRA);
        assertThat(ran).extracting(LoadOptions::scenario).containsOnly(ScenarioPresets.NGINX_LEAKY_BUCKET);
        assertThat(chosen.get(0).limit()).isEmpty();
        assertThat(chosen.get(1).limit())
                .hasValueSatisfying(l -> assertThat(l.limit()).isEqualTo(50));
        assertThat(chosen.get(2).limit())
                .hasValueSatisfying(l -> assertThat(l.limit()).isEqualTo(45));
        assertThat(model.compared())
                .hasSize(3)
                .allSatisfy(run -> assertThat(run.quotaPerSecond()).isEqualTo(50.0));
        assertThat(model.comparisonRows().get(0)).hasSize(4);
    }

    @Test
    @DisplayName("LB8: a comparison with a refused field starts nothing and says why")
    void aComparisonWithARefusedFieldStartsNothing() {
        LoadLabViewModel model = model();
        model.clientsProperty().set("many");

        model.compare();

        assertThat(ran).isEmpty();
        assertThat(model.problemsProperty().get()).contains("The Virtual clients field must be a whole number");
        assertThat(model.runningProperty().get()).isFalse();
    }

    @Test
    @DisplayName("LB19: a shared-limiter comparison whose K processes have more clients than a run takes starts"
            + " nothing and says how many each may have, in the fields' words")
    void aFleetOverTheMostARunTakesStartsNothing() {
        LoadLabViewModel model = model();
        model.comparisonProperty().set(Comparison.SHARED_LIMITER);
        model.clientsProperty().set("40000");

        model.compare();

        assertThat(ran).isEmpty();
        assertThat(model.problemsProperty().get())
                .contains("the Virtual clients field is 40000 for each of 3 processes (the Instances sharing the quota"
                        + " field, at least 3): 120000 clients, more than the 100000 a run takes; give the Virtual clients"
                        + " field at most 33333");
        assertThat(model.runningProperty().get()).isFalse();
    }

    private void awaitIdle(LoadLabViewModel model) throws Exception {
        background.submit(() -> {}).get(10, TimeUnit.SECONDS);
        assertThat(model.runningProperty().get()).isFalse();
    }
}
