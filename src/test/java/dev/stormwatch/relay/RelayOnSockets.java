package dev.stormwatch.relay;

import java.io.IOException;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A relay on real loopback sockets for one test, and a client that never retries on its own (so every request in the
 * relay's record is one the test sent); after the test the relay is closed and the client's connections dropped.
 * Register it as an instance field with {@code @RegisterExtension}.
 */
final class RelayOnSockets implements AfterEachCallback {

    private final OkHttpClient client =
            new OkHttpClient.Builder().retryOnConnectionFailure(false).build();
    private Relay relay;

    /** Starts the relay of this test. */
    Relay start(RelayConfig config) throws IOException {
        relay = Relay.start(config);
        return relay;
    }

    /** The client to send the test's requests with. */
    OkHttpClient client() {
        return client;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (relay != null) {
            relay.close();
        }
        client.connectionPool().evictAll();
    }
}
