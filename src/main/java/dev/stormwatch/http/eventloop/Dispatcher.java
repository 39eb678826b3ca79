package dev.stormwatch.http.eventloop;

import dev.stormwatch.http.AttemptStart;
import java.io.IOException;
import java.net.ProtocolException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * Runs each attempt of the event loop from its route's queue to its outcome: gives waiting attempts the pool's
 * connections in order, checks each attempt's deadline as it leaves the queue (RC5, RC3), writes the request, reads
 * the response through the codec, times each phase out as OkHttp's timeouts would, and delivers every outcome exactly
 * once, on the loop or on the workers ({@link EventLoopTransport.Delivery}). Owned by the loop thread.
 */
final class Dispatcher {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(EventLoopTransport.class);

    private final ConnectionPool pool;
    private final Clock clock;
    private final int connectMillis;
    private final int writeMillis;
    private final int readMillis;
    private final Executor workers;
    private final EventLoopTransport.Delivery delivery;
    private final BooleanSupplier closed;
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(64 * 1024);

    Dispatcher(
            ConnectionPool pool,
            Clock clock,
            int connectMillis,
            int writeMillis,
            int readMillis,
            Executor workers,
            EventLoopTransport.Delivery delivery,
            BooleanSupplier closed) {
        this.pool = pool;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.connectMillis = connectMillis;
        this.writeMillis = writeMillis;
        this.readMillis = readMillis;
        this.workers = workers;
        this.delivery = delivery;
        this.closed = closed;
    }

    /** Queues a submitted attempt on its route and sends what can be sent. */
    void submit(Exchange exchange) {
        Route route = pool.route(exchange);
        route.waiting.add(exchange);
        dispatch(route);
    }

    /** Gives the route's waiting attempts its idle connections, or new ones while fewer than the most are open. */
    private void dispatch(Route route) {
        PooledConnection conn = null;
        while (!route.waiting.isEmpty()) {
            if (conn == null) {
                conn = route.idle.pollLast();
                if (conn != null && !pool.stillUsable(conn, route.waiting.peek())) {
                    pool.discard(conn);
                    conn = null;
                    continue;
                }
                if (conn == null) {
                    if (pool.full() && !pool.closeIdleElsewhere(route)) {
                        return; // wait for a connection to come back
                    }
                    conn = connect(route);
                    if (conn == null) {
                        continue; // that attempt failed to connect; try the next
                    }
                }
            }
            if (begin(conn, route.waiting.poll())) {
                conn = null; // in use
            }
        }
        if (conn != null) {
            pool.release(conn); // every waiting attempt ended before it was sent (cancelled, deadline passed)
        }
    }

    /** A new connection for the route's first waiting attempt, or null when none could be opened (it then failed). */
    private PooledConnection connect(Route route) {
        try {
            return pool.open(route, route.preferred, null);
        } catch (IOException e) {
            fail(route.waiting.peek(), e);
            route.waiting.poll();
            return null;
        }
    }

    /**
     * Starts an attempt on a connection: the deadline check (RC5), then connecting or writing. False when the attempt
     * ended before anything was sent; the connection is then still free.
     */
    private boolean begin(PooledConnection conn, Exchange exchange) {
        if (exchange.call.isCanceled()) {
            fail(exchange, new IOException("Canceled"));
            return false;
        }
        AttemptStart start;
        try {
            start = AttemptStart.leaving(exchange.call, clock.instant(), connectMillis, writeMillis, readMillis);
        } catch (IOException deadlinePassed) {
            fail(exchange, deadlinePassed); // RC5: nothing sent
            return false;
        }
        exchange.sent = start.request();
        exchange.readTimeout = start.readMillis();
        exchange.writeTimeout = start.writeMillis();
        try {
            exchange.out = ByteBuffer.wrap(Http1RequestEncoder.encode(start.request()));
        } catch (IOException | RuntimeException e) {
            // A request body that could not be written out: nothing was sent.
            fail(exchange, e instanceof IOException io ? io : new IOException("could not encode the request: " + e, e));
            return false;
        }
        conn.exchange = exchange;
        if (conn.connected) {
            try {
                startWriting(conn);
            } catch (IOException e) {
                conn.exchange = null;
                pool.discard(conn); // the caller's loop goes on with another connection, without recursing here
                fail(exchange, e);
            }
        } else {
            conn.timeoutAt = deadlineIn(start.connectMillis());
            conn.key.interestOps(SelectionKey.OP_CONNECT);
        }
        return true;
    }

