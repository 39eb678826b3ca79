package dev.stormwatch.app.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.http.AttemptEvent.Verdict;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The mark each attempt gets in its origin's lane (no window needed: the choice is a pure function). */
class OriginLanesEdgesTest {

    private static AttemptEvent attempt(OptionalInt status, Verdict verdict) {
        return new AttemptEvent(
                Instant.parse("2026-11-30T09:00:00Z"),
                Origin.of("https://idp.example"),
                "token",
                Operation.READ,
                1,
                status,
                Optional.empty(),
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                new AttemptEvent.BudgetLeft(2, Duration.ofSeconds(10)),
                Optional.empty(),
                verdict);
    }

    @Test
    @DisplayName("P2: an attempt refused by a pause, the limiter or a pace is marked as not sent, whatever its status")
    void attemptsNotSentAreMarkedRefused() {
        assertThat(OriginLanes.markOf(attempt(OptionalInt.of(429), Verdict.REFUSED_BY_PAUSE)))
                .isEqualTo(OriginLanes.Mark.REFUSED);
        assertThat(OriginLanes.markOf(attempt(OptionalInt.of(200), Verdict.REFUSED_BY_LIMITER)))
                .isEqualTo(OriginLanes.Mark.REFUSED);
        assertThat(OriginLanes.markOf(attempt(OptionalInt.of(200), Verdict.PACED)))
                .isEqualTo(OriginLanes.Mark.REFUSED);
    }

    @Test
    @DisplayName("ST1: 429 is marked throttled; 200 to 399 ok; anything else, or no answer, failed")
    void statusesAreMarkedByTheirClass() {
        assertThat(OriginLanes.markOf(attempt(OptionalInt.of(429), Verdict.RETRY)))
                .isEqualTo(OriginLanes.Mark.THROTTLED);
        assertThat(OriginLanes.markOf(attempt(OptionalInt.of(199), Verdict.DELIVER)))
                .isEqualTo(OriginLanes.Mark.FAILED);
        assertThat(OriginLanes.markOf(attempt(OptionalInt.of(200), Verdict.DELIVER)))
                .isEqualTo(OriginLanes.Mark.OK);
        assertThat(OriginLanes.markOf(attempt(OptionalInt.of(399), Verdict.DELIVER)))
                .isEqualTo(OriginLanes.Mark.OK);
        assertThat(OriginLanes.markOf(attempt(OptionalInt.of(400), Verdict.DELIVER)))
                .isEqualTo(OriginLanes.Mark.FAILED);
        assertThat(OriginLanes.markOf(attempt(OptionalInt.empty(), Verdict.STOP)))
                .isEqualTo(OriginLanes.Mark.FAILED);
    }
}
