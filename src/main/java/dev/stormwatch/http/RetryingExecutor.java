package dev.stormwatch.http;

import dev.stormwatch.base.Sleeper;
import dev.stormwatch.retry.AdaptiveSendRate;
import dev.stormwatch.retry.BudgetCounters;
import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.ComparisonBackoff;
import dev.stormwatch.retry.Decision;
import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.OriginPauses;
import dev.stormwatch.retry.Outcome;
import dev.stormwatch.retry.RetryDecision;
import dev.stormwatch.retry.SendGate;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;
import okhttp3.ConnectionPool;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The blocking retry executor: sends a request step through OkHttp, asks {@link RetryDecision} what
 * follows each attempt, asks {@link SendGate} before each (P2, RH11, RH13), sleeps through the injected
 * {@link Sleeper}, keeps the per-origin pauses and paces (P1, P2, RH9, RH12) and emits
 * one {@link AttemptEvent} per attempt. It holds no rule of its own.
 */
public final class RetryingExecutor {

    private static final Logger LOG = LoggerFactory.getLogger(RetryingExecutor.class);

    private final OkHttpClient client;
    /** The same client without an idle pool: each call opens its own connection, closed after it (CN1). */
    private final OkHttpClient fresh;

    private final Clock clock;
    private final Sleeper sleeper;
    private final DoubleSupplier random;
    private final OriginPauses pauses;
    private final AttemptListener listener;
    private final RetryQuota retryQuota;
    private final ComparisonBackoff backoff;
    private final Optional<AdaptiveSendRate> sendRate;
    private final SendGate gate;

    private RetryingExecutor(Builder builder) {
        this.client = CollaboratorsBuilder.forTheRetryEngine(builder.client);
        this.fresh = client.newBuilder()
                .connectionPool(new ConnectionPool(0, 1, TimeUnit.SECONDS))
                .build();
        this.clock = builder.clock;
        this.sleeper = builder.sleeper;
        this.random = builder.random;
        this.pauses = builder.pausesOrNew();
        this.listener = builder.listener;
        this.retryQuota = builder.retryQuota;
        this.backoff = builder.backoff;
        this.sendRate = Optional.ofNullable(builder.sendRate);
        this.gate = new SendGate(pauses, sendRate, clock);
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
        StepReport report = new StepReport(clock, listener, step, operation, budget);
        StepBookkeeping bookkeeping = new StepBookkeeping(budget, pauses, retryQuota, report);
        // The sleep before the latest attempt; decorrelated jitter grows from it.
        Duration previousSleep = Duration.ZERO;
        for (int attempt = 1; ; attempt++) {
            Request request = requestPerAttempt.get();
            Origin origin = RequestOrigin.of(request.url());
            awaitGate(request, origin, operation, budget, report, attempt);
            SentAttempt sent = send(request, operation, budget);
            if (LOG.isDebugEnabled()) {
                // HD2: a support log shows every request, described with its secrets redacted (RC6).
                LOG.debug("{} attempt {}: {} -> {}", step, attempt, RequestRedaction.describe(request), sent.outcome());
            }
            BudgetCounters counters = bookkeeping.counters(origin);
            Instant now = clock.instant();
            // RH11: every answer tells the adaptive rate whether the provider throttled (as the async executor does).
            if (sendRate.isPresent() && sent.outcome() instanceof Outcome.HttpResponse) {
                sendRate.get().onResponse(AdaptiveSendRate.isThrottle(sent.outcome(), now), now);
            }
            Decision decision = RetryDecision.decide(
                    sent.outcome(),
                    operation,
                    origin,
                    counters,
                    budget.policy(),
                    now,
                    random.getAsDouble(),
                    backoff,
                    previousSleep);
            StepBookkeeping.Next next =
                    bookkeeping.after(decision, sent, origin, attempt, now, RequestPaceTarget.of(request));
            if (next instanceof StepBookkeeping.Deliver deliver) {
                return deliver.response();
            }
            if (next instanceof StepBookkeeping.End end) {
                throw end.failure();
            }
            Duration delay = ((StepBookkeeping.Wait) next).delay();
            previousSleep = delay;
            sleep(delay, () -> bookkeeping.giveUp(origin, sent));
        }
    }

