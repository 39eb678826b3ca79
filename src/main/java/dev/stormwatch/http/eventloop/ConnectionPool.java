package dev.stormwatch.http.eventloop;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The event loop's keep-alive connections, as OkHttp's pool keeps them: per origin ({@link Route}), at most
 * {@code maxConnections} open at once, an idle one checked before it carries anything but a GET and closed after a
 * minute idle, and a host's next address tried when one fails to connect (when the client retries on connection
 * failure). Owned by the loop thread, but for {@link #healthCheckAfter}.
 */
final class ConnectionPool {

    /** A connection idle this long is checked before it carries anything but a GET, as OkHttp checks it. */
    private static final long HEALTH_CHECK_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** An idle connection older than this is closed, as OkHttp's pool does. */
    private static final long IDLE_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final Selector selector;
    private final int maxConnections;
    /** OkHttp's retryOnConnectionFailure: whether a host's next address is tried when one fails to connect. */
    private final boolean retryRoutes;

    private final BooleanSupplier closed;
    private volatile long healthCheckNanos = HEALTH_CHECK_NANOS;
    private final Map<String, Route> routes = new HashMap<>();
    private final List<PooledConnection> open = new ArrayList<>();
    /** What a health check reads into: any byte, or the end of the stream, says the connection is not reusable. */
    private final ByteBuffer probe = ByteBuffer.allocate(512);

    ConnectionPool(Selector selector, int maxConnections, boolean retryRoutes, BooleanSupplier closed) {
        this.selector = selector;
        this.maxConnections = maxConnections;
        this.retryRoutes = retryRoutes;
        this.closed = closed;
    }

    /** Tests: a connection idle this long is checked before a non-GET reuses it (10 s, as OkHttp, otherwise). */
    void healthCheckAfter(java.time.Duration idle) {
        healthCheckNanos = idle.toNanos();
    }

    /** The route of {@code exchange}'s origin, made on its first attempt. */
    Route route(Exchange exchange) {
        return routes.computeIfAbsent(exchange.routeKey, key -> new Route(exchange.addresses, exchange.port));
    }

    /** Every route that has had an attempt. */
    Collection<Route> routes() {
        return routes.values();
    }

    /** A copy of the open connections, idle or busy, safe to walk while they are closed. */
    List<PooledConnection> openConnections() {
        return new ArrayList<>(open);
    }

    /** True when no further connection may be opened. */
    boolean full() {
        return open.size() >= maxConnections;
    }

    /**
     * As OkHttp checks before it reuses a connection idle for {@link #HEALTH_CHECK_NANOS} or more for anything but a
     * GET: one the server closed meanwhile would leave a POST "maybe processed" (F1) where a new one sends it cleanly.
     */
    boolean stillUsable(PooledConnection conn, Exchange next) {
        if ("GET".equals(next.call.request().method()) || System.nanoTime() - conn.idleSince < healthCheckNanos) {
            return true;
        }
        try {
            probe.clear();
            return conn.channel.read(probe) == 0; // nothing to read and not closed
        } catch (IOException e) {
            return false;
        }
    }

    /** Closes one idle connection of another route to free a slot; false when there is none. */
    boolean closeIdleElsewhere(Route except) {
        for (Route other : routes.values()) {
            if (other != except && !other.idle.isEmpty()) {
                discard(other.idle.pollFirst());
                return true;
            }
        }
        return false;
    }

    /**
     * Opens a connection to the route's address {@code from}, or the next ones when one fails at once (only with
     * retries on connection failure, as OkHttp tries one route only without them).
     *
     * @param earlier the failure that made the caller try {@code from}, said when no address opens
     * @throws IOException a {@link ConnectException} (or the connect timeout it was) when none opens: nothing was sent
     */
    PooledConnection open(Route route, int from, IOException earlier) throws IOException {
        IOException last = earlier;
        int tried = from;
        int end = retryRoutes ? route.addresses.length : Math.min(route.addresses.length, from + 1);
        for (int i = from; i < end; i++) {
            tried = i;
            SocketChannel channel = null;
            try {
                channel = SocketChannel.open();
                channel.configureBlocking(false);
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                PooledConnection conn = new PooledConnection(route, channel, i);
                boolean connected = channel.connect(new InetSocketAddress(route.addresses[i], route.port));
                conn.key = channel.register(selector, connected ? 0 : SelectionKey.OP_CONNECT, conn);
                conn.connected = connected;
                open.add(conn); // only now: a connection that failed at once must not hold one of the slots
                return conn;
            } catch (IOException e) {
                closeQuietly(channel);
                last = e;
            }
        }
        throw connectFailure(
                route,
                Math.min(tried, route.addresses.length - 1),
                last == null ? new IOException("no address to connect to") : last);
    }

    /** True when a failed connection should try the route's next address: before any byte was sent, if allowed. */
    boolean triesNextAddress(PooledConnection failed) {
        return !failed.connected && retryRoutes && failed.addressIndex + 1 < failed.route.addresses.length;
    }

    /** A connection no attempt took: kept when it is ready for one, else closed. */
    void release(PooledConnection conn) {
        if (conn.connected && !closed.getAsBoolean() && conn.key.isValid()) {
            // Not watched while idle, as OkHttp does not watch it for a GET: a connection reset meanwhile fails the
            // next attempt on it, which the retry engine then sees and retries (the 3 AM storm, ST2).
            conn.key.interestOps(0);
            conn.idleSince = System.nanoTime();
            conn.route.idle.addLast(conn);
        } else {
            discard(conn);
        }
    }

    /** Closes {@code conn} if it has been idle longer than OkHttp keeps a connection; true when it did. */
    boolean closeIfIdleTooLong(PooledConnection conn, long now) {
        if (now - conn.idleSince > IDLE_NANOS) {
            discard(conn);
            return true;
        }
        return false;
    }

    /** Closes {@code conn} and frees its slot. */
    void discard(PooledConnection conn) {
        conn.route.idle.remove(conn);
        open.remove(conn);
        if (conn.key != null) {
            conn.key.cancel();
        }
        closeQuietly(conn.channel);
    }

    /** A failure to connect as OkHttp reports it: a timeout stays a timeout, anything else a ConnectException. */
    static IOException connectFailure(Route route, int addressIndex, IOException cause) {
        if (cause instanceof ConnectException || cause instanceof SocketTimeoutException) {
            return cause; // a connect timeout stays a timeout: CONNECT_TIMEOUT (ST2)
        }
        ConnectException failure = new ConnectException(
                "Failed to connect to " + route.describe(addressIndex) + ": " + cause.getMessage());
        failure.initCause(cause);
        return failure;
    }

    private static void closeQuietly(SocketChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException e) {
            // closing a broken socket can fail; it is gone either way
        }
    }
}
