package dev.stormwatch.http;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import okhttp3.OkHttpClient;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A scripted target on a real loopback socket and the OkHttp client the executors under test send through: the server
 * starts before each test; after it, the server stops and the client lets go of its threads and pooled connections.
 * One fixture for the executor tests of this package, registered with {@code @RegisterExtension}.
 */
final class LoopbackTarget implements BeforeEachCallback, AfterEachCallback {

    private final MockWebServer server = new MockWebServer();
    private final OkHttpClient okHttp;

    /** @param readTimeout how long the client waits for an answer before the attempt fails */
    LoopbackTarget(Duration readTimeout) {
        this.okHttp = new OkHttpClient.Builder().readTimeout(readTimeout).build();
    }

    MockWebServer server() {
        return server;
    }

    OkHttpClient okHttp() {
        return okHttp;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        server.start(InetAddress.getLoopbackAddress(), 0);
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        server.shutdown();
        okHttp.dispatcher().executorService().shutdown();
        okHttp.connectionPool().evictAll();
    }
}
