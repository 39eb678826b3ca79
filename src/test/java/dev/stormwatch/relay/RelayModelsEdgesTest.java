package dev.stormwatch.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The relay's pure parts at their bounds: the collapse's two one-second buckets, the leaky bucket after an admission,
 * the record's smallest ring, the timeline's hiccup at the very moment asked, and every setting on both sides of its
 * limit. Tests without a rule ID prove the relay's own behaviour, which the spec does not number.
 */
class RelayModelsEdgesTest {

    private final FakeClock clock = FakeClock.at("2026-01-01T00:00:00Z");

    @Test
    @DisplayName("collapse counts the refusals of this second and the last one, and forgets them a second later")
    void refusalsCountForTwoSeconds() {
        CapacityGate gate = new CapacityGate(2, true, clock);
        assertThat(gate.tryEnter()).isTrue();
        assertThat(gate.tryEnter()).isTrue();
        assertThat(gate.tryEnter()).isFalse();
        assertThat(gate.slowdown()).isEqualTo(1.5);

        clock.advance(Duration.ofSeconds(1));
        assertThat(gate.slowdown()).as("last second's refusal still counts").isEqualTo(1.5);
        assertThat(gate.tryEnter()).isFalse();
        assertThat(gate.slowdown()).as("this second's and the last one's").isEqualTo(2.0);
        assertThat(gate.inFlight()).isEqualTo(2);

        clock.advance(Duration.ofSeconds(1));
        assertThat(gate.slowdown()).as("only last second's").isEqualTo(1.5);
        clock.advance(Duration.ofSeconds(1));
        assertThat(gate.slowdown()).isEqualTo(1.0);
        gate.exit();
        assertThat(gate.inFlight()).isEqualTo(1);
    }

    @Test
    @DisplayName("collapse counts a refusal in the second it happens, though the limit was read a second before")
    void aRefusalCountsInItsOwnSecond() {
        CapacityGate gate = new CapacityGate(1, true, clock);
        assertThat(gate.tryEnter()).isTrue();
        clock.advance(Duration.ofMillis(999));
        // The limit is read at .999; the refusal is counted at 1.000, in the next second.
        clock.onNextRead(() -> clock.onNextRead(() -> clock.advance(Duration.ofMillis(1))));
        assertThat(gate.tryEnter()).isFalse();

        clock.advance(Duration.ofSeconds(1));
        assertThat(gate.slowdown())
                .as("at 2.000 the refusal of 1.000 is last second's")
                .isEqualTo(2.0);
    }

    @Test
    @DisplayName("without collapse no refusal slows anything, and a gate of less than one request is refused")
    void withoutCollapse() {
        CapacityGate gate = new CapacityGate(1, false, clock);
        assertThat(gate.tryEnter()).isTrue();
        assertThat(gate.tryEnter()).isFalse();
        assertThat(gate.slowdown()).isEqualTo(1.0);
        assertThat(new CapacityGate(1, true, clock).slowdown()).isEqualTo(1.0);
        assertThatThrownBy(() -> new CapacityGate(0, false, clock)).hasMessageContaining("at least 1");
    }

    @Test
    @DisplayName("LB9: after a later admission the bucket is full again: a request at the same instant is refused")
    void anAdmissionRefillsTheBucket() {
        LeakyBucket bucket = new LeakyBucket(Quota.leakyBucket(50), clock);
        assertThat(bucket.admit("a")).isTrue();
        clock.advance(Duration.ofMillis(20));
        assertThat(bucket.admit("a")).isTrue();
        assertThat(bucket.admit("a")).isFalse();
        assertThat(bucket.admit("b")).as("per principal").isTrue();
        clock.advance(Duration.ofMillis(20));
        assertThat(bucket.admit("a")).isTrue();
    }

    @Test
    @DisplayName("the record keeps one request at least, returns what it appended, and reads nothing past its end")
    void theSmallestRecord() {
        RequestLog log = new RequestLog(1);
        Instant at = clock.instant();
        RequestRecord first = log.append(at, "p", "/v1/models", RelayOutcome.OK, 200, Duration.ofMillis(3));
        assertThat(first)
                .isEqualTo(new RequestRecord(0, at, "p", "/v1/models", RelayOutcome.OK, 200, Duration.ofMillis(3)));
        log.append(at, "p", "/v1/models", RelayOutcome.RESET, 0, Duration.ZERO);

        assertThat(log.all()).extracting(RequestRecord::sequence).containsExactly(1L);
        assertThat(log.since(2)).isEmpty();
        assertThat(log.since(7)).isEmpty();
        assertThat(log.totals()).containsEntry(RelayOutcome.OK, 1L).containsEntry(RelayOutcome.RESET, 1L);
        assertThatThrownBy(() -> new RequestLog(0)).hasMessageContaining("at least one request");
        assertThat(RelayConfig.defaults().withRecordCapacity(1).recordCapacity())
                .isEqualTo(1);
    }

