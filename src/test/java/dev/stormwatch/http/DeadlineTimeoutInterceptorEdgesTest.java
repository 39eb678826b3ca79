package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The timeouts an attempt leaves with when its call has a deadline (RC5, RC3), read by an interceptor after the
 * deadline's one on a real OkHttp chain to a real socket.
 */
class DeadlineTimeoutInterceptorEdgesTest {

    private static final Instant NOW = Instant.parse("2026-12-02T07:00:00Z");

    private final List<int[]> seen = new CopyOnWriteArrayList<>();
    private MockWebServer server;

    @BeforeEach
    void start() throws IOException {
        server = new MockWebServer();
        server.start(InetAddress.getLoopbackAddress(), 0);
    }

    @AfterEach
    void stop() throws IOException {
        server.shutdown();
    }

    /** The connect, write and read timeouts the chain carries after the deadline's interceptor. */
    private int[] timeoutsFor(OkHttpClient base, Duration left) throws IOException {
        server.enqueue(new MockResponse().setBody("ok"));
        Interceptor recorder = chain -> {
            seen.add(new int[] {chain.connectTimeoutMillis(), chain.writeTimeoutMillis(), chain.readTimeoutMillis()});
            return chain.proceed(chain.request());
        };
        OkHttpClient client = base.newBuilder()
                .addInterceptor(new DeadlineTimeoutInterceptor(Clock.fixed(NOW, ZoneOffset.UTC)))
                .addInterceptor(recorder)
                .build();
        Request request = new Request.Builder()
                .url(server.url("/v1/models"))
                .tag(RequestDeadline.class, RequestDeadline.at(NOW.plus(left)))
                .build();
        try (Response response = client.newCall(request).execute()) {
            assertThat(response.code()).isEqualTo(200);
        }
        return seen.get(seen.size() - 1);
    }

    @Test
    @DisplayName("RC5, RC3: 300 ms left cuts each of the connect, write and read timeouts to 300 ms")
    void aNearDeadlineCutsEveryTimeout() throws IOException {
        OkHttpClient base = new OkHttpClient.Builder()
                .connectTimeout(10, TimeUnit.SECONDS)
                .writeTimeout(20, TimeUnit.SECONDS)
                .readTimeout(30, TimeUnit.SECONDS)
                .build();

        assertThat(timeoutsFor(base, Duration.ofMillis(300))).containsExactly(300, 300, 300);
    }

    @Test
    @DisplayName("RC5, RC3: a deadline further off than every timeout leaves them as configured")
    void aFarDeadlineKeepsTheTimeouts() throws IOException {
        OkHttpClient base = new OkHttpClient.Builder()
                .connectTimeout(10, TimeUnit.SECONDS)
                .writeTimeout(20, TimeUnit.SECONDS)
                .readTimeout(30, TimeUnit.SECONDS)
                .build();

        assertThat(timeoutsFor(base, Duration.ofMinutes(1))).containsExactly(10_000, 20_000, 30_000);
    }

    @Test
    @DisplayName("RC5, RC3: a timeout of 0 (none) is cut to what is left; one shorter than it is kept")
    void noTimeoutIsCutAndAShorterOneKept() throws IOException {
        OkHttpClient base = new OkHttpClient.Builder()
                .connectTimeout(0, TimeUnit.SECONDS)
                .writeTimeout(2, TimeUnit.SECONDS)
                .readTimeout(0, TimeUnit.SECONDS)
                .build();

        assertThat(timeoutsFor(base, Duration.ofSeconds(5))).containsExactly(5_000, 2_000, 5_000);
    }
}
