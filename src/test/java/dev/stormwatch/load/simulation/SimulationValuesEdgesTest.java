package dev.stormwatch.load.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The simulation's settings at their bounds, and its result in the seconds the table prints. */
class SimulationValuesEdgesTest {

    private static final SimulationParameters ARTICLE = SimulationParameters.article(10, 1);

    @Test
    @DisplayName("one client and one run are enough; a cap equal to the base is allowed, one below it is refused")
    void settingsAtTheirBounds() {
        SimulationParameters least = new SimulationParameters(
                1, Duration.ofNanos(1), Duration.ofNanos(1), Duration.ZERO, Duration.ZERO, 1, 7);

        assertThat(least.clients()).isEqualTo(1);
        assertThat(least.runs()).isEqualTo(1);
        assertThatThrownBy(() -> ARTICLE.withBackoff(Duration.ofMillis(5), Duration.ofMillis(4)))
                .hasMessage("cap PT0.004S is below base PT0.005S");
        assertThatThrownBy(() -> ARTICLE.withBackoff(Duration.ZERO, Duration.ofMillis(4)))
                .hasMessage("base must be positive, was PT0S");
        assertThatThrownBy(() -> ARTICLE.withRuns(0)).hasMessage("runs must be at least 1, was 0");
        assertThatThrownBy(() -> SimulationParameters.article(0, 1)).hasMessage("clients must be at least 1, was 0");
    }

    @Test
    @DisplayName("a copy with another base and cap keeps every other setting")
    void aCopyWithAnotherBackoffKeepsTheRest() {
        SimulationParameters copy = ARTICLE.withBackoff(Duration.ofMillis(10), Duration.ofSeconds(1));

        assertThat(copy.base()).isEqualTo(Duration.ofMillis(10));
        assertThat(copy.cap()).isEqualTo(Duration.ofSeconds(1));
        assertThat(copy.clients()).isEqualTo(ARTICLE.clients());
        assertThat(copy.runs()).isEqualTo(ARTICLE.runs());
        assertThat(copy.seed()).isEqualTo(ARTICLE.seed());
    }

    @Test
    @DisplayName("the completion time is printed in seconds")
    void completionInSeconds() {
        SimulationResult result = new SimulationResult(BackoffStrategy.values()[0], 10, 12.5, Duration.ofMillis(1_250));

        assertThat(result.completionSeconds()).isEqualTo(1.25);
    }

    @Test
    @DisplayName("the loser of the first round waits its whole sleep before it reads again")
    void theLoserWaitsItsWholeSleep() {
        // Two clients, every message 1 ms on the wire, an exponential sleep of exactly 1 s (base and cap 1 s): both
        // read, write at 3 ms, one wins; the other learns it lost at 4 ms, sleeps 1 s, and needs four messages more.
        SimulationParameters fixed = new SimulationParameters(
                2, Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofMillis(1), Duration.ZERO, 3, 7);

        SimulationResult result = ContentionSimulation.run(fixed, BackoffStrategy.EXPONENTIAL);

        assertThat(result.meanCalls()).isEqualTo(3.0);
        assertThat(result.meanCompletion()).isEqualTo(Duration.ofMillis(1_008));
    }

    @Test
    @DisplayName("a sleep whose cap equals its base is that base")
    void aCapEqualToTheBaseIsAllowed() {
        Duration base = Duration.ofMillis(5);

        assertThat(BackoffStrategy.EXPONENTIAL.sleep(3, Duration.ZERO, base, base, 0.5))
                .isEqualTo(base);
    }
}
