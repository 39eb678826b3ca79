package dev.stormwatch.server;

import java.time.Clock;
import java.util.Objects;

/**
 * How a {@link LoopbackServer} listens: the port (0 picks a free one), the largest request body it reads, the most
 * connections it serves at once, the clock for {@code Date} headers and the sleeper for slow bodies.
 */
public record ServerOptions(int port, int maxBodyBytes, int maxConnections, Clock clock, Sleeper sleeper) {

    /** 1 MiB: larger than any OAuth or chat request of the demo; a larger body is answered with 413. */
    public static final int DEFAULT_MAX_BODY = 1 << 20;

    /** Threads are per connection; this bounds them. */
    public static final int DEFAULT_MAX_CONNECTIONS = 1024;

    public ServerOptions {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be 0 (any free port) or 1..65535, was " + port);
        }
        if (maxBodyBytes < 0 || maxConnections < 1) {
            throw new IllegalArgumentException("maxBodyBytes must be >= 0 and maxConnections >= 1");
        }
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(sleeper, "sleeper");
    }

    /** A free port, the default limits, the system clock and real sleeping. */
    public static ServerOptions defaults() {
        return new ServerOptions(0, DEFAULT_MAX_BODY, DEFAULT_MAX_CONNECTIONS, Clock.systemUTC(), Sleeper.REAL);
    }

    public ServerOptions withPort(int newPort) {
        return new ServerOptions(newPort, maxBodyBytes, maxConnections, clock, sleeper);
    }

    public ServerOptions withClock(Clock newClock) {
        return new ServerOptions(port, maxBodyBytes, maxConnections, newClock, sleeper);
    }

    public ServerOptions withSleeper(Sleeper newSleeper) {
        return new ServerOptions(port, maxBodyBytes, maxConnections, clock, newSleeper);
    }

    public ServerOptions withMaxBodyBytes(int bytes) {
        return new ServerOptions(port, bytes, maxConnections, clock, sleeper);
    }
}
