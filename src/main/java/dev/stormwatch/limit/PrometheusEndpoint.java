package dev.stormwatch.limit;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * A Prometheus scrape endpoint, {@code GET /metrics} on 127.0.0.1, switched on only when asked (spec L10).
 * Loopback only: metrics show model names and traffic, which are nobody else's business.
 */
public final class PrometheusEndpoint implements AutoCloseable {

    private final HttpServer server;

    private PrometheusEndpoint(HttpServer server) {
        this.server = server;
    }

    /**
     * Serves the metrics of a Prometheus registry on 127.0.0.1 (port 0 picks a free one).
     *
     * @throws LimiterConfigurationException if the metrics are not on a Prometheus registry
     */
    public static PrometheusEndpoint start(LimiterMetrics metrics, int port) {
        if (metrics.scrape().isEmpty()) {
            throw new LimiterConfigurationException(
                    "metrics are not on a Prometheus registry: use LimiterMetrics.prometheus()");
        }
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
            server.createContext("/metrics", exchange -> {
                byte[] body = metrics.scrape().orElse("").getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            server.start();
            return new PrometheusEndpoint(server);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the metrics port " + port + " on 127.0.0.1", e);
        }
    }

    /** {@code http://127.0.0.1:port/metrics}. */
    public URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/metrics");
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
