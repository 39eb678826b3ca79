package dev.stormwatch.embedded;

import dev.stormwatch.limit.BackendStatus;
import dev.stormwatch.limit.BackendStatusListener;
import dev.stormwatch.limit.LimiterBackend;
import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.limit.PrometheusEndpoint;
import dev.stormwatch.limit.RedisClientSettings;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.relay.Relay;
import dev.stormwatch.relay.RelayConfig;
import dev.stormwatch.relay.RelayMeters;
import dev.stormwatch.relay.TrustedIssuer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The embedded defaults, started with one call and closed together: the demo provider and the relay on free
 * loopback ports, and a real redis-server (from the embedded-redis artifact's binaries) for the rate limiter, or the
 * in-memory limiter when that binary cannot start. Access tokens live one minute, so that a demo shows a
 * refresh without waiting long.
 */
public final class EmbeddedStack implements AutoCloseable {

    /** Short enough that a refresh happens within a demo, long enough to read the session first. */
    public static final Duration DEMO_ACCESS_TOKEN_TTL = Duration.ofSeconds(60);

    private final DemoProvider provider;
    private final Relay relay;
    private final LimiterBackend limiter;
    private final AtomicReference<BackendStatus> limiterStatus;
    private PrometheusEndpoint metrics;

    private EmbeddedStack(
            DemoProvider provider, Relay relay, LimiterBackend limiter, AtomicReference<BackendStatus> limiterStatus) {
        this.provider = provider;
        this.relay = relay;
        this.limiter = limiter;
        this.limiterStatus = limiterStatus;
    }

    /**
     * Starts the provider, the relay and Redis; when a server cannot start, what was started is closed again. Redis
     * that cannot start is not a failure: the limiter runs in memory and {@link #limiterDescription()} says why.
     *
     * @throws UncheckedIOException when the provider or the relay cannot bind its loopback port
     */
    public static EmbeddedStack start() {
        return start(Parts.DEFAULTS);
    }

    static EmbeddedStack start(Parts parts) {
        DemoProvider provider = null;
        Relay relay = null;
        EmbeddedStack started = null;
        try {
            provider = parts.provider();
            relay = parts.relay(provider);
            AtomicReference<BackendStatus> status = new AtomicReference<>();
            started = new EmbeddedStack(provider, relay, parts.limiter(status::set), status);
            return started;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the embedded servers on 127.0.0.1: " + e.getMessage(), e);
        } finally {
            // Whatever stopped the start (a port taken, a limiter that failed), what was started is closed again.
            if (started == null) {
                closeStarted(relay, provider);
            }
        }
    }

    private static void closeStarted(Relay relay, DemoProvider provider) {
        try {
            if (relay != null) {
                relay.close();
            }
        } finally {
            if (provider != null) {
                provider.close();
            }
        }
    }

    /**
     * How the stack starts each of its three parts: the embedded defaults in production, and in tests a part that
     * cannot start (a port already taken, no redis-server), which real machines rarely offer on demand.
     */
    interface Parts {

        Parts DEFAULTS = new Parts() {
            @Override
            public DemoProvider provider() throws IOException {
                return DemoProvider.start(ProviderConfig.defaults().withAccessTokenTtl(DEMO_ACCESS_TOKEN_TTL));
            }

            @Override
            public Relay relay(DemoProvider provider) throws IOException {
                return Relay.start(RelayConfig.defaults()
                        .withTrustedIssuer(new TrustedIssuer(provider.issuer().toString(), provider.jwksUrl())));
            }

            @Override
            public LimiterBackend limiter(BackendStatusListener listener) {
                return LimiterBackend.embeddedOrInMemory(RedisClientSettings.DEFAULT, Clock.systemUTC(), listener);
            }
        };

        DemoProvider provider() throws IOException;

        Relay relay(DemoProvider provider) throws IOException;

        LimiterBackend limiter(BackendStatusListener listener);
    }

    public DemoProvider provider() {
        return provider;
    }

    public Relay relay() {
        return relay;
    }

    /** Where rate limiters of the app keep their state: the embedded Redis, or memory when it did not start. */
    public LimiterBackend limiter() {
        return limiter;
    }

    /** One line for the window and the logs: which Redis the limiter uses, or why it runs in memory. */
    public String limiterDescription() {
        if (limiter.embedded().isPresent()) {
            BackendStatus status = limiterStatus.get();
            String health = status == null || status.reachable()
                    ? ""
                    : " (unreachable since " + status.since() + ": " + status.detail() + ")";
            var redis = limiter.embedded().get();
            return redis.url() + ", a password-protected redis-server started by the app: "
                    + redis.binary().describe() + health;
        }
        BackendStatus status = limiterStatus.get();
        return "in memory: the embedded Redis did not start" + (status == null ? "" : " (" + status.detail() + ")");
    }

    /**
     * Serves the relay's answers by outcome for Prometheus on a free loopback port, from the first call on, and closes
     * it with the stack (L10: only when asked, only on 127.0.0.1).
     *
     * @return where Prometheus scrapes them, {@code http://127.0.0.1:PORT/metrics}
     */
    public synchronized URI serveMetrics() {
        if (metrics == null) {
            LimiterMetrics meters = LimiterMetrics.prometheus();
            RelayMeters.bind(meters.registry(), relay.log());
            metrics = PrometheusEndpoint.start(meters, 0);
        }
        return metrics.uri();
    }

    @Override
    public void close() {
        synchronized (this) {
            if (metrics != null) {
                metrics.close();
            }
        }
        try {
            limiter.close();
        } finally {
            try {
                relay.close();
            } finally {
                provider.close();
            }
        }
    }
}
