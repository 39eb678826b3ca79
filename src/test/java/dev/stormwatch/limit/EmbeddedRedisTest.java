package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.util.SafeEncoder;

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
            }
            // Bound to loopback only: another interface of this machine finds nothing listening.
            nonLoopbackAddress().ifPresent(address -> assertThatThrownBy(() -> {
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress(address, port), 1_000);
                }
            }).isInstanceOf(IOException.class));
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

    @Test
    @DisplayName("Another local user cannot reconfigure the embedded Redis (CONFIG SET dir) or load code into it")
    void configModuleAndDebugAreRefused() {
        try (EmbeddedRedis redis = EmbeddedRedis.start();
                Jedis jedis = new Jedis("127.0.0.1", redis.port())) {
            assertThatThrownBy(() -> jedis.configSet("dir", "/tmp"))
                    .isInstanceOf(JedisDataException.class).hasMessageContaining("unknown command");
            assertThatThrownBy(() -> jedis.sendCommand(() -> SafeEncoder.encode("MODULE"), "LIST"))
                    .isInstanceOf(JedisDataException.class).hasMessageContaining("unknown command");
            assertThatThrownBy(() -> jedis.sendCommand(() -> SafeEncoder.encode("DEBUG"), "SLEEP", "0"))
                    .isInstanceOf(JedisDataException.class).hasMessageContaining("unknown command");
            assertThat(jedis.ping()).isEqualTo("PONG"); // the limiter's own commands still work
        }
    }

    private static Optional<InetAddress> nonLoopbackAddress() {
        try {
            return NetworkInterface.networkInterfaces()
                    .flatMap(NetworkInterface::inetAddresses)
                    .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress())
                    .findFirst();
        } catch (SocketException e) {
            return Optional.empty();
        }
    }
}
