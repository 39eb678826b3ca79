package dev.stormwatch.http.eventloop;

import dev.stormwatch.base.LoopbackHost;
import dev.stormwatch.http.AttemptStart;
import dev.stormwatch.http.AttemptTransport;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ProtocolException;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;

/**
 * Plain-HTTP/1.1 attempts to loopback targets on one event-loop thread with non-blocking sockets, for load runs.
 * A blocking transport parks a thread per request in flight, and the kernel switches threads for every
 * response; on two cores that switching, not the retry engine, held a run to about half of wrk's rate. Here one thread
 * multiplexes every connection, as wrk does. Each outcome goes to the retry engine on the loop itself when nothing the
 * caller does can block ({@link Delivery#ON_LOOP}), else on worker threads (a limiter's Redis round trip must not
 * stall the sockets).
 *
 * <p>What it keeps of OkHttp's behaviour, so that no decision changes: keep-alive connections per origin, at most
 * {@code maxConnections} open and further attempts queued in order; the client's connect, write and read timeouts per
 * attempt (RC3), each shortened to what is left of the call's deadline when the attempt leaves the queue, and an
 * attempt whose deadline passed in the queue refused with nothing sent (RC5); the executor told ({@link AttemptStart}) when the
 * request starts to go out, so failures are classified exactly as OkHttp's are (F1, ST2); the same exception types
 * (a {@link ConnectException} before sending, a {@link SocketTimeoutException} for a timeout, a
 * {@link ProtocolException} for a malformed response); a cancelled call ends with "Canceled" and its connection is
 * closed; a response whose body fails after its head arrived is still handed over, with a body that fails when read,
 * as OkHttp hands it over at its head; header lines OkHttp would skip are skipped. It follows no redirect, as the
 * executor's own client does not; unlike OkHttp it asks for no gzip (no {@code Accept-Encoding}) and names itself
 * {@code stormwatch-load}. A response is delivered when its body is complete: a slow body is timed to its last byte.
 *
 * <p>What it leaves to OkHttp (blocking calls on the workers): https, and any host that is not a loopback address,
 * where OkHttp's TLS, proxy and DNS handling matter more than its speed. The OkHttp client's interceptors do not run
 * on this transport: the deadline bound above is applied here, and the upstream-latency meter (L8) is not recorded,
 * as load runs record their own latency series.
 */
public final class EventLoopTransport implements AttemptTransport, AutoCloseable {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(EventLoopTransport.class);

    /** A response body above this fails when read (ProtocolException): load runs read small API answers. */
    static final int MAX_BODY_BYTES = 16 * 1024 * 1024;
    /** How often timeouts and cancellations are checked. */
    private static final long SWEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    /** A connection idle this long is checked before it carries anything but a GET, as OkHttp checks it. */
    private static final long HEALTH_CHECK_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** An idle connection older than this is closed, as OkHttp's pool does. */
    private static final long IDLE_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final Executor workers;
    private final Delivery delivery;
    private final AttemptTransport fallback;
    private final Clock clock;
    private final int connectMillis;
    private final int readMillis;
    private final int writeMillis;
    private final int maxConnections;
    /** OkHttp's retryOnConnectionFailure: whether a host's next address is tried when one fails to connect. */
    private final boolean retryRoutes;
    private volatile long healthCheckNanos = HEALTH_CHECK_NANOS;
    private final Selector selector;
    private final Thread loop;
    private final ConcurrentLinkedQueue<Exchange> submitted = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Runnable> handedOn = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean selecting = new AtomicBoolean();
    private final Map<String, InetAddress[]> loopbackHosts = new ConcurrentHashMap<>();
    private static final InetAddress[] NO_ADDRESSES = new InetAddress[0];
    private volatile boolean closed;

    // Owned by the loop thread.
    private final Map<String, Route> routes = new HashMap<>();
    private final List<Conn> open = new ArrayList<>();
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(64 * 1024);
    private long nextSweep;

