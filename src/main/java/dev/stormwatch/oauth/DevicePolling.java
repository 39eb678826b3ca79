package dev.stormwatch.oauth;

import dev.stormwatch.retry.CallFailure;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * When to poll the token endpoint in the device authorization grant (RFC 8628 §3.4–§3.5), as pure decisions on
 * the time they are given (DV2–DV5): one instance per device code, holding its interval and its deadline.
 */
public final class DevicePolling {

    /** RFC 8628 §3.2: the interval when the provider gives none. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(5);

    /** RFC 8628 §3.5: what {@code slow_down} adds to the interval, for this poll and every later one. */
    public static final Duration SLOW_DOWN_STEP = Duration.ofSeconds(5);

    /** What to do next. */
    public sealed interface Next {
        /** Poll again after this wait. */
        record Poll(Duration after) implements Next {}

        /** Stop: the flow ends with this error. */
        record Stop(CallFailure failure) implements Next {}
    }

    private final Instant expiresAt;
    private Duration interval;

    /**
     * @param interval the provider's {@code interval}; empty, zero or negative means {@link #DEFAULT_INTERVAL}
     * @param expiresAt when the device code expires ({@code expires_in} after its answer)
     */
    public DevicePolling(Optional<Duration> interval, Instant expiresAt) {
        this.expiresAt = Objects.requireNonNull(expiresAt, "expiresAt");
        this.interval = interval.filter(d -> !d.isNegative() && !d.isZero()).orElse(DEFAULT_INTERVAL);
    }

    /** The current interval. */
    public Duration interval() {
        return interval;
    }

    /** DV2: the first poll waits one interval after the device code was issued. */
    public Next first(Instant now) {
        return pollAfter(interval, now);
    }

    /**
     * DV2–DV4: after a token-endpoint answer with this OAuth {@code error}: {@code authorization_pending} polls
     * again after the interval, {@code slow_down} after the interval grown by {@link #SLOW_DOWN_STEP},
     * {@code expired_token} and {@code access_denied} stop. Empty for any other error (the caller's to judge).
     */
    public Optional<Next> afterError(String error, Instant now) {
        return switch (error) {
            // DV2: the user has not finished; ask again after the interval.
            case "authorization_pending" -> Optional.of(pollAfter(interval, now));
            // DV3: RFC 8628 §3.5: the interval grows by 5 s for this and every later request.
            case "slow_down" -> {
                interval = interval.plus(SLOW_DOWN_STEP);
                yield Optional.of(pollAfter(interval, now));
            }
            // DV4: the code is dead: the flow must start over.
            case "expired_token" ->
                Optional.of(new Next.Stop(Failures.reauthenticate(
                        "the device code expired before the sign-in was finished; start the device sign-in again")));
            case "access_denied" ->
                Optional.of(new Next.Stop(Failures.reauthenticate(
                        "the sign-in was refused on the other device (access_denied); start again to retry")));
            default -> Optional.empty();
        };
    }

    /**
     * DV5: a poll that failed in a recoverable way (no answer, or 429/5xx after the engine's own rule): the
     * interval doubles (RFC 8628 §3.5's backoff on a timeout, for any such failure), and the next poll waits at
     * least that long and at least as long as the provider's Retry-After.
     */
    public Next afterFailure(Optional<Duration> retryAfter, Instant now) {
        interval = interval.multipliedBy(2);
        Duration wait = retryAfter.filter(r -> r.compareTo(interval) > 0).orElse(interval);
        return pollAfter(wait, now);
    }

    /** DV4: no poll is sent at or after the deadline: the flow stops instead of waiting for nothing. */
    private Next pollAfter(Duration wait, Instant now) {
        if (!now.plus(wait).isBefore(expiresAt)) {
            return new Next.Stop(Failures.reauthenticate("the device code expires at " + expiresAt
                    + ", before the next poll could be sent; start the device sign-in again"));
        }
        return new Next.Poll(wait);
    }
}
