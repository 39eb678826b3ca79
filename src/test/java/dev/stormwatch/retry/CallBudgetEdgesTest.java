package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The budget's edges: more failures than allowed, a wall clock that jumps back, a handle closed twice. */
class CallBudgetEdgesTest {

    private static final Origin TOKEN = Origin.of("https://idp.example:443/token");

    private final FakeClock clock = FakeClock.at("2026-11-30T06:00:00Z");
    private final CallBudget budget = CallBudget.start(RetryPolicy.DEFAULT, clock);

    @Test
    @DisplayName("B1: an origin that failed more often than allowed has no attempt left, never a negative number")
    void attemptsLeftStopAtZero() {
        for (int k = 0; k < RetryPolicy.DEFAULT.maxTotalAttempts() + 2; k++) {
            budget.recordFailure(TOKEN);
        }

        assertThat(budget.attemptsLeftAt(TOKEN)).isZero();
        assertThat(budget.attemptsLeftAt(Origin.of("https://other.example/")))
                .as("the budget over all origins is spent as well")
                .isZero();
    }

    @Test
    @DisplayName("B1: an origin's own limit binds before the limit over all origins does")
    void theOriginsLimitBindsFirst() {
        budget.recordFailure(TOKEN);
        budget.recordFailure(TOKEN);

        // 3 per origin, 4 in all: 1 left here, though 2 are left over all origins.
        assertThat(budget.attemptsLeftAt(TOKEN)).isEqualTo(1);
    }

    @Test
    @DisplayName("B1, P6: the budget keeps the policy and the clock it started with, for the executors to read")
    void theBudgetKeepsItsPolicyAndClock() {
        CallBudget patient = CallBudget.start(RetryPolicy.PATIENT, clock);

        assertThat(patient.policy()).isSameAs(RetryPolicy.PATIENT);
        assertThat(patient.clock()).isSameAs(clock);
    }

    @Test
    @DisplayName("P6: a wall clock set back before the call's start counts as no time spent, and all of it is left")
    void aClockSetBackSpendsNothing() {
        clock.advance(Duration.ofSeconds(-30));

        assertThat(budget.elapsed()).isEqualTo(Duration.ZERO);
        assertThat(budget.remaining()).isEqualTo(RetryPolicy.DEFAULT.totalBudget());
    }

    @Test
    @DisplayName(
            "OP2, P6: a clock set back while time is left out leaves out nothing, and adds nothing to what was spent")
    @SuppressWarnings("try") // the handle is only closed, never read: that is its use
    void aClockSetBackWhileLeftOutAddsNoCredit() {
        clock.advance(Duration.ofSeconds(4));
        try (CallBudget.OffBudget browser = budget.offBudget()) {
            clock.advance(Duration.ofSeconds(-3));
        }
        // 6 s after the start by the wall clock: the 3 s jump back is no negative time left out, which would add 3 s.
        clock.advance(Duration.ofSeconds(5));

        assertThat(budget.elapsed()).isEqualTo(Duration.ofSeconds(6));
    }

    @Test
    @DisplayName("OP2: closing the handle a second time leaves out nothing more and counts nothing twice")
    @SuppressWarnings("try") // the new handle is only closed, never read
    void closingTwiceChangesNothing() {
        clock.advance(Duration.ofSeconds(1));
        CallBudget.OffBudget browser = budget.offBudget();
        clock.advance(Duration.ofSeconds(10));
        browser.close();
        clock.advance(Duration.ofSeconds(2));
        browser.close();
        clock.advance(Duration.ofSeconds(2));

        assertThat(budget.elapsed()).isEqualTo(Duration.ofSeconds(5));
        try (CallBudget.OffBudget again = budget.offBudget()) {
            clock.advance(Duration.ofSeconds(7));
            assertThat(budget.elapsed())
                    .as("a new handle leaves time out again")
                    .isEqualTo(Duration.ofSeconds(5));
        }
    }
}