    @Test
    @DisplayName("a hiccup at the very moment asked is still to come, and planned ones come in time order")
    void hiccupsAtTheMomentAsked() {
        Timeline timeline = new Timeline(
                List.of(new Disruption.Hiccup(Duration.ofSeconds(9)), new Disruption.Hiccup(Duration.ofSeconds(3))));
        assertThat(timeline.hiccupsAfter(Duration.ofSeconds(3)))
                .containsExactly(Duration.ofSeconds(3), Duration.ofSeconds(9));
        assertThat(timeline.hiccupsAfter(Duration.ofMillis(3_001))).containsExactly(Duration.ofSeconds(9));
        assertThat(timeline.activeAt(Duration.ZERO)).isEmpty();
    }

    @Test
    @DisplayName("every setting is accepted on its limit and refused just past it")
    void settingsOnTheirLimits() {
        assertThat(new Disruption.Outage(Duration.ZERO, Duration.ofMillis(1), 500).status())
                .isEqualTo(500);
        assertThat(new Disruption.Outage(Duration.ZERO, Duration.ofMillis(1), 599).status())
                .isEqualTo(599);
        assertThatThrownBy(() -> new Disruption.Outage(Duration.ZERO, Duration.ofSeconds(1), 499))
                .hasMessage("an outage answers 5xx, not 499");
        assertThatThrownBy(() -> new Disruption.Outage(Duration.ZERO, Duration.ofSeconds(1), 600))
                .hasMessage("an outage answers 5xx, not 600");
        assertThatThrownBy(() -> new Disruption.Outage(Duration.ofSeconds(-1), Duration.ofSeconds(1)))
                .hasMessageContaining("0 <= from < to");
        assertThat(new Disruption.BrownOut(Duration.ZERO, Duration.ofSeconds(1), 0).share())
                .isZero();
        assertThat(new Disruption.BrownOut(Duration.ZERO, Duration.ofSeconds(1), 1).share())
                .isEqualTo(1);
        assertThatThrownBy(() -> new Disruption.BrownOut(Duration.ZERO, Duration.ofSeconds(1), -0.01))
                .hasMessageContaining("share is in 0..1");
        assertThatThrownBy(() -> new Disruption.BrownOut(Duration.ofSeconds(5), Duration.ofSeconds(5), 0.5))
                .hasMessageContaining("0 <= from < to");
        assertThat(new Disruption.Hiccup(Duration.ZERO).at()).isZero();
        assertThatThrownBy(() -> new Disruption.Hiccup(Duration.ofMillis(-1))).hasMessageContaining("at or after");

        assertThat(new LatencyModel(Duration.ZERO, 3).sigma()).isEqualTo(3);
        assertThatThrownBy(() -> new LatencyModel(Duration.ZERO, 3.01)).hasMessageContaining("0..3");
        assertThatThrownBy(() -> new LatencyModel(Duration.ZERO, -0.01)).hasMessageContaining("0..3");
        assertThatThrownBy(() -> new LatencyModel(Duration.ofMillis(-1), 0)).hasMessageContaining("negative");
        assertThat(LatencyModel.around(Duration.ofMillis(80))).isEqualTo(new LatencyModel(Duration.ofMillis(80), 0.5));

        assertThat(new Quota(1, Duration.ofMillis(1)).window()).isEqualTo(Duration.ofMillis(1));
        assertThatThrownBy(() -> new Quota(1, Duration.ofNanos(999_999))).hasMessageContaining("at least 1 ms");

        assertThat(RelayConfig.defaults().withPort(8123).port()).isEqualTo(8123);
        assertThat(RelayConfig.defaults().withCapacity(1, false).capacity()).isEqualTo(1);
        assertThat(RelayConfig.defaults()
                        .withTrustedIssuer(
                                new TrustedIssuer("http://127.0.0.1:1", java.net.URI.create("http://127.0.0.1:1/jwks")))
                        .withApiKeys(List.of())
                        .apiKeys())
                .as("a token issuer alone lets people in")
                .isEmpty();
    }

    @Test
    @DisplayName("RH6: a dialect is named on the command line in any case, with spaces around it")
    void dialectNames() {
        assertThat(RateLimitDialect.parse("openai")).isEqualTo(RateLimitDialect.OPENAI);
        assertThat(RateLimitDialect.parse(" GitHub ")).isEqualTo(RateLimitDialect.GITHUB);
        assertThat(RateLimitDialect.goDuration(Duration.ofMillis(61_050))).isEqualTo("1m1.05s");
        assertThat(RateLimitDialect.goDuration(Duration.ofMillis(999).plusNanos(1)))
                .isEqualTo("1s");
        assertThat(RateLimitDialect.goDuration(Duration.ofHours(2))).isEqualTo("2h0m0s");
    }
}
