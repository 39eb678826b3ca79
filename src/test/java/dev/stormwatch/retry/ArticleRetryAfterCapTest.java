package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.retry.Outcome.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** LB15: the article's 8 s cap on Retry-After (RA8), a value fed into the pure decision for load comparisons only. */
class ArticleRetryAfterCapTest {

    private static final Origin RELAY = Origin.of("https://relay.example/v1");
    private static final Instant NOW = Instant.parse("2026-12-01T03:00:00Z");
    private static final double HALF = 0.5;

    private static Decision decide(String retryAfter, BudgetCounters counters, ComparisonRetryAfter handling) {
        return RetryDecision.decide(
                HttpResponse.withRetryAfter(429, retryAfter),
                Operation.READ,
                RELAY,
                counters,
                RetryPolicy.DEFAULT,
                NOW,
                HALF,
                ComparisonBackoff.FULL,
                Duration.ZERO,
                handling);
    }

    @ParameterizedTest(name = "Retry-After {0} s: honoured waits {1} ms, capped waits {2} ms")
    @CsvSource({
        // below the cap both wait the provider's value plus RA3's tenth (random 0.5)
        "5, 5250, 5250",
        // one second under, on and one second over the cap
        "7, 7350, 7350",
        "8, 8400, 8400",
        "9, 9450, 8400",
        "15, 15500, 8400"
    })
    @DisplayName(
            "LB15: the capped client waits min(Retry-After, 8 s) plus a tenth of that; the honouring one waits it all")
    void theCapShortensOnlyWaitsLongerThanEightSeconds(long seconds, long honouredMillis, long cappedMillis) {
        Decision honoured = decide(String.valueOf(seconds), BudgetCounters.FRESH, ComparisonRetryAfter.HONOURED);
        Decision capped = decide(String.valueOf(seconds), BudgetCounters.FRESH, ComparisonRetryAfter.ARTICLE_CAP);

        assertThat(((Decision.Retry) honoured).delay()).isEqualTo(Duration.ofMillis(honouredMillis));
        assertThat(((Decision.Retry) capped).delay()).isEqualTo(Duration.ofMillis(cappedMillis));
    }

    @Test
    @DisplayName(
            "LB15: a Retry-After of 30 s past the budget stops an honouring call (RA4) but the capped one retries in 8 s")
    void aWaitPastTheBudgetStopsOnlyTheHonouringCall() {
        Decision honoured = decide("30", BudgetCounters.FRESH, ComparisonRetryAfter.HONOURED);
        Decision capped = decide("30", BudgetCounters.FRESH, ComparisonRetryAfter.ARTICLE_CAP);

        assertThat(honoured).isInstanceOf(Decision.Stop.class);
        assertThat(((Decision.Stop) honoured).pauseUntil()).contains(NOW.plusSeconds(30));
        assertThat(capped).isEqualTo(new Decision.Retry(Duration.ofMillis(8_400), Duration.ofMillis(400)));
    }

    @Test
    @DisplayName("LB15: RA4's check is made on the capped wait: 8 s fits with 8 s left and not with 7.999 s")
    void theBudgetCheckUsesTheCappedWait() {
        BudgetCounters eightLeft = new BudgetCounters(1, 1, 1, Duration.ofSeconds(12));
        BudgetCounters lessLeft = new BudgetCounters(1, 1, 1, Duration.ofMillis(12_001));

        assertThat(decide("30", eightLeft, ComparisonRetryAfter.ARTICLE_CAP))
                .as("on the budget's last instant: no room for jitter")
                .isEqualTo(new Decision.Retry(Duration.ofSeconds(8), Duration.ZERO));
        assertThat(decide("30", lessLeft, ComparisonRetryAfter.ARTICLE_CAP)).isInstanceOf(Decision.Stop.class);
    }

    @Test
    @DisplayName(
            "LB15: a capped call that stops still reports, and pauses for, the provider's full Retry-After (E4, P1)")
    void aStoppedCappedCallReportsTheFullValue() {
        BudgetCounters lastAttempt = new BudgetCounters(2, 2, 2, Duration.ofSeconds(16));

        Decision stop = decide("30", lastAttempt, ComparisonRetryAfter.ARTICLE_CAP);

        assertThat(stop).isInstanceOf(Decision.Stop.class);
        CallFailure.Server server =
                (CallFailure.Server) ((Decision.Stop) stop).failure().reason();
        assertThat(server.retryAfter()).isEqualTo(Optional.of(Duration.ofSeconds(30)));
        assertThat(((Decision.Stop) stop).pauseUntil()).contains(NOW.plusSeconds(30));
    }

    @Test
    @DisplayName("LB15: every decision without the comparison switch honours Retry-After in full (RA3)")
    void theDefaultDecisionHonoursInFull() {
        Decision plain = RetryDecision.decide(
                HttpResponse.withRetryAfter(429, "15"),
                Operation.READ,
                RELAY,
                BudgetCounters.FRESH,
                RetryPolicy.DEFAULT,
                NOW,
                HALF);
        Decision withBackoff = RetryDecision.decide(
                HttpResponse.withRetryAfter(429, "15"),
                Operation.READ,
                RELAY,
                BudgetCounters.FRESH,
                RetryPolicy.DEFAULT,
                NOW,
                HALF,
                ComparisonBackoff.NONE,
                Duration.ZERO);

        assertThat(plain).isEqualTo(new Decision.Retry(Duration.ofMillis(15_500), Duration.ofMillis(500)));
        assertThat(withBackoff).isEqualTo(plain);
    }
}
