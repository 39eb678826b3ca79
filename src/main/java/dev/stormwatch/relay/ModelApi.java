package dev.stormwatch.relay;

import dev.stormwatch.server.Delivery;
import dev.stormwatch.server.DpopVerifier;
import dev.stormwatch.server.Fault;
import dev.stormwatch.server.FaultPlan;
import dev.stormwatch.server.FaultResponder;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The relay's request pipeline, a ladder in the order a real gateway meets them: injected fault, credentials (401),
 * outage (503), quota (429 with Retry-After), capacity (503), brown-out (5xx), latency, then the model's answer.
 * Every request leaves one {@link RequestRecord}.
 */
final class ModelApi {

    static final String MODELS = "/v1/models";
    static final String CHAT = "/v1/chat/completions";

    private static final int[] BROWN_OUT_STATUSES = {500, 502, 503};

    private final RelayConfig config;
    private final Authenticator authenticator;
    /** The quota and the dialect it speaks, replaced together while the relay runs ({@link Relay#useRateLimits}). */
    private record RateLimits(Optional<QuotaWindows> quota, Optional<LeakyBucket> leaky, RateLimitDialect dialect) {

        /** A quota in fixed windows speaks the dialect; nginx's leaky bucket (LB9) answers as nginx does. */
        static RateLimits of(Optional<Quota> quota, RateLimitDialect dialect, java.time.Clock clock) {
            Optional<Quota> leaky = quota.filter(q -> q.shape() == Quota.Shape.LEAKY_BUCKET);
            Optional<Quota> windows = quota.filter(q -> q.shape() == Quota.Shape.FIXED_WINDOW);
            return new RateLimits(
                    windows.map(q -> new QuotaWindows(q, clock)), leaky.map(q -> new LeakyBucket(q, clock)), dialect);
        }
    }

    private volatile RateLimits rateLimits;
    private final CapacityGate gate;
    private final Timeline timeline;
    private final Instant startedAt;
    private final RequestLog log;
    private final FaultPlan faults;
    private final FaultResponder responder;
    private final ChatCompletions model;
    private final Random random;
    private final AtomicLong hiccups;

    ModelApi(RelayConfig config, URI baseUri, Instant startedAt, RequestLog log, FaultPlan faults, AtomicLong hiccups) {
        this.config = config;
        this.authenticator = new Authenticator(config.apiKeys(), config.trustedIssuer(), config.clock(), baseUri);
        this.rateLimits = RateLimits.of(config.quota(), config.dialect(), config.clock());
        this.gate = new CapacityGate(config.capacity(), config.collapse(), config.clock());
        this.timeline = new Timeline(config.disruptions());
        this.startedAt = startedAt;
        this.log = log;
        this.faults = faults;
        this.responder = new FaultResponder(config.clock(), config.sleeper());
        this.model = new ChatCompletions(startedAt);
        this.random = new Random(config.seed());
        this.hiccups = hiccups;
    }

    private record Served(Response response, RelayOutcome outcome, String principal) {}

    Response handle(String endpoint, Request request) {
        Instant start = config.clock().instant();
        Optional<Fault> fault = faults.take(endpoint);
        if (fault.isPresent()) {
            Response response = responder.apply(
                    fault.get(), request, r -> serve(endpoint, r).response());
            record(start, "-", endpoint, RelayOutcome.FAULT, response);
            return response;
        }
        Served served = serve(endpoint, request);
        record(start, served.principal(), endpoint, served.outcome(), served.response());
        return served.response();
    }

