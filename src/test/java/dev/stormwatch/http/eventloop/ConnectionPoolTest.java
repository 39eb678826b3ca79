package dev.stormwatch.http.eventloop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.Selector;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The event loop's connection pool on real loopback sockets, driven directly with the instants the loop would pass:
 * an idle connection is kept for OkHttp's minute and closed after it (ST2: the load engine keeps OkHttp's
 * behaviour), and a connection is kept only when it is connected and the transport is open.
 */
class ConnectionPoolTest {

    private static final long MINUTE = TimeUnit.MINUTES.toNanos(1);

    private ServerSocket server;
    private Selector selector;
    private final AtomicBoolean closed = new AtomicBoolean();

    @BeforeEach
    void open() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        selector = Selector.open();
    }

    @AfterEach
    void close() throws IOException {
        selector.close();
        server.close();
    }

    private Route route() {
        return new Route(new InetAddress[] {InetAddress.getLoopbackAddress()}, server.getLocalPort());
    }

    /** A connection of {@code pool} to the server, connected as the loop would find it after OP_CONNECT. */
    private static PooledConnection connected(ConnectionPool pool, Route route) throws IOException {
        PooledConnection conn = pool.open(route, 0, null);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!conn.channel.finishConnect()) {
            assertThat(System.nanoTime()).as("connected within 5 s").isLessThan(end);
            Thread.onSpinWait();
        }
        conn.connected = true;
        return conn;
    }

    @Test
    @DisplayName("ST2: an idle connection is kept for a minute, as OkHttp's pool keeps it, and closed after it")
    void anIdleConnectionIsClosedAfterAMinute() throws IOException {
        ConnectionPool pool = new ConnectionPool(selector, 1, true, closed::get);
        Route route = route();
        PooledConnection conn = connected(pool, route);
        pool.release(conn);

        assertThat(route.idle).containsExactly(conn);
        assertThat(pool.full()).as("the idle connection holds the only slot").isTrue();
        assertThat(pool.closeIfIdleTooLong(conn, conn.idleSince + MINUTE)).isFalse();
        assertThat(conn.channel.isOpen()).isTrue();

        assertThat(pool.closeIfIdleTooLong(conn, conn.idleSince + MINUTE + 1)).isTrue();
        assertThat(conn.channel.isOpen()).isFalse();
        assertThat(route.idle).isEmpty();
        assertThat(pool.openConnections()).isEmpty();
        assertThat(pool.full()).as("its slot is free").isFalse();
    }

    @Test
    @DisplayName("ST2: a connection released while the transport closes, or never connected, is closed, not kept")
    void aConnectionIsKeptOnlyWhenConnectedAndOpen() throws IOException {
        ConnectionPool pool = new ConnectionPool(selector, 2, true, closed::get);
        Route route = route();
        PooledConnection unconnected = connected(pool, route);
        unconnected.connected = false;

        pool.release(unconnected);

        assertThat(unconnected.channel.isOpen()).isFalse();
        assertThat(route.idle).isEmpty();

        PooledConnection late = connected(pool, route);
        closed.set(true);
        pool.release(late);

        assertThat(late.channel.isOpen()).isFalse();
        assertThat(route.idle).isEmpty();
        assertThat(pool.openConnections()).isEmpty();
    }
}
