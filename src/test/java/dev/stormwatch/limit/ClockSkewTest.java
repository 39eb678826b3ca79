package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Limiters whose local clocks disagree by ±5 s admit the same count: the scripts read Redis TIME (L4). */
class ClockSkewTest {

    @RegisterExtension
    static final EmbeddedRedisExtension REDIS = new EmbeddedRedisExtension();

    private final List<RedisPort> ports = new ArrayList<>();

    @AfterEach
    void closePorts() {
        ports.forEach(RedisPort::close);
    }

    /** The limit's window: shorter than the 10 s between the two clocks, see {@link #limiter}. */
    private static final Duration WINDOW = Duration.ofSeconds(4);

    private RateLimiter limiter(Algorithm algorithm, Duration skew) {
        RedisPort port = REDIS.server().connect(RedisClientSettings.DEFAULT.withTimeout(Duration.ofSeconds(2)));
        ports.add(port);
        // A 4 s window is shorter than the 10 s between the two clocks: with caller time (the seed's way), the fast
        // limiter would see the slow one's entries as expired and admit a second full window.
        return RateLimiterBuilder.of(algorithm, LimitSpec.of(5, WINDOW))
                .clock(Clock.offset(Clock.systemUTC(), skew))
                .redis(port)
                .failureMode(FailureMode.FAIL_CLOSED)
                .build();
    }

    @Test
    @DisplayName("L4: a limiter 5 s behind and one 5 s ahead share one limit on one key, for every algorithm")
    void skewedClocksAdmitTheSameCount() {
        for (Algorithm algorithm : Algorithm.values()) {
            REDIS.client().flushAll();
            LimitKey key = LimitKey.of("skew", algorithm.name().toLowerCase());
            RateLimiter slow = limiter(algorithm, Duration.ofSeconds(-5));
            RateLimiter fast = limiter(algorithm, Duration.ofSeconds(5));
            if (algorithm == Algorithm.FIXED_WINDOW) {
                // Its windows are epoch-aligned on Redis time (L7): start just after a boundary so the twelve calls
                // below share one window instead of straddling two and admitting a second count.
                RedisTime.awaitNextWindowStart(REDIS.client(), key.redisKey(), WINDOW);
            }

            List<LimitDecision> decisions = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                decisions.add(slow.tryAcquire(key));
                decisions.add(fast.tryAcquire(key));
            }

            assertThat(decisions.stream().filter(LimitDecision::allowed).count())
                    .as(algorithm.name())
                    .isEqualTo(5);
            assertThat(decisions).allMatch(d -> d.source() == DecisionSource.BACKEND);
        }
    }

    @Test
    @DisplayName("L4: decisions carry Redis time, not the caller's skewed clock")
    void decisionsCarryRedisTime() {
        REDIS.client().flushAll();
        LimitKey key = LimitKey.of("skew", "time");
        Instant before = RedisTime.now(REDIS.client(), "any");

        LimitDecision fromSlow =
                limiter(Algorithm.SLIDING_LOG, Duration.ofSeconds(-5)).tryAcquire(key);
        LimitDecision fromFast =
                limiter(Algorithm.SLIDING_LOG, Duration.ofSeconds(5)).tryAcquire(key);
        Instant after = RedisTime.now(REDIS.client(), "any");

        assertThat(fromSlow.decidedAt()).isBetween(before, after);
        assertThat(fromFast.decidedAt()).isBetween(before, after);
        // The stored entries are Redis times too: both within the same real second, not 10 s apart.
        assertThat(REDIS.client().zrangeWithScores(key.redisKey(), 0, -1))
                .allSatisfy(entry -> assertThat((long) entry.getScore())
                        .isBetween(before.toEpochMilli() * 1000, after.toEpochMilli() * 1000 + 1000));
    }
}
