package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.limit.Algorithm;
import dev.stormwatch.limit.BackendStatus;
import dev.stormwatch.limit.DecisionSource;
import dev.stormwatch.limit.LimitDecision;
import dev.stormwatch.limit.LimitKey;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.RateLimiter;
import dev.stormwatch.load.options.RedisFailureHandling;
import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.scenario.TimedFault;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeriesRecorder;
import dev.stormwatch.relay.Quota;
import dev.stormwatch.relay.RateLimitDialect;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The run's bookkeeping on its own, at its edges: Redis's degraded decisions and their spans (RB3), the outage watch
 * (RB2), the limit a run chooses (L6), the relay plan of a scenario, the first stop reason and the pacing note.
 */
class RunBookkeepingEdgesTest {

    private static final Instant START = Instant.parse("2026-12-02T03:00:00Z");

    @Test
    @DisplayName("RB3: degraded decisions less than a second apart are one span; a second apart start another")
    void degradedDecisionsJoinWithinASecond() {
        RedisDegradation degradation = new RedisDegradation(new FakeClock(START), RedisFailureHandling.DEFAULT);

        degradation.record(START);
        degradation.record(START.plusMillis(999));
        degradation.record(START.plusMillis(500)); // late to be counted: the span keeps its later end
        degradation.record(START.plusMillis(1_998)); // just under a second after the last: the same span
        degradation.record(START.plusMillis(2_998)); // exactly a second after the last: a new span

        assertThat(degradation.total()).isEqualTo(5);
        assertThat(degradation.spans())
                .containsExactly(
                        new RedisDegradation.Span(START, START.plusMillis(1_998), 4),
                        new RedisDegradation.Span(START.plusMillis(2_998), START.plusMillis(2_998), 1));
        Map<String, Figure> figures = new LinkedHashMap<>();
        degradation.addFigures(figures);
        assertThat(figures)
                .containsEntry(RedisDegradation.DEGRADED_DECISIONS, Figure.of(5))
                .containsEntry(RedisDegradation.DEGRADED_SPANS, Figure.of(2));
        assertThat(degradation.note(START))
                .contains("Redis slow or away: 5 decision(s) taken without it (fail closed: refused until Redis"
                        + " answers), in 2 span(s): 0.0-2.0 s (4), 3.0-3.0 s (1)");
    }

    @Test
    @DisplayName("RB3: the note names the first ten spans and counts the rest; past a hundred spans the last one grows")
    void theNoteNamesTenSpansAndMemoryStaysFlat() {
        RedisDegradation degradation = new RedisDegradation(new FakeClock(START), RedisFailureHandling.DEFAULT);
        for (int i = 0; i < RedisDegradation.MAX_SPANS + 5; i++) {
            degradation.record(START.plusSeconds(2L * i));
        }

        assertThat(degradation.spans()).hasSize(RedisDegradation.MAX_SPANS);
        assertThat(degradation.spans().get(RedisDegradation.MAX_SPANS - 1))
                .isEqualTo(new RedisDegradation.Span(START.plusSeconds(198), START.plusSeconds(208), 6));
        String note = degradation.note(START).orElseThrow();
        assertThat(note).contains("18.0-18.0 s (1), and 90 more").doesNotContain("20.0-20.0 s");
    }

    @Test
    @DisplayName("RB3: a note of exactly ten spans names all ten and counts none more")
    void aNoteOfExactlyTenSpansNamesThemAll() {
        RedisDegradation degradation = new RedisDegradation(new FakeClock(START), RedisFailureHandling.DEFAULT);
        for (int i = 0; i < 10; i++) {
            degradation.record(START.plusSeconds(2L * i));
        }

        String note = degradation.note(START).orElseThrow();
        assertThat(note).endsWith("16.0-16.0 s (1), 18.0-18.0 s (1)").doesNotContain("more");
    }

    @Test
    @DisplayName("RB3: without a degraded decision the figures say zero and there is no note")
    void nothingDegradedSaysZero() {
        RedisDegradation degradation = new RedisDegradation(new FakeClock(START), RedisFailureHandling.DEFAULT);
        Map<String, Figure> figures = new LinkedHashMap<>();

        degradation.addFigures(figures);

        assertThat(figures.get(RedisDegradation.DEGRADED_DECISIONS)).isEqualTo(Figure.of(0));
        assertThat(degradation.note(START)).isEmpty();
    }

