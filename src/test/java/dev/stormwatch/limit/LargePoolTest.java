package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Connection;
import redis.clients.jedis.Jedis;

/** RB4: a Redis pool grows past 1,024 connections when that many are asked for at once, on a real Redis. */
class LargePoolTest {

    @Test
    @DisplayName("RB4: 1,100 connections held at once from one pool: each is opened and authenticated, none waits")
    void aPoolOpensMoreThan1024Connections() throws Exception {
        int wanted = 1_100;
        try (EmbeddedRedis redis = EmbeddedRedis.start();
                JedisPooledPort port = redis.connect(new RedisClientSettings(Duration.ofSeconds(2), wanted))) {
            List<Connection> held = new ArrayList<>();
            try {
                for (int i = 0; i < wanted; i++) {
                    held.add(port.pool().getResource());
                }
                try (Jedis admin = new Jedis(redis.address().host(), redis.port(), 5_000)) {
                    admin.auth(redis.password().reveal());
                    String clients = admin.info("clients");
                    long connected = Long.parseLong(clients.lines()
                            .filter(line -> line.startsWith("connected_clients:"))
                            .findFirst()
                            .orElseThrow()
                            .substring("connected_clients:".length())
                            .strip());

                    assertThat(connected)
                            .as("the pool's connections and this one, in Redis's own count")
                            .isGreaterThanOrEqualTo(wanted + 1L);
                }
                assertThat(port.maxConnections()).isEqualTo(wanted);
                assertThat(port.pool().getNumActive()).isEqualTo(wanted);
            } finally {
                held.forEach(Connection::close);
            }
        }
    }

    @Test
    @DisplayName("RB4: a pool may be set up to 10,000 connections, Redis's default maxclients, and no further")
    void poolSizeIsBoundedByRedisMaxClients() {
        assertThat(RedisClientSettings.DEFAULT
                        .withMaxConnections(RedisClientSettings.MAX_CONNECTIONS)
                        .maxConnections())
                .isEqualTo(10_000);
        assertThat(RedisClientSettings.DEFAULT.withMaxConnections(1_025).maxConnections())
                .isEqualTo(1_025);
        assertThatThrownBy(() -> RedisClientSettings.DEFAULT.withMaxConnections(10_001))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("Redis maxConnections must be 1 to 10000, was 10001");
    }
}
