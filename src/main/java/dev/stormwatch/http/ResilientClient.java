package dev.stormwatch.http;

import dev.stormwatch.base.Sleeper;
import dev.stormwatch.limit.LimitKey;
import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.limit.RateLimiter;
import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.ComparisonRetryAfter;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.OriginPauses;
import dev.stormwatch.retry.PolicyPreset;
import dev.stormwatch.retry.RetryPolicy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.slf4j.LoggerFactory;

/**
 * The client for model providers and relay gateways (spec RC1–RC8): OkHttp under the retry engine's
 * decisions, retrying only idempotent requests, with per-attempt timeouts, interactive or batch policies, deadline
 * propagation, redacted logs, an optional rate limiter in front and an optional shared retry quota. Blocking calls
 * go through {@link RetryingExecutor}, asynchronous ones through {@link AsyncRetryingExecutor}; both ask the same
 * {@link dev.stormwatch.retry.RetryDecision}. Thread-safe; build one per provider and share it.
 */
public final class ResilientClient {

    private final RetryPolicy policy;
    private final ClientTimeouts timeouts;
    private final Clock clock;
    private final Optional<RateLimiter> limiter;
    private final String principal;
    private final Optional<CredentialSource> credential;
    private final RetryQuota retryQuota;
    private final AttemptListener listener;
    private static final org.slf4j.Logger DEFAULT_LOG = LoggerFactory.getLogger(ResilientClient.class);

    private final Consumer<String> log;
    private final boolean logging;
    private final RetryingExecutor blocking;
    private final AsyncRetryingExecutor async;
    private final OkHttpClient http;