    @Test
    @DisplayName("RB3: the counting limiter records only decisions its backend did not take, at the run's clock")
    void theCountingLimiterRecordsOnlyWhatRedisDidNotDecide() {
        FakeClock clock = new FakeClock(START);
        RedisDegradation degradation = new RedisDegradation(clock, RedisFailureHandling.DEFAULT);
        List<LimitDecision> answers = new ArrayList<>(List.of(
                new LimitDecision.Allowed(1, START, DecisionSource.BACKEND),
                new LimitDecision.Refused(1, START, START.plusSeconds(1), DecisionSource.FAIL_CLOSED)));
        LimitSpec spec = LimitSpec.of(5, Duration.ofSeconds(1));
        RateLimiter counted = degradation.counting(new RateLimiter() {
            @Override
            public LimitDecision tryAcquire(LimitKey key) {
                return answers.remove(0);
            }

            @Override
            public Algorithm algorithm() {
                return Algorithm.GCRA;
            }

            @Override
            public LimitSpec spec() {
                return spec;
            }
        });

        LimitDecision first = counted.tryAcquire(LimitKey.of("p", "m"));
        clock.advance(Duration.ofMillis(1_500));
        LimitDecision second = counted.tryAcquire(LimitKey.of("p", "m"));

        assertThat(first.source()).isEqualTo(DecisionSource.BACKEND);
        assertThat(second.source()).isEqualTo(DecisionSource.FAIL_CLOSED);
        assertThat(degradation.spans())
                .containsExactly(new RedisDegradation.Span(START.plusMillis(1_500), START.plusMillis(1_500), 1));
        assertThat(counted.algorithm()).isEqualTo(Algorithm.GCRA);
        assertThat(counted.spec()).isEqualTo(spec);
    }

    @Test
    @DisplayName("RB2: an outage that lasts the whole limit stops the run once, with the limit and the reason")
    void anOutageThatLastsTheLimitStopsTheRunOnce() throws Exception {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try {
            List<String> lost = new CopyOnWriteArrayList<>();
            CountDownLatch told = new CountDownLatch(1);
            RedisOutageWatch watch = new RedisOutageWatch(Duration.ofMillis(50), timer, why -> {
                lost.add(why);
                told.countDown();
            });

            watch.onStatusChange(new BackendStatus(false, "connection refused", START));
            watch.onStatusChange(new BackendStatus(false, "still refused", START.plusMillis(10)));

            assertThat(told.await(10, TimeUnit.SECONDS)).isTrue();
            afterEverythingScheduled(timer, Duration.ofMillis(100));
            assertThat(lost)
                    .containsExactly("Redis lost mid-run: unreachable for 50 ms (--redis-outage-limit): connection"
                            + " refused");
        } finally {
            timer.shutdownNow();
        }
    }

    @Test
    @DisplayName("RB2: an answer within the limit ends the outage, and the run goes on; a closing timer is no error")
    void anAnswerWithinTheLimitEndsTheOutage() throws Exception {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        List<String> lost = new CopyOnWriteArrayList<>();
        RedisOutageWatch watch = new RedisOutageWatch(Duration.ofMillis(50), timer, lost::add);

        watch.onStatusChange(new BackendStatus(false, "timeout", START));
        watch.onStatusChange(new BackendStatus(true, "answered", START.plusMillis(10)));
        afterEverythingScheduled(timer, Duration.ofMillis(100));

        assertThat(lost).isEmpty();
        timer.shutdownNow();
        watch.onStatusChange(new BackendStatus(false, "timeout again", START.plusSeconds(1)));
        assertThat(lost).isEmpty();
    }

    /** Waits until the timer has run everything due before {@code delay} from now (it runs its tasks in time order). */
    private static void afterEverythingScheduled(ScheduledExecutorService timer, Duration delay) throws Exception {
        timer.schedule(() -> {}, delay.toMillis(), TimeUnit.MILLISECONDS).get(10, TimeUnit.SECONDS);
    }

