package dev.stormwatch.cli;

import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.limit.PrometheusEndpoint;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.Optional;

/**
 * The {@code --metrics-port} of {@code load} and {@code relay} (L10): nothing when the option is absent, else meters on
 * a Prometheus registry and their scrape endpoint on 127.0.0.1 for as long as the command runs.
 */
final class MetricsEndpoint implements AutoCloseable {

    /** The port asked for could not be opened (in use, or not allowed). */
    static final class PortUnavailable extends Exception {
        PortUnavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final Optional<LimiterMetrics> meters;
    private final Optional<PrometheusEndpoint> endpoint;

    private MetricsEndpoint(Optional<LimiterMetrics> meters, Optional<PrometheusEndpoint> endpoint) {
        this.meters = meters;
        this.endpoint = endpoint;
    }

    /**
     * Starts the endpoint when {@code port} is given (0 picks a free port).
     *
     * @throws PortUnavailable when the port cannot be opened on 127.0.0.1
     */
    static MetricsEndpoint startIfAsked(Integer port) throws PortUnavailable {
        if (port == null) {
            return new MetricsEndpoint(Optional.empty(), Optional.empty());
        }
        if (port < 0 || port > 65_535) {
            throw new PortUnavailable("a port is a whole number from 0 to 65535", null);
        }
        LimiterMetrics meters = LimiterMetrics.prometheus();
        try {
            return new MetricsEndpoint(Optional.of(meters), Optional.of(PrometheusEndpoint.start(meters, port)));
        } catch (UncheckedIOException e) {
            throw new PortUnavailable(
                    "cannot listen on 127.0.0.1:" + port + " (" + e.getCause().getMessage() + ")", e);
        }
    }

    /** The meters to record on, when asked for. */
    Optional<LimiterMetrics> meters() {
        return meters;
    }

    /** Where Prometheus scrapes them, when asked for. */
    Optional<URI> address() {
        return endpoint.map(PrometheusEndpoint::uri);
    }

    @Override
    public void close() {
        endpoint.ifPresent(PrometheusEndpoint::close);
    }
}