    private Served serve(String endpoint, Request request) {
        String method = endpoint.equals(MODELS) ? "GET" : "POST";
        if (!request.method().equals(method)) {
            return new Served(
                    ApiError.response(405, "invalid_request_error", "method_not_allowed", "use " + method)
                            .withHeader("Allow", method),
                    RelayOutcome.BAD_REQUEST,
                    "-");
        }
        Optional<String> principal = authenticator.principal(request);
        if (principal.isEmpty()) {
            return new Served(
                    ApiError.response(
                                    401,
                                    "invalid_request_error",
                                    "invalid_api_key",
                                    "send 'Authorization: Bearer <API key or access token>' (or DPoP with a proof)")
                            .withHeader("WWW-Authenticate", "Bearer realm=\"stormwatch-relay\"")
                            .withHeader(
                                    "WWW-Authenticate",
                                    "DPoP algs=\"" + String.join(" ", DpopVerifier.ALGORITHMS) + "\""),
                    RelayOutcome.UNAUTHORIZED,
                    "-");
        }
        String who = principal.get();
        Duration elapsed = Duration.between(startedAt, config.clock().instant());
        Optional<Disruption> active = timeline.activeAt(elapsed);
        if (active.isPresent() && active.get() instanceof Disruption.Outage outage) {
            return new Served(
                    ApiError.response(outage.status(), "server_error", "outage", "the model API is down"),
                    RelayOutcome.OUTAGE,
                    who);
        }
        RateLimits limits = rateLimits;
        if (limits.leaky().isPresent() && !limits.leaky().get().admit(who)) {
            return new Served(LeakyBucket.refused(), RelayOutcome.QUOTA_EXCEEDED, who); // LB9
        }
        Optional<QuotaWindows> quota = limits.quota();
        if (quota.isPresent()) {
            Optional<Duration> wait = quota.get().admit(who);
            if (wait.isPresent()) {
                return new Served(quotaExceeded(limits, who, wait.get()), RelayOutcome.QUOTA_EXCEEDED, who);
            }
        }
        if (!gate.tryEnter()) {
            return new Served(
                    ApiError.response(503, "server_error", "overloaded", "the model is overloaded; try again later"),
                    RelayOutcome.OVERLOADED,
                    who);
        }
        try {
            if (active.isPresent()
                    && active.get() instanceof Disruption.BrownOut brownOut
                    && random.nextDouble() < brownOut.share()) {
                int status = BROWN_OUT_STATUSES[random.nextInt(BROWN_OUT_STATUSES.length)];
                return new Served(
                        ApiError.response(status, "server_error", "brown_out", "upstream error"),
                        RelayOutcome.BROWN_OUT,
                        who);
            }
            long hiccupsBefore = hiccups.get();
            Duration latency = config.latency().sample(random);
            if (!latency.isZero()) {
                config.sleeper().sleepUnlessInterrupted(Duration.ofNanos((long) (latency.toNanos() * gate.slowdown())));
            }
            if (hiccups.get() != hiccupsBefore) {
                // A hiccup struck while the model was "thinking": the connection is gone.
                return new Served(Response.reset(), RelayOutcome.RESET, who);
            }
            Response answer = endpoint.equals(MODELS)
                    ? model.models()
                    : model.complete(request, log.nextSequence(), config.clock().instant());
            if (quota.isPresent()) {
                answer = limits.dialect()
                        .admitted(
                                answer, quotaState(quota.get(), who, quota.get().resetAt()));
            }
            return new Served(answer, answer.status() == 200 ? RelayOutcome.OK : RelayOutcome.BAD_REQUEST, who);
        } finally {
            gate.exit();
        }
    }

    /** A new quota (empty: none) and the dialect its headers speak, from the next request on; counts start afresh. */
    void useRateLimits(Optional<Quota> quota, RateLimitDialect dialect) {
        rateLimits = RateLimits.of(quota, dialect, config.clock());
    }

    private Response quotaExceeded(RateLimits limits, String principal, Duration wait) {
        Optional<QuotaWindows> quota = limits.quota();
        Quota q = quota.get().quota();
        Response refused = ApiError.response(
                429,
                "requests",
                "rate_limit_exceeded",
                "quota of " + q.requests() + " requests per " + q.window().toSeconds() + " s reached");
        return limits.dialect()
                .refused(
                        refused,
                        quotaState(
                                quota.get(), principal, config.clock().instant().plus(wait)));
    }

    private RateLimitDialect.QuotaState quotaState(QuotaWindows windows, String principal, Instant resetAt) {
        Quota q = windows.quota();
        return new RateLimitDialect.QuotaState(
                q.requests(),
                windows.remaining(principal),
                q.window(),
                config.clock().instant(),
                resetAt);
    }

    private void record(Instant start, String principal, String endpoint, RelayOutcome outcome, Response response) {
        int status = response.delivery() instanceof Delivery.Reset ? 0 : response.status();
        log.append(
                start,
                principal,
                endpoint,
                outcome,
                status,
                Duration.between(start, config.clock().instant()));
    }

    int inFlight() {
        return gate.inFlight();
    }
}