    @Test
    @DisplayName(
            "L6: the limit asked for wins, then the relay's quota, then the rate rounded up within bounds, then 100/s")
    void theLimitARunChooses() {
        LimitSpec asked = LimitSpec.of(7, Duration.ofSeconds(2));
        Optional<Quota> quota = Optional.of(new Quota(120, Duration.ofSeconds(1)));

        assertThat(LimitChoice.of(Optional.of(asked), quota, OptionalDouble.of(5)))
                .isEqualTo(asked);
        assertThat(LimitChoice.of(Optional.empty(), quota, OptionalDouble.of(5)))
                .isEqualTo(LimitSpec.of(120, Duration.ofSeconds(1)));
        assertThat(LimitChoice.of(Optional.empty(), Optional.empty(), OptionalDouble.of(2.1)))
                .isEqualTo(LimitSpec.of(3, Duration.ofSeconds(1)));
        assertThat(LimitChoice.of(Optional.empty(), Optional.empty(), OptionalDouble.of(0.001)))
                .isEqualTo(LimitSpec.of(1, Duration.ofSeconds(1)));
        assertThat(LimitChoice.of(Optional.empty(), Optional.empty(), OptionalDouble.of(1_000_000)))
                .isEqualTo(LimitSpec.of(LimitSpec.MAX_LIMIT, Duration.ofSeconds(1)));
        assertThat(LimitChoice.of(Optional.empty(), Optional.empty(), OptionalDouble.empty()))
                .isEqualTo(LimitChoice.FALLBACK)
                .isEqualTo(LimitSpec.of(100, Duration.ofSeconds(1)));
    }

    @Test
    @DisplayName("L6, LB9: a scenario's quota is its fixed window or nginx's rate; a scenario without one has none")
    void aScenariosQuota() {
        assertThat(LimitChoice.scenarioQuota(ScenarioPresets.QUOTA_EXHAUSTION))
                .contains(new Quota(100, Duration.ofSeconds(10)));
        assertThat(LimitChoice.scenarioQuota(ScenarioPresets.NGINX_LEAKY_BUCKET))
                .contains(Quota.leakyBucket(50));
        assertThat(LimitChoice.scenarioQuota(ScenarioPresets.PROVIDER_OUTAGE)).isEmpty();
    }

    @Test
    @DisplayName("RA2: a shared Retry-After is a 429 every second counting down, then normal service at its end")
    void aSharedRetryAfterCountsDown() {
        RelayPlan plan = RelayPlan.of(ScenarioPresets.RETRY_AFTER_12, Optional.empty(), 10, RateLimitDialect.PLAIN);

        List<String> what =
                plan.actions().stream().map(RelayPlan.TimedAction::what).toList();
        assertThat(what)
                .hasSize(13)
                .startsWith("429 Retry-After 12", "429 Retry-After 11")
                .endsWith("429 Retry-After 1", "end of the shared Retry-After");
        assertThat(plan.actions().get(0).at()).isEqualTo(Duration.ofSeconds(2));
        assertThat(plan.actions().get(11).at()).isEqualTo(Duration.ofSeconds(13));
        assertThat(plan.actions().get(12).at()).isEqualTo(Duration.ofSeconds(14));
        assertThat(plan.config().quota()).isEmpty();
    }

    @Test
    @DisplayName(
            "LB17: the storm's plan resets at its instant, slows the model and holds its quota; the fallback waits")
    void theStormsPlan() {
        RelayPlan storm = RelayPlan.of(
                ScenarioPresets.THREE_AM_STORM,
                Optional.of(new Quota(5, Duration.ofSeconds(1))),
                1_000,
                RateLimitDialect.OPENAI);

        assertThat(storm.actions()).singleElement().satisfies(action -> {
            assertThat(action.at()).isEqualTo(Duration.ofSeconds(10));
            assertThat(action.what()).isEqualTo("reset every connection");
        });
        assertThat(storm.config().quota()).contains(new Quota(120, Duration.ofSeconds(1)));
        assertThat(storm.config().dialect()).isEqualTo(RateLimitDialect.OPENAI);
        assertThat(storm.config().latency())
                .isNotEqualTo(dev.stormwatch.relay.RelayConfig.defaults().latency());

        RelayPlan steady = RelayPlan.of(
                ScenarioPresets.STEADY, Optional.of(new Quota(5, Duration.ofSeconds(1))), 10, RateLimitDialect.PLAIN);
        assertThat(steady.config().quota()).contains(new Quota(5, Duration.ofSeconds(1)));
        assertThat(steady.actions()).isEmpty();
        assertThat(RelayPlan.of(ScenarioPresets.STEADY, Optional.empty(), 10, RateLimitDialect.PLAIN)
                        .config()
                        .quota())
                .isEmpty();
    }

