package dev.stormwatch.load.engine;

import dev.stormwatch.http.CallOptions;
import dev.stormwatch.http.RequestRefused;
import dev.stormwatch.http.ResilientClient;
import dev.stormwatch.load.options.SessionTokenSource;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.LoadRecorder;
import dev.stormwatch.retry.CallFailure;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * The virtual clients of a run, without a thread each: each logical request is one
 * {@link ResilientClient#sendAsync} future, spread round-robin over the K client instances.
 *
 * <p>Open loop: arrivals at a fixed rate, paced by a timer, never more than {@code clients} in flight; an arrival
 * that finds them all busy waits for the first free one, and its response time counts from its intended start
 * (CO1, CO2). Closed loop: {@code clients} loops, each sending its next request a
 * think time after the previous ended, or when a pause (P2) said a request would be accepted; a client the limiter
 * refused waits in its instance's {@link RefusalQueue} for the retry-at it was given (RC7, LB1).
 */
final class VirtualClients {

    /** How often the open-loop pacer wakes: fine enough for 1,000 arrivals per second to stay smooth. */
    private static final Duration PACE = Duration.ofMillis(5);

    /**
     * The most open-loop arrivals that wait for a free virtual client (CO2): a minute at 1,000 per second, a few MB;
     * a run that falls further behind drops the next ones and counts them.
     */
    static final int MAX_WAITING = 60_000;

    /** Calls that complete at once (a refusal) would otherwise recurse without bound on one stack. */
    private static final int MAX_INLINE_DEPTH = 8;

    private final ThreadLocal<Integer> depth = ThreadLocal.withInitial(() -> 0);
    private final List<ResilientClient> instances;
    private final Request request;
    private final CallOptions call;
    private final LoadRecorder recorder;
    private final RunScheduler timer;
    private final Clock clock;
    private final StopSignal stop;
    private final ResponseWatch watch;
    private final String targetName;
    private final Set<CompletableFuture<Response>> inFlight = ConcurrentHashMap.newKeySet();
    private final AtomicInteger nextInstance = new AtomicInteger();
    private final AtomicLong skipped = new AtomicLong();
    /** CO2: the intended starts of open-loop arrivals waiting for a free virtual client, oldest first. */
    private final Queue<Instant> waiting = new ConcurrentLinkedQueue<>();
    /** CO2: the open loop's free virtual clients. */
    private volatile Semaphore openSlots = new Semaphore(0);
    /** LB1: one line per client instance, since each instance asks its own limiter. */
    private final List<RefusalQueue> queues;

    private volatile boolean running = true;

    VirtualClients(
            List<ResilientClient> instances,
            Request request,
            CallOptions call,
            LoadRecorder recorder,
            RunScheduler timer,
            StopSignal stop,
            ResponseWatch watch,
            String targetName) {
        this.instances = List.copyOf(instances);
        this.request = request;
        this.call = call;
        this.recorder = recorder;
        this.timer = timer;
        this.clock = recorder.clock();
        this.stop = stop;
        this.watch = watch;
        this.targetName = targetName;
        RefusalQueue.Timer delays = (delay, task) -> {
            if (delay.isZero()) {
                timer.execute(task);
            } else {
                timer.schedule(delay, task);
            }
        };
        this.queues =
                instances.stream().map(i -> new RefusalQueue(clock, delays)).toList();
    }

    /**
     * Open loop: {@code rate} arrivals per second from now, at most {@code clients} in flight. The n-th arrival's
     * intended start is n / rate after now (CO1); an arrival that finds every virtual client busy waits in line for
     * the first free one, and its wait counts in its response time (CO2). Past {@link #MAX_WAITING} waiting arrivals a
     * new one is skipped and counted.
     */
    void startOpenLoop(double rate, int clients) {
        Instant start = clock.instant();
        AtomicLong issued = new AtomicLong();
        openSlots = new Semaphore(clients);
        timer.every(PACE, () -> {
            if (!running) {
                return;
            }
            long elapsedNanos = nanosBetween(start, clock.instant());
            long due = (long) (rate * elapsedNanos / 1e9) - issued.get();
            for (long i = 0; i < due; i++) {
                long k = issued.getAndIncrement();
                if (waiting.size() >= MAX_WAITING) {
                    skipped.incrementAndGet(); // the line is full: this arrival is dropped and counted
                    continue;
                }
                // CO1: the pacer issues arrival k once (k + 1) / rate has passed; that is its place on the schedule.
                waiting.add(start.plusNanos((long) ((k + 1) * 1e9 / rate)));
            }
            sendWaiting();
        });
    }

    /** Hands waiting arrivals, oldest first, to free virtual clients (CO2). */
    private void sendWaiting() {
        while (running && !waiting.isEmpty() && openSlots.tryAcquire()) {
            Instant intended = waiting.poll();
            if (intended == null) {
                openSlots.release();
                return;
            }
            send(nextInstance(), Optional.of(intended)).whenComplete((ignored, failure) -> {
                openSlots.release();
                if (depth.get() < MAX_INLINE_DEPTH) {
                    depth.set(depth.get() + 1);
                    try {
                        sendWaiting();
                    } finally {
                        depth.set(depth.get() - 1);
                    }
                } else {
                    timer.execute(this::sendWaiting); // a chain of calls that completed at once: let the stack unwind
                }
            });
        }
    }

    /** Closed loop: {@code clients} loops with {@code thinkTime} between a request's end and the next. */
    void startClosedLoop(int clients, Duration thinkTime) {
        startClosedLoop(clients, thinkTime, Duration.ZERO, () -> 0.0);
    }

    /**
     * LB18: as above, each loop starting at {@code ramp} times the next number of {@code random} (in [0, 1)) from now,
     * so that a seeded run staggers its clients the same way every time; a zero ramp starts them all at once.
     */
    void startClosedLoop(int clients, Duration thinkTime, Duration ramp, java.util.function.DoubleSupplier random) {
        for (int i = 0; i < clients; i++) {
            long offsetNanos = ramp.isZero() ? 0 : (long) (random.getAsDouble() * ramp.toNanos());
            if (offsetNanos == 0) {
                loop(thinkTime);
            } else {
                timer.schedule(Duration.ofNanos(offsetNanos), () -> loop(thinkTime));
            }
        }
    }

    private void loop(Duration thinkTime) {
        if (!running) {
            return;
        }
        int instance = nextInstance();
        queues.get(instance).submit(probe -> turn(instance, probe, thinkTime));
    }

    /** One request of a closed-loop client on {@code instance}, then its next (LB1, RC7, P2). */
    private void turn(int instance, boolean probe, Duration thinkTime) {
        if (!running) {
            return;
        }
        RefusalQueue queue = queues.get(instance);
        CompletableFuture<Void> sent = send(instance);
        // The first attempt asks the limiter before sendAsync returns: a call still running was allowed.
        boolean refusedNow = refusedByLimiter(sent);
        if (probe && !refusedNow) {
            queue.probeAllowed();
        }
        sent.whenComplete((ignored, failure) -> {
            if (failure instanceof RequestRefused.RateLimited limited) {
                // RC7, LB1: back in line until the retry-at the limiter gave; only the head of the line asks again.
                queue.refused(limited.retryAt(), probe && refusedNow, next -> turn(instance, next, thinkTime));
                return;
            }
            Duration wait = thinkTime;
            Duration told = waitAskedFor(failure);
            if (told.compareTo(wait) > 0) {
                wait = told; // P2: a client that was told when to come back does not come back sooner
            }
            if (wait.isZero() && depth.get() < MAX_INLINE_DEPTH) {
                // On the thread that completed the call: handing every request to the one timer thread made that
                // thread the bottleneck of the whole run.
                depth.set(depth.get() + 1);
                try {
                    loop(thinkTime);
                } finally {
                    depth.set(depth.get() - 1);
                }
            } else if (wait.isZero()) {
                timer.execute(() -> loop(thinkTime)); // a chain of calls that completed at once: let the stack unwind
            } else {
                timer.schedule(wait, () -> loop(thinkTime));
            }
        });
    }

    private static boolean refusedByLimiter(CompletableFuture<Void> sent) {
        return sent.isCompletedExceptionally()
                && sent.handle((ignored, failure) -> failure instanceof RequestRefused.RateLimited)
                        .join();
    }

    /** Stops sending new requests; those in flight go on. */
    void stopSending() {
        running = false;
    }

    /** Requests in flight now. */
    int inFlight() {
        return inFlight.size();
    }

    /** Cancels whatever is still in flight (the run is over); returns how many were cancelled. */
    int cancelAll() {
        int cancelled = 0;
        for (CompletableFuture<Response> future : inFlight) {
            if (future.cancel(true)) {
                cancelled++;
            }
        }
        return cancelled;
    }

    /**
     * Open-loop arrivals never sent: dropped because {@link #MAX_WAITING} arrivals were already waiting, or still
     * waiting for a free virtual client when sending stopped.
     */
    long skipped() {
        return skipped.get() + (running ? 0 : waiting.size());
    }

    private int nextInstance() {
        return Math.floorMod(nextInstance.getAndIncrement(), instances.size());
    }

    private CompletableFuture<Void> send(int instance) {
        return send(instance, Optional.empty());
    }

    /**
     * One logical request on {@code instance}. Its service time counts from now; an open-loop arrival's response
     * time counts from its {@code intended} start (CO1).
     */
    private CompletableFuture<Void> send(int instance, Optional<Instant> intended) {
        ResilientClient client = instances.get(instance);
        recorder.increment(Counter.LOGICAL_REQUESTS);
        recorder.flightStarted();
        Instant handedOver = clock.instant();
        CompletableFuture<Response> future = client.sendAsync(request, call);
        inFlight.add(future);
        CompletableFuture<Void> done = new CompletableFuture<>();
        future.whenComplete((response, failure) -> {
            inFlight.remove(future);
            recorder.flightEnded();
            Instant end = clock.instant();
            recorder.latency(end, Duration.ofNanos(nanosBetween(handedOver, end)));
            intended.ifPresent(at -> recorder.responseTime(end, Duration.ofNanos(nanosBetween(at, end))));
            if (response != null) {
                consume(response);
                done.complete(null);
            } else {
                Throwable cause = unwrap(failure);
                account(cause);
                done.completeExceptionally(cause);
            }
        });
        return done;
    }

    private void account(Throwable cause) {
        // LB2: a request that ended before anything went out is not in the denominator of retry amplification.
        if (cause instanceof RequestRefused refused && refused.attemptsSent() == 0
                || cause instanceof CallFailure.Recoverable paused && paused.refusedByPause()) {
            recorder.increment(Counter.UNSENT_REQUESTS);
        }
        if (cause instanceof CallFailure.Recoverable recoverable) {
            // P2: a refusal by a pause sent nothing and spent no budget.
            if (!recoverable.refusedByPause()) {
                recorder.increment(Counter.EXHAUSTED_BUDGETS); // B1, RA4: the call gave up
            }
            // A network failure before the target ever answered: it cannot be reached; waiting longer only hides it.
            if (recoverable.reason() instanceof CallFailure.Network network && !watch.everAnswered()) {
                stop.stop("target unreachable: " + targetName + ": "
                        + network.kind().description() + " (after " + network.attempts() + " attempt(s))");
            }
            return;
        }
        if (cause instanceof RequestRefused || cause instanceof CancellationException) {
            return; // counted by the attempt listener (RC7), or the run is over
        }
        if (cause instanceof SessionTokenSource.Unavailable lost) {
            // Nothing was sent for this call; without a token every further call would fail the same way.
            stop.stop("the OAuth session's token could not be had mid-run: " + lost.getMessage());
            return;
        }
        // Anything else is a fault of the run itself (a limiter without a failure mode, a bug): stop and say what.
        stop.stop("the run failed: " + cause.getClass().getSimpleName() + ": " + cause.getMessage());
    }

    /** What a failure asked the client to wait before its next request (P2), zero if nothing. */
    private static Duration waitAskedFor(Throwable failure) {
        if (failure instanceof CallFailure.Recoverable recoverable
                && recoverable.retryAfter().isPresent()) {
            return recoverable.retryAfter().get();
        }
        return Duration.ZERO;
    }

    private static void consume(Response response) {
        try (response) {
            ResponseBody body = response.body();
            if (body != null) {
                // Read to the end, so that the connection goes back to the pool instead of being closed.
                body.source().readAll(okio.Okio.blackhole());
            }
        } catch (java.io.IOException e) {
            // The status was counted; a body cut short costs only this connection.
        }
    }

    /** Nanoseconds from {@code from} to {@code to}, without allocating a Duration per request. */
    private static long nanosBetween(Instant from, Instant to) {
        return (to.getEpochSecond() - from.getEpochSecond()) * 1_000_000_000L + (to.getNano() - from.getNano());
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
