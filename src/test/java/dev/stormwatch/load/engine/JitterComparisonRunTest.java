package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.TimedFault;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.load.simulation.BackoffStrategy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Jitter strategies compared (the exception of B4) in real runs against the embedded relay, on real sockets. The relay
 * answers 503 without Retry-After for the whole run, so every retry sleeps the strategy's backoff (B3) and nothing
 * else.
 */
class JitterComparisonRunTest {

    private static final Duration RUN = Duration.ofMillis(1500);
    private static final int CLIENTS = 4;

    /** 503 without Retry-After from the first request to well past the end of the run. */
    private static final Scenario DOWN_THROUGHOUT = new Scenario(
            "down",
            "Down throughout",
            "The relay answers 503 without Retry-After for the whole run.",
            List.of(new TimedFault(Duration.ZERO, new RelayFault.Outage(Duration.ofSeconds(30), 503))),
            Duration.ofSeconds(1));

    private record Run(LoadReport report, List<AttemptEvent> events, List<String> progress) {
        List<Duration> retryDelays() {
            return events.stream()
                    .filter(e -> e.verdict() == AttemptEvent.Verdict.RETRY)
                    .map(e -> e.delay().orElseThrow())
                    .toList();
        }

        TimeSeries provider() {
            return report.seriesNamed("provider per second").orElseThrow();
        }

        TimeSeries client() {
            return report.seriesNamed("client per second").orElseThrow();
        }
    }

    private static Run run(BackoffStrategy jitter) throws Exception {
        List<AttemptEvent> events = new CopyOnWriteArrayList<>();
        List<String> progress = new CopyOnWriteArrayList<>();
        EngineSettings settings =
                EngineSettings.defaults().withDrain(Duration.ofMillis(300)).withObserver(events::add);
        LoadOptions options = LoadOptions.builder()
                .clients(CLIENTS)
                .duration(RUN)
                .scenario(DOWN_THROUGHOUT)
                .jitter(jitter)
                .seed(17)
                .build();
        LoadReport report = new LoadEngine(settings).run(options, progress::add);
        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        return new Run(report, events, progress);
    }

    // B3, B4
    @Test
    @DisplayName(
            "B3, B4: --jitter none retries the relay's 503s with zero wait and hammers it; full jitter (the default) waits and sends a fraction")
    void noneRetriesAtOnceWhileFullJitterWaits() throws Exception {
        Run none = run(BackoffStrategy.NONE);
        Run full = run(BackoffStrategy.FULL);

        // The clients' own account: every retry of the 'none' run was scheduled with no wait at all...
        assertThat(none.retryDelays())
                .hasSizeGreaterThan(50)
                .allSatisfy(delay -> assertThat(delay).isZero());
        // ...and with full jitter (B3) every one waited a random share of 250 ms, 500 ms, 1 s.
        assertThat(full.retryDelays())
                .isNotEmpty()
                .allSatisfy(delay -> assertThat(delay).isPositive().isLessThan(Duration.ofSeconds(1)));
        // The relay's own record: back-to-back retries reach it far more often than jittered ones (about 4.5 attempts
        // per client per second with full jitter; hundreds without any wait on an idle machine, ten times as many. A
        // busy CPU slows the back-to-back run, which only waits for the CPU, far more than the jittered one, which
        // mostly sleeps: with two dozen other processes running, it was three times as many.)
        long noneArrivals = none.provider().total(Counter.ATTEMPTS);
        long fullArrivals = full.provider().total(Counter.ATTEMPTS);
        assertThat(fullArrivals).isPositive().isLessThan(CLIENTS * 20L);
        assertThat(noneArrivals)
                .as("arrivals without backoff (%d) vs with full jitter (%d)", noneArrivals, fullArrivals)
                .isGreaterThan(2 * fullArrivals);
        // B1: no strategy makes retrying unbounded: each call of the batch policy made at most 4 attempts.
        assertThat(none.client().total(Counter.ATTEMPTS))
                .isLessThanOrEqualTo(4 * none.client().total(Counter.LOGICAL_REQUESTS));
        assertThat(none.client().total(Counter.EXHAUSTED_BUDGETS)).isPositive();
    }

    // B4
    @Test
    @DisplayName("B4: a run without full jitter says in its notes, summary and progress that it is for comparison only")
    void aComparisonRunSaysSo() throws Exception {
        Run decorrelated = run(BackoffStrategy.DECORRELATED);

        assertThat(decorrelated.report().notes())
                .contains("jitter 'decorrelated' is for comparison only; the client's default is full jitter (B4)")
                .noneMatch(note -> note.contains("always uses full jitter"));
        assertThat(decorrelated.progress())
                .isNotEmpty()
                .allSatisfy(line -> assertThat(line).endsWith("jitter decorrelated: comparison only (B4)"));
        // Decorrelated jitter sleeps at least the base (250 ms) before each retry.
        assertThat(decorrelated.retryDelays())
                .isNotEmpty()
                .allSatisfy(delay -> assertThat(delay).isGreaterThanOrEqualTo(Duration.ofMillis(250)));
    }
}
