package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The app's default: an embedded Redis, or the in-memory limiter with a reason when it cannot start (L9). */
class LimiterBackendTest {

    private final FakeClock clock = new FakeClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final List<BackendStatus> statuses = new CopyOnWriteArrayList<>();
    private final RateLimiterBuilder builder = RateLimiterBuilder.of(
                    Algorithm.SLIDING_LOG, LimitSpec.of(1, Duration.ofMinutes(1)))
            .clock(clock);

    @Test
    @DisplayName("L1: by default limiters decide on the embedded redis-server, which stops on close")
    void limitersDecideOnTheEmbeddedRedis() {
        EmbeddedRedis started;
        try (LimiterBackend backend =
                LimiterBackend.embeddedOrInMemory(RedisClientSettings.DEFAULT, clock, statuses::add)) {
            started = backend.embedded().orElseThrow();
            RateLimiter limiter = backend.limiter(builder);

            LimitDecision decision = limiter.tryAcquire(LimitKey.of("alice", "m"));

            assertThat(decision.source()).isEqualTo(DecisionSource.BACKEND);
            // Redis time, not the fake clock: the decision really came from Redis (L4).
            assertThat(decision.decidedAt()).isAfter(clock.instant().plus(Duration.ofDays(300)));
            assertThat(statuses).isEmpty();
        }
        assertThat(started.isRunning()).isFalse();
    }

    @Test
    @DisplayName("L9: when redis-server cannot start, limiters are in memory and the listener is told why")
    void fallsBackToMemoryWhenRedisCannotStart() {
        try (LimiterBackend backend = LimiterBackend.embeddedOrInMemory(
                () -> {
                    throw new EmbeddedRedisException(
                            "cannot start the embedded redis-server on 127.0.0.1:1 (no binary)", null);
                },
                RedisClientSettings.DEFAULT,
                clock,
                statuses::add)) {
            RateLimiter limiter = backend.limiter(builder);

            assertThat(backend.redis()).isEmpty();
            assertThat(limiter.tryAcquire(LimitKey.of("alice", "m")).decidedAt())
                    .isEqualTo(clock.instant());
            assertThat(statuses).singleElement().satisfies(s -> {
                assertThat(s.reachable()).isFalse();
                assertThat(s.detail()).contains("no binary");
            });
        }
    }
}