    private EventLoopTransport(OkHttpClient timeoutsOf, Executor workers, Delivery delivery, int maxConnections,
            Clock clock) throws IOException {
        this.workers = Objects.requireNonNull(workers, "workers");
        this.delivery = Objects.requireNonNull(delivery, "delivery");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be at least 1, was " + maxConnections);
        }
        this.maxConnections = maxConnections;
        this.connectMillis = timeoutsOf.connectTimeoutMillis();
        this.readMillis = timeoutsOf.readTimeoutMillis();
        this.writeMillis = timeoutsOf.writeTimeoutMillis();
        this.retryRoutes = timeoutsOf.retryOnConnectionFailure();
        this.fallback = AttemptTransport.blockingOn(workers);
        this.selector = Selector.open();
        this.loop = new Thread(this::run, "stormwatch-http-event-loop");
        loop.setDaemon(true);
    }

    /** Where the outcome of an attempt (the retry engine's decision, the caller's next request) runs. */
    public enum Delivery {
        /**
         * On the event loop itself: no thread is woken per response, the fastest. Only for callers whose callbacks
         * and request suppliers never block (no Redis limiter, no token refresh), or every socket waits with them.
         */
        ON_LOOP,
        /** On the workers: for callers that may block, such as a limiter asking Redis before each attempt (RC7). */
        ON_WORKERS
    }

    /**
     * Starts the event loop.
     *
     * @param timeoutsOf the client whose connect, read and write timeouts each attempt gets (0 meaning none, as OkHttp),
     *     and whose retryOnConnectionFailure says whether a host's next address is tried: give it the settings the
     *     clients' own OkHttp client has (RC3), since theirs are not read
     * @param workers run the fallback's blocking calls, and outcomes and retries when {@code delivery} says so
     * @param delivery where outcomes are delivered and waited-out retries handed on
     * @param maxConnections the most connections open at once; further attempts wait in order
     * @param clock the clock of call deadlines (RC5), the client's
     */
    public static EventLoopTransport start(OkHttpClient timeoutsOf, Executor workers, Delivery delivery,
            int maxConnections, Clock clock) {
        Objects.requireNonNull(timeoutsOf, "timeoutsOf");
        try {
            EventLoopTransport transport = new EventLoopTransport(timeoutsOf, workers, delivery, maxConnections, clock);
            transport.loop.start();
            return transport;
        } catch (IOException e) {
            throw new IllegalStateException("Could not open a selector for the load run's sockets: " + e.getMessage(), e);
        }
    }

    @Override
    public void send(Call call, Callback callback) {
        Request request = call.request();
        HttpUrl url = request.url();
        InetAddress[] addresses = url.isHttps() ? NO_ADDRESSES : loopbackAddresses(url.host());
        if (addresses.length > 0) {
            if (closed) {
                callback.onFailure(call, new InterruptedIOException("the transport was closed"));
                return;
            }
            Exchange exchange = new Exchange(call, callback, url.host() + ":" + url.port(), addresses, url.port());
            submitted.add(exchange);
            // Closed meanwhile: the loop may already have failed its queue, so whoever removes it fails it, once.
            if (closed && submitted.remove(exchange)) {
                callback.onFailure(call, new InterruptedIOException("the transport was closed"));
                return;
            }
            if (selecting.compareAndSet(true, false)) {
                selector.wakeup();
            }
            return;
        }
        fallback.send(call, callback);
    }

    @Override
    public void handOn(Runnable nextAttempt) {
        if (delivery == Delivery.ON_WORKERS) {
            workers.execute(nextAttempt);
            return;
        }
        if (closed) {
            throw new RejectedExecutionException("the transport was closed");
        }
        handedOn.add(nextAttempt);
        // Closed meanwhile: the loop may already have run its last hand-ons, so the caller must hear of it.
        if (closed && handedOn.remove(nextAttempt)) {
            throw new RejectedExecutionException("the transport was closed");
        }
        if (selecting.compareAndSet(true, false)) {
            selector.wakeup();
        }
    }

    /** Stops the loop, closes every connection and fails the attempts not yet answered (nothing more is sent). */
    @Override
    public void close() {
        closed = true;
        selector.wakeup();
        if (Thread.currentThread() == loop) {
            return; // called from a callback on the loop: it ends when that callback returns
        }
        try {
            loop.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** True when attempts to {@code url} go out on the event loop: plain http to a host on loopback. */
    public boolean carries(HttpUrl url) {
        return !url.isHttps() && loopbackAddresses(url.host()).length > 0;
    }

    /** Tests: a connection idle this long is checked before a non-GET reuses it (10 s, as OkHttp, otherwise). */
    void healthCheckAfter(java.time.Duration idle) {
        healthCheckNanos = idle.toNanos();
    }

    /** Tests: {@code host} resolves to these addresses, in this order (the order a resolver may give). */
    void resolveAs(String host, InetAddress... addresses) {
        loopbackHosts.put(host, addresses.clone());
    }

    /**
     * The host's loopback addresses, resolved once per transport (the lookup never runs on the loop), empty when it
     * has none: OkHttp then takes the attempt, and reports a name that does not resolve as it does (DNS_FAILURE).
     */
    private InetAddress[] loopbackAddresses(String host) {
        return loopbackHosts.computeIfAbsent(host, LoopbackHost::resolvedLoopbackAddresses);
    }

    // ----- the loop -----

    private void run() {
        Throwable stopped = null;
        try {
            while (!closed) {
                runHandedOn();
                takeSubmitted();
                selecting.set(true);
                if (!submitted.isEmpty() || !handedOn.isEmpty()) {
                    selecting.set(false);
                    selector.selectNow();
                } else {
                    selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(SWEEP_NANOS)));
                }
                selecting.set(false);
                Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
                while (keys.hasNext()) {
                    SelectionKey key = keys.next();
                    keys.remove();
                    ready((Conn) key.attachment(), key);
                }
                long now = System.nanoTime();
                if (now - nextSweep >= 0) {
                    sweep(now);
                    nextSweep = now + SWEEP_NANOS;
                }
            }
        } catch (Throwable e) {
            stopped = e; // an Error too (out of memory, a test's assertion): what the loop holds must still end
        } finally {
            shutdown(new InterruptedIOException(stopped == null
                    ? "the transport was closed" : "the load run's event loop stopped: " + stopped));
        }
        if (stopped instanceof Error error) {
            throw error;
        }
    }

    private void runHandedOn() {
        Runnable task;
        while ((task = handedOn.poll()) != null) {
            runGuarded(task);
        }
    }

    /** A callback that throws must not stop the loop that every other attempt depends on. */
    private static void runGuarded(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            // The executor ends its own call on a failure it throws; this is the caller's bug, said once per event.
            LOG.warn("a callback on the load run's event loop threw; the loop goes on", e);
        }
    }

    private void takeSubmitted() {
        Exchange exchange;
        while ((exchange = submitted.poll()) != null) {
            Exchange first = exchange;
            Route route = routes.computeIfAbsent(exchange.routeKey, key -> new Route(first.addresses, first.port));
            route.waiting.add(exchange);
            dispatch(route);
        }
    }

    /** Gives the route's waiting attempts its idle connections, or new ones while fewer than the most are open. */
    private void dispatch(Route route) {
        Conn conn = null;
        while (!route.waiting.isEmpty()) {
            if (conn == null) {
                conn = route.idle.pollLast();
                if (conn != null && !stillUsable(conn, route.waiting.peek())) {
                    discard(conn);
                    conn = null;
                    continue;
                }
                if (conn == null) {
                    if (open.size() >= maxConnections && !closeIdleElsewhere(route)) {
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
            release(conn); // every waiting attempt ended before it was sent (cancelled, deadline passed)
        }
    }

    /**
     * As OkHttp checks before it reuses a connection idle for {@link #HEALTH_CHECK_NANOS} or more for anything but a
     * GET: one the server closed meanwhile would leave a POST "maybe processed" (F1) where a new one sends it cleanly.
     */
    private boolean stillUsable(Conn conn, Exchange next) {
        if ("GET".equals(next.call.request().method()) || System.nanoTime() - conn.idleSince < healthCheckNanos) {
            return true;
        }
        try {
            readBuffer.clear();
            return conn.channel.read(readBuffer) == 0; // nothing to read and not closed
        } catch (IOException e) {
            return false;
        }
    }

    private boolean closeIdleElsewhere(Route except) {
        for (Route other : routes.values()) {
            if (other != except && !other.idle.isEmpty()) {
                discard(other.idle.pollFirst());
                return true;
            }
        }
        return false;
    }

    /** A new connection for the route's first waiting attempt, or null when none could be opened (it then failed). */
    private Conn connect(Route route) {
        Exchange first = route.waiting.peek();
        Conn conn = connectTo(route, route.preferred, first, null);
        if (conn == null) {
            route.waiting.poll(); // connectTo failed it
        }
        return conn;
    }

    /**
     * Opens a connection to the route's address {@code from}, or the next ones when one fails at once; when none
     * opens, fails {@code exchange} with a {@link ConnectException} (nothing was sent) and returns null.
     */
    private Conn connectTo(Route route, int from, Exchange exchange, IOException earlier) {
        IOException last = earlier;
        int tried = from;
        // Without retries on connection failure, OkHttp tries one route only.
        int end = retryRoutes ? route.addresses.length : Math.min(route.addresses.length, from + 1);
        for (int i = from; i < end; i++) {
            tried = i;
            SocketChannel channel = null;
            try {
                channel = SocketChannel.open();
                channel.configureBlocking(false);
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                Conn conn = new Conn(route, channel, i);
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
        fail(exchange, connectFailure(route, Math.min(tried, route.addresses.length - 1),
                last == null ? new IOException("no address to connect to") : last));
        return null;
    }

    /**
     * Starts an attempt on a connection: the deadline check (RC5), then connecting or writing. False when the attempt
     * ended before anything was sent; the connection is then still free.
     */
    private boolean begin(Conn conn, Exchange exchange) {
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
        Request request = start.request();
        int connectTimeout = start.connectMillis();
        int writeTimeout = start.writeMillis();
        int readTimeout = start.readMillis();
        exchange.sent = request;
        exchange.readTimeout = readTimeout;
        exchange.writeTimeout = writeTimeout;
        try {
            exchange.out = ByteBuffer.wrap(Http1RequestEncoder.encode(request));
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
                discard(conn); // the caller's loop goes on with another connection, without recursing here
                fail(exchange, e);
            }
        } else {
            conn.timeoutAt = deadlineIn(connectTimeout);
            conn.key.interestOps(SelectionKey.OP_CONNECT);
        }
        return true;
    }

    /** A connection no attempt took: kept when it is ready for one, else closed. */
    private void release(Conn conn) {
        if (conn.connected && !closed && conn.key.isValid()) {
            // Not watched while idle, as OkHttp does not watch it for a GET: a connection reset meanwhile fails the
            // next attempt on it, which the retry engine then sees and retries (the 3 AM storm, ST2).
            conn.key.interestOps(0);
            conn.idleSince = System.nanoTime();
            conn.route.idle.addLast(conn);
        } else {
            discard(conn);
        }
    }

    private void startWriting(Conn conn) throws IOException {
        Exchange exchange = conn.exchange;
        AttemptStart.requestStarts(exchange.call); // F1: from here it may be processed
        exchange.sentAtMillis = System.currentTimeMillis();
        conn.parser = new Http1ResponseParser("HEAD".equals(exchange.sent.method()), MAX_BODY_BYTES);
        write(conn);
    }

    private void ready(Conn conn, SelectionKey key) {
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
            failAttempt(conn, e instanceof IOException io ? io
                    : new IOException("the event loop could not handle this connection: " + e, e));
        }
    }

    private void write(Conn conn) throws IOException {
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

    private void read(Conn conn) throws IOException {
        readBuffer.clear();
        int n = conn.channel.read(readBuffer);
        if (conn.exchange == null) {
            discard(conn); // not watched while idle, so not expected: whatever it was, the connection is not reused
            return;
        }
        Http1ResponseParser parser = conn.parser;
        if (n < 0) {
            if (parser.endOfStream()) {
                complete(conn, false);
                return;
            }
            throw new java.io.EOFException("unexpected end of stream on " + conn.exchange.sent.url().redact());
        }
        readBuffer.flip();
        parser.feed(readBuffer);
        if (parser.done()) {
            complete(conn, parser.keepAlive());
        } else {
            conn.timeoutAt = deadlineIn(conn.exchange.readTimeout); // between bytes, as OkHttp's read timeout
        }
    }

    private void complete(Conn conn, boolean keepAlive) {
        Exchange exchange = conn.exchange;
        Http1ResponseParser parser = conn.parser;
        // Delivered before the connection goes to the next attempt: whatever happens there cannot lose this answer.
        deliverResponse(exchange, parser,
                ResponseBody.create(parser.body(), mediaType(parser.headers().get("Content-Type"))));
        finish(conn, keepAlive);
    }

    /**
     * Ends the attempt on {@code conn} with {@code failure}. Once the response's head was read, OkHttp would already
     * have handed the response over and failed only the body's read: so does this, so that a status that arrived is
     * decided on as a status (RA1, P1), not as a failed request (ST2). Before any byte was sent, the next address of a
     * host that has several is tried first, as OkHttp tries its routes when its client retries on connection failure
     * (the load engine's does not).
     */
    private void failAttempt(Conn conn, IOException failure) {
        Exchange exchange = conn.exchange;
        Http1ResponseParser parser = conn.parser;
        boolean wasConnected = conn.connected;
        if (exchange != null && !wasConnected && retryRoutes && !exchange.call.isCanceled()
                && conn.addressIndex + 1 < conn.route.addresses.length) {
            discard(conn);
            Conn next = connectTo(conn.route, conn.addressIndex + 1, exchange, failure);
            if (next != null && !begin(next, exchange)) {
                release(next);
            }
            return;
        }
        // Delivered before the connection is let go, as in complete().
        if (exchange != null && parser != null && parser.headParsed()) {
            deliverResponse(exchange, parser, failingBody(parser, failure));
        } else if (exchange != null) {
            fail(exchange, wasConnected ? failure : connectFailure(conn.route, conn.addressIndex, failure));
        }
        finish(conn, false);
    }

    /** The body received so far, then {@code failure}: what reading a cut-short body gives with OkHttp. */
    private static ResponseBody failingBody(Http1ResponseParser parser, IOException failure) {
        Buffer received = new Buffer().write(parser.body());
        okio.Source source = new okio.Source() {
            @Override
            public long read(Buffer sink, long byteCount) throws IOException {
                if (received.exhausted()) {
                    throw failure;
                }
                return received.read(sink, byteCount);
            }

            @Override
            public okio.Timeout timeout() {
                return okio.Timeout.NONE;
            }

            @Override
            public void close() {
                received.clear();
            }
        };
        return ResponseBody.create(okio.Okio.buffer(source), mediaType(parser.headers().get("Content-Type")), -1);
    }

    private void deliverResponse(Exchange exchange, Http1ResponseParser parser, ResponseBody body) {
        Response response;
        try {
            response = new Response.Builder()
                    .request(exchange.sent)
                    .protocol(parser.protocol())
                    .code(parser.code())
                    .message(parser.message())
                    .headers(parser.headers())
                    .body(body)
                    .sentRequestAtMillis(exchange.sentAtMillis)
                    .receivedResponseAtMillis(System.currentTimeMillis())
                    .build();
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

    private static MediaType mediaType(String value) {
        return value == null ? null : MediaType.parse(value); // null for a malformed value, as OkHttp reads it
    }

    /** The attempt on {@code conn} is over: its connection goes back to the pool or is closed. */
    private void finish(Conn conn, boolean reusable) {
        Route route = conn.route;
        conn.exchange = null;
        conn.parser = null;
        conn.timeoutAt = 0;
        if (reusable) {
            release(conn);
        } else {
            discard(conn);
        }
        if (!closed) {
            dispatch(route);
            dispatchOtherRoutes(route);
        }
    }

    /**
     * Offers a freed slot to the attempts other origins queued at the limit: a connection kept alive for
     * {@code done}'s origin with nothing waiting there is closed for them ({@link #closeIdleElsewhere}), or they
     * would wait until their own origin's next attempt.
     */
    private void dispatchOtherRoutes(Route done) {
        for (Route other : routes.values()) {
            if (other != done && !other.waiting.isEmpty()) {
                dispatch(other);
            }
        }
    }

    private void discard(Conn conn) {
        conn.route.idle.remove(conn);
        open.remove(conn);
        if (conn.key != null) {
            conn.key.cancel();
        }
        closeQuietly(conn.channel);
    }

    private void sweep(long now) {
        for (Conn conn : new ArrayList<>(open)) {
            Exchange exchange = conn.exchange;
            if (exchange == null) {
                if (now - conn.idleSince > IDLE_NANOS) {
                    discard(conn);
                }
                continue;
            }
            if (exchange.call.isCanceled()) {
                finish(conn, false);
                fail(exchange, new IOException("Canceled"));
            } else if (conn.timeoutAt != 0 && now - conn.timeoutAt >= 0) {
                failAttempt(conn, new SocketTimeoutException(conn.connected
                        ? "timeout" : "connect timed out to " + conn.route.describe(conn.addressIndex)));
            }
        }
        for (Route route : routes.values()) {
            route.waiting.removeIf(waiting -> {
                if (waiting.call.isCanceled()) {
                    fail(waiting, new IOException("Canceled"));
                    return true;
                }
                return false;
            });
        }
        if (!closed) {
            dispatchOtherRoutes(null); // idle connections closed above free slots for attempts still waiting
        }
    }

    private void shutdown(IOException why) {
        closed = true;
        for (Conn conn : new ArrayList<>(open)) {
            Exchange exchange = conn.exchange;
            discard(conn);
            if (exchange != null) {
                failQuietly(exchange, why);
            }
        }
        for (Route route : routes.values()) {
            Exchange waiting;
            while ((waiting = route.waiting.poll()) != null) {
                failQuietly(waiting, why);
            }
        }
        Exchange left;
        while ((left = submitted.poll()) != null) {
            failQuietly(left, why);
        }
        Runnable task;
        while ((task = handedOn.poll()) != null) {
            try {
                task.run(); // each finds the transport closed and fails at once
            } catch (Throwable e) {
                LOG.warn("a retry handed on to a closing event loop threw", e);
            }
        }
        try {
            selector.close();
        } catch (IOException e) {
            // nothing left to release
        }
    }

    /** While shutting down: one caller's callback that throws, even an Error, must not keep the others waiting. */
    private void failQuietly(Exchange exchange, IOException failure) {
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
        if (delivery == Delivery.ON_WORKERS) {
            try {
                workers.execute(outcome);
                return;
            } catch (RejectedExecutionException e) {
                // fall through
            }
        }
        runGuarded(outcome);
    }

    private static IOException connectFailure(Route route, int addressIndex, IOException cause) {
        if (cause instanceof ConnectException || cause instanceof SocketTimeoutException) {
            return cause; // a connect timeout stays a timeout: CONNECT_TIMEOUT (ST2)
        }
        ConnectException failure = new ConnectException("Failed to connect to " + route.describe(addressIndex) + ": "
                + cause.getMessage());
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

    private static final class Route {
        final InetAddress[] addresses;
        final int port;
        final ArrayDeque<Conn> idle = new ArrayDeque<>();
        final ArrayDeque<Exchange> waiting = new ArrayDeque<>();
        /** The address new connections try first: the last one that answered. */
        int preferred;

        Route(InetAddress[] addresses, int port) {
            this.addresses = addresses;
            this.port = port;
        }

        String describe(int index) {
            return new InetSocketAddress(addresses[Math.min(index, addresses.length - 1)], port).toString();
        }
    }

    private static final class Conn {
        final Route route;
        final SocketChannel channel;
        final int addressIndex;
        SelectionKey key;
        boolean connected;
        Exchange exchange;
        Http1ResponseParser parser;
        long timeoutAt;
        long idleSince;

        Conn(Route route, SocketChannel channel, int addressIndex) {
            this.route = route;
            this.channel = channel;
            this.addressIndex = addressIndex;
        }
    }

    private static final class Exchange {
        final Call call;
        final Callback callback;
        final String routeKey;
        final InetAddress[] addresses;
        final int port;
        Request sent;
        ByteBuffer out;
        int readTimeout;
        int writeTimeout;
        long sentAtMillis;

        Exchange(Call call, Callback callback, String routeKey, InetAddress[] addresses, int port) {
            this.call = call;
            this.callback = callback;
            this.routeKey = routeKey;
            this.addresses = addresses;
            this.port = port;
        }
    }
}
