package dev.stormwatch.relay;

import dev.stormwatch.server.FaultAdmin;
import dev.stormwatch.server.FaultPlan;
import dev.stormwatch.server.Handler;
import dev.stormwatch.server.LoopbackServer;
import dev.stormwatch.server.Response;
import dev.stormwatch.server.ServerOptions;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The embedded relay: a simulated OpenAI-compatible model API on 127.0.0.1 with quotas, capacity, latency, a scenario
 * timeline and faults, which records every request it receives.
 *
 * <pre>{@code
 * try (Relay relay = Relay.start(RelayConfig.defaults().withQuota(new Quota(60, Duration.ofMinutes(1))))) {
 *     URI api = relay.baseUrl().resolve("/v1/");       // Authorization: Bearer sk-demo
 *     relay.faults().inject("/v1/chat/completions", new Fault.ServerError(502), 3);
 *     List<RequestRecord> seen = relay.log().all();
 * }
 * }</pre>
 */
public final class Relay implements RelayControls {

    /** Admin path: GET the request record ({@code ?since=SEQ}). */
    public static final String REQUESTS_PATH = "/admin/requests";

    /** Admin path: POST resets every open connection now. */
    public static final String HICCUP_PATH = "/admin/hiccup";

    private static final Duration ADMIN_HICCUP_DELAY = Duration.ofMillis(50);

    private final LoopbackServer server;
    private final FaultPlan faults;
    private final RequestLog log;
    private final AtomicLong hiccups;
    private final ScheduledExecutorService timer;
    private final ModelApi api;

    private Relay(
            LoopbackServer server,
            FaultPlan faults,
            RequestLog log,
            AtomicLong hiccups,
            ScheduledExecutorService timer,
            ModelApi api) {
        this.server = server;
        this.faults = faults;
        this.log = log;
        this.hiccups = hiccups;
        this.timer = timer;
        this.api = api;
    }

    /**
     * Starts the relay on {@code config.port()} (0: a free port); its timeline starts now.
     *
     * @throws IOException when the port cannot be bound
     */
    public static Relay start(RelayConfig config) throws IOException {
        Instant startedAt = config.clock().instant();
        FaultPlan faults = new FaultPlan();
        RequestLog log = new RequestLog(config.recordCapacity());
        AtomicLong hiccups = new AtomicLong();
        ModelApi[] api = new ModelApi[1];
        Relay[] self = new Relay[1];
        ServerOptions options = ServerOptions.defaults()
                .withPort(config.port())
                .withClock(config.clock())
                .withSleeper(config.sleeper());
        LoopbackServer server = LoopbackServer.start("relay", options, baseUri -> {
            // The API needs its own address: DPoP proofs name the URL they were made for (RFC 9449 §4.3).
            api[0] = new ModelApi(config, baseUri, startedAt, log, faults, hiccups);
            Map<String, Handler> routes = new LinkedHashMap<>();
            routes.put(ModelApi.MODELS, request -> api[0].handle(ModelApi.MODELS, request));
            routes.put(ModelApi.CHAT, request -> api[0].handle(ModelApi.CHAT, request));
            routes.put(FaultAdmin.PATH, new FaultAdmin(faults));
            routes.put(REQUESTS_PATH, new RequestAdmin(log));
            routes.put(HICCUP_PATH, request -> {
                if (!request.method().equals("POST")) {
                    return Response.json(405, Map.of("error", "invalid_request", "error_description", "use POST"));
                }
                // Later, not now: resetting now would also reset this very request before it is answered.
                self[0].timer.schedule(self[0]::hiccupNow, ADMIN_HICCUP_DELAY.toMillis(), TimeUnit.MILLISECONDS);
                return Response.json(202, Map.of("hiccup_in_ms", ADMIN_HICCUP_DELAY.toMillis()));
            });
            return routes;
        });
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "relay-timeline");
            thread.setDaemon(true);
            return thread;
        });
        Relay relay = new Relay(server, faults, log, hiccups, timer, api[0]);
        self[0] = relay;
        List<Duration> planned = new Timeline(config.disruptions()).hiccupsAfter(Duration.ZERO);
        for (Duration at : planned) {
            timer.schedule(relay::hiccupNow, at.toMillis(), TimeUnit.MILLISECONDS);
        }
        return relay;
    }

    /** {@code http://127.0.0.1:PORT}; the API is under {@code /v1/}. */
    @Override
    public URI baseUrl() {
        return server.baseUri();
    }

    public int port() {
        return server.port();
    }

    /** The faults planned per endpoint path ({@code /v1/models}, {@code /v1/chat/completions}). */
    @Override
    public FaultPlan faults() {
        return faults;
    }

    /** Every request received, with its outcome. */
    @Override
    public RequestLog log() {
        return log;
    }

    /** How many requests the simulated model is serving now. */
    public int inFlight() {
        return api.inFlight();
    }

    /** Connections the relay holds open now, idle keep-alive ones included. */
    public int openConnections() {
        return server.openConnections();
    }

    /**
     * A network hiccup now: every open connection (busy or idle) is reset, and requests being served end without an
     * answer. Returns how many connections were reset.
     */
    @Override
    public int hiccupNow() {
        hiccups.incrementAndGet();
        return server.resetOpenConnections();
    }

    /**
     * From the next request on, meters this quota (empty: none) and says what is left in this dialect (spec RH5–RH8),
     * for the app's Provider & relay area; the counts start afresh.
     */
    public void useRateLimits(java.util.Optional<Quota> quota, RateLimitDialect dialect) {
        api.useRateLimits(
                java.util.Objects.requireNonNull(quota, "quota"), java.util.Objects.requireNonNull(dialect, "dialect"));
    }

    @Override
    public void close() {
        timer.shutdownNow();
        server.close();
    }
}
