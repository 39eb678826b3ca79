package dev.stormwatch.relay;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
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

    /**
     * Sends {@code method} to {@code pathAndQuery} of the relay, with {@code authorization} (none when null) and
     * {@code json} as an {@code application/json} body (none when null); the caller closes the response.
     */
    Response send(String method, String pathAndQuery, String authorization, String json) throws IOException {
        Request.Builder request = new Request.Builder().url(relay.baseUrl() + pathAndQuery);
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        RequestBody body = json == null
                ? (method.equals("POST") ? RequestBody.create(new byte[0]) : null)
                : RequestBody.create(json.getBytes(StandardCharsets.UTF_8), MediaType.get("application/json"));
        return client.newCall(request.method(method, body).build()).execute();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (relay != null) {
            relay.close();
        }
        client.connectionPool().evictAll();
    }
}