    private ResilientClient(Builder builder) {
        this.policy = builder.policy;
        this.timeouts = builder.timeouts;
        this.clock = builder.clock;
        this.limiter = Optional.ofNullable(builder.limiter);
        this.principal = builder.principal;
        this.credential = Optional.ofNullable(builder.credential);
        this.retryQuota = builder.retryQuota;
        // Log lines cost a string per attempt; under load with debug off, build none (RC6 holds either way).
        this.log = builder.log != null ? builder.log : DEFAULT_LOG::debug;
        this.logging = builder.log != null || DEFAULT_LOG.isDebugEnabled();
        AttemptListener metricsListener = new ClientMetricsListener(builder.metrics);
        AttemptListener user = builder.listener;
        this.listener = event -> {
            metricsListener.onAttempt(event);
            if (logging) {
                log.accept("attempt " + event.attempt() + " of " + event.step() + " to " + event.origin() + ": "
                        + describeOutcome(event) + " -> " + event.verdict());
            }
            user.onAttempt(event);
        };
        OkHttpClient.Builder http = builder.base
                .newBuilder()
                // RC3: each attempt is cut by these; the budget only limits how long retrying goes on (B2).
                .connectTimeout(timeouts.connect().toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(timeouts.read().toMillis(), TimeUnit.MILLISECONDS)
                // RC5: no attempt is sent or waits past the call's deadline, whatever the configured timeouts (RC3);
                // first, so that a request refused there is not timed as upstream latency (L8).
                .addInterceptor(new DeadlineTimeoutInterceptor(clock))
                .addInterceptor(new UpstreamLatencyInterceptor(builder.metrics, builder.nanoTicker));
        if (builder.maxConcurrentRequests > 0) {
            Dispatcher dispatcher = new Dispatcher();
            dispatcher.setMaxRequests(builder.maxConcurrentRequests);
            dispatcher.setMaxRequestsPerHost(builder.maxConcurrentRequests);
            http.dispatcher(dispatcher);
        }
        this.http = http.build();
        // One set of collaborators for both executors, with one registry of pauses and this client's listener;
        // RH11: both pace through one bucket.
        OriginPauses pauses = builder.pausesOrNew();
        this.blocking = RetryingExecutor.builder(this.http)
                .sameAs(builder, pauses, listener)
                .sleeper(builder.sleeper)
                .build();
        AsyncRetryingExecutor.Builder async = AsyncRetryingExecutor.builder(this.http)
                .sameAs(builder, pauses, listener)
                .scheduler(builder.scheduler)
                .retryAfterForComparison(builder.retryAfter);
        if (builder.transport != null) {
            async.transport(builder.transport);
        }
        this.async = async.build();
    }

    /** A builder over a new OkHttp client, with the interactive preset and the default timeouts. */
    public static Builder builder() {
        return new Builder(new OkHttpClient());
    }

    /** A builder over this OkHttp client (its connection pool, dispatcher and interceptors are kept). */
    public static Builder builder(OkHttpClient base) {
        return new Builder(base);
    }

    /**
     * Sends a request and waits for its answer, retrying as the retry engine decides (RC1) when the request is
     * idempotent (RC2).
     *
     * @return the response to read: a success, a status that is not retried, or, for a request sent once (RC2),
     *     any status as it came; the caller closes it
     * @throws CallFailure.Recoverable when the provider kept answering 408/425/429/5xx or the network failed
     *     (E1): status or network failure, attempts, elapsed and the provider's Retry-After
     * @throws RequestRefused.RateLimited when the limiter refused (RC7): nothing was sent for that attempt
     * @throws RequestRefused.DeadlineExpired when the deadline passed before an attempt (RC5)
     * @throws dev.stormwatch.limit.LimiterException when the limiter itself failed (a bare Redis limiter, L9)
     */
    public Response send(Request request, CallOptions options) {
        Prepared call = prepare(request, options);
        return blocking.execute(call.perAttempt(), call.operation(), options.model(), call.budget());
    }

    /**
     * Like {@link #send} without holding a thread: the future completes with the response, or exceptionally with
     * the same typed errors. Retries wait on the scheduler; cancelling the future cancels the request in flight.
     */
    public CompletableFuture<Response> sendAsync(Request request, CallOptions options) {
        Prepared call;
        try {
            call = prepare(request, options);
        } catch (RequestRefused e) {
            return CompletableFuture.failedFuture(e);
        }
        return async.execute(call.perAttempt(), call.operation(), options.model(), call.budget());
    }

    /** The retry policy of every call (RC4), before a deadline shortens it (RC5). */
    public RetryPolicy policy() {
        return policy;
    }

    /** The per-attempt timeouts (RC3). */
    public ClientTimeouts timeouts() {
        return timeouts;
    }

    /** The shared retry quota; {@link RetryQuota#UNLIMITED} when off. */
    public RetryQuota retryQuota() {
        return retryQuota;
    }

    /** The pauses both executors check and start (P1, P2). */
    public OriginPauses pauses() {
        return blocking.pauses();
    }

    /** The configured OkHttp client (timeouts applied), for inspection. */
    public OkHttpClient okHttpClient() {
        return http;
    }

    private record Prepared(Supplier<Request> perAttempt, Operation operation, CallBudget budget) {}

    private Prepared prepare(Request request, CallOptions options) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(options, "options");
        Instant now = clock.instant();
        // RC5: a deadline the request already carries (forwarded from an incoming request) binds as much as the
        // caller's own; the earlier one wins.
        Optional<RequestDeadline> carried = RequestDeadline.fromHeaders(request.headers(), now);
        Optional<RequestDeadline> deadline = options.deadline()
                .map(given -> carried.map(given::earliest).orElse(given))
                .or(() -> carried);
        if (deadline.isPresent() && deadline.get().hasPassed(now)) {
            throw new RequestRefused.DeadlineExpired(deadline.get().at(), 0);
        }
        // RC5: the budget never reaches past the deadline, so the retry decision stops before it (B3, RA4).
        RetryPolicy callPolicy =
                deadline.map(d -> within(policy, d.remaining(now))).orElse(policy);
        CallBudget budget = CallBudget.start(callPolicy, clock);
        Operation operation = RequestIdempotency.operationOf(request); // RC2
        Supplier<Request> perAttempt = () -> attemptRequest(request, options, deadline, operation, budget);
        return new Prepared(perAttempt, operation, budget);
    }

    private static RetryPolicy within(RetryPolicy policy, Duration remaining) {
        return remaining.compareTo(policy.totalBudget()) >= 0
                ? policy
                : policy.toBuilder().totalBudget(remaining).build();
    }

