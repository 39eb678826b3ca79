package dev.stormwatch.http;

import dev.stormwatch.retry.BudgetCounters;
import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.Decision;
import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.OriginPauses;
import dev.stormwatch.retry.Outcome;
import dev.stormwatch.retry.RetryAfter;
import dev.stormwatch.retry.RetryDecision;
import dev.stormwatch.retry.Sleeper;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * The blocking retry executor (issue 2): sends a request step through OkHttp, asks {@link RetryDecision} what
 * follows each attempt, sleeps through the injected {@link Sleeper}, keeps the per-origin pauses (P1, P2) and emits
 * one {@link AttemptEvent} per attempt. It holds no rule of its own.
 */
public final class RetryingExecutor {

    private final OkHttpClient client;
    private final Clock clock;
    private final Sleeper sleeper;
    private final DoubleSupplier random;
    private final OriginPauses pauses;
    private final AttemptListener listener;
    private final RetryQuota retryQuota;

    private RetryingExecutor(Builder builder) {
        // OkHttp must not retry on its own: a silent resend of a refresh would break F1.
        this.client = builder.client.newBuilder()
                .retryOnConnectionFailure(false)
                .eventListenerFactory(call -> {
                    SendProgress progress = call.request().tag(SendProgress.class);
                    return progress != null ? progress : okhttp3.EventListener.NONE;
                })
                .build();
        this.clock = builder.clock;
        this.sleeper = builder.sleeper;
        this.random = builder.random;
        this.pauses = builder.pauses != null ? builder.pauses : new OriginPauses(builder.clock);
        this.listener = builder.listener;
        this.retryQuota = builder.retryQuota;
    }

    /** A builder over this OkHttp client (its timeouts apply to each attempt; B2). */
    public static Builder builder(OkHttpClient client) {
        return new Builder(client);
    }

    /** The pauses this executor checks and starts; share one instance per process (P2, P4). */
    public OriginPauses pauses() {
        return pauses;
    }

    /**
     * Sends one request step, retrying as the retry engine decides.
     *
     * @param request the request, sent as it is on every attempt
     * @param operation the kind of step (spec section 3); {@link Operation#CODE_EXCHANGE} skips the pause check (P3)
     * @param step the step's name for events, for example {@code token}
     * @param budget the visible call's budget, shared by all its steps (OP1)
     * @return the response to interpret: a success or a status that is not retried (ST3), or for
     *     {@link Operation#SEND_ONCE} any status (A1); the caller closes it
     * @throws CallFailure.Recoverable when the step failed (E1): its status or network failure, attempts and wait
     */
    public Response execute(Request request, Operation operation, String step, CallBudget budget) {
        Objects.requireNonNull(request, "request");
        return execute(() -> request, operation, step, budget);
    }

    /**
     * Like {@link #execute(Request, Operation, String, CallBudget)}, but builds a new request for every attempt,
     * for example with a fresh DPoP proof (OP4).
     */
    public Response execute(Supplier<Request> requestPerAttempt, Operation operation, String step, CallBudget budget) {
        Objects.requireNonNull(requestPerAttempt, "requestPerAttempt");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(budget, "budget");
        int failedInStep = 0;
        for (int attempt = 1; ; attempt++) {
            Request request = requestPerAttempt.get();
            Origin origin = Origin.of(request.url().uri());
            // P2: while the provider asked for a pause, nothing goes on the wire. P3, P7: some steps are exempt.
            if (operation.checksPause()) {
                Optional<OriginPauses.Refusal> refusal = pauses.check(origin);
                if (refusal.isPresent()) {
                    throw refuse(origin, step, operation, failedInStep, refusal.get(), budget);
                }
            }
            Attempt sent = send(request);
            BudgetCounters counters = budget.counters(origin, failedInStep);
            Instant now = clock.instant();
            Decision decision = RetryDecision.decide(
                    sent.outcome(), operation, origin, counters, budget.policy(), now, random.getAsDouble());
            if (sent.outcome().isFailedRequest()) {
                budget.recordFailure(origin);
                failedInStep++;
            }
            if (decision instanceof Decision.Deliver) {
                if (!sent.outcome().isFailedRequest()) {
                    retryQuota.onSuccess();
                }
                emit(now, origin, step, operation, attempt, sent, Optional.empty(), Optional.empty(),
                        budget, Optional.empty(), AttemptEvent.Verdict.DELIVER);
                return sent.response();
            }
            sent.close();
            if (decision instanceof Decision.Stop stop) {
                // P1: the provider's Retry-After outlives this call as the origin's pause.
                stop.pauseUntil().ifPresent(until -> pauses.start(origin, sent.status(), until));
                emit(now, origin, step, operation, attempt, sent, Optional.empty(), Optional.empty(),
                        budget, stop.pauseUntil(), AttemptEvent.Verdict.STOP);
                throw stop.failure();
            }
            Decision.Retry retry = (Decision.Retry) decision;
            // Issue 5, beyond the seeds: an empty shared retry quota ends the step as if the budget ran out (E4).
            if (!retryQuota.tryAcquireRetry()) {
                emit(now, origin, step, operation, attempt, sent, Optional.empty(), Optional.empty(),
                        budget, Optional.empty(), AttemptEvent.Verdict.STOP);
                throw giveUp(origin, sent, failedInStep, budget);
            }
            emit(now, origin, step, operation, attempt, sent, Optional.of(retry.delay()), Optional.of(retry.jitter()),
                    budget, Optional.empty(), AttemptEvent.Verdict.RETRY);
            sleep(retry.delay(), origin, sent, failedInStep, budget);
        }
    }