    private void startWriting(PooledConnection conn) throws IOException {
        Exchange exchange = conn.exchange;
        AttemptStart.requestStarts(exchange.call); // F1: from here it may be processed
        exchange.sentAtMillis = System.currentTimeMillis();
        conn.parser = new Http1ResponseParser("HEAD".equals(exchange.sent.method()), EventLoopTransport.MAX_BODY_BYTES);
        write(conn);
    }

    /** What the selector said of {@code conn}: connected, writable or readable. */
    void ready(PooledConnection conn, SelectionKey key) {
        if (!key.isValid()) {
            return;
        }
        try {
            if (key.isConnectable()) {
                if (!conn.channel.finishConnect()) {
                    return;
                }
                conn.connected = true;
                conn.route.preferred = conn.addressIndex; // the next connections start with the address that answered
                startWriting(conn);
                return;
            }
            if (key.isWritable()) {
                write(conn);
                return;
            }
            if (key.isReadable()) {
                read(conn);
            }
        } catch (IOException | RuntimeException e) {
            // A fault of one connection (or a bug in handling it) ends that attempt, never the loop every other
            // attempt depends on.
            failAttempt(
                    conn,
                    e instanceof IOException io
                            ? io
                            : new IOException("the event loop could not handle this connection: " + e, e));
        }
    }

    private void write(PooledConnection conn) throws IOException {
        ByteBuffer out = conn.exchange.out;
        conn.channel.write(out);
        if (out.hasRemaining()) {
            conn.key.interestOps(SelectionKey.OP_WRITE);
            conn.timeoutAt = deadlineIn(conn.exchange.writeTimeout);
            return;
        }
        conn.key.interestOps(SelectionKey.OP_READ);
        conn.timeoutAt = deadlineIn(conn.exchange.readTimeout);
    }

    private static long deadlineIn(int millis) {
        return millis == 0 ? 0 : System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    }

    private void read(PooledConnection conn) throws IOException {
        readBuffer.clear();
        int n = conn.channel.read(readBuffer);
        if (conn.exchange == null) {
            pool.discard(
                    conn); // not watched while idle, so not expected: whatever it was, the connection is not reused
            return;
        }
        Http1ResponseParser parser = conn.parser;
        if (n < 0) {
            if (parser.endOfStream()) {
                complete(conn, false);
                return;
            }
            throw new java.io.EOFException(
                    "unexpected end of stream on " + conn.exchange.sent.url().redact());
        }
        readBuffer.flip();
        parser.feed(readBuffer);
        if (parser.done()) {
            complete(conn, parser.keepAlive());
        } else {
            conn.timeoutAt = deadlineIn(conn.exchange.readTimeout); // between bytes, as OkHttp's read timeout
        }
    }

    private void complete(PooledConnection conn, boolean keepAlive) {
        Exchange exchange = conn.exchange;
        Http1ResponseParser parser = conn.parser;
        // CN4: the attempt leaves its connection before its caller hears: a callback that stops the loop (an Error)
        // must not have its attempt failed again by the shutdown that follows.
        conn.exchange = null;
        // Delivered before the connection goes to the next attempt: whatever happens there cannot lose this answer.
        deliverResponse(exchange, parser, ResponseAssembly.body(parser));
        finish(conn, keepAlive);
    }

    /**
     * Ends the attempt on {@code conn} with {@code failure}. Once the response's head was read, OkHttp would already
     * have handed the response over and failed only the body's read: so does this, so that a status that arrived is
     * decided on as a status (RA1, P1), not as a failed request (ST2). Before any byte was sent, the next address of a
     * host that has several is tried first, as OkHttp tries its routes when its client retries on connection failure
     * (the load engine's does not).
     */
    private void failAttempt(PooledConnection conn, IOException failure) {
        Exchange exchange = conn.exchange;
        Http1ResponseParser parser = conn.parser;
        boolean wasConnected = conn.connected;
        if (exchange != null && !exchange.call.isCanceled() && pool.triesNextAddress(conn)) {
            pool.discard(conn);
            PooledConnection next;
            try {
                next = pool.open(conn.route, conn.addressIndex + 1, failure);
            } catch (IOException none) {
                fail(exchange, none);
                return;
            }
            if (!begin(next, exchange)) {
                pool.release(next);
            }
            return;
        }
        // Delivered before the connection is let go, as in complete(), and once only (CN4).
        conn.exchange = null;
        if (exchange != null && parser != null && parser.headParsed()) {
            deliverResponse(exchange, parser, ResponseAssembly.failingBody(parser, failure));
        } else if (exchange != null) {
            fail(
                    exchange,
                    wasConnected ? failure : ConnectionPool.connectFailure(conn.route, conn.addressIndex, failure));
        }
        finish(conn, false);
    }