    /** The request of one attempt, or a refusal to send it (RC5, RC7). */
    private Request attemptRequest(
            Request request,
            CallOptions options,
            Optional<RequestDeadline> deadline,
            Operation operation,
            CallBudget budget) {
        Instant now = clock.instant();
        int sentBefore = budget.failedInAll();
        // RC5: nothing is sent past the deadline, not even a retry the budget allowed at its last instant.
        if (deadline.isPresent() && deadline.get().hasPassed(now)) {
            throw new RequestRefused.DeadlineExpired(deadline.get().at(), sentBefore);
        }
        // P2 before RC7: a running pause sends nothing, so the limiter must not count (and use up quota for) it. A
        // pace that the attempt will wait out (RH13) goes on to the limiter: the executor's gate waits after it.
        if (limiter.isPresent() && operation.checksPause()) {
            Origin origin = RequestOrigin.of(request.url());
            Optional<OriginPauses.Refusal> paused = pauses().check(
                            origin,
                            dev.stormwatch.retry.PaceScope.PaceTarget.of(
                                    request.method(), request.url().encodedPath(), Optional.of(options.model())));
            if (paused.isPresent()
                    && dev.stormwatch.retry.SendGate.decide(operation, paused, budget.remaining(), 0.0)
                            instanceof dev.stormwatch.retry.SendGate.Refuse) {
                throw new StepReport(clock, listener, options.model(), operation, budget).refuse(origin, paused.get());
            }
        }
        // RC7: a request the limiter refuses is not sent; the caller learns when one would be allowed.
        if (limiter.isPresent()) {
            dev.stormwatch.limit.LimitDecision decision =
                    limiter.get().tryAcquire(LimitKey.of(principal, options.model()));
            if (decision instanceof dev.stormwatch.limit.LimitDecision.Refused refused) {
                throw rateLimited(request, options, operation, budget, refused, sentBefore);
            }
        }
        Request.Builder attempt = request.newBuilder().tag(ModelTag.class, new ModelTag(options.model()));
        // RC6, A2: asked per attempt, so that a token refreshed meanwhile goes out on the next attempt.
        Optional<Credential> secret = credential.map(CredentialSource::current);
        secret.ifPresent(c -> attempt.header(c.headerName(), c.headerValue()));
        Request built = attempt.build();
        if (deadline.isPresent()) {
            // RC5: the interceptor stamps what is left of the deadline when the request leaves OkHttp's queue, and
            // bounds this attempt's timeouts by it.
            built = built.newBuilder()
                    .tag(RequestDeadline.class, deadline.get())
                    .build();
        }
        if (logging) {
            // RC6: the credential's own header is a secret whatever its name (X-Portal-Id looks harmless).
            Request shown = secret.isEmpty()
                    ? built
                    : built.newBuilder()
                            .header(secret.get().headerName(), RequestRedaction.REDACTED)
                            .build();
            log.accept("sending " + RequestRedaction.describe(shown)); // RC6: secrets redacted
        }
        return built;
    }

    private RequestRefused.RateLimited rateLimited(
            Request request,
            CallOptions options,
            Operation operation,
            CallBudget budget,
            dev.stormwatch.limit.LimitDecision.Refused refused,
            int sentBefore) {
        Duration wait = Duration.between(refused.decidedAt(), refused.retryAt());
        Duration retryAfter = wait.isNegative() ? Duration.ZERO : wait;
        Origin origin = RequestOrigin.of(request.url());
        Instant now = clock.instant();
        listener.onAttempt(new AttemptEvent(
                now,
                origin,
                options.model(),
                operation,
                0,
                OptionalInt.empty(),
                Optional.empty(),
                List.of(),
                Optional.of(retryAfter),
                Optional.empty(),
                Optional.empty(),
                new AttemptEvent.BudgetLeft(budget.attemptsLeftAt(origin), budget.remaining()),
                Optional.empty(),
                AttemptEvent.Verdict.REFUSED_BY_LIMITER));
        // RC7 L4: the limiter's retry-at is on Redis's clock; the caller waits on its own, so report the wait from now.
        return new RequestRefused.RateLimited(options.model(), now.plus(retryAfter), retryAfter, sentBefore);
    }

    private static String describeOutcome(AttemptEvent event) {
        if (event.status().isPresent()) {
            return "status " + event.status().getAsInt();
        }
        return event.failure().map(kind -> kind.description()).orElse("not sent");
    }

    /** Collects the client's settings; every one has a production default. */
    public static final class Builder extends CollaboratorsBuilder<Builder> {
        private final OkHttpClient base;
        private RetryPolicy policy = PolicyPreset.INTERACTIVE.policy();
        private ClientTimeouts timeouts = ClientTimeouts.DEFAULT;
        private Sleeper sleeper = Sleeper.SYSTEM;
        private RetryScheduler scheduler = RetryScheduler.shared();
        private LongSupplier nanoTicker = System::nanoTime;
        private RateLimiter limiter;
        private String principal;
        private CredentialSource credential;
        private LimiterMetrics metrics = LimiterMetrics.inMemory();
        private Consumer<String> log;
        private int maxConcurrentRequests;
        private ComparisonRetryAfter retryAfter = ComparisonRetryAfter.HONOURED;
        private AttemptTransport transport;

