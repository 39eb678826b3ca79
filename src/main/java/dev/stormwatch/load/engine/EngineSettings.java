package dev.stormwatch.load.engine;

import dev.stormwatch.http.RetryQuota;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.load.options.ClientChoices;
import dev.stormwatch.retry.PolicyPreset;
import dev.stormwatch.retry.RetryPolicy;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What a load run needs beyond {@link dev.stormwatch.load.options.LoadOptions}: the clients' retry policy (RC4), the
 * optional shared retry quota, the limiter's limit, the relay's quota when no scenario sets one, the model route, the
 * clock (STYLE 1) and how long in-flight calls may finish after the planned end.
 *
 * @param policy the retry policy of every virtual client (a preset's, RC4, or any validated one, C2)
 * @param retryQuota makes the retry quota of one client instance (shared by its calls); {@link RetryQuota#UNLIMITED} when off
 * @param limit the limiter's limit; empty: the scenario's quota, else the run's rate per second (see {@link LimitChoice})
 * @param relayQuota the embedded relay's quota when the scenario sets none; empty: none
 * @param model the model route (the limiter key's model, L2)
 * @param clock the run's wall clock
 * @param drain how long calls in flight at the planned end may take before they are cancelled
 * @param maxConnections the most connections each instance opens at once (an instance stands for a process with a
 *     pool of its own, LB19), so the most requests on the wire are this many times the instances; further virtual
 *     clients wait in the transport's queue, counted as in flight
 * @param observer also told of every attempt event (the UI's timeline, tests); must not block
 */
public record EngineSettings(
        RetryPolicy policy,
        java.util.function.Supplier<RetryQuota> retryQuota,
        Optional<LimitSpec> limit,
        Optional<dev.stormwatch.relay.Quota> relayQuota,
        String model,
        Clock clock,
        Duration drain,
        int maxConnections,
        dev.stormwatch.http.AttemptListener observer) {

    /** A run ends at most this long after its planned end, whatever is still in flight (never a hang). */
    public static final Duration DEFAULT_DRAIN = Duration.ofSeconds(3);
    /** As many connections as wrk uses in the benchmark (-c64). */
    public static final int DEFAULT_MAX_CONNECTIONS = 64;

    public EngineSettings {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(retryQuota, "retryQuota");
        Objects.requireNonNull(limit, "limit");
        Objects.requireNonNull(relayQuota, "relayQuota");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(clock, "clock");
        if (drain.isNegative()) {
            throw new IllegalArgumentException("drain cannot be negative, was " + drain);
        }
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be at least 1, was " + maxConnections);
        }
        Objects.requireNonNull(observer, "observer");
    }

    /** The batch preset (4 attempts, Retry-After honoured in full, RC4), no retry quota, the system clock. */
    public static EngineSettings defaults() {
        return new EngineSettings(
                PolicyPreset.BATCH.policy(),
                () -> RetryQuota.UNLIMITED,
                Optional.empty(),
                Optional.empty(),
                "storm-mini",
                Clock.systemUTC(),
                DEFAULT_DRAIN,
                DEFAULT_MAX_CONNECTIONS,
                dev.stormwatch.http.AttemptListener.NONE);
    }

    /** These settings with the retry policy, retry quota and limit chosen for the run (the command line's options). */
    public EngineSettings with(ClientChoices choices) {
        EngineSettings chosen = withPolicy(choices.policy())
                .withRetryQuota(choices.retryQuota() ? RetryQuota::standard : () -> RetryQuota.UNLIMITED);
        return choices.limit().map(chosen::withLimit).orElse(chosen);
    }

    /**
     * One line for the run's description and summary: the policy with its values, the retry quota, the limit:
     * {@code policy batch (4 attempt(s) per origin, ...), retry quota off, limit auto}.
     */
    public String describe() {
        RetryQuota sample = retryQuota.get();
        String quota = sample.isUnlimited()
                ? "retry quota off"
                : "retry quota on (" + sample.capacity() + " tokens per instance, " + sample.retryCost()
                        + " per retry, " + sample.successRefund() + " back per success)";
        String chosenLimit = limit.map(
                        l -> "limit " + l.limit() + " per " + l.window().toMillis() + " ms")
                .orElse("limit auto (the relay's quota, else the rate, else 100 per second)");
        return ClientChoices.describe(policy) + ", " + quota + ", " + chosenLimit;
    }

    public EngineSettings withPolicy(RetryPolicy value) {
        return new EngineSettings(value, retryQuota, limit, relayQuota, model, clock, drain, maxConnections, observer);
    }

    public EngineSettings withRetryQuota(java.util.function.Supplier<RetryQuota> value) {
        return new EngineSettings(policy, value, limit, relayQuota, model, clock, drain, maxConnections, observer);
    }

    public EngineSettings withLimit(LimitSpec value) {
        return new EngineSettings(
                policy, retryQuota, Optional.of(value), relayQuota, model, clock, drain, maxConnections, observer);
    }

    public EngineSettings withRelayQuota(dev.stormwatch.relay.Quota value) {
        return new EngineSettings(
                policy, retryQuota, limit, Optional.of(value), model, clock, drain, maxConnections, observer);
    }

    public EngineSettings withMaxConnections(int value) {
        return new EngineSettings(policy, retryQuota, limit, relayQuota, model, clock, drain, value, observer);
    }

    public EngineSettings withObserver(dev.stormwatch.http.AttemptListener value) {
        return new EngineSettings(policy, retryQuota, limit, relayQuota, model, clock, drain, maxConnections, value);
    }

    /** These settings on another clock: a run on simulated time reads the same time as its loop (decision 0039). */
    public EngineSettings withClock(Clock value) {
        return new EngineSettings(policy, retryQuota, limit, relayQuota, model, value, drain, maxConnections, observer);
    }

    public EngineSettings withDrain(Duration value) {
        return new EngineSettings(policy, retryQuota, limit, relayQuota, model, clock, value, maxConnections, observer);
    }
}