    /**
     * P2, RH9, RH11–RH13: asks the gate until the attempt may go, sleeping through each wait it asks for (a pace
     * that fits the budget, the adaptive rate); throws the pause's refusal when it refuses. The same gate as the
     * asynchronous executor's.
     */
    private void awaitGate(
            Request request, Origin origin, Operation operation, CallBudget budget, StepReport report, int attempt) {
        dev.stormwatch.retry.PaceScope.PaceTarget target = RequestPaceTarget.of(request);
        while (true) {
            SendGate.Verdict verdict = gate.beforeSend(operation, origin, target, budget, random);
            if (verdict instanceof SendGate.Refuse refuse) {
                throw report.refuse(origin, refuse.refusal());
            }
            if (!(verdict instanceof SendGate.Wait wait)) {
                return;
            }
            report.paced(origin, attempt, wait);
            try {
                sleeper.sleep(wait.delay());
            } catch (InterruptedException e) {
                // The caller is shutting down while the attempt waited: nothing was sent; keep the interrupt.
                Thread.currentThread().interrupt();
                throw report.refuse(origin, new OriginPauses.Refusal(OriginPauses.PACE_STATUS, wait.delay()));
            }
        }
    }

    /**
     * Sends one attempt. A request that may not be sent twice goes onto a connection opened for it (CN1); an
     * idempotent one goes onto a pooled connection, and once more onto a new one when the pooled connection turns out
     * to have been closed by the server while idle (CN2). That second send is part of the same attempt.
     */
    private SentAttempt send(Request request, Operation operation, CallBudget budget) {
        if (!KeepAliveRule.mayUsePooledConnection(request.method(), operation)) {
            return sendOn(fresh, request, budget, false).sent(ConnectionUse.OPENED_NOT_RESENDABLE);
        }
        Sending first = sendOn(client, request, budget, true);
        if (!first.metStaleConnection()) {
            return first.sent(first.progress().connectionReused() ? ConnectionUse.REUSED : ConnectionUse.OPENED);
        }
        // CN2: the idle connections in the pool are at least as old as the one that was closed; drop them, so that
        // the request goes onto a new connection, which stays in the pool for the next request.
        client.connectionPool().evictAll();
        return sendOn(client, request, budget, false).sent(ConnectionUse.OPENED_AFTER_STALE);
    }

    private Sending sendOn(OkHttpClient http, Request request, CallBudget budget, boolean mayResend) {
        SendProgress progress = new SendProgress();
        Request tracked = request.newBuilder().tag(SendProgress.class, progress).build();
        try {
            Response response = http.newCall(tracked).execute();
            return new Sending(SentAttempt.outcomeOf(response), response, progress, false);
        } catch (DeadlineTimeoutInterceptor.DeadlinePassed e) {
            throw e.refusal(budget.failedInAll()); // RC5: the deadline passed before sending; nothing went out
        } catch (IOException e) {
            FailureKind kind =
                    FailureClassifier.classify(e, progress.requestStarted(), progress.tlsHandshakeUnfinished());
            // TL1: a certificate failure is worth a sentence on the certificate; it ends the step, so this runs once.
            Optional<String> detail = kind == FailureKind.TLS_UNTRUSTED
                            || kind == FailureKind.TLS_CERTIFICATE_EXPIRED
                            || kind == FailureKind.TLS_WRONG_HOST
                    ? CertificateProbe.describe(request.url())
                    : Optional.empty();
            boolean stale = mayResend
                    && KeepAliveRule.metStaleConnection(
                            e, progress.connectionReused(), progress.requestStarted(), progress.responseStarted());
            return new Sending(new Outcome.NetworkFailure(kind, detail), null, progress, stale);
        }
    }

    /** One send on one connection, before it becomes the attempt's outcome. */
    private record Sending(Outcome outcome, Response response, SendProgress progress, boolean metStaleConnection) {
        SentAttempt sent(ConnectionUse connection) {
            return new SentAttempt(outcome, response, connection, progress.proxy());
        }
    }

    private void sleep(Duration delay, Supplier<CallFailure.Recoverable> giveUp) {
        try {
            sleeper.sleep(delay);
        } catch (InterruptedException e) {
            // The caller is shutting down: keep the interrupt, and end the step with what is known (E1).
            Thread.currentThread().interrupt();
            throw giveUp.get();
        }
    }

    /** Collects the executor's collaborators; everything but the client has a production default. */
    public static final class Builder extends CollaboratorsBuilder<Builder> {
        private final OkHttpClient client;
        private Sleeper sleeper = Sleeper.SYSTEM;

        private Builder(OkHttpClient client) {
            this.client = Objects.requireNonNull(client, "client");
        }

        @Override
        Builder self() {
            return this;
        }

        /** How a call waits between attempts, and for a send rate (RH11), in its own thread. */
        public Builder sleeper(Sleeper value) {
            sleeper = Objects.requireNonNull(value, "sleeper");
            return this;
        }

        public RetryingExecutor build() {
            return new RetryingExecutor(this);
        }
    }
}
