package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.exceptions.JedisBusyException;
import redis.clients.jedis.exceptions.JedisClusterException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/** Which Redis answers mean "Redis cannot serve now" (L9), and which mean "this command is wrong". */
class JedisFailuresTest {

    private static final LimitKey KEY = LimitKey.of("alice", "gpt-4o");

    /** A Redis port whose Redis answers every command with one error, translated as the real adapters do. */
    private record ErrorAnsweringPort(JedisException answer) implements RedisPort {
        @Override
        public Object evalsha(String sha, String key, List<String> args) {
            throw JedisFailures.translate(answer, describe());
        }

        @Override
        public String scriptLoad(String script, String key) {
            return LuaScript.of(Algorithm.SLIDING_LOG).sha();
        }

        @Override
        public String describe() {
            return "redis://stub:6379";
        }

        @Override
        public void close() {}
    }

    static Stream<JedisException> notServingNow() {
        return Stream.of(
                new JedisClusterException("CLUSTERDOWN The cluster is down"),
                new JedisBusyException(
                        "BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE."),
                new JedisDataException("LOADING Redis is loading the dataset in memory"));
    }

    // L9
    @ParameterizedTest
    @MethodSource("notServingNow")
    @DisplayName("L9: CLUSTERDOWN, BUSY and LOADING mean Redis cannot serve now: the failure mode applies")
    void redisThatCannotServeNowIsUnavailable(JedisException answer) {
        GuardedRateLimiter limiter = RateLimiterBuilder.of(
                        Algorithm.SLIDING_LOG, LimitSpec.of(2, Duration.ofMinutes(1)))
                .clock(new FakeClock(Instant.parse("2026-01-01T00:00:00Z")))
                .redis(new ErrorAnsweringPort(answer))
                .failureMode(FailureMode.FAIL_OPEN)
                .buildRedis();

        LimitDecision decision = limiter.tryAcquire(KEY);

        assertThat(JedisFailures.translate(answer, "here")).isInstanceOf(RedisUnavailableException.class);
        assertThat(decision.source()).isEqualTo(DecisionSource.FAIL_OPEN);
        assertThat(decision.allowed()).isTrue();
        assertThat(limiter.status().reachable()).isFalse();
    }

    // L9
    @Test
    @DisplayName("L9: an error about the command itself (WRONGTYPE) stays a command error, not an outage")
    void wrongTypeStaysACommandError() {
        JedisDataException answer =
                new JedisDataException("WRONGTYPE Operation against a key holding the wrong kind of value");

        assertThat(JedisFailures.translate(answer, "here")).isInstanceOf(RedisCommandException.class);
    }

    @Test
    @DisplayName("L9: a connection that failed says why, as the socket said it, so that down and slow are told apart")
    void aFailedConnectionSaysWhyAsTheSocketSaidIt() {
        JedisException refused = new redis.clients.jedis.exceptions.JedisConnectionException(
                "Failed to connect to 127.0.0.1:6390.",
                new redis.clients.jedis.exceptions.JedisConnectionException(
                        new java.net.SocketTimeoutException("connect timed out")));

        LimiterException translated = JedisFailures.translate(refused, "redis://127.0.0.1:6390");

        assertThat(translated).isInstanceOf(RedisUnavailableException.class);
        assertThat(translated.getMessage())
                .isEqualTo("Redis at redis://127.0.0.1:6390 cannot be reached: Failed to"
                        + " connect to 127.0.0.1:6390. (SocketTimeoutException: connect timed out)");
    }

    @Test
    @DisplayName(
            "L9: a real refused connection says \"Connection refused\", which Jedis keeps as a suppressed exception")
    void aRealRefusedConnectionSaysConnectionRefused() throws Exception {
        int closedPort;
        try (java.net.ServerSocket socket =
                new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        try (JedisPooledPort port =
                JedisPooledPort.connect("redis://127.0.0.1:" + closedPort, RedisClientSettings.DEFAULT)) {
            assertThatThrownBy(() -> port.scriptLoad("return 1", "k"))
                    .isInstanceOf(RedisUnavailableException.class)
                    .hasMessageEndingWith("(ConnectException: Connection refused)");
        }
    }
}
