package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The pauses' edges: the end instant of a pause, holds of equal length, paces of the whole origin. */
class OriginPausesEdgesTest {

    private static final Origin API = Origin.of("https://api.example/");
    private static final PaceScope.PaceTarget GPT = PaceScope.PaceTarget.of("POST", "/v1/chat", Optional.of("gpt-4o"));

    private final FakeClock clock = FakeClock.at("2026-11-30T06:00:00Z");
    private final OriginPauses pauses = new OriginPauses(clock);

    @Test
    @DisplayName("P2: a pause's end is reported until its end instant and not from it on")
    void pausedUntilEndsAtTheEndInstant() {
        Instant end = clock.instant().plusSeconds(30);
        pauses.start(API, 429, end);

        clock.advance(Duration.ofSeconds(30).minusMillis(1));
        assertThat(pauses.pausedUntil(API)).contains(end);
        clock.advance(Duration.ofMillis(1));
        assertThat(pauses.pausedUntil(API)).isEmpty();
        assertThat(pauses.pausedUntil(Origin.of("https://other.example/"))).isEmpty();
    }

    @Test
    @DisplayName("RH12: when an origin's pause and a model's pace end at the same instant, the origin's pause speaks")
    void onAnEqualHoldTheOriginsPauseSpeaks() {
        pauses.pace(API, PaceScope.MODEL.keyFor(GPT), clock.instant().plusSeconds(5));
        pauses.start(API, 503, clock.instant().plusSeconds(5));

        assertThat(pauses.check(API, GPT)).contains(new OriginPauses.Refusal(503, Duration.ofSeconds(5)));
    }

    @Test
    @DisplayName("RH9, RH12: a pace of the whole origin holds every request with the 429 promised, as a pace")
    void aPaceOfTheWholeOriginHoldsEveryRequest() {
        pauses.pace(API, clock.instant().plusSeconds(8));

        assertThat(pauses.check(API, GPT))
                .contains(new OriginPauses.Refusal(
                        OriginPauses.PACE_STATUS, Duration.ofSeconds(8), Optional.of(PaceScope.PaceKey.ORIGIN)));
        assertThat(pauses.check(API))
                .hasValueSatisfying(refusal -> assertThat(refusal.pace()).contains(PaceScope.PaceKey.ORIGIN));
        assertThat(pauses.pausedUntil(API)).contains(clock.instant().plusSeconds(8));
    }

    @Test
    @DisplayName("RH12: a model's pace that ended holds nothing, while a longer one of another model still holds its"
            + " own")
    void anEndedPaceHoldsNothing() {
        PaceScope.PaceTarget mini = PaceScope.PaceTarget.of("POST", "/v1/chat", Optional.of("gpt-4o-mini"));
        pauses.pace(API, PaceScope.MODEL.keyFor(GPT), clock.instant().plusSeconds(2));
        pauses.pace(API, PaceScope.MODEL.keyFor(mini), clock.instant().plusSeconds(6));

        clock.advance(Duration.ofSeconds(2));

        assertThat(pauses.check(API, GPT)).isEmpty();
        assertThat(pauses.check(API, mini))
                .contains(new OriginPauses.Refusal(
                        429, Duration.ofSeconds(4), Optional.of(PaceScope.MODEL.keyFor(mini))));
    }

    @Test
    @DisplayName("RH12: a shorter pace of the same model never shortens a running one; a longer one lengthens it")
    void theLongestPaceOfAModelStands() {
        PaceScope.PaceKey key = PaceScope.MODEL.keyFor(GPT);
        pauses.pace(API, key, clock.instant().plusSeconds(10));
        pauses.pace(API, key, clock.instant().plusSeconds(3));
        assertThat(pauses.check(API, GPT))
                .contains(new OriginPauses.Refusal(429, Duration.ofSeconds(10), Optional.of(key)));

        pauses.pace(API, key, clock.instant().plusSeconds(12));
        assertThat(pauses.check(API, GPT))
                .contains(new OriginPauses.Refusal(429, Duration.ofSeconds(12), Optional.of(key)));
    }
}
