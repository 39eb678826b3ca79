package dev.stormwatch.load.engine;

import dev.stormwatch.http.AttemptTransport;
import dev.stormwatch.http.CallOptions;
import dev.stormwatch.http.ClientTimeouts;
import dev.stormwatch.http.Credential;
import dev.stormwatch.http.CredentialSource;
import dev.stormwatch.http.ResilientClient;
import dev.stormwatch.http.eventloop.EventLoopTransport;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.LimiterException;
import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.SessionTokenSource;
import dev.stormwatch.load.options.Target;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.NamedSeries;
import dev.stormwatch.load.report.ProgressLine;
import dev.stormwatch.load.report.Redactor;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.report.StandardFigures;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.load.series.TwoResolutionRecorder;
import dev.stormwatch.load.simulation.BackoffStrategy;
import dev.stormwatch.relay.Quota;
import dev.stormwatch.relay.RelayConfig;
import dev.stormwatch.relay.RelayControls;
import dev.stormwatch.relay.RelayMeters;
import dev.stormwatch.retry.AdaptiveSendRate;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.ComparisonRetryAfter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import okhttp3.ConnectionPool;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;

/**
 * Runs one load run and returns its report: starts the target (the embedded relay with the scenario applied,
 * or a URL), the K instances of the asynchronous resilient client with their limiters, the virtual clients, and
 * records both sides per second and per 100 ms around the scenario's focus. Stops by itself at the planned end plus a
 * short drain, or earlier with the reason (unreachable target, Redis lost): the report is then partial, never a hang.
 *
 * <pre>{@code
 * LoadReport report = new LoadEngine(EngineSettings.defaults()).run(options, System.out::println);
 * ReportFiles.write(report, Path.of("out.json"));
 * }</pre>
 */
public final class LoadEngine {

    /** How often progress is reported and the relay's record is read. */
    private static final Duration TICK = Duration.ofSeconds(1);
    /** The 100 ms series covers this much before the scenario's focus... */
    private static final Duration FINE_BEFORE = Duration.ofSeconds(2);
    /** ...and this much in all. */
    private static final Duration FINE_LENGTH = Duration.ofSeconds(6);
    /** How often the drain looks whether anything is still in flight. */
    private static final Duration DRAIN_POLL = Duration.ofMillis(10);
    /** LB18: mixed into the seed for the clients' start times, so that they draw apart from the instances' jitter. */
    private static final long RAMP_SEED = 0x5354_4152_5453L;

    private final EngineSettings settings;
    private final Optional<LimiterMetrics> metrics;
    private final Supplier<RunTime> times;
    private final EmbeddedRelayStart relayStart;
    private final LimiterFleet.Start limiterStart;

    public LoadEngine(EngineSettings settings) {
        this(settings, Optional.empty(), RunTime::real, EmbeddedRelayStart.onSockets());
    }

    /**
     * An engine whose clients, limiters and embedded relay record their meters on {@code metrics} (L8, L10), for a
     * Prometheus endpoint to serve while the run lasts.
     */
    public LoadEngine(EngineSettings settings, LimiterMetrics metrics) {
        this(settings, Optional.of(metrics), RunTime::real, EmbeddedRelayStart.onSockets());
    }

    /**
     * An engine on this run time and embedded relay: the two constructors above take real time and the relay on
     * sockets; a test runs the engine on simulated time with the relay's pipeline in process (decision 0039).
     *
     * @param times makes each run's time (its loop's waits and timers); the settings' clock must read the same time
     */
    LoadEngine(
            EngineSettings settings,
            Optional<LimiterMetrics> metrics,
            Supplier<RunTime> times,
            EmbeddedRelayStart relayStart) {
        this(settings, metrics, times, relayStart, LimiterFleet::build);
    }