    private Attempt send(Request request) {
        SendProgress progress = new SendProgress();
        Request tracked = request.newBuilder().tag(SendProgress.class, progress).build();
        try {
            Response response = client.newCall(tracked).execute();
            Outcome.HttpResponse outcome = new Outcome.HttpResponse(
                    response.code(), response.headers("Retry-After"), response.header("Date"));
            return new Attempt(outcome, response);
        } catch (IOException e) {
            FailureKind kind = FailureClassifier.classify(e, progress.requestStarted(), progress.tlsHandshakeUnfinished());
            return new Attempt(new Outcome.NetworkFailure(kind), null);
        }
    }

    private CallFailure.Recoverable refuse(Origin origin, String step, Operation operation, int failedInStep,
            OriginPauses.Refusal refusal, CallBudget budget) {
        Duration remaining = refusal.remaining();
        listener.onAttempt(new AttemptEvent(clock.instant(), origin, step, operation, 0, OptionalInt.of(refusal.status()),
                Optional.empty(), List.of(), Optional.of(remaining), Optional.empty(), Optional.empty(),
                budgetLeft(budget, origin), Optional.empty(), AttemptEvent.Verdict.REFUSED_BY_PAUSE));
        // P2: attempts = 0 when nothing of this step was sent; a pause that began between two attempts of this step
        // reports the attempts already made.
        return new CallFailure.Recoverable(origin, new CallFailure.Server(
                refusal.status(), Optional.of(remaining), failedInStep, budget.elapsed()));
    }

    private void sleep(Duration delay, Origin origin, Attempt sent, int failedInStep, CallBudget budget) {
        try {
            sleeper.sleep(delay);
        } catch (InterruptedException e) {
            // The caller is shutting down: keep the interrupt, and end the step with what is known (E1).
            Thread.currentThread().interrupt();
            throw giveUp(origin, sent, failedInStep, budget);
        }
    }

    /** The step's error when it ends before a retry the decision allowed: retryAfter empty (E4). */
    private static CallFailure.Recoverable giveUp(Origin origin, Attempt sent, int failedInStep, CallBudget budget) {
        CallFailure.Cause cause = sent.outcome() instanceof Outcome.NetworkFailure failure
                ? new CallFailure.Network(failure.kind(), failedInStep, budget.elapsed())
                : new CallFailure.Server(sent.status(), Optional.empty(), failedInStep, budget.elapsed());
        return new CallFailure.Recoverable(origin, cause);
    }

    private void emit(Instant at, Origin origin, String step, Operation operation, int attempt, Attempt sent,
            Optional<Duration> delay, Optional<Duration> jitter, CallBudget budget, Optional<Instant> pauseStarted,
            AttemptEvent.Verdict verdict) {
        OptionalInt status = OptionalInt.empty();
        Optional<FailureKind> failure = Optional.empty();
        List<String> raw = List.of();
        Optional<Duration> retryAfter = Optional.empty();
        if (sent.outcome() instanceof Outcome.HttpResponse response) {
            status = OptionalInt.of(response.status());
            raw = response.retryAfter();
            retryAfter = RetryAfter.parse(response.status(), raw, response.date(), Clock.fixed(at, clock.getZone()));
        } else {
            failure = Optional.of(((Outcome.NetworkFailure) sent.outcome()).kind());
        }
        listener.onAttempt(new AttemptEvent(at, origin, step, operation, attempt, status, failure, raw, retryAfter,
                delay, jitter, budgetLeft(budget, origin), pauseStarted, verdict));
    }

    private static AttemptEvent.BudgetLeft budgetLeft(CallBudget budget, Origin origin) {
        return new AttemptEvent.BudgetLeft(budget.attemptsLeftAt(origin), budget.remaining());
    }

    /** One sent request: its outcome, and the open response when one came back. */
    private record Attempt(Outcome outcome, Response response) {
        int status() {
            return outcome instanceof Outcome.HttpResponse r ? r.status() : 0;
        }

        void close() {
            if (response != null) {
                response.close();
            }
        }
    }

    /** Collects the executor's collaborators; everything but the client has a production default. */
    public static final class Builder {
        private final OkHttpClient client;
        private Clock clock = Clock.systemUTC();
        private Sleeper sleeper = Sleeper.SYSTEM;
        private DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();
        private OriginPauses pauses;
        private AttemptListener listener = AttemptListener.NONE;
        private RetryQuota retryQuota = RetryQuota.UNLIMITED;

        private Builder(OkHttpClient client) {
            this.client = Objects.requireNonNull(client, "client");
        }

        /** The wall clock of budgets and pauses (P6); must be the clock of the {@link OriginPauses} too. */
        public Builder clock(Clock value) {
            clock = Objects.requireNonNull(value, "clock");
            return this;
        }

        public Builder sleeper(Sleeper value) {
            sleeper = Objects.requireNonNull(value, "sleeper");
            return this;
        }

        /** Numbers in [0, 1) for jitter (B3, RA3); a seeded source makes runs repeatable. */
        public Builder random(DoubleSupplier value) {
            random = Objects.requireNonNull(value, "random");
            return this;
        }

        /** The process's pauses (P4); by default a new, empty registry on the executor's clock. */
        public Builder pauses(OriginPauses value) {
            pauses = Objects.requireNonNull(value, "pauses");
            return this;
        }

        public Builder listener(AttemptListener value) {
            listener = Objects.requireNonNull(value, "listener");
            return this;
        }

        /** A retry quota shared by the calls of this executor (issue 5); {@link RetryQuota#UNLIMITED} by default. */
        public Builder retryQuota(RetryQuota value) {
            retryQuota = Objects.requireNonNull(value, "retryQuota");
            return this;
        }

        public RetryingExecutor build() {
            return new RetryingExecutor(this);
        }
    }
}
