package dev.stormwatch.load.options;

import dev.stormwatch.limit.FailureMode;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * How a run's Redis limiters ride through Redis failing (RB1, RB2): what a decision does while Redis is slow or away
 * (the failure mode, L9), how many failed calls in a row open the circuit, and how long Redis may stay unreachable
 * before the run stops as "Redis lost".
 *
 * @param mode what a decision does without Redis; a run's default is {@link FailureMode#FAIL_CLOSED} (decision 0005)
 * @param failureThreshold failed calls in a row that open the circuit (RB1); below it only the failed decision is
 *     degraded
 * @param outageLimit how long Redis may stay unreachable, the circuit open throughout, before the run stops (RB2)
 */
public record RedisFailureHandling(FailureMode mode, int failureThreshold, Duration outageLimit) {

    /** The longest outage a run will wait out: past it, the figures no longer describe the set-up that was chosen. */
    public static final Duration MAX_OUTAGE_LIMIT = Duration.ofMinutes(10);
    /** Fail closed; three failures in a row open the circuit; ten seconds unreachable end the run. */
    public static final RedisFailureHandling DEFAULT =
            new RedisFailureHandling(FailureMode.FAIL_CLOSED, 3, Duration.ofSeconds(10));

    /** @throws IllegalArgumentException in the words of the option ({@code --redis-outage-limit}) */
    public RedisFailureHandling {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(outageLimit, "outageLimit");
        if (failureThreshold < 1 || failureThreshold > 1_000) {
            throw new IllegalArgumentException("the failure threshold must be 1 to 1000, was " + failureThreshold);
        }
        if (outageLimit.toMillis() < 1 || outageLimit.compareTo(MAX_OUTAGE_LIMIT) > 0) {
            throw new IllegalArgumentException(
                    "--redis-outage-limit must be more than 0 and at most 10m, was " + outageLimit.toMillis() + " ms");
        }
    }

    /** The same with another failure mode. */
    public RedisFailureHandling withMode(FailureMode value) {
        return new RedisFailureHandling(value, failureThreshold, outageLimit);
    }

    /** The same with another outage limit. */
    public RedisFailureHandling withOutageLimit(Duration value) {
        return new RedisFailureHandling(mode, failureThreshold, value);
    }

    /** The command line's name of a failure mode: {@code closed}, {@code open} or {@code local}. */
    public static String cliName(FailureMode mode) {
        return switch (mode) {
            case FAIL_CLOSED -> "closed";
            case FAIL_OPEN -> "open";
            case LOCAL_FALLBACK -> "local";
        };
    }

    /** The failure mode a command-line name stands for; {@code closed}, {@code open} or {@code local}. */
    public static java.util.Optional<FailureMode> byCliName(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (FailureMode mode : FailureMode.values()) {
            if (cliName(mode).equals(wanted)) {
                return java.util.Optional.of(mode);
            }
        }
        return java.util.Optional.empty();
    }

    /** What a degraded decision does, in words, for notes and summaries. */
    public String describeMode() {
        return switch (mode) {
            case FAIL_CLOSED -> "fail closed: refused until Redis answers";
            case FAIL_OPEN -> "fail open: allowed without a limit";
            case LOCAL_FALLBACK -> "local fallback: decided by each instance's in-memory limiter";
        };
    }

    /** One line for the run's description. */
    public String describe() {
        return "Redis failure mode " + cliName(mode) + ", circuit opens after " + failureThreshold
                + " failure(s) in a row, run stops after " + outageLimit.toMillis() + " ms unreachable";
    }
}
