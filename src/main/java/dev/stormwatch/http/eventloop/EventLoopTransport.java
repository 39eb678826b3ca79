package dev.stormwatch.http.eventloop;

import dev.stormwatch.base.LoopbackHost;
import dev.stormwatch.http.AttemptStart;
import dev.stormwatch.http.AttemptTransport;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ProtocolException;
import java.net.SocketTimeoutException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Clock;
import java.time.Duration;
import java.util.Iterator;
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
import okhttp3.OkHttpClient;
import okhttp3.Request;

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
 *
 * <p>This class is the door and the loop thread; the {@link Dispatcher} takes each attempt from its route's queue to
 * its outcome, the {@link ConnectionPool} keeps the connections, and the codec ({@link Http1RequestEncoder},
 * {@link Http1ResponseParser}, {@link ResponseAssembly}) turns requests into bytes and bytes into responses.
 */
public final class EventLoopTransport implements AttemptTransport, AutoCloseable {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(EventLoopTransport.class);

    /** A response body above this fails when read (ProtocolException): load runs read small API answers. */
    static final int MAX_BODY_BYTES = 16 * 1024 * 1024;
    /**
     * How often the sweep checks timeouts and cancellations, closes connections idle too long and offers free slots
     * to waiting attempts; also the longest the loop waits in {@code select} (the two are one value).
     */
    private static final Duration SWEEP = Duration.ofMillis(20);

    private final Executor workers;
    private final Delivery delivery;
    private final AttemptTransport fallback;
    private final Selector selector;
    private final Thread loop;
    private final ConcurrentLinkedQueue<Exchange> submitted = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Runnable> handedOn = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean selecting = new AtomicBoolean();
    private final Map<String, InetAddress[]> loopbackHosts = new ConcurrentHashMap<>();
    private final long sweepNanos;
    private static final InetAddress[] NO_ADDRESSES = new InetAddress[0];
    private volatile boolean closed;

    // Owned by the loop thread.
    private final ConnectionPool pool;
    private final Dispatcher dispatcher;
    private long nextSweep;

    private EventLoopTransport(
            OkHttpClient timeoutsOf,
            Executor workers,
            Delivery delivery,
            int maxConnections,
            Clock clock,
            Duration sweep)
            throws IOException {
        this.sweepNanos = sweep.toNanos();
        this.workers = Objects.requireNonNull(workers, "workers");
        this.delivery = Objects.requireNonNull(delivery, "delivery");
        Objects.requireNonNull(clock, "clock");
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be at least 1, was " + maxConnections);
        }
        this.fallback = AttemptTransport.blockingOn(workers);
        this.selector = Selector.open();
        this.pool = new ConnectionPool(selector, maxConnections, timeoutsOf.retryOnConnectionFailure(), () -> closed);
        this.dispatcher = new Dispatcher(
                pool,
                clock,
                timeoutsOf.connectTimeoutMillis(),
                timeoutsOf.writeTimeoutMillis(),
                timeoutsOf.readTimeoutMillis(),
                workers,
                delivery,
                () -> closed);
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
    public static EventLoopTransport start(
            OkHttpClient timeoutsOf, Executor workers, Delivery delivery, int maxConnections, Clock clock) {
        return start(timeoutsOf, workers, delivery, maxConnections, clock, SWEEP);
    }

    /**
     * Tests: as {@link #start(OkHttpClient, Executor, Delivery, int, Clock)}, with the sweep (and the longest wait in
     * {@code select}) every {@code sweep} instead of 20 ms. The sweep also sends, within its interval, whatever the loop
     * should have sent at once (a submitted attempt, the next queued one when a connection frees, a wake-up missed), so
     * at 20 ms a test cannot tell "at once" from "a sweep later"; with a sweep of minutes, what is not done at once is
     * not done within the test's bounded wait. Timeouts and cancellations of attempts in flight are then noticed only
     * a sweep later too.
     */
    static EventLoopTransport start(
            OkHttpClient timeoutsOf,
            Executor workers,
            Delivery delivery,
            int maxConnections,
            Clock clock,
            Duration sweep) {
        Objects.requireNonNull(timeoutsOf, "timeoutsOf");
        Objects.requireNonNull(sweep, "sweep");
        try {
            EventLoopTransport transport =
                    new EventLoopTransport(timeoutsOf, workers, delivery, maxConnections, clock, sweep);
            transport.loop.start();
            return transport;
        } catch (IOException e) {
            throw new IllegalStateException(
                    "Could not open a selector for the load run's sockets: " + e.getMessage(), e);
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
        pool.healthCheckAfter(idle);
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
                    selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(sweepNanos)));
                }
                selecting.set(false);
                Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
                while (keys.hasNext()) {
                    SelectionKey key = keys.next();
                    keys.remove();
                    dispatcher.ready((PooledConnection) key.attachment(), key);
                }
                long now = System.nanoTime();
                if (now - nextSweep >= 0) {
                    dispatcher.sweep(now);
                    nextSweep = now + sweepNanos;
                }
            }
        } catch (Throwable e) {
            stopped = e; // an Error too (out of memory, a test's assertion): what the loop holds must still end
        } finally {
            shutdown(new InterruptedIOException(
                    stopped == null ? "the transport was closed" : "the load run's event loop stopped: " + stopped));
        }
        if (stopped instanceof Error error) {
            throw error;
        }
    }

    private void runHandedOn() {
        Runnable task;
        while ((task = handedOn.poll()) != null) {
            Dispatcher.runGuarded(task);
        }
    }

    private void takeSubmitted() {
        Exchange exchange;
        while ((exchange = submitted.poll()) != null) {
            dispatcher.submit(exchange);
        }
    }

    /** Closes every connection and fails what is still unanswered, queued or handed on (nothing more is sent). */
    private void shutdown(IOException why) {
        closed = true;
        dispatcher.shutdown(why);
        Exchange left;
        while ((left = submitted.poll()) != null) {
            dispatcher.failQuietly(left, why);
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
}
