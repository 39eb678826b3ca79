package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.NamedSeries;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.scenario.TimedFault;
import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The "quota exhaustion" preset end to end, scaled down: the preset's fault (a fixed-window quota answering 429 with a
 * Retry-After to the window's end), 10 requests per 2 s instead of 100 per 10 s, so that a 7 s run crosses several
 * windows. Scaled through the scenario API, keeping the preset's name and fault kind. Like {@link AdaptivePacingLoadTest}
 * and {@link QuotaPacingLoadTest}, the whole engine runs on simulated time with the relay's pipeline in process
 * ({@link SimulatedEngine}): the 7 s take well under a second.
 */
class QuotaExhaustionScenarioTest {

    private static final int QUOTA = 10;
    private static final Duration WINDOW = Duration.ofSeconds(2);
    private static final int CLIENTS = 30;
    /** Not on a quota window's boundary: the run starts 0.3 s into one. */
    private static final Instant START = Instant.parse("2026-12-01T03:00:00.300Z");

    static Scenario scaledQuota() {
        Scenario preset = ScenarioPresets.QUOTA_EXHAUSTION;
        assertThat(preset.timeline().get(0).fault()).isInstanceOf(RelayFault.Quota.class);
        return new Scenario(
                preset.name(),
                preset.title(),
                preset.description(),
                List.of(new TimedFault(Duration.ZERO, new RelayFault.Quota(QUOTA, WINDOW))),
                Duration.ofSeconds(4));
    }

    @Test
    @DisplayName("RA2, RA3, RA5, P1, P2: past the quota the relay answers 429 + Retry-After; every retry waits at least"
            + " the announced delay, and the relay's record shows no more 429s in any quota window than there are"
            + " clients; refusals and exhausted budgets show in the client's series")
    void clientsHonourTheQuotasRetryAfter() throws Exception {
        List<AttemptEvent> events = new CopyOnWriteArrayList<>();
        EngineSettings settings =
                EngineSettings.defaults().withDrain(Duration.ofMillis(500)).withObserver(events::add);
        LoadOptions options = LoadOptions.builder()
                .clients(CLIENTS)
                .duration(Duration.ofSeconds(7))
                .scenario(scaledQuota())
                .seed(43)
                .build();

        LoadReport report =
                SimulatedEngine.on(new SimulatedTime(START), settings).run(options, line -> {});

        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        TimeSeries client = report.seriesNamed("client per second").orElseThrow();
        TimeSeries provider = report.seriesNamed("provider per second").orElseThrow();
        // The relay's own record: the quota was hit, and it answered the clients' retries.
        assertThat(provider.total(Counter.STATUS_429)).isPositive();
        assertThat(provider.total(Counter.STATUS_2XX)).isPositive();
        // The relay's record, window by window (the relay's windows are aligned to the epoch): a client refused in a
        // window was told to come back at its end, so a window holds at most one refusal per client. Every virtual
        // client sends the same demo key (one principal in the record), so this bounds a window's sum by the client
        // count; it does not tell the clients apart.
        TimeSeries fine = providerPerTenthSecond(report);
        Map<Long, Long> refusalsPerWindow = perWindow(fine, Counter.STATUS_429);
        assertThat(refusalsPerWindow)
                .isNotEmpty()
                .allSatisfy((window, refusals) ->
                        assertThat(refusals).as("429s in window %d", window).isLessThanOrEqualTo(CLIENTS));
        // RA2, RA3: every 429 carried a Retry-After, and every retry after one waited at least that long.
        List<AttemptEvent> refused = events.stream()
                .filter(e -> e.status().orElse(0) == 429 && e.attempt() > 0)
                .toList();
        assertThat(refused)
                .isNotEmpty()
                .allSatisfy(e -> assertThat(e.retryAfter()).isPresent());
        assertThat(refused.stream().filter(e -> e.verdict() == AttemptEvent.Verdict.RETRY))
                .isNotEmpty()
                .allSatisfy(e -> assertThat(e.delay().orElseThrow())
                        .isGreaterThanOrEqualTo(e.retryAfter().orElseThrow()));
        // RA5, P1: the wait counts as an attempt, so some calls ran out of attempts while the quota still refused;
        // their Retry-After became the origin's pause, and P2 refused later calls without sending them.
        assertThat(client.total(Counter.STATUS_429)).isPositive();
        assertThat(client.total(Counter.EXHAUSTED_BUDGETS)).isPositive();
        assertThat(refused.stream().filter(e -> e.verdict() == AttemptEvent.Verdict.STOP))
                .allSatisfy(e -> assertThat(e.pauseStarted()).isPresent());
        assertThat(events).anySatisfy(e -> {
            assertThat(e.verdict()).isEqualTo(AttemptEvent.Verdict.REFUSED_BY_PAUSE);
            assertThat(e.attempt()).isZero();
        });
        // The client's count of what it sent matches the relay's.
        assertThat(provider.total(Counter.ATTEMPTS)).isEqualTo(client.total(Counter.ATTEMPTS));
    }

    private static TimeSeries providerPerTenthSecond(LoadReport report) {
        return report.series().stream()
                .filter(s -> s.name().startsWith("provider per 100 ms"))
                .map(NamedSeries::series)
                .findFirst()
                .orElseThrow();
    }

    /** Sums a counter over the 100 ms buckets that lie wholly inside one of the relay's quota windows. */
    private static Map<Long, Long> perWindow(TimeSeries fine, Counter counter) {
        Map<Long, Long> sums = new TreeMap<>();
        long width = WINDOW.toMillis();
        for (int i = 0; i < fine.buckets().size(); i++) {
            Instant start = fine.bucketStart(i);
            Instant end = start.plus(fine.bucketWidth());
            long window = Math.floorDiv(start.toEpochMilli(), width);
            if (Math.floorDiv(end.toEpochMilli() - 1, width) != window) {
                continue; // straddles two windows: its arrivals cannot be told apart
            }
            Bucket bucket = fine.buckets().get(i);
            sums.merge(window, bucket.count(counter), Long::sum);
        }
        return sums;
    }
}
