package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.RedisChoice;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.series.Counter;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A busy run through a Redis limiter asks for as many decisions at once as it has worker threads. With a Redis
 * connection pool smaller than that, decisions waited for a connection past the limiter's timeout, and 1,000 clients
 * stopped the run within two seconds as "Redis lost mid-run" while Redis was fine.
 */
class BusyRedisLimiterRunTest {

    @Test
    @DisplayName("L9: 1,000 clients through one Redis limiter run to the end; only a Redis really lost stops a run")
    void aBusyRunThroughRedisIsNotMistakenForALostRedis() throws Exception {
        EngineSettings settings = EngineSettings.defaults()
                .withLimit(LimitSpec.of(100_000, Duration.ofSeconds(1))) // every request allowed: decisions only
                .withDrain(Duration.ofMillis(500));
        LoadOptions options = LoadOptions.builder()
                .clients(1_000)
                .duration(Duration.ofSeconds(4))
                .limiter(LimiterChoice.SLIDING_LOG)
                .redis(new RedisChoice.Embedded())
                .seed(5)
                .build();

        LoadReport report = new LoadEngine(settings).run(options, line -> {});

        assertThat(report.outcome()).as(String.valueOf(report.notes())).isInstanceOf(RunOutcome.Completed.class);
        assertThat(report.notes()).noneMatch(note -> note.contains("Redis lost"));
        var client = report.seriesNamed("client per second").orElseThrow();
        assertThat(client.total(Counter.STATUS_2XX)).isGreaterThan(1_000);
        assertThat(client.total(Counter.LIMITER_REFUSED)).isZero();
    }
}
