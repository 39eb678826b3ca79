package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.scenario.TimedFault;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The "Retry-After 120" preset, its first seconds only: the preset's fault (every request 429 with a Retry-After
 * counting down 120 s to one shared instant), from t = 3 s instead of t = 10 s, in an 8 s run instead of 140 s. What it
 * shows happens at once and lasts: the wait does not fit the budget, calls stop and the origin pauses; the end of the
 * pause (t = 123 s) is not run. The whole engine runs on simulated time with the relay's pipeline in process
 * ({@link SimulatedEngine}): the 8 s take well under a second.
 */
class RetryAfter120ScenarioTest {

    private static final Duration FAULT_START = Duration.ofSeconds(3);
    private static final int RATE = 40;
    private static final Instant START = Instant.parse("2026-12-01T03:00:00.300Z");

    /** The preset's 120 s Retry-After, starting sooner; the minimum duration no longer asks for the whole wait. */
    static Scenario earlyRetryAfter() {
        Scenario preset = ScenarioPresets.RETRY_AFTER_120;
        RelayFault.SharedRetryAfter fault =
                (RelayFault.SharedRetryAfter) preset.timeline().get(0).fault();
        assertThat(fault.length()).isEqualTo(Duration.ofSeconds(120));
        return new Scenario(
                preset.name(),
                preset.title(),
                preset.description(),
                List.of(new TimedFault(FAULT_START, fault)),
                Duration.ofSeconds(5));
    }

    @Test
    @DisplayName(
            "RA4, E4, P1, P2: a 120 s Retry-After does not fit the budget, so each call stops at its first 429 with"
                    + " the retry-at, the origin pauses, and from then on calls are refused without a single request reaching"
                    + " the relay")
    void aRetryAfterThatDoesNotFitStopsCallsAndSilencesTheOrigin() throws Exception {
        List<AttemptEvent> events = new CopyOnWriteArrayList<>();
        EngineSettings settings =
                EngineSettings.defaults().withDrain(Duration.ofMillis(500)).withObserver(events::add);
        assertThat(settings.policy().totalBudget()).as("the default budget").isLessThan(Duration.ofSeconds(120));
        LoadOptions options = LoadOptions.builder()
                .clients(100)
                .rate(RATE)
                .duration(Duration.ofSeconds(8))
                .scenario(earlyRetryAfter())
                .seed(120)
                .build();

        LoadReport report =
                SimulatedEngine.on(new SimulatedTime(START), settings).run(options, line -> {});

        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        TimeSeries client = report.seriesNamed("client per second").orElseThrow();
        TimeSeries provider = report.seriesNamed("provider per second").orElseThrow();
        int start = (int) FAULT_START.toSeconds();
        // Before the fault, the relay served everything.
        for (int second = 0; second < start - 1; second++) {
            assertThat(provider.buckets().get(second).count(Counter.STATUS_2XX)).isPositive();
            assertThat(provider.buckets().get(second).count(Counter.STATUS_429)).isZero();
        }
        // RA4, E4: each 429 ended its call at once (no retry), returning the retry-at: about 120 s from then.
        List<AttemptEvent> throttled = events.stream()
                .filter(e -> e.status().orElse(0) == 429 && e.attempt() > 0)
                .toList();
        assertThat(throttled).isNotEmpty().allSatisfy(e -> {
            assertThat(e.verdict()).isEqualTo(AttemptEvent.Verdict.STOP);
            assertThat(e.attempt()).isEqualTo(1);
            assertThat(e.retryAfter().orElseThrow()).isBetween(Duration.ofSeconds(118), Duration.ofSeconds(120));
            // P1: the origin is paused until the instant the relay announced.
            assertThat(e.pauseStarted().orElseThrow()).isAfterOrEqualTo(e.at().plus(Duration.ofSeconds(118)));
        });
        // P2, from the relay's own record: once paused, no request reached it. Only the calls already under way when
        // the first 429 came back were answered 429, one each, all within moments of the first (without the pause,
        // 429s would go on at 40 a second for the rest of the run).
        assertThat(provider.total(Counter.STATUS_429)).isEqualTo(throttled.size());
        Instant firstRefusal = throttled.stream()
                .map(AttemptEvent::at)
                .min(Comparator.naturalOrder())
                .orElseThrow();
        assertThat(throttled).allSatisfy(e -> assertThat(e.at()).isBefore(firstRefusal.plusSeconds(1)));
        long arrivalsAfterwards = 0;
        for (int second = start + 1; second < provider.buckets().size(); second++) {
            arrivalsAfterwards += provider.buckets().get(second).count(Counter.ATTEMPTS);
        }
        assertThat(arrivalsAfterwards)
                .as("requests at the relay during the pause")
                .isZero();
        // The client's series: calls kept arriving and were refused by the pause, with nothing sent.
        for (int second = start + 1; second < 8; second++) {
            assertThat(client.buckets().get(second).count(Counter.LOGICAL_REQUESTS))
                    .as("calls in second %d", second)
                    .isGreaterThanOrEqualTo(RATE / 2);
            assertThat(client.buckets().get(second).count(Counter.ATTEMPTS))
                    .as("attempts in second %d", second)
                    .isZero();
        }
        List<AttemptEvent> refusedByPause = events.stream()
                .filter(e -> e.verdict() == AttemptEvent.Verdict.REFUSED_BY_PAUSE)
                .toList();
        assertThat(refusedByPause).hasSizeGreaterThanOrEqualTo(RATE * 3).allSatisfy(e -> {
            assertThat(e.attempt()).isZero();
            assertThat(e.status()).hasValue(429);
            assertThat(e.retryAfter().orElseThrow()).isBetween(Duration.ofSeconds(110), Duration.ofSeconds(120));
        });
        // E4: the calls the 429 ended count as given up; the refusals by the pause spent no budget and do not.
        assertThat(client.total(Counter.EXHAUSTED_BUDGETS)).isEqualTo(throttled.size());
    }
}
