package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The "3 AM storm" preset end to end: the relay resets every connection at t = 10 s and the clients retry. */
@Tag("slow")
class StormScenarioTest {

    @Test
    @DisplayName("ST2, B3: the reset at t = 10 s shows as network errors in that second, each retried, none exhausted")
    void theStormsResetIsRetried() throws Exception {
        LoadOptions options = LoadOptions.builder()
                .clients(100)
                .rate(100)
                .duration(Duration.ofSeconds(20))
                .scenario("3am-storm")
                .seed(21)
                .build();

        LoadReport report =
                new LoadEngine(EngineSettings.defaults().withDrain(Duration.ofSeconds(2))).run(options, line -> {});

        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        TimeSeries client = report.seriesNamed("client per second").orElseThrow();
        Bucket storm = client.buckets().get(10);
        assertThat(storm.count(Counter.NETWORK_ERRORS))
                .as("connections reset at t = 10 s")
                .isPositive();
        long before = client.buckets().subList(0, 10).stream()
                .mapToLong(b -> b.count(Counter.NETWORK_ERRORS))
                .sum();
        assertThat(before).as("no network error before the storm").isZero();
        assertThat(client.total(Counter.RETRIES)).isGreaterThanOrEqualTo(client.total(Counter.NETWORK_ERRORS));
        assertThat(client.total(Counter.EXHAUSTED_BUDGETS)).isZero();
        assertThat(client.total(Counter.STATUS_2XX)).isEqualTo(client.total(Counter.LOGICAL_REQUESTS));
        assertThat(report.seriesNamed("client per 100 ms, from t = 8 s")).isPresent();
    }
}
