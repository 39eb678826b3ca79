package dev.stormwatch.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** DPoP proof ids are forgotten by time, not only past 10,000 entries, and a check costs no scan. */
class JtiReplayCacheTest {

    private static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");
    private static final Duration RETENTION = Duration.ofSeconds(120);

    private final JtiReplayCache cache = new JtiReplayCache(RETENTION);

    @Test
    void aReplayWithinTheRetentionIsRefused() {
        assertThat(cache.firstUse("k:1", T0)).isTrue();
        assertThat(cache.firstUse("k:1", T0.plusSeconds(60))).isFalse();
        assertThat(cache.firstUse("k:2", T0.plusSeconds(60))).isTrue();
    }

    @Test
    @DisplayName("boundary: remembered 1 ms before and on the expiry instant, forgotten 1 ms after")
    void anIdIsForgottenJustAfterItsRetention() {
        cache.firstUse("k:1", T0);

        assertThat(cache.firstUse("k:1", T0.plus(RETENTION).minusMillis(1))).isFalse();
        assertThat(cache.firstUse("k:1", T0.plus(RETENTION))).isFalse();
        assertThat(cache.firstUse("k:1", T0.plus(RETENTION).plusMillis(1))).isTrue();
    }

    @Test
    @DisplayName("a few proofs are forgotten by time, long before any count threshold")
    void fewEntriesExpireByTime() {
        for (int i = 0; i < 100; i++) {
            cache.firstUse("k:" + i, T0.plusMillis(i));
        }
        assertThat(cache.size()).isEqualTo(100);

        cache.firstUse("k:new", T0.plus(RETENTION).plusSeconds(1));

        assertThat(cache.size()).as("only the newest is left").isEqualTo(1);
    }

    @Test
    @DisplayName(
            "200,000 proofs in a steady stream keep the memory at one retention's worth and take well under a second")
    void aSteadyStreamStaysBoundedAndFast() {
        long start = System.nanoTime();
        for (int i = 0; i < 200_000; i++) {
            // 1,000 proofs a second for 200 s: 120 s of them at most are remembered
            assertThat(cache.firstUse("k:" + i, T0.plusMillis(i))).isTrue();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(cache.size()).isLessThanOrEqualTo(120_001);
        assertThat(took).isLessThan(Duration.ofSeconds(3));
    }
}
