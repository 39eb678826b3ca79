package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.report.StandardFigures;
import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.scenario.TimedFault;
import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.retry.RetryPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The "provider outage" preset end to end, scaled down: the preset's fault (503 without Retry-After), 4 s from t = 3 s
 * instead of 20 s from t = 10 s, so that the run takes 12 s instead of 45 s. Scaled through the scenario API (a
 * {@link Scenario} is data), keeping the preset's name and fault kind. The whole engine runs on simulated time with the
 * relay's pipeline in process ({@link SimulatedEngine}), so the 12 s take well under a second and repeat exactly: no
 * busy machine can shift an answer across a second's edge.
 */
class ProviderOutageScenarioTest {

    private static final Duration OUTAGE_START = Duration.ofSeconds(3);
    private static final Duration OUTAGE_LENGTH = Duration.ofSeconds(4);
    private static final int RATE = 50;
    private static final Instant START = Instant.parse("2026-12-01T03:00:00.300Z");

    /** The preset with a shorter outage that starts sooner. */
    static Scenario scaledOutage() {
        Scenario preset = ScenarioPresets.PROVIDER_OUTAGE;
        RelayFault.Outage fault = (RelayFault.Outage) preset.timeline().get(0).fault();
        return new Scenario(
                preset.name(),
                preset.title(),
                preset.description(),
                List.of(new TimedFault(OUTAGE_START, new RelayFault.Outage(OUTAGE_LENGTH, fault.status()))),
                Duration.ofSeconds(8));
    }

    @Test
    @DisplayName("B1, RC1, P5: during the outage every call stops after the policy's attempts, nothing pauses on a 503"
            + " without Retry-After, the relay sees no more than attempts x calls; afterwards goodput comes back and the"
            + " time to recover is measured")
    void theOutageExhaustsBudgetsBoundedlyAndTrafficRecovers() throws Exception {
        List<AttemptEvent> events = new CopyOnWriteArrayList<>();
        EngineSettings settings =
                EngineSettings.defaults().withDrain(Duration.ofSeconds(2)).withObserver(events::add);
        RetryPolicy policy = settings.policy();
        LoadOptions options = LoadOptions.builder()
                .clients(300)
                .rate(RATE)
                .duration(Duration.ofSeconds(10))
                .scenario(scaledOutage())
                .seed(31)
                .build();

        LoadReport report =
                SimulatedEngine.on(new SimulatedTime(START), settings).run(options, line -> {});

        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        TimeSeries client = report.seriesNamed("client per second").orElseThrow();
        TimeSeries provider = report.seriesNamed("provider per second").orElseThrow();
        int start = (int) OUTAGE_START.toSeconds();
        int end = (int) OUTAGE_START.plus(OUTAGE_LENGTH).toSeconds();
        // The relay's record: 5xx only while the outage lasts (its timeline starts a few ms before second 0).
        assertThat(sum(provider, 0, start - 1, Counter.STATUS_5XX))
                .as("5xx before the outage")
                .isZero();
        assertThat(sum(provider, start, end, Counter.STATUS_5XX))
                .as("5xx during the outage")
                .isPositive();
        assertThat(sum(provider, end, provider.buckets().size(), Counter.STATUS_5XX))
                .as("5xx after it")
                .isZero();
        // B1, RC1: no call made more than the policy's attempts, and the calls in the outage gave up.
        assertThat(events).allSatisfy(e -> assertThat(e.attempt()).isLessThanOrEqualTo(policy.maxAttemptsPerOrigin()));
        List<AttemptEvent> gaveUp = events.stream()
                .filter(e -> e.status().orElse(0) == 503 && e.verdict() == AttemptEvent.Verdict.STOP)
                .toList();
        assertThat(gaveUp)
                .isNotEmpty()
                .allSatisfy(e -> assertThat(e.attempt()).isEqualTo(policy.maxAttemptsPerOrigin()));
        assertThat(client.total(Counter.EXHAUSTED_BUDGETS))
                .isEqualTo(gaveUp.size())
                .as("calls arriving in the first 2 s of the outage cannot outlast it")
                .isGreaterThan(RATE * 2 * 8 / 10);
        // No retry storm: what reached the relay during the outage is bounded by attempts x the calls made then.
        long callsAround = sum(client, start - 1, end, Counter.LOGICAL_REQUESTS);
        assertThat(sum(provider, start - 1, end, Counter.ATTEMPTS))
                .isLessThanOrEqualTo(policy.maxAttemptsPerOrigin() * callsAround);
        // P5: a 503 without Retry-After starts no pause, so no call was refused without being sent.
        assertThat(events).noneSatisfy(e -> assertThat(e.verdict()).isEqualTo(AttemptEvent.Verdict.REFUSED_BY_PAUSE));
        assertThat(gaveUp).allSatisfy(e -> assertThat(e.pauseStarted()).isEmpty());
        // Recovery: the seconds after the outage are back near the rate, and the figure says how soon goodput was back
        // to 90 % of its earlier level.
        for (int second = end + 1; second < 10; second++) {
            assertThat(client.buckets().get(second).count(Counter.STATUS_2XX))
                    .as("2xx in second %d", second)
                    .isGreaterThanOrEqualTo(RATE * 7 / 10);
        }
        assertThat(report.figures().get(StandardFigures.TIME_TO_RECOVER))
                .isInstanceOfSatisfying(
                        Figure.Value.class,
                        recover -> assertThat(recover.value())
                                .as("seconds to recover")
                                .isGreaterThan(0)
                                .isLessThanOrEqualTo(3));
    }

    private static long sum(TimeSeries series, int fromSecond, int toSecondExclusive, Counter counter) {
        long total = 0;
        List<Bucket> buckets = series.buckets();
        for (int i = Math.max(0, fromSecond); i < Math.min(toSecondExclusive, buckets.size()); i++) {
            total += buckets.get(i).count(counter);
        }
        return total;
    }
}