    @Test
    @DisplayName("the first reason to stop is the one kept; later ones are ignored")
    void theFirstStopReasonIsKept() throws Exception {
        StopSignal stop = new StopSignal();
        assertThat(stop.isStopped()).isFalse();
        assertThat(stop.reason()).isEmpty();
        assertThat(stop.await(1)).isFalse();

        stop.stop("target unreachable");
        assertThat(stop.await(0)).as("the first stop ends the wait").isTrue();
        stop.stop("interrupted");

        assertThat(stop.isStopped()).isTrue();
        assertThat(stop.reason()).contains("target unreachable");
        assertThat(stop.await(0)).isTrue();
    }

    @Test
    @DisplayName("ST3: the run counts the target's 401s and knows it answered at all")
    void theResponseWatchCountsUnauthorized() {
        ResponseWatch watch = new ResponseWatch();
        assertThat(watch.everAnswered()).isFalse();

        watch.responded(200);
        watch.responded(401);
        watch.responded(401);
        watch.responded(403);
        watch.responded(500);

        assertThat(watch.everAnswered()).isTrue();
        assertThat(watch.unauthorized()).isEqualTo(2);
    }

    @Test
    @DisplayName("RH11, RH13: the pacing note counts the waits, their sum and mean, and names what paced")
    void thePacingNote() {
        FakeClock clock = new FakeClock(START);
        TimeSeriesRecorder recorder = new TimeSeriesRecorder(clock, START, Duration.ofSeconds(1), 10);
        assertThat(LoadEngine.pacedWaits(recorder.snapshot(), false)).isEmpty();
        recorder.add(START, Counter.PACED_WAITS, 4);
        recorder.add(START, Counter.PACED_WAIT_MS, 1_000);

        assertThat(LoadEngine.pacedWaits(recorder.snapshot(), false))
                .contains("paced: 4 wait(s) before sending, 1.0 s in all (250 ms on average), for a used-up quota's"
                        + " reset (RH13)");
        assertThat(LoadEngine.pacedWaits(recorder.snapshot(), true))
                .hasValueSatisfying(note -> assertThat(note)
                        .endsWith("for a used-up quota's reset (RH13) or the adaptive send rate (RH11)"));
    }

    @Test
    @DisplayName("B2: settings refuse a negative drain and fewer than one connection; each with* keeps the rest")
    void settingsAtTheirBounds() {
        EngineSettings settings = EngineSettings.defaults();

        assertThat(settings.withDrain(Duration.ZERO).drain()).isZero();
        assertThatThrownBy(() -> settings.withDrain(Duration.ofMillis(-1)))
                .hasMessage("drain cannot be negative, was PT-0.001S");
        assertThat(settings.withMaxConnections(1).maxConnections()).isEqualTo(1);
        assertThatThrownBy(() -> settings.withMaxConnections(0)).hasMessage("maxConnections must be at least 1, was 0");
        EngineSettings changed = settings.withRelayQuota(new Quota(9, Duration.ofSeconds(1)))
                .withClock(new FakeClock(START))
                .withObserver(event -> {})
                .withMaxConnections(3);
        assertThat(changed.relayQuota()).contains(new Quota(9, Duration.ofSeconds(1)));
        assertThat(changed.clock().instant()).isEqualTo(START);
        assertThat(changed.maxConnections()).isEqualTo(3);
        assertThat(changed.drain()).isEqualTo(EngineSettings.DEFAULT_DRAIN);
        assertThat(changed.model()).isEqualTo("storm-mini");
    }

    @Test
    @DisplayName("an outage scenario of the caller's own goes into the relay's timeline with its span and status")
    void anOwnOutageScenarioReachesTheTimeline() {
        Scenario scenario = new Scenario(
                "own",
                "Own",
                "504 for 2 s",
                List.of(new TimedFault(Duration.ofSeconds(3), new RelayFault.Outage(Duration.ofSeconds(2), 504))),
                Duration.ofSeconds(10));

        RelayPlan plan = RelayPlan.of(scenario, Optional.empty(), 300, RateLimitDialect.PLAIN);

        assertThat(plan.config().disruptions())
                .containsExactly(
                        new dev.stormwatch.relay.Disruption.Outage(Duration.ofSeconds(3), Duration.ofSeconds(5), 504));
        assertThat(plan.actions()).isEmpty();
    }
}