        private Builder(OkHttpClient base) {
            this.base = Objects.requireNonNull(base, "base");
        }

        @Override
        Builder self() {
            return this;
        }

        /** RC4: the interactive or batch policy (default interactive). */
        public Builder preset(PolicyPreset value) {
            policy = Objects.requireNonNull(value, "preset").policy();
            return this;
        }

        /** Any validated retry policy (C2), instead of a preset. */
        public Builder policy(RetryPolicy value) {
            policy = Objects.requireNonNull(value, "policy");
            return this;
        }

        /** RC3: per-attempt timeouts (default connect 3 s, read 45 s). */
        public Builder timeouts(ClientTimeouts value) {
            timeouts = Objects.requireNonNull(value, "timeouts");
            return this;
        }

        /** How blocking calls wait between attempts. */
        public Builder sleeper(Sleeper value) {
            sleeper = Objects.requireNonNull(value, "sleeper");
            return this;
        }

        /** How asynchronous calls wait between attempts (default: one shared daemon timer). */
        public Builder scheduler(RetryScheduler value) {
            scheduler = Objects.requireNonNull(value, "scheduler");
            return this;
        }

        /** The monotonic ticker of upstream latency (L8); default {@link System#nanoTime()}. */
        public Builder nanoTicker(LongSupplier value) {
            nanoTicker = Objects.requireNonNull(value, "nanoTicker");
            return this;
        }

        /**
         * RC7: a limiter in front: every attempt first asks it for the key {@code ratelimit:{principal:model}} (L2).
         *
         * @throws dev.stormwatch.limit.LimiterConfigurationException when the principal is not a valid key part
         */
        public Builder limiter(RateLimiter value, String principal) {
            LimitKey.of(principal, "check"); // a bad principal fails here, at configuration time
            this.limiter = Objects.requireNonNull(value, "limiter");
            this.principal = principal;
            return this;
        }

        /** RC6: a secret added to every request and never shown. */
        public Builder credential(Credential value) {
            credential = CredentialSource.of(value);
            return this;
        }

        /**
         * RC6, A2: a secret asked for on every attempt (an OAuth session's access token, which a refresh replaces),
         * added to the request and never shown. What the source throws fails the call before anything is sent.
         */
        public Builder credential(CredentialSource value) {
            credential = Objects.requireNonNull(value, "credential");
            return this;
        }

        /** L8: where retries, exhausted calls and upstream latency by model are counted. */
        public Builder metrics(LimiterMetrics value) {
            metrics = Objects.requireNonNull(value, "metrics");
            return this;
        }

        /** Where the client's log lines go (default SLF4J debug); they never hold a secret (RC6). */
        public Builder log(Consumer<String> value) {
            log = Objects.requireNonNull(value, "log");
            return this;
        }

        /**
         * How many requests may be in flight at once, in all and per host (OkHttp's dispatcher; its own default is 64
         * in all and 5 per host, too few for a load test against one relay).
         *
         * @throws CallFailure.Configuration when below 1
         */
        public Builder maxConcurrentRequests(int value) {
            if (value < 1) {
                throw new CallFailure.Configuration("maxConcurrentRequests must be at least 1, was " + value);
            }
            maxConcurrentRequests = value;
            return this;
        }

        /**
         * For load runs that compare with the article's client only (LB15, RA8): {@link #sendAsync}'s calls wait a
         * valid Retry-After as {@code handling} says. The blocking calls ({@link #send}) always honour it in full
         * (RA3–RA4); an architecture rule lets only the load engine call this.
         */
        public Builder retryAfterForComparison(ComparisonRetryAfter handling) {
            retryAfter = Objects.requireNonNull(handling, "handling");
            return this;
        }

        /** How {@link #sendAsync} puts attempts on the wire; by default OkHttp's dispatcher ({@link AttemptTransport}). */
        public Builder transport(AttemptTransport value) {
            transport = Objects.requireNonNull(value, "transport");
            return this;
        }

        public ResilientClient build() {
            return new ResilientClient(this);
        }
    }
}
