package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.report.StandardFigures;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.relay.Quota;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Short real runs against the embedded relay on real sockets: what the clients counted, and what the relay saw. */
class LoadEngineRelayTest {

    @Test
    @DisplayName(
            "RA3, RC1: an open-loop run over the relay's quota gets 429s, waits their Retry-After, and the relay's record agrees with the client's counts")
    void openLoopOverQuotaHonoursRetryAfterAndMatchesTheRelaysRecord() throws Exception {
        List<AttemptEvent> events = new CopyOnWriteArrayList<>();
        EngineSettings settings = EngineSettings.defaults()
                .withRelayQuota(new Quota(10, Duration.ofSeconds(1)))
                .withDrain(Duration.ofSeconds(3))
                .withObserver(events::add);
        LoadOptions options = LoadOptions.builder()
                .clients(50)
                .rate(30)
                .duration(Duration.ofSeconds(3))
                .seed(7)
                .build();

        LoadReport report = new LoadEngine(settings).run(options, line -> {});

        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        TimeSeries client = report.seriesNamed("client per second").orElseThrow();
        TimeSeries provider = report.seriesNamed("provider per second").orElseThrow();
        assertThat(client.total(Counter.STATUS_429))
                .as("the quota of 10/s is exceeded at 30/s")
                .isPositive();
        assertThat(client.total(Counter.RETRIES)).isPositive();
        // RA3: every retry after a 429 waited at least what Retry-After asked for.
        List<AttemptEvent> retriedAfter429 = events.stream()
                .filter(e -> e.status().orElse(0) == 429 && e.verdict() == AttemptEvent.Verdict.RETRY)
                .toList();
        assertThat(retriedAfter429).isNotEmpty().allSatisfy(e -> {
            assertThat(e.retryAfter()).isPresent();
            assertThat(e.delay().orElseThrow())
                    .isGreaterThanOrEqualTo(e.retryAfter().get());
        });
        // The relay's own record: every attempt the clients counted arrived, with the same answers.
        assertThat(provider.total(Counter.ATTEMPTS)).isEqualTo(client.total(Counter.ATTEMPTS));
        assertThat(provider.total(Counter.STATUS_429)).isEqualTo(client.total(Counter.STATUS_429));
        assertThat(provider.total(Counter.STATUS_2XX)).isEqualTo(client.total(Counter.STATUS_2XX));
        assertThat(client.total(Counter.LOGICAL_REQUESTS)).isBetween(80L, 95L); // 30/s for 3 s
        assertThat(report.figures().get(StandardFigures.RETRY_AMPLIFICATION))
                .isInstanceOfSatisfying(
                        Figure.Value.class,
                        amplification -> assertThat(amplification.value()).isGreaterThan(1.0));
    }

    @Test
    @DisplayName("A closed loop of 200 virtual clients without faults completes, every answer a 2xx, both sides equal")
    void closedLoopWithoutFaultsDeliversEverything() throws Exception {
        LoadOptions options = LoadOptions.builder()
                .clients(200)
                .duration(Duration.ofSeconds(2))
                .seed(3)
                .build();

        LoadReport report = new LoadEngine(EngineSettings.defaults()).run(options, line -> {});

        TimeSeries client = report.seriesNamed("client per second").orElseThrow();
        TimeSeries provider = report.seriesNamed("provider per second").orElseThrow();
        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        assertThat(client.total(Counter.STATUS_2XX)).isGreaterThan(200);
        assertThat(client.total(Counter.STATUS_2XX)).isEqualTo(client.total(Counter.ATTEMPTS));
        assertThat(provider.total(Counter.STATUS_2XX)).isEqualTo(client.total(Counter.STATUS_2XX));
        assertThat(client.total(Counter.NETWORK_ERRORS) + client.total(Counter.STATUS_5XX))
                .isZero();
    }
}
