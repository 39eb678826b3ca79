package dev.stormwatch.http;

import dev.stormwatch.retry.AdaptiveSendRate;
import dev.stormwatch.retry.BudgetCounters;
import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.ComparisonBackoff;
import dev.stormwatch.retry.ComparisonRetryAfter;
import dev.stormwatch.retry.Decision;
import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.OriginPauses;
import dev.stormwatch.retry.Outcome;
import dev.stormwatch.retry.PaceScope;
import dev.stormwatch.retry.RetryDecision;
import dev.stormwatch.retry.SendGate;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * The asynchronous twin of {@link RetryingExecutor}: the same steps in the same order (the {@link SendGate},
 * send, {@link RetryDecision}, budget, pause start, retry quota, one {@link AttemptEvent} per attempt), but each
 * request goes out through an {@link AttemptTransport} (OkHttp's {@code enqueue} by default) and each retry waits on a
 * {@link RetryScheduler}, so no thread waits out a retry and a load test can run thousands of calls. It holds no rule
 * of its own.
 */
public final class AsyncRetryingExecutor {

    private final OkHttpClient client;
    private final Clock clock;
    private final RetryScheduler scheduler;
    private final DoubleSupplier random;
    private final OriginPauses pauses;
    private final AttemptListener listener;
    private final RetryQuota retryQuota;
    private final ComparisonBackoff backoff;
    private final ComparisonRetryAfter retryAfter;
    private final AttemptTransport transport;
    private final Optional<AdaptiveSendRate> sendRate;
    private final SendGate gate;

    private AsyncRetryingExecutor(Builder builder) {
        this.client = CollaboratorsBuilder.forTheRetryEngine(builder.client);
        this.clock = builder.clock;
        this.scheduler = builder.scheduler;
        this.random = builder.random;
        this.pauses = builder.pausesOrNew();
        this.listener = builder.listener;
        this.retryQuota = builder.retryQuota;
        this.backoff = builder.backoff;
        this.retryAfter = builder.retryAfter;
        this.transport = builder.transport != null ? builder.transport : AttemptTransport.enqueue(client);
        this.sendRate = Optional.ofNullable(builder.sendRate);
        this.gate = new SendGate(pauses, sendRate, clock);
    }

    /** A builder over this OkHttp client (its timeouts apply to each attempt, B2; its dispatcher bounds concurrency). */
    public static Builder builder(OkHttpClient client) {
        return new Builder(client);
    }

    /** The pauses this executor checks and starts; share one instance per process (P2, P4). */
    public OriginPauses pauses() {
        return pauses;
    }

    /**
     * Sends one request step, retrying as the retry engine decides, without blocking the caller.
     *
     * @param requestPerAttempt builds the request of each attempt; it may throw a typed refusal to send nothing
     * @return completes with the response to interpret (as {@link RetryingExecutor#execute}; the caller closes it),
     *     or exceptionally with a {@link CallFailure.Recoverable} or the supplier's refusal. Cancelling it cancels the
     *     request in flight and any retry not yet sent.
     */
    public CompletableFuture<Response> execute(
            Supplier<Request> requestPerAttempt, Operation operation, String step, CallBudget budget) {
        Objects.requireNonNull(requestPerAttempt, "requestPerAttempt");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(budget, "budget");
        Run run = new Run(requestPerAttempt, operation, step, budget);
        run.nextAttempt();
        return run.result;
    }

    /** Like {@link #execute(Supplier, Operation, String, CallBudget)} with the same request on every attempt. */
    public CompletableFuture<Response> execute(Request request, Operation operation, String step, CallBudget budget) {
        Objects.requireNonNull(request, "request");
        return execute(() -> request, operation, step, budget);
    }

    /** One request step in flight: the state the blocking executor keeps in local variables. */
    private final class Run implements Callback {
        private final Supplier<Request> requestPerAttempt;
        private final Operation operation;
        private final String step;
        private final CallBudget budget;
        private final CompletableFuture<Response> result = new CompletableFuture<>();
        private final StepReport report;
        private final StepBookkeeping bookkeeping;
        private int attempt;
        /** The sleep before the latest attempt; decorrelated jitter grows from it. */
        private Duration previousSleep = Duration.ZERO;

        private Origin origin;
        private PaceScope.PaceTarget target;
        private SendProgress progress;
        private volatile Call inFlight;

        Run(Supplier<Request> requestPerAttempt, Operation operation, String step, CallBudget budget) {
            this.requestPerAttempt = requestPerAttempt;
            this.operation = operation;
            this.step = step;
            this.budget = budget;
            this.report = new StepReport(clock, listener, step, operation, budget);
            this.bookkeeping = new StepBookkeeping(budget, pauses, retryQuota, report);
            // A caller that gives up stops the request in flight; a scheduled retry finds the result done.
            result.whenComplete((response, failure) -> {
                Call call = inFlight;
                if (result.isCancelled() && call != null) {
                    call.cancel();
                }
            });
        }

        void nextAttempt() {
            if (result.isDone()) {
                return; // cancelled while a retry was waiting
            }
            attempt++;
            try {
                Request request = requestPerAttempt.get();
                origin = RequestOrigin.of(request.url());
                target = RequestPaceTarget.of(request);
                gateThenSend(request);
            } catch (RuntimeException e) {
                // A typed refusal from the request supplier (RC5, RC7) or a bad URL: nothing was sent.
                result.completeExceptionally(e);
            }
        }

        /**
         * P2, RH9, RH11–RH13: asks the gate (the blocking executor's), waits on the timer as long as it says, never
         * blocking a thread, and asks again with the same request: the limiter (RC7) is not asked twice.
         */
        private void gateThenSend(Request request) {
            if (result.isDone()) {
                return; // cancelled while the attempt waited
            }
            SendGate.Verdict verdict = gate.beforeSend(operation, origin, target, budget, random);
            if (verdict instanceof SendGate.Refuse refuse) {
                result.completeExceptionally(report.refuse(origin, refuse.refusal()));
                return;
            }
            if (verdict instanceof SendGate.Wait wait) {
                report.paced(origin, attempt, wait);
                try {
                    scheduler.schedule(wait.delay(), () -> handOnGated(request));
                } catch (RejectedExecutionException e) {
                    result.completeExceptionally(e); // the timer was shut down with the run: nothing was sent
                }
                return;
            }
            progress = new SendProgress();
            Call call = client.newCall(
                    request.newBuilder().tag(SendProgress.class, progress).build());
            inFlight = call;
            // RC7: the caller may have cancelled while the request was built (a limiter round trip) and found
            // no call to cancel; checked after publishing inFlight, so one of the two sides always cancels.
            if (result.isDone()) {
                call.cancel();
                return;
            }
            transport.send(call, this);
        }

        private void handOnGated(Request request) {
            try {
                transport.handOn(() -> {
                    try {
                        gateThenSend(request);
                    } catch (RuntimeException e) {
                        result.completeExceptionally(e);
                    }
                });
            } catch (RejectedExecutionException e) {
                result.completeExceptionally(
                        e); // the transport was shut down while the attempt waited: nothing was sent
            }
        }

        @Override
        public void onResponse(Call call, Response response) {
            decide(SentAttempt.of(response));
        }

        @Override
        public void onFailure(Call call, IOException e) {
            if (e instanceof DeadlineTimeoutInterceptor.DeadlinePassed passed) {
                inFlight = null;
                result.completeExceptionally(passed.refusal(budget.failedInAll())); // RC5: nothing went out
                return;
            }
            FailureKind kind =
                    FailureClassifier.classify(e, progress.requestStarted(), progress.tlsHandshakeUnfinished());
            decide(new SentAttempt(new Outcome.NetworkFailure(kind), null));
        }

        private void decide(SentAttempt sent) {
            inFlight = null;
            try {
                decideOrThrow(sent);
            } catch (RuntimeException e) {
                sent.close();
                result.completeExceptionally(e); // a listener that threw must not leave the caller waiting forever
            }
        }

        private void decideOrThrow(SentAttempt sent) {
            BudgetCounters counters = bookkeeping.counters(origin);
            Instant now = clock.instant();
            // RH11: every answer tells the adaptive rate whether the provider throttled.
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
                    previousSleep,
                    retryAfter);
            StepBookkeeping.Next next = bookkeeping.after(decision, sent, origin, attempt, now, target);
            if (next instanceof StepBookkeeping.Deliver deliver) {
                if (!result.complete(deliver.response())) {
                    sent.close(); // the caller cancelled meanwhile: nobody will read it
                }
                return;
            }
            if (next instanceof StepBookkeeping.End end) {
                result.completeExceptionally(end.failure());
                return;
            }
            Duration delay = ((StepBookkeeping.Wait) next).delay();
            previousSleep = delay;
            // The timer only hands the retry on: building and sending it runs on the transport's threads.
            try {
                scheduler.schedule(delay, () -> handOn(sent));
            } catch (RejectedExecutionException e) {
                result.completeExceptionally(
                        bookkeeping.giveUp(origin, sent)); // the timer was shut down: end typed, not silently
            }
        }

        private void handOn(SentAttempt sent) {
            try {
                transport.handOn(this::nextAttempt);
            } catch (RejectedExecutionException e) {
                result.completeExceptionally(
                        bookkeeping.giveUp(origin, sent)); // the transport was shut down while the retry waited
            }
        }
    }

    /** Collects the executor's collaborators; everything but the client has a production default. */
    public static final class Builder extends CollaboratorsBuilder<Builder> {
        private final OkHttpClient client;
        private RetryScheduler scheduler = RetryScheduler.shared();
        private ComparisonRetryAfter retryAfter = ComparisonRetryAfter.HONOURED;
        private AttemptTransport transport;

        private Builder(OkHttpClient client) {
            this.client = Objects.requireNonNull(client, "client");
        }

        @Override
        Builder self() {
            return this;
        }

        /** Where retries wait, and attempts wait for a send rate (RH11); by default one shared daemon timer thread. */
        public Builder scheduler(RetryScheduler value) {
            scheduler = Objects.requireNonNull(value, "scheduler");
            return this;
        }

        /**
         * For load runs that compare with the article's client only (LB15, RA8): a valid Retry-After is waited as
         * {@code handling} says. Anything but {@link ComparisonRetryAfter#HONOURED} (the default) breaks RA3–RA4 on
         * purpose; an architecture rule lets only the load engine call this, and the blocking executor has no such
         * switch.
         */
        public Builder retryAfterForComparison(ComparisonRetryAfter handling) {
            retryAfter = Objects.requireNonNull(handling, "handling");
            return this;
        }

        /** How attempts go on the wire; by default OkHttp's {@code enqueue} on the client's dispatcher. */
        public Builder transport(AttemptTransport value) {
            transport = Objects.requireNonNull(value, "transport");
            return this;
        }

        public AsyncRetryingExecutor build() {
            return new AsyncRetryingExecutor(this);
        }
    }
}
