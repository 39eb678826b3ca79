package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.limit.EmbeddedRedis;
import dev.stormwatch.limit.LimitKey;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.LimiterConfigurationException;
import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.limit.RateLimiter;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.RedisChoice;
import dev.stormwatch.load.options.RedisFailureHandling;
import dev.stormwatch.testing.FakeClock;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The limiter fleet a run builds, on its own: none, one local limiter per instance, or limiters that share one real
 * Redis (the embedded one, started and stopped here), and what each says about itself in the run's notes.
 */
class LimiterFleetEdgesTest {

    private static final LimitSpec FIVE_PER_SECOND = LimitSpec.of(5, Duration.ofSeconds(1));
    /** On Redis's own time (L4): a window long enough that a busy machine cannot let a second one begin. */
    private static final LimitSpec FIVE_PER_MINUTE = LimitSpec.of(5, Duration.ofMinutes(1));

    private static final LimitKey KEY = LimitKey.of("load-7", "storm-mini");

    private final FakeClock clock = new FakeClock(Instant.parse("2026-12-02T03:00:00Z"));

    private LimiterFleet fleet(LimiterChoice choice, RedisChoice redis, int instances) {
        return LimiterFleet.build(
                choice, redis, instances, FIVE_PER_SECOND, clock, 3, LimiterMetrics.inMemory(), why -> {});
    }

    private static long allowedOf(RateLimiter limiter, int asks) {
        return IntStream.range(0, asks)
                .filter(i -> limiter.tryAcquire(KEY).allowed())
                .count();
    }

    @Test
    @DisplayName("L6: without a limiter no instance has one, nothing asks Redis, and nothing is counted as degraded")
    void noLimiterForAnyInstance() {
        try (LimiterFleet fleet = fleet(LimiterChoice.OFF, new RedisChoice.Embedded(), 3)) {
            assertThat(fleet.describe()).isEqualTo("no limiter");
            assertThat(List.of(fleet.limiterOf(0), fleet.limiterOf(1), fleet.limiterOf(2)))
                    .containsOnly(Optional.empty());
            assertThat(fleet.usesRedis()).isFalse();
            assertThat(fleet.degradation()).isEmpty();
            assertThat(fleet.poolSizes()).isEmpty();
            assertThat(fleet.embeddedRedis())
                    .as("no Redis is started for no limiter")
                    .isEmpty();
        }
    }

    @Test
    @DisplayName("L6, LB19: local limiters are one per instance, each allowing the whole limit, on the run's clock")
    void localLimitersEachAllowTheWholeLimit() {
        try (LimiterFleet fleet = fleet(LimiterChoice.SLIDING_LOG, new RedisChoice.LocalOnly(), 3)) {
            assertThat(fleet.describe()).isEqualTo("3 local sliding-log limiter(s) of 5 per 1000 ms, one per instance");
            assertThat(fleet.usesRedis()).isFalse();
            assertThat(fleet.degradation()).isEmpty();
            for (int i = 0; i < 3; i++) {
                assertThat(allowedOf(fleet.limiterOf(i).orElseThrow(), 8))
                        .as("instance %d alone", i)
                        .isEqualTo(5);
            }
            clock.advance(Duration.ofSeconds(1));
            assertThat(allowedOf(fleet.limiterOf(0).orElseThrow(), 8))
                    .as("a window later, on the run's clock")
                    .isEqualTo(5);
        }
    }

    /** Two sliding-log limiters of 5 a minute on {@code redis}, with the default failure handling. */
    private static LimiterFleet twoSlidingLogsOn(RedisChoice redis) {
        return LimiterFleet.build(
                LimiterChoice.SLIDING_LOG,
                redis,
                RedisFailureHandling.DEFAULT,
                2,
                FIVE_PER_MINUTE,
                java.time.Clock.systemUTC(),
                3,
                LimiterMetrics.inMemory(),
                why -> {});
    }

    @Test
    @DisplayName("L6, RB4: limiters on one Redis share one key and its limit, each with a pool of its own")
    void limitersOnOneRedisShareTheLimit() {
        LimiterFleet fleet = twoSlidingLogsOn(new RedisChoice.Embedded());
        try {
            assertThat(fleet.describe())
                    .isEqualTo("2 sliding-log limiter(s) of 5 per 60000 ms sharing one Redis (embedded) and one key, a"
                            + " pool of up to 8 connection(s) each; " + RedisFailureHandling.DEFAULT.describe());
            assertThat(fleet.usesRedis()).isTrue();
            assertThat(fleet.degradation()).isPresent();
            assertThat(fleet.poolSizes()).containsExactly(8, 8);
            assertThat(fleet.embeddedRedis())
                    .hasValueSatisfying(redis -> assertThat(redis.isRunning()).isTrue());
            RateLimiter first = fleet.limiterOf(0).orElseThrow();
            RateLimiter second = fleet.limiterOf(1).orElseThrow();
            assertThat(first).isNotSameAs(second);
            assertThat(allowedOf(first, 3) + allowedOf(second, 5))
                    .as("both instances together, within one window")
                    .isLessThanOrEqualTo(5);
        } finally {
            fleet.close();
        }
        assertThat(fleet.embeddedRedis().orElseThrow().isRunning())
                .as("the run's embedded Redis stops with the fleet")
                .isFalse();
    }

    @Test
    @DisplayName("L6: limiters on a Redis of one's own reach it at its address with its password, and leave it running")
    void limitersOnAnExternalRedisUseItsAddressAndPassword() {
        try (EmbeddedRedis theirs = EmbeddedRedis.start()) {
            LimiterFleet fleet = twoSlidingLogsOn(
                    new RedisChoice.External(URI.create(theirs.url()), Optional.of(theirs.password())));
            try {
                assertThat(fleet.usesRedis()).isTrue();
                assertThat(fleet.embeddedRedis())
                        .as("no Redis of the run's own")
                        .isEmpty();
                assertThat(allowedOf(fleet.limiterOf(0).orElseThrow(), 3)
                                + allowedOf(fleet.limiterOf(1).orElseThrow(), 5))
                        .as("both instances together, within one window, on that Redis")
                        .isEqualTo(5);
            } finally {
                fleet.close();
            }
            assertThat(theirs.isRunning())
                    .as("someone else's Redis outlives the fleet")
                    .isTrue();
        }
    }

    @Test
    @DisplayName("L9: a Redis address that cannot be used is refused before the run, whatever the instances")
    void aBadRedisAddressIsRefused() {
        assertThatThrownBy(
                        () -> fleet(LimiterChoice.GCRA, new RedisChoice.External(URI.create("redis://127.0.0.1:0")), 2))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("port");
    }
}
