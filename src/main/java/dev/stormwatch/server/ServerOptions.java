package dev.stormwatch.server;

import dev.stormwatch.base.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link LoopbackServer} listens: the port (0 picks a free one), the largest request body it reads, the most
 * connections it serves at once, the clock for {@code Date} headers, the sleeper for slow bodies, and how long a
 * keep-alive connection may sit idle before the server closes it.
 */
public record ServerOptions(
        int port, int maxBodyBytes, int maxConnections, Clock clock, Sleeper sleeper, Duration keepAlive) {

    /** 1 MiB: larger than any OAuth or chat request of the demo; a larger body is answered with 413. */
    public static final int DEFAULT_MAX_BODY = 1 << 20;

    /** Threads are per connection; this bounds them. */
    public static final int DEFAULT_MAX_CONNECTIONS = 1024;

    /**
     * 60 s, as many load balancers keep an idle connection. Real servers often keep it far shorter (Node's http
     * server and Apache httpd 5 s, gunicorn 2 s): set a short one to see what a client does with a connection the
     * server closed while it sat idle in the client's pool.
     */
    public static final Duration DEFAULT_KEEP_ALIVE = Duration.ofSeconds(60);

    /** The longest keep-alive a socket timeout can hold (milliseconds in an int). */
    public static final Duration MAX_KEEP_ALIVE = Duration.ofMillis(Integer.MAX_VALUE);

    public ServerOptions {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be 0 (any free port) or 1..65535, was " + port);
        }
        if (maxBodyBytes < 0 || maxConnections < 1) {
            throw new IllegalArgumentException("maxBodyBytes must be >= 0 and maxConnections >= 1");
        }
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(sleeper, "sleeper");
        Objects.requireNonNull(keepAlive, "keepAlive");
        if (keepAlive.toMillis() < 1 || keepAlive.compareTo(MAX_KEEP_ALIVE) > 0) {
            throw new IllegalArgumentException(
                    "keep-alive must be from 1 ms to " + MAX_KEEP_ALIVE.toDays() + " days, was " + keepAlive);
        }
    }

    /** A free port, the default limits, the system clock and real sleeping. */
    public static ServerOptions defaults() {
        return new ServerOptions(
                0, DEFAULT_MAX_BODY, DEFAULT_MAX_CONNECTIONS, Clock.systemUTC(), Sleeper.SYSTEM, DEFAULT_KEEP_ALIVE);
    }

    public ServerOptions withPort(int newPort) {
        return new ServerOptions(newPort, maxBodyBytes, maxConnections, clock, sleeper, keepAlive);
    }

    public ServerOptions withClock(Clock newClock) {
        return new ServerOptions(port, maxBodyBytes, maxConnections, newClock, sleeper, keepAlive);
    }

    public ServerOptions withSleeper(Sleeper newSleeper) {
        return new ServerOptions(port, maxBodyBytes, maxConnections, clock, newSleeper, keepAlive);
    }

    public ServerOptions withMaxBodyBytes(int bytes) {
        return new ServerOptions(port, bytes, maxConnections, clock, sleeper, keepAlive);
    }

    /** Idle keep-alive connections are closed after {@code value}, as a server's keep-alive timeout does. */
    public ServerOptions withKeepAlive(Duration value) {
        return new ServerOptions(port, maxBodyBytes, maxConnections, clock, sleeper, value);
    }
}
