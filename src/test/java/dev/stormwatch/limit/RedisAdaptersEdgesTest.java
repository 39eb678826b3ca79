package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.testing.FakeClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Connection;

/**
 * The Redis adapters and the backend on a real embedded Redis, at their edges (L9, RB4): a full pool waits no longer
 * than the timeout, a pool keeps every connection a burst opened, a backend on a given Redis closes it, and the
 * embedded server's stop and restart are idempotent.
 */
class RedisAdaptersEdgesTest {

    private static final LimitKey KEY = LimitKey.of("alice", "gpt-4o");
    private static EmbeddedRedis redis;

    @BeforeAll
    static void startRedis() {
        redis = EmbeddedRedis.start();
    }

    @AfterAll
    static void stopRedis() {
        redis.close();
    }

    @Test
    @DisplayName("L9 RB4: with every pooled connection in use, a call waits the timeout for one and then fails as"
            + " unavailable, instead of hanging")
    void aFullPoolFailsAfterTheTimeout() {
        try (JedisPooledPort port = redis.connect(
                RedisClientSettings.DEFAULT.withTimeout(Duration.ofSeconds(1)).withMaxConnections(1))) {
            try (Connection held = port.pool().getResource()) {
                assertThat(held.ping()).isTrue();

                assertThatThrownBy(() -> port.scriptLoad("return 1", KEY.redisKey()))
                        .isInstanceOf(RedisUnavailableException.class)
                        .hasMessageStartingWith("Redis at " + redis.url() + " cannot be reached: ");
            }
            // The connection is back: the port answers again.
            assertThat(port.scriptLoad("return 1", KEY.redisKey())).hasSize(40);
        }
    }

    @Test
    @DisplayName("RB4: a pool opens nothing until asked, and keeps every connection a burst opened for the next burst")
    void aPoolKeepsEveryConnectionABurstOpened() {
        int burst = 12; // more than a pool's default of 8 idle connections
        try (JedisPooledPort port = redis.connect(
                RedisClientSettings.DEFAULT.withTimeout(Duration.ofSeconds(2)).withMaxConnections(burst))) {
            assertThat(port.pool().getNumIdle() + port.pool().getNumActive()).isZero();
            List<Connection> held = new ArrayList<>();
            for (int i = 0; i < burst; i++) {
                held.add(port.pool().getResource());
            }
            held.forEach(Connection::close);

            assertThat(port.pool().getNumIdle()).isEqualTo(burst);
            assertThat(port.maxConnections()).isEqualTo(burst);
        }
    }

    @Test
    @DisplayName("L9: a command error leaves the pool's idle connections in place; only an outage drops them")
    void aCommandErrorKeepsTheIdleConnections() throws Exception {
        try (JedisPooledPort port = redis.connect(
                RedisClientSettings.DEFAULT.withTimeout(Duration.ofSeconds(2)).withMaxConnections(4))) {
            port.pool().addObjects(3);

            assertThatThrownBy(() -> port.evalsha("0".repeat(40), KEY.redisKey(), List.of()))
                    .isInstanceOf(RedisCommandException.class);

            assertThat(port.pool().getNumIdle()).isEqualTo(3);
            assertThat(port.describe()).isEqualTo(redis.url());
        }
    }

    @Test
    @DisplayName(
            "L9: a backend on a given Redis decides there, with its listener, and closing it closes that Redis port")
    void aBackendOnAGivenRedisClosesIt() {
        FakeClock clock = FakeClock.atNewYear();
        List<BackendStatus> statuses = new CopyOnWriteArrayList<>();
        JedisPooledPort port = redis.connect(RedisClientSettings.DEFAULT.withTimeout(Duration.ofSeconds(2)));
        RateLimiter limiter;
        try (LimiterBackend backend = LimiterBackend.on(port, statuses::add)) {
            assertThat(backend.redis()).containsSame(port);
            assertThat(backend.embedded()).isEmpty();
            limiter =
                    backend.limiter(RateLimiterBuilder.of(Algorithm.SLIDING_LOG, LimitSpec.of(1, Duration.ofMinutes(1)))
                            .clock(clock)
                            .failureMode(FailureMode.FAIL_CLOSED));

            assertThat(limiter).isInstanceOf(GuardedRateLimiter.class);
            assertThat(limiter.tryAcquire(KEY).source()).isEqualTo(DecisionSource.BACKEND);
        }

        assertThat(limiter.tryAcquire(KEY).source()).isEqualTo(DecisionSource.FAIL_CLOSED);
        assertThat(statuses)
                .singleElement()
                .satisfies(s -> assertThat(s.reachable()).isFalse());
    }

    @Test
    @DisplayName("L9: stopping a stopped embedded Redis and restarting a running one change nothing")
    void stopAndRestartAreIdempotent() {
        try (EmbeddedRedis own = EmbeddedRedis.start()) {
            assertThat(own).hasToString("EmbeddedRedis[" + own.url() + ", running]");
            assertThat(own.reaperProcess()).isPresent();

            own.restart();
            assertThat(own.isRunning()).isTrue();
            own.stop();
            own.stop();

            assertThat(own.isRunning()).isFalse();
            assertThat(own.reaperWatching()).isFalse();
            assertThat(own.reaperProcess()).isEmpty();
            assertThat(own).hasToString("EmbeddedRedis[" + own.url() + ", stopped]");
        }
    }

    @Test
    @DisplayName(
            "L9: a restarted embedded Redis reports only its own run's log, and closing it leaves no folder behind")
    void aRestartStartsAFreshLogAndCloseLeavesNoFolder() throws IOException {
        Path temp = Path.of(System.getProperty("java.io.tmpdir"));
        EmbeddedRedis own = EmbeddedRedis.start();
        String folderPrefix = "stormwatch-redis-" + own.port() + "-";
        try {
            String firstRun = pid(own.recentLog());
            own.stop();

            own.restart();

            String secondRun = pid(own.recentLog());
            assertThat(secondRun).isNotEqualTo(firstRun);
            assertThat(own.recentLog()).doesNotContain(firstRun);
            assertThat(folders(temp, folderPrefix)).hasSize(1);
        } finally {
            own.close();
        }
        assertThat(folders(temp, folderPrefix)).isEmpty();
    }

    /** The {@code pid=N} that redis-server logs as it starts. */
    private static String pid(String log) {
        Matcher m = Pattern.compile("pid=\\d+").matcher(log);
        assertThat(m.find()).as("a pid in the log: %s", log).isTrue();
        return m.group();
    }

    private static List<Path> folders(Path temp, String prefix) throws IOException {
        try (Stream<Path> entries = Files.list(temp)) {
            return entries.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .toList();
        }
    }
}
