package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CallBudgetTest {

    private static final Origin TOKEN = Origin.of("https://idp.example:443/token");
    private static final Origin REVOKE = Origin.of("https://revoke.example/revoke");

    private final FakeClock clock = FakeClock.at("2026-11-30T06:00:00Z");
    private final CallBudget budget = CallBudget.start(RetryPolicy.DEFAULT, clock);

    // B1, OP5
    @Test
    @DisplayName("B1, OP5: failed requests are counted per origin and over all origins")
    void countsPerOriginAndInAll() {
        budget.recordFailure(TOKEN);
        budget.recordFailure(TOKEN);
        budget.recordFailure(REVOKE);

        assertThat(budget.failedAt(TOKEN)).isEqualTo(2);
        assertThat(budget.failedAt(REVOKE)).isEqualTo(1);
        assertThat(budget.failedInAll()).isEqualTo(3);
        assertThat(budget.counters(TOKEN, 1)).isEqualTo(new BudgetCounters(1, 2, 3, Duration.ZERO));
        // 3 per origin and 4 in all: the token origin has 1 left, the revocation origin too (4 - 3 in all).
        assertThat(budget.attemptsLeftAt(TOKEN)).isEqualTo(1);
        assertThat(budget.attemptsLeftAt(REVOKE)).isEqualTo(1);
    }

    // B1, P6
    @Test
    @DisplayName("B1, P6: time runs on the injected wall clock; remaining is never negative")
    void timeOnTheInjectedClock() {
        clock.advance(Duration.ofSeconds(19));
        assertThat(budget.elapsed()).isEqualTo(Duration.ofSeconds(19));
        assertThat(budget.remaining()).isEqualTo(Duration.ofSeconds(1));

        clock.advance(Duration.ofSeconds(5));
        assertThat(budget.remaining()).isEqualTo(Duration.ZERO);
    }

    // OP2
    @Test
    @DisplayName("OP2: time in the browser is left out of the time budget, failed-request counts are kept")
    @SuppressWarnings("try") // the handle is only closed, never read: that is its use
    void browserTimeIsLeftOut() {
        budget.recordFailure(TOKEN);
        clock.advance(Duration.ofSeconds(2));

        try (CallBudget.OffBudget browser = budget.offBudget()) {
            clock.advance(Duration.ofMinutes(3));
            assertThat(budget.elapsed()).as("while the user is in the browser").isEqualTo(Duration.ofSeconds(2));
        }
        clock.advance(Duration.ofSeconds(1));

        assertThat(budget.elapsed()).isEqualTo(Duration.ofSeconds(3));
        assertThat(budget.failedAt(TOKEN)).isEqualTo(1);
    }

    // OP2
    @Test
    @SuppressWarnings("try")
    void leavingTimeOutTwiceAtOnceIsAProgrammingError() {
        try (CallBudget.OffBudget browser = budget.offBudget()) {
            assertThatThrownBy(budget::offBudget).isInstanceOf(IllegalStateException.class);
        }
    }
}
