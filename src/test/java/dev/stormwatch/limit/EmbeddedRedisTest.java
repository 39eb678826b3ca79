package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

class EmbeddedRedisTest {

    @Test
    void startsARealRedisOnLoopbackAndStopsItOnClose() {
        int port;
        try (EmbeddedRedis redis = EmbeddedRedis.start()) {
            port = redis.port();
            assertThat(redis.url()).isEqualTo("redis://127.0.0.1:" + port);
            try (Jedis jedis = new Jedis("127.0.0.1", port)) {
                assertThat(jedis.ping()).isEqualTo("PONG");
                assertThat(jedis.info("server")).contains("redis_version:6.2");
                assertThat(jedis.configGet("bind")).containsValue("127.0.0.1");
            }
        }
        assertThatThrownBy(() -> new Jedis("127.0.0.1", port, 200).ping())
                .isInstanceOf(redis.clients.jedis.exceptions.JedisConnectionException.class);
    }

    @Test
    void aPortAlreadyTakenGivesATypedErrorSoTheAppCanFallBack() {
        try (EmbeddedRedis first = EmbeddedRedis.start()) {
            assertThatThrownBy(() -> EmbeddedRedis.start(first.port(), List.of()))
                    .isInstanceOf(EmbeddedRedisException.class)
                    .hasMessageContaining("cannot start the embedded redis-server on 127.0.0.1:" + first.port())
                    .hasMessageContaining("in-memory limiter");
        }
    }

    @Test
    void restartsOnTheSamePortAfterStop() {
        try (EmbeddedRedis redis = EmbeddedRedis.start()) {
            redis.stop();
            assertThat(redis.isRunning()).isFalse();
            redis.restart();
            try (Jedis jedis = new Jedis("127.0.0.1", redis.port())) {
                assertThat(jedis.ping()).isEqualTo("PONG");
            }
        }
    }
}
