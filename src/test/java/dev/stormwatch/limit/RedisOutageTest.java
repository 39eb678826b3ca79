package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.stormwatch.testing.FakeClock;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A real Redis stopped in the middle of a run and restarted on the same port (L9): the failure mode is followed,
 * no decision hangs, and decisions go back to Redis by themselves.
 */
class RedisOutageTest {

    private static final LimitKey KEY = LimitKey.of("alice", "gpt-4o");
    /**
     * The restart test's command timeout: generous, so that one slow reply after recovery on a loaded 2-core CI
     * machine is not taken for an outage. A stopped Redis refuses connections at once, so the outage is still seen.
     */
    private static final Duration RESTART_TIMEOUT = Duration.ofSeconds(2);
    /** Hang detection, above the restart test's timeout: the speed bound is measured by benchmarks, not here. */
    private static final Duration NO_HANG = Duration.ofSeconds(5);

    private EmbeddedRedis redis;
    private RedisPort port;

    @BeforeEach
    void startRedis() {
        redis = EmbeddedRedis.start();
        port = redis.connect(RedisClientSettings.DEFAULT.withTimeout(RESTART_TIMEOUT));
    }

    @AfterEach
    void stopRedis() {
        port.close();
        redis.close();
    }

    @ParameterizedTest
    @EnumSource(FailureMode.class)
    @DisplayName("L9: Redis killed mid-run: the mode is followed, nothing hangs, decisions resume after restart")
    void redisKilledAndRestartedMidRun(FailureMode mode) throws Exception {
        List<BackendStatus> statuses = new CopyOnWriteArrayList<>();
        GuardedRateLimiter limiter = RateLimiterBuilder.of(
                        Algorithm.SLIDING_LOG, LimitSpec.of(1_000, Duration.ofMinutes(1)))
                .redis(port)
                .failureMode(mode)
                .retryInterval(Duration.ofMillis(100))
                .statusListener(statuses::add)
                .buildRedis();
        List<LimitDecision> decisions = new CopyOnWriteArrayList<>();
        AtomicLong slowestNanos = new AtomicLong();
        AtomicBoolean running = new AtomicBoolean(true);
        Thread caller = new Thread(() -> {
            while (running.get()) {
                long start = System.nanoTime();
                decisions.add(limiter.tryAcquire(KEY));
                slowestNanos.accumulateAndGet(System.nanoTime() - start, Math::max);
                LockSupport.parkNanos(2_000_000);
            }
        });
        DecisionSource degraded = switch (mode) {
            case FAIL_CLOSED -> DecisionSource.FAIL_CLOSED;
            case FAIL_OPEN -> DecisionSource.FAIL_OPEN;
            case LOCAL_FALLBACK -> DecisionSource.LOCAL_FALLBACK;
        };
        List<LimitDecision> outage;
        caller.start();
        try {
            awaitDecisionFrom(decisions, DecisionSource.BACKEND);

            redis.stop();
            awaitDecisionFrom(decisions, degraded);
            assertThat(limiter.status().reachable()).isFalse();

            outage = decisions.stream().filter(d -> d.source() == degraded).toList();
            redis.restart();
            decisions.clear();
            awaitDecisionFrom(decisions, DecisionSource.BACKEND);
        } finally {
            running.set(false);
            caller.join(NO_HANG.toMillis());
        }

        System.out.printf("L9 %s: slowest decision %.1f ms over the run%n", mode, slowestNanos.get() / 1e6);
        assertThat(caller.isAlive()).isFalse();
        assertThat(Duration.ofNanos(slowestNanos.get())).isLessThan(NO_HANG);
        assertThat(statuses).extracting(BackendStatus::reachable).containsSubsequence(false, true);
        assertThat(limiter.status().reachable()).isTrue();
        if (mode == FailureMode.FAIL_CLOSED) {
            assertThat(outage).noneMatch(LimitDecision::allowed);
        } else {
            assertThat(outage).allMatch(LimitDecision::allowed);
        }
    }

    private static void awaitDecisionFrom(List<LimitDecision> decisions, DecisionSource source) {
        assertTimeoutPreemptively(
                Duration.ofSeconds(10),
                () -> {
                    while (decisions.stream().noneMatch(d -> d.source() == source)) {
                        LockSupport.parkNanos(5_000_000);
                    }
                },
                "no decision from " + source);
    }

    @Test
    @DisplayName("L9: after a Redis restart, a full pool of dead connections costs one probe, not one probe each")
    void recoveryAfterRestartTakesOneProbeWhateverThePoolHeld() {
        FakeClock clock = new FakeClock(Instant.parse("2026-01-01T00:00:00Z"));
        Duration interval = Duration.ofMillis(100);
        try (JedisPooledPort pooled = redis.connect(
                RedisClientSettings.DEFAULT.withTimeout(RESTART_TIMEOUT).withMaxConnections(16))) {
            GuardedRateLimiter limiter = RateLimiterBuilder.of(
                            Algorithm.SLIDING_LOG, LimitSpec.of(1_000, Duration.ofMinutes(1)))
                    .clock(clock)
                    .redis(pooled)
                    .failureMode(FailureMode.FAIL_CLOSED)
                    .retryInterval(interval)
                    .buildRedis();
            pooled.pool().addObjects(16); // sixteen idle connections, as many callers would leave behind
            assertThat(limiter.tryAcquire(KEY).source()).isEqualTo(DecisionSource.BACKEND);

            redis.stop();
            assertThat(limiter.tryAcquire(KEY).source()).isEqualTo(DecisionSource.FAIL_CLOSED);
            redis.restart();

            int probes = 0;
            LimitDecision decision;
            do {
                clock.advance(interval); // the next probe is due
                decision = limiter.tryAcquire(KEY);
                probes++;
            } while (decision.source() != DecisionSource.BACKEND && probes < 20);

            assertThat(probes)
                    .as("probe intervals until decisions came back from Redis")
                    .isLessThanOrEqualTo(2);
        }
    }

    @Test
    @DisplayName("L9: a Redis that accepts connections but never answers costs a command the 50 ms default timeout")
    void silentRedisIsBoundedByTheDefaultTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                RedisPort silentPort = JedisPooledPort.connect(
                        "redis://127.0.0.1:" + silent.getLocalPort(), RedisClientSettings.DEFAULT)) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> silentPort.evalsha("0".repeat(40), KEY.redisKey(), List.of("1", "1000", "m")))
                    .isInstanceOf(RedisUnavailableException.class);
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            // Jedis's own default is 2 s: well under 1 s proves the 50 ms setting is applied (load may add a little).
            assertThat(took).isLessThan(Duration.ofSeconds(1));
        }
    }
}