    /**
     * As above, with the limiter fleet made by {@code limiterStart}: a run on simulated time cannot ask Redis, which
     * keeps its own time, and gives instances that share Redis one in-memory store instead (LB19).
     */
    LoadEngine(
            EngineSettings settings,
            Optional<LimiterMetrics> metrics,
            Supplier<RunTime> times,
            EmbeddedRelayStart relayStart,
            LimiterFleet.Start limiterStart) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        this.times = Objects.requireNonNull(times, "times");
        this.relayStart = Objects.requireNonNull(relayStart, "relayStart");
        this.limiterStart = Objects.requireNonNull(limiterStart, "limiterStart");
    }

    /**
     * Runs the load and returns what was measured; blocks for about {@code options.duration()}.
     *
     * @param progress told a progress line about once a second (never a secret, RC6)
     */
    public LoadReport run(LoadOptions options, Consumer<String> progress) {
        return run(options, progress, LiveSeriesListener.NONE);
    }

    /**
     * Like {@link #run(LoadOptions, Consumer)}, and tells {@code live} once a second what both sides recorded so
     * far, for a window that draws the run while it happens.
     */
    public LoadReport run(LoadOptions options, Consumer<String> progress, LiveSeriesListener live) {
        long seed = options.seed().orElse(settings.clock().millis());
        Scenario scenario = options.scenario();
        List<String> notes = new ArrayList<>(initialNotes(options));
        StopSignal stop = new StopSignal();
        RunResources resources = new RunResources(times.get());
        // Ctrl-C mid-run: the embedded Redis is a child process and must not outlive the run.
        Thread cleanup = new Thread(resources::close, "load-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            Optional<String> cannotStart = start(options, seed, stop, resources, notes);
            if (cannotStart.isPresent()) {
                stop.stop(cannotStart.get());
            } else {
                drive(
                        options,
                        seed,
                        resources.recorders.client(),
                        stop,
                        resources,
                        progress,
                        notes,
                        elapsed -> live.onTick(
                                elapsed,
                                resources.recorders.client().perSecond(),
                                resources.providerRecord == null
                                        ? Optional.empty()
                                        : Optional.of(
                                                resources.recorders.provider().perSecond())));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop.stop("interrupted");
        } finally {
            resources.close();
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException e) {
                // The JVM is already shutting down; the hook has closed everything.
            }
        }
        // A run that could not start still reports, with empty series from the moment it gave up.
        Recorders recorders = resources.recorders != null ? resources.recorders : recordersFromNow(options);
        RunOutcome outcome =
                stop.reason().<RunOutcome>map(RunOutcome.Partial::new).orElse(new RunOutcome.Completed());
        List<dev.stormwatch.base.Secret> sessionTokens =
                resources.session == null ? List.of() : resources.session.handedOut();
        Optional<RedisDegradation> degraded =
                resources.fleet == null ? Optional.empty() : resources.fleet.degradation();
        return report(
                options,
                scenario,
                seed,
                outcome,
                notes,
                recorders,
                resources.providerRecord != null,
                sessionTokens,
                degraded);
    }

    /** The client's and the provider's recorders; second 0 is the moment the virtual clients start. */
    private record Recorders(
            Instant start, Instant fineStart, TwoResolutionRecorder client, TwoResolutionRecorder provider) {}

    private Recorders recordersFromNow(LoadOptions options) {
        Instant start = settings.clock().instant();
        Duration recorded = options.duration().plus(settings.drain()).plus(TICK);
        Duration focus = options.scenario().focus().orElse(Duration.ZERO);
        Instant fineStart = start.plus(focus.compareTo(FINE_BEFORE) > 0 ? focus.minus(FINE_BEFORE) : Duration.ZERO);
        return new Recorders(
                start,
                fineStart,
                new TwoResolutionRecorder(settings.clock(), start, recorded, fineStart, FINE_LENGTH),
                new TwoResolutionRecorder(settings.clock(), start, recorded, fineStart, FINE_LENGTH));
    }

    /**
     * Starts a run's parts from four plans, in this order: the credential (a session's token is fetched before
     * anything starts), the limiter fleet, the target (the embedded relay or a URL) with the transport, and the client
     * fleet; returns why the run cannot start, if so.
     */
    private Optional<String> start(
            LoadOptions options, long seed, StopSignal stop, RunResources resources, List<String> notes) {
        Optional<RelayPlan> relayPlan = options.target() instanceof Target.Embedded
                ? Optional.of(RelayPlan.of(
                        options.scenario(), settings.relayQuota(), options.clients(), options.relayDialect()))
                : Optional.empty();
        Optional<String> noCredential = startCredential(options, relayPlan.isPresent(), resources, notes);
        if (noCredential.isPresent()) {
            return noCredential;
        }
        // LB19: each instance stands for a process with its own pool, so K processes hold K pools' connections.
        int connections = (int) Math.min(options.clients(), (long) settings.maxConnections() * options.instances());
        Optional<String> noLimiter = startLimiterFleet(options, relayPlan, connections, stop, resources, notes);
        if (noLimiter.isPresent()) {
            return noLimiter;
        }
        TargetPlan target;
        try {
            target = startTarget(options, relayPlan, connections, resources, notes);
        } catch (IOException e) {
            return Optional.of("the embedded relay could not start: " + e.getMessage());
        }
        startTransport(target.url(), connections, resources, notes);
        resources.recorders = recordersFromNow(options);
        if (resources.relay != null) {
            resources.providerRecord = new ProviderRecord(resources.relay.log(), resources.recorders.provider());
        }
        startClientFleet(options, seed, target, stop, resources);
        return Optional.empty();
    }

    /** Where a run sends, and with which credential. */
    private record TargetPlan(HttpUrl url, Optional<CredentialSource> credential) {}

    /**
     * The credential plan: an OAuth session's token is asked for once before anything starts (RC6, A2), unless the
     * target is the embedded relay, which trusts only its demo key; why there is none, if so.
     */
    private static Optional<String> startCredential(
            LoadOptions options, boolean embeddedRelay, RunResources resources, List<String> notes) {
        if (!(options.credential() instanceof dev.stormwatch.load.options.TargetCredential.OAuthSessionToken session)) {
            return Optional.empty();
        }
        if (embeddedRelay) {
            // The embedded relay trusts its demo key, not the session's issuer.
            notes.add("the embedded relay is called with its demo key; the OAuth session's token is sent only to"
                    + " a --target URL");
            return Optional.empty();
        }
        resources.session = new SessionBearer(session.tokens());
        // Fetched before the run: without a token, nothing is sent at all.
        return tokenBeforeTheRun(resources.session);
    }

    /** The limiter fleet plan: K limiters on the run's limit (L6, L9); why they cannot start, if so. */
    private Optional<String> startLimiterFleet(
            LoadOptions options,
            Optional<RelayPlan> relayPlan,
            int connections,
            StopSignal stop,
            RunResources resources,
            List<String> notes) {
        Optional<Quota> relayQuota = relayPlan.flatMap(p -> p.config().quota());
        LimitSpec spec = LimitChoice.of(settings.limit(), relayQuota, options.rate());
        try {
            // Decisions come from the workers, the timer and the thread that starts the run (VirtualClients).
            resources.fleet = limiterStart.build(
                    options.limiter(),
                    options.redis(),
                    options.redisFailureHandling(),
                    options.instances(),
                    spec,
                    settings.clock(),
                    connections + 2,
                    metrics.orElse(LimiterMetrics.inMemory()),
                    stop::stop);
        } catch (LimiterException e) {
            return Optional.of("the limiter could not start: " + e.getMessage());
        }
        notes.add(resources.fleet.describe());
        return Optional.empty();
    }

    /**
     * The target plan: the embedded relay with the scenario applied (started here), or the URL given, and the
     * credential each is called with.
     *
     * @throws IOException when the embedded relay cannot start
     */
    private TargetPlan startTarget(
            LoadOptions options,
            Optional<RelayPlan> relayPlan,
            int connections,
            RunResources resources,
            List<String> notes)
            throws IOException {
        if (relayPlan.isPresent()) {
            EmbeddedRelayStart.Started started =
                    relayStart.start(relayPlan.get().config(), connections);
            resources.relay = started.relay();
            resources.sending = started.transport().orElse(null);
            metrics.ifPresent(m -> RelayMeters.bind(m.registry(), resources.relay.log()));
            resources.actions = relayPlan.get().actions();
            // LB13: "embedded" is a relay of the run's own, with the scenario's quota and faults: say which.
            notes.add("embedded relay of this run at " + resources.relay.baseUrl()
                    + " (its own, not the Provider & relay tab's)");
            relayPlan
                    .get()
                    .config()
                    .quota()
                    .ifPresent(q -> notes.add(
                            q.shape() == Quota.Shape.LEAKY_BUCKET
                                    ? "relay quota: nginx's limit_req at " + q.requests() + " requests per "
                                            + q.window().toMillis() + " ms, no burst, 429 with Retry-After: 2 (LB9)"
                                    : "relay quota: " + q.requests() + " requests per "
                                            + q.window().toMillis()
                                            + " ms per principal, in the "
                                            + options.relayDialect().name().toLowerCase(java.util.Locale.ROOT)
                                            + " dialect"));
            return new TargetPlan(
                    HttpUrl.get(resources.relay.baseUrl().resolve(RelayPlan.ENDPOINT)),
                    Optional.of(CredentialSource.of(Credential.bearer(RelayConfig.DEMO_KEY))));
        }
        URI base = ((Target.Remote) options.target()).baseUrl();
        String text = base.toString().endsWith("/") ? base.toString() : base + "/";
        HttpUrl url = HttpUrl.get(URI.create(text).resolve("models"));
        if (options.credential() instanceof dev.stormwatch.load.options.TargetCredential.ApiKey key) {
            return new TargetPlan(
                    url,
                    Optional.of(CredentialSource.of(Credential.bearer(key.key().reveal()))));
        }
        if (resources.session != null) {
            return new TargetPlan(
                    url, Optional.of(resources.session)); // RC6, A2: the session's current token, per attempt
        }
        return new TargetPlan(url, Optional.empty());
    }

    /** The shared OkHttp client, the worker threads and the event-loop transport that carry the run's attempts. */
    private void startTransport(HttpUrl url, int connections, RunResources resources, List<String> notes) {
        resources.http = sharedHttpClient(connections);
        resources.workers = workers(connections);
        if (resources.sending != null) {
            // The relay's own transport (a test's relay without sockets, decision 0039).
            notes.add("sent to the embedded relay in process, without sockets, over at most " + connections
                    + " connection(s)");
            return;
        }
        // A Redis limiter's round trip and a token refresh block; with neither, the retry engine decides on the
        // event loop itself, and no thread is woken per response.
        boolean mayBlock = resources.fleet.usesRedis() || resources.session != null;
        resources.transport = EventLoopTransport.start(
                resources.http,
                resources.workers,
                mayBlock ? EventLoopTransport.Delivery.ON_WORKERS : EventLoopTransport.Delivery.ON_LOOP,
                connections,
                settings.clock());
        notes.add(
                resources.transport.carries(url)
                        ? "sent on one event loop over at most " + connections + " connection(s)"
                                + (mayBlock
                                        ? "; decisions on " + connections + " worker threads, since "
                                                + (resources.session != null
                                                        ? "a token refresh"
                                                        : "each Redis decision")
                                                + " blocks"
                                        : "")
                        : "sent as OkHttp blocking calls on " + connections
                                + " worker threads (https or a remote host)");
        resources.sending = resources.transport;
    }

    /**
     * The client fleet plan: K instances of the asynchronous resilient client, each with its limiter (one principal
     * for the run, L2), its random source and its pacing, and the virtual clients over them.
     */
    private void startClientFleet(
            LoadOptions options, long seed, TargetPlan target, StopSignal stop, RunResources resources) {
        TwoResolutionRecorder client = resources.recorders.client();
        List<ResilientClient> instances = new ArrayList<>();
        ResponseWatch watch = new ResponseWatch();
        resources.watch = watch;
        boolean limited = options.limiter() != LimiterChoice.OFF;
        // L2: one principal for the whole run, so that K instances on one Redis share one key.
        String principal = "load-" + Long.toHexString(seed);
        AttemptCounting counting = new AttemptCounting(client, limited, watch);
        // The run records its own series; unless asked for (L10), the client's L8 meters would only cost a registry
        // lookup per attempt.
        LimiterMetrics clientMeters = metrics.orElseGet(() -> {
            LimiterMetrics unrecorded = LimiterMetrics.on(new SimpleMeterRegistry());
            unrecorded.registry().config().meterFilter(MeterFilter.deny());
            return unrecorded;
        });
        // The event loop runs none of OkHttp's interceptors, so the upstream latency is timed around it (L8).
        boolean untimed = resources.transport == null || resources.transport.carries(target.url());
        AttemptTransport transport = metrics.isPresent() && untimed
                ? AttemptTransport.timed(resources.sending, clientMeters)
                : resources.sending;
        for (int i = 0; i < options.instances(); i++) {
            SplittableRandom random = new SplittableRandom(seed + i);
            ResilientClient.Builder builder = ResilientClient.builder(resources.http)
                    .policy(settings.policy())
                    .clock(settings.clock())
                    .scheduler(resources.time.retryScheduler())
                    .random(() -> {
                        synchronized (random) {
                            return random.nextDouble();
                        }
                    })
                    .retryQuota(settings.retryQuota().get())
                    .metrics(clientMeters)
                    .listener(counting.andThen(settings.observer()));
            builder.transport(transport);
            if (options.adaptive()) {
                // RH11: one bucket per instance, shared by its virtual clients, as one SDK client shares one.
                builder.adaptiveSendRate(new AdaptiveSendRate(settings.clock()));
            }
            if (options.jitter() != BackoffStrategy.FULL) {
                // A run that compares strategies (B4's exception); B4 holds for every other client (an architecture
                // rule).
                builder.backoffForComparison(options.jitter().inClients());
            }
            if (options.articleRetryAfterCap()) {
                // LB15: the article's client (RA8), for comparison only; RA3-RA4 hold for every other client.
                builder.retryAfterForComparison(ComparisonRetryAfter.ARTICLE_CAP);
            }
            target.credential().ifPresent(builder::credential);
            resources.fleet.limiterOf(i).ifPresent(limiter -> builder.limiter(limiter, principal));
            instances.add(builder.build());
        }
        Request request = new Request.Builder().url(target.url()).get().build();
        resources.clients = new VirtualClients(
                instances,
                request,
                CallOptions.model(settings.model()),
                client,
                resources.time.timer(),
                stop,
                watch,
                options.target().describe());
    }

    private void drive(
            LoadOptions options,
            long seed,
            TwoResolutionRecorder client,
            StopSignal stop,
            RunResources resources,
            Consumer<String> progress,
            List<String> notes,
            Consumer<Duration> tick)
            throws InterruptedException {
        RunTime time = resources.time;
        long startNanos = time.nanoTime();
        for (RelayPlan.TimedAction action : resources.actions) {
            RelayControls relay = resources.relay;
            time.timer()
                    .schedule(
                            Duration.ofMillis(action.at().toMillis()),
                            () -> action.action().accept(relay));
        }
        if (options.rate().isPresent()) {
            resources.clients.startOpenLoop(options.rate().getAsDouble(), options.clients());
        } else {
            // LB18: the scenario's ramp staggers the clients' starts, on a random source of its own from the seed.
            SplittableRandom starts = new SplittableRandom(seed ^ RAMP_SEED);
            resources.clients.startClosedLoop(
                    options.clients(), options.thinkTime(), options.scenario().ramp(), starts::nextDouble);
        }
        long plannedNanos = options.duration().toNanos();
        while (!stop.isStopped()) {
            long left = plannedNanos - (time.nanoTime() - startNanos);
            if (left <= 0) {
                break;
            }
            time.await(stop, Duration.ofMillis(Math.min(TICK.toMillis(), Math.max(1, left / 1_000_000))));
            resources.drainProvider();
            Duration elapsed = Duration.ofNanos(time.nanoTime() - startNanos);
            progress.accept(ProgressLine.render(elapsed, options.duration(), client.perSecond())
                    + (options.jitter() == BackoffStrategy.FULL
                            ? ""
                            : " | jitter " + options.jitter().cliName() + ": comparison only (B4)"));
            tick.accept(elapsed);
        }
        resources.clients.stopSending();
        // B2: what is in flight may finish, but only for a short while: a run never outlives its drain.
        long drainUntil = time.nanoTime() + settings.drain().toNanos();
        while (resources.clients.inFlight() > 0 && time.nanoTime() < drainUntil) {
            time.sleep(DRAIN_POLL);
        }
        int cancelled = resources.clients.cancelAll();
        if (cancelled > 0) {
            notes.add(cancelled + " request(s) still in flight "
                    + settings.drain().toMillis() + " ms after the end were cancelled");
        }
        if (resources.watch.unauthorized() > 0) {
            // ST3: a refused credential is not retried; it is counted with the other statuses and said in words.
            notes.add(resources.watch.unauthorized() + " attempt(s) were answered 401 Unauthorized (counted in "
                    + "status_other, not retried): the target refused the credential; check the API key, or sign in"
                    + " again for a new session");
        }
        if (resources.session != null && resources.session.handedOut().size() > 1) {
            notes.add("the OAuth session's token changed "
                    + (resources.session.handedOut().size() - 1)
                    + " time(s) during the run (refreshed by the OAuth client); each attempt sent the current one");
        }
        if (resources.clients.skipped() > 0) {
            // CO2: arrivals wait for a free client; these never got one (the line was full, or the run ended first).
            notes.add(resources.clients.skipped() + " arrival(s) were never sent: they waited for one of the "
                    + options.clients() + " busy virtual clients until the run stopped sending, or found "
                    + VirtualClients.MAX_WAITING + " arrivals already waiting");
        }
        pacedWaits(client.perSecond(), options.adaptive()).ifPresent(notes::add);
    }

    /** RH11, RH13: what pacing did, in words: how many attempts waited before sending, and for how long. */
    static Optional<String> pacedWaits(dev.stormwatch.load.series.TimeSeries perSecond, boolean adaptive) {
        long waits = perSecond.total(dev.stormwatch.load.series.Counter.PACED_WAITS);
        if (waits == 0) {
            return Optional.empty();
        }
        long millis = perSecond.total(dev.stormwatch.load.series.Counter.PACED_WAIT_MS);
        return Optional.of(String.format(
                Locale.ROOT,
                "paced: %d wait(s) before sending, %.1f s in all (%.0f ms on average), for %s",
                waits,
                millis / 1000.0,
                (double) millis / waits,
                adaptive
                        ? "a used-up quota's reset (RH13) or the adaptive send rate (RH11)"
                        : "a used-up quota's reset (RH13)"));
    }

    /** The session's token, asked for once before anything starts; why there is none, if so (RC6: never the token). */
    private static Optional<String> tokenBeforeTheRun(SessionBearer session) {
        try {
            session.current();
            return Optional.empty();
        } catch (SessionTokenSource.Unavailable e) {
            return Optional.of("the OAuth session's token could not be had, so nothing was sent: " + e.getMessage());
        } catch (CallFailure.Configuration e) {
            return Optional.of("the OAuth session's token cannot be sent, so nothing was sent: " + e.getMessage());
        }
    }

    private List<String> initialNotes(LoadOptions options) {
        List<String> notes = new ArrayList<>();
        // B4: whoever reads the figures of a run without full jitter learns that no real client behaves so.
        options.jitterNote().ifPresent(notes::add);
        // LB15: likewise for a run whose clients cap Retry-After as the article's client does.
        options.retryAfterCapNote().ifPresent(notes::add);
        if (options.sendsCredentialsInTheClear()) {
            notes.add("the credential was sent over plain http off this machine (--allow-insecure-credentials)");
        }
        if (!options.target().isLoopback()) {
            notes.add(String.format(
                    Locale.ROOT,
                    "non-loopback target: rate capped at %.1f requests/s",
                    options.rate().orElse(0)));
        }
        return notes;
    }

    /**
     * The worker threads of a run: they take the retry engine's decisions when the clients may block (a Redis
     * limiter, a token refresh), and carry the attempts the event loop leaves to OkHttp (https, remote hosts) as
     * blocking calls, as many at once as there are threads.
     */
    private static ExecutorService workers(int connections) {
        AtomicInteger threadNumber = new AtomicInteger();
        return new ThreadPoolExecutor(
                connections, connections, 1, TimeUnit.MINUTES, new LinkedBlockingQueue<>(), runnable -> {
                    Thread thread = new Thread(runnable, "stormwatch-load-http-" + threadNumber.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
    }

    private static OkHttpClient sharedHttpClient(int connections) {
        return new OkHttpClient.Builder()
                .connectionPool(new ConnectionPool(connections, 1, TimeUnit.MINUTES))
                // The clients' own timeouts (RC3), which the event-loop transport reads from this client too.
                .connectTimeout(ClientTimeouts.DEFAULT.connect())
                .readTimeout(ClientTimeouts.DEFAULT.read())
                // Every retry is the retry engine's, so that the counts say what the clients did.
                .retryOnConnectionFailure(false)
                .build();
    }

    private LoadReport report(
            LoadOptions options,
            Scenario scenario,
            long seed,
            RunOutcome outcome,
            List<String> notes,
            Recorders recorders,
            boolean providerRecorded,
            List<dev.stormwatch.base.Secret> sessionTokens,
            Optional<RedisDegradation> degraded) {
        TimeSeries clientSeconds = recorders.client().perSecond();
        Optional<TimeSeries> providerFine =
                providerRecorded ? Optional.of(recorders.provider().perTenthSecond()) : Optional.empty();
        Map<String, Figure> figures =
                new LinkedHashMap<>(StandardFigures.of(scenario, recorders.start(), clientSeconds, providerFine));
        // CO2: service time and, in an open loop, response time from the intended start, side by side.
        figures.putAll(StandardFigures.latencies(
                recorders.client().overallLatency(),
                options.rate().isPresent() ? Optional.of(recorders.client().overallResponseTime()) : Optional.empty()));
        // RB3: how many decisions Redis did not take, and when.
        degraded.ifPresent(d -> d.addFigures(figures));
        degraded.flatMap(d -> d.note(recorders.start())).ifPresent(notes::add);
        // LB4: the run's story in one sentence, first among the notes.
        notes.add(
                0,
                dev.stormwatch.load.report.RunVerdict.PREFIX
                        + dev.stormwatch.load.report.RunVerdict.of(
                                scenario,
                                options.jitter(),
                                recorders.start(),
                                clientSeconds,
                                Optional.of(recorders.client().perTenthSecond()),
                                figures));
        List<NamedSeries> series = new ArrayList<>();
        series.add(new NamedSeries("client per second", clientSeconds));
        String around = "per 100 ms, from t = "
                + Duration.between(recorders.start(), recorders.fineStart()).toSeconds() + " s";
        if (providerRecorded) {
            series.add(
                    new NamedSeries("provider per second", recorders.provider().perSecond()));
        }
        series.add(new NamedSeries("client " + around, recorders.client().perTenthSecond()));
        providerFine.ifPresent(fine -> series.add(new NamedSeries("provider " + around, fine)));
        LoadReport report = new LoadReport(
                scenario.title(),
                options.describe() + "; " + settings.describe(),
                recorders.start(),
                options.duration(),
                outcome,
                options.seed().isPresent() ? seed : null,
                notes,
                figures,
                series);
        // RC6: the session's tokens are redacted by value too, whatever text they might have slipped into.
        return report.redacted(Redactor.forOptions(options).alsoKnowing(sessionTokens));
    }

    /** What a run starts and must stop, whatever happens. */
    private static final class RunResources implements AutoCloseable {
        final RunTime time;
        Recorders recorders;
        RelayControls relay;
        ProviderRecord providerRecord;
        SessionBearer session;
        ResponseWatch watch;
        List<RelayPlan.TimedAction> actions = List.of();
        LimiterFleet fleet;
        OkHttpClient http;
        ExecutorService workers;
        EventLoopTransport transport;
        /** What carries the attempts: the event loop, or the embedded relay's own transport. */
        AttemptTransport sending;

        VirtualClients clients;

        RunResources(RunTime time) {
            this.time = time;
        }

        synchronized void drainProvider() {
            if (providerRecord != null) {
                providerRecord.drain();
            }
        }

        private boolean closed;

        @Override
        public synchronized void close() {
            if (closed) {
                return;
            }
            closed = true;
            if (clients != null) {
                clients.stopSending();
                clients.cancelAll();
            }
            time.close();
            drainProvider();
            if (transport != null) {
                transport.close(); // fails what is still unanswered, before the workers that deliver it stop
            }
            if (http != null) {
                http.dispatcher().cancelAll();
                http.connectionPool().evictAll();
            }
            if (workers != null) {
                workers.shutdown();
            }
            if (fleet != null) {
                fleet.close();
            }
            if (relay != null) {
                relay.close();
            }
        }
    }
}
