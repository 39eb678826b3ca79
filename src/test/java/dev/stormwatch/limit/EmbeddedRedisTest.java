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
            try (Jedis jedis = authenticated(redis)) {
                assertThat(jedis.ping()).isEqualTo("PONG");
                assertThat(jedis.info("server"))
                        .contains("redis_version:" + redis.binary().version());
            }
            // Bound to loopback only: another interface of this machine finds nothing listening.
            nonLoopbackAddress()
                    .ifPresent(address -> assertThatThrownBy(() -> {
                                try (Socket socket = new Socket()) {
                                    socket.connect(new InetSocketAddress(address, port), 1_000);
                                }
                            })
                            .isInstanceOf(IOException.class));
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
            try (Jedis jedis = authenticated(redis)) {
                assertThat(jedis.ping()).isEqualTo("PONG");
            }
        }
    }

    @Test
    @DisplayName("Another local user cannot reconfigure the embedded Redis (CONFIG SET dir) or load code into it")
    void configModuleAndDebugAreRefused() {
        try (EmbeddedRedis redis = EmbeddedRedis.start();
                Jedis jedis = authenticated(redis)) {
            assertThatThrownBy(() -> jedis.configSet("dir", "/tmp"))
                    .isInstanceOf(JedisDataException.class)
                    .hasMessageContaining("unknown command");
            assertThatThrownBy(() -> jedis.sendCommand(() -> SafeEncoder.encode("MODULE"), "LIST"))
                    .isInstanceOf(JedisDataException.class)
                    .hasMessageContaining("unknown command");
            assertThatThrownBy(() -> jedis.sendCommand(() -> SafeEncoder.encode("DEBUG"), "SLEEP", "0"))
                    .isInstanceOf(JedisDataException.class)
                    .hasMessageContaining("unknown command");
            assertThat(jedis.ping()).isEqualTo("PONG"); // the limiter's own commands still work
        }
    }

    @Test
    @DisplayName("A local client without the password is refused (NOAUTH), even for a PING")
    void aClientWithoutThePasswordIsRefused() {
        try (EmbeddedRedis redis = EmbeddedRedis.start();
                Jedis stranger = new Jedis("127.0.0.1", redis.port())) {
            assertThatThrownBy(stranger::ping)
                    .isInstanceOf(JedisDataException.class)
                    .hasMessageContaining("NOAUTH");
            assertThatThrownBy(() -> stranger.eval("return 1"))
                    .isInstanceOf(JedisDataException.class)
                    .hasMessageContaining("NOAUTH");
        }
    }

    @Test
    @DisplayName("A raw socket without AUTH gets NOAUTH for EVAL: nobody else runs Lua in it")
    void aRawSocketWithoutAuthCannotRunLua() throws IOException {
        try (EmbeddedRedis redis = EmbeddedRedis.start();
                Socket socket = new Socket(InetAddress.getLoopbackAddress(), redis.port())) {
            socket.setSoTimeout(2_000);
            socket.getOutputStream()
                    .write("EVAL \"return 1\" 0\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            String answer = new java.io.BufferedReader(new java.io.InputStreamReader(
                            socket.getInputStream(), java.nio.charset.StandardCharsets.US_ASCII))
                    .readLine();
            assertThat(answer).startsWith("-NOAUTH");
        }
    }

    @Test
    @DisplayName("Every start has a fresh password, and it is never printed")
    void everyStartHasAFreshPasswordThatIsNeverPrinted() {
        try (EmbeddedRedis first = EmbeddedRedis.start();
                EmbeddedRedis second = EmbeddedRedis.start()) {
            assertThat(first.password()).isNotEqualTo(second.password());
            assertThat(first.password().reveal()).hasSize(64);
            assertThat(first.password()).hasToString("[redacted]");
            assertThat(first.toString() + first.binary().describe() + first.recentLog())
                    .doesNotContain(first.password().reveal());
        }
    }

    @Test
    @DisplayName("The limiter's own adapter authenticates with the password")
    void theLimiterPortAuthenticates() {
        try (EmbeddedRedis redis = EmbeddedRedis.start();
                RedisPort port =
                        redis.connect(RedisClientSettings.DEFAULT.withTimeout(java.time.Duration.ofSeconds(2)))) {
            assertThat(port.scriptLoad("return 1", "k")).hasSize(40);
        }
    }

    private static Jedis authenticated(EmbeddedRedis redis) {
        return new Jedis(new redis.clients.jedis.HostAndPort("127.0.0.1", redis.port()), redis.clientConfig());
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
