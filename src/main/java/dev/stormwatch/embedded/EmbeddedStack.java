package dev.stormwatch.embedded;

import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.relay.Relay;
import dev.stormwatch.relay.RelayConfig;
import dev.stormwatch.relay.TrustedIssuer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;

/**
 * The demo provider and the relay, started on free loopback ports with one call and closed together.
 * Access tokens live one minute, so that a demo shows a refresh without waiting long.
 */
public final class EmbeddedStack implements AutoCloseable {

    /** Short enough that a refresh happens within a demo, long enough to read the session first. */
    public static final Duration DEMO_ACCESS_TOKEN_TTL = Duration.ofSeconds(60);

    private final DemoProvider provider;
    private final Relay relay;

    private EmbeddedStack(DemoProvider provider, Relay relay) {
        this.provider = provider;
        this.relay = relay;
    }

    /**
     * Starts the provider and the relay; when the relay cannot start, the provider is closed again.
     *
     * @throws UncheckedIOException when a server cannot bind its loopback port
     */
    public static EmbeddedStack start() {
        DemoProvider provider = null;
        try {
            provider = DemoProvider.start(ProviderConfig.defaults().withAccessTokenTtl(DEMO_ACCESS_TOKEN_TTL));
            Relay relay = Relay.start(RelayConfig.defaults()
                    .withTrustedIssuer(new TrustedIssuer(provider.issuer().toString(), provider.jwksUrl())));
            return new EmbeddedStack(provider, relay);
        } catch (IOException e) {
            if (provider != null) {
                provider.close();
            }
            throw new UncheckedIOException("could not start the embedded servers on 127.0.0.1: " + e.getMessage(), e);
        }
    }

    public DemoProvider provider() {
        return provider;
    }

    public Relay relay() {
        return relay;
    }

    @Override
    public void close() {
        try {
            relay.close();
        } finally {
            provider.close();
        }
    }
}
