package dev.stormwatch.load.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The published findings of "Exponential Backoff And Jitter" (Brooker, 2015) as behaviours of our simulation: orderings,
 * not hard-coded figures.
 */
class ContentionSimulationTest {

    private static final long SEED = 7;

    @Test
    void theSameSeedGivesIdenticalFigures() {
        SimulationParameters parameters = SimulationParameters.article(50, SEED).withRuns(20);

        assertThat(ContentionSimulation.runAll(parameters)).isEqualTo(ContentionSimulation.runAll(parameters));
    }

    @Test
    void anotherSeedGivesOtherFigures() {
        SimulationResult one =
                ContentionSimulation.run(SimulationParameters.article(50, 1).withRuns(5), BackoffStrategy.FULL);
        SimulationResult two =
                ContentionSimulation.run(SimulationParameters.article(50, 2).withRuns(5), BackoffStrategy.FULL);

        assertThat(one).isNotEqualTo(two);
    }

    @Test
    void aLoneClientWritesOnceWhateverTheStrategy() {
        for (SimulationResult result : ContentionSimulation.runAll(SimulationParameters.article(1, SEED))) {
            assertThat(result.meanCalls()).as(result.strategy().cliName()).isEqualTo(1.0);
            // read, reply, write, reply: four network delays of about 10 ms each.
            assertThat(result.meanCompletion()).isBetween(Duration.ofMillis(30), Duration.ofMillis(50));
        }
    }

    @Test
    void everyClientSucceedsSoThereAreAtLeastAsManyCallsAsClients() {
        for (SimulationResult result : ContentionSimulation.runAll(
                SimulationParameters.article(50, SEED).withRuns(10))) {
            assertThat(result.meanCalls()).as(result.strategy().cliName()).isGreaterThanOrEqualTo(50.0);
        }
    }

    @DisplayName("at 100 clients full jitter needs less than half the calls of exponential backoff without jitter")
    @Test
    void fullJitterHalvesTheWorkOfPlainExponentialAtOneHundredClients() {
        Map<BackoffStrategy, SimulationResult> results = byStrategy(100);

        assertThat(results.get(BackoffStrategy.FULL).meanCalls())
                .isLessThan(results.get(BackoffStrategy.EXPONENTIAL).meanCalls() / 2);
    }

    @DisplayName("equal jitter does slightly more work than full jitter, and takes longer")
    @ParameterizedTest(name = "{0} clients")
    @ValueSource(ints = {50, 100})
    void equalJitterDoesSlightlyMoreWorkAndTakesLonger(int clients) {
        Map<BackoffStrategy, SimulationResult> results = byStrategy(clients);
        SimulationResult full = results.get(BackoffStrategy.FULL);
        SimulationResult equal = results.get(BackoffStrategy.EQUAL);

        assertThat(equal.meanCalls()).isGreaterThan(full.meanCalls()).isLessThan(full.meanCalls() * 1.25);
        assertThat(equal.meanCompletion()).isGreaterThan(full.meanCompletion());
    }

    @DisplayName(
            "decorrelated jitter sits between full jitter and no jitter: more work than full, far less than exponential, and slightly less time than full")
    @ParameterizedTest(name = "{0} clients")
    @ValueSource(ints = {50, 100})
    void decorrelatedSitsBetweenFullAndExponential(int clients) {
        Map<BackoffStrategy, SimulationResult> results = byStrategy(clients);
        SimulationResult full = results.get(BackoffStrategy.FULL);
        SimulationResult decorrelated = results.get(BackoffStrategy.DECORRELATED);
        SimulationResult exponential = results.get(BackoffStrategy.EXPONENTIAL);

        assertThat(decorrelated.meanCalls()).isGreaterThan(full.meanCalls()).isLessThan(exponential.meanCalls());
        assertThat(decorrelated.meanCompletion()).isLessThan(full.meanCompletion());
    }

    @DisplayName("without jitter, exponential backoff takes far longer than any jittered strategy")
    @ParameterizedTest(name = "{0} clients")
    @ValueSource(ints = {50, 100})
    void exponentialWithoutJitterIsTheSlowest(int clients) {
        Map<BackoffStrategy, SimulationResult> results = byStrategy(clients);
        Duration exponential = results.get(BackoffStrategy.EXPONENTIAL).meanCompletion();

        for (BackoffStrategy jittered :
                List.of(BackoffStrategy.FULL, BackoffStrategy.EQUAL, BackoffStrategy.DECORRELATED)) {
            assertThat(exponential)
                    .as(jittered.cliName())
                    .isGreaterThan(results.get(jittered).meanCompletion().multipliedBy(3));
        }
    }

    @Test
    void withoutBackoffEveryClientCompetesInEveryRoundSoWorkGrowsWithTheSquareOfTheClients() {
        double fifty = ContentionSimulation.run(
                        SimulationParameters.article(50, SEED).withRuns(20), BackoffStrategy.NONE)
                .meanCalls();
        double hundred = ContentionSimulation.run(
                        SimulationParameters.article(100, SEED).withRuns(20), BackoffStrategy.NONE)
                .meanCalls();

        // Twice the clients, about four times the work (N^2); linear growth would give about two.
        assertThat(hundred / fifty).isGreaterThan(3.0);
    }

    private static Map<BackoffStrategy, SimulationResult> byStrategy(int clients) {
        return ContentionSimulation.runAll(SimulationParameters.article(clients, SEED)).stream()
                .collect(Collectors.toMap(SimulationResult::strategy, Function.identity()));
    }
}
