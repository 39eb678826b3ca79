package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.TimedFault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RelayPlanTest {

    @Test
    @DisplayName("An outage fault's status (here 502) is what the relay answers, not always 503")
    void anOutageFaultsStatusReachesTheRelay() {
        Scenario scenario = new Scenario(
                "bad-gateway",
                "Bad gateway",
                "502 for 5 s",
                List.of(new TimedFault(Duration.ofSeconds(1), new RelayFault.Outage(Duration.ofSeconds(5), 502))),
                Duration.ofSeconds(10));

        RelayPlan plan = RelayPlan.of(scenario, Optional.empty(), 10, dev.stormwatch.relay.RateLimitDialect.PLAIN);

        assertThat(plan.config().disruptions())
                .containsExactly(
                        new dev.stormwatch.relay.Disruption.Outage(Duration.ofSeconds(1), Duration.ofSeconds(6), 502));
    }
}