    private void deliverResponse(Exchange exchange, Http1ResponseParser parser, ResponseBody body) {
        Response response;
        try {
            response = ResponseAssembly.response(
                    exchange.sent, parser, body, exchange.sentAtMillis, System.currentTimeMillis());
        } catch (IllegalArgumentException | IllegalStateException e) {
            fail(exchange, new ProtocolException("malformed response: " + e.getMessage()));
            return;
        }
        deliver(() -> {
            try {
                exchange.callback.onResponse(exchange.call, response);
            } catch (IOException e) {
                response.close();
            }
        });
    }

    /** The attempt on {@code conn} is over: its connection goes back to the pool or is closed. */
    private void finish(PooledConnection conn, boolean reusable) {
        Route route = conn.route;
        conn.exchange = null;
        conn.parser = null;
        conn.timeoutAt = 0;
        if (reusable) {
            pool.release(conn);
        } else {
            pool.discard(conn);
        }
        if (!closed.getAsBoolean()) {
            dispatch(route);
            dispatchOtherRoutes(route);
        }
    }

    /**
     * Offers a freed slot to the attempts other origins queued at the limit: a connection kept alive for
     * {@code done}'s origin with nothing waiting there is closed for them ({@link ConnectionPool#closeIdleElsewhere}),
     * or they would wait until their own origin's next attempt.
     */
    private void dispatchOtherRoutes(Route done) {
        for (Route other : pool.routes()) {
            if (other != done && !other.waiting.isEmpty()) {
                dispatch(other);
            }
        }
    }

    /** Closes connections idle too long, ends cancelled and timed-out attempts, and fills the slots that freed. */
    void sweep(long now) {
        for (PooledConnection conn : pool.openConnections()) {
            Exchange exchange = conn.exchange;
            if (exchange == null) {
                pool.closeIfIdleTooLong(conn, now);
                continue;
            }
            if (exchange.call.isCanceled()) {
                finish(conn, false);
                fail(exchange, new IOException("Canceled"));
            } else if (conn.timeoutAt != 0 && now - conn.timeoutAt >= 0) {
                failAttempt(
                        conn,
                        new SocketTimeoutException(
                                conn.connected
                                        ? "timeout"
                                        : "connect timed out to " + conn.route.describe(conn.addressIndex)));
            }
        }
        for (Route route : pool.routes()) {
            route.waiting.removeIf(waiting -> {
                if (waiting.call.isCanceled()) {
                    fail(waiting, new IOException("Canceled"));
                    return true;
                }
                return false;
            });
        }
        if (!closed.getAsBoolean()) {
            dispatchOtherRoutes(null); // idle connections closed above free slots for attempts still waiting
        }
    }

    /** Closes every connection and fails every attempt it holds or queues with {@code why}. */
    void shutdown(IOException why) {
        for (PooledConnection conn : pool.openConnections()) {
            Exchange exchange = conn.exchange;
            pool.discard(conn);
            if (exchange != null) {
                failQuietly(exchange, why);
            }
        }
        for (Route route : pool.routes()) {
            Exchange waiting;
            while ((waiting = route.waiting.poll()) != null) {
                failQuietly(waiting, why);
            }
        }
    }

    /** While shutting down: one caller's callback that throws, even an Error, must not keep the others waiting. */
    void failQuietly(Exchange exchange, IOException failure) {
        try {
            fail(exchange, failure);
        } catch (Throwable e) {
            LOG.warn("a callback threw while the event loop was failing what it held", e);
        }
    }

    private void fail(Exchange exchange, IOException failure) {
        deliver(() -> exchange.callback.onFailure(exchange.call, failure));
    }

    /** As {@code delivery} says; when the workers were shut down, here, so that no caller waits forever. */
    private void deliver(Runnable outcome) {
        if (delivery == EventLoopTransport.Delivery.ON_WORKERS) {
            try {
                workers.execute(outcome);
                return;
            } catch (RejectedExecutionException e) {
                // fall through
            }
        }
        runGuarded(outcome);
    }

    /** A callback that throws must not stop the loop that every other attempt depends on. */
    static void runGuarded(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            // The executor ends its own call on a failure it throws; this is the caller's bug, said once per event.
            LOG.warn("a callback on the load run's event loop threw; the loop goes on", e);
        }
    }
}
