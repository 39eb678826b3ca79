package dev.stormwatch.retry;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * One wait hint read from a response's headers (spec RH): the header, its value as received, what it asks for, the
 * rule that decided how it counts, and a sentence for people.
 *
 * @param header the header's name, in lower case ({@code retry-after} for Retry-After)
 * @param value the value as received
 * @param role how the hint counts
 * @param waitTime the wait it asks for (capped at RA7), empty when it asks for none or is ignored
 * @param rule the spec rule that decided, for example {@code RH1} or {@code RA6}
 * @param note why it counts, or why not
 */
public record WaitHint(String header, String value, Role role, Optional<Duration> waitTime, String rule, String note) {

    /** How a hint counts in the reading. */
    public enum Role {
        /** A wait the provider asked for on a 429 or 503 (RA1, RH1). */
        WAIT,
        /** Nothing is left until a reset (RH4): a wait on 429 and 503, a pace on any other status (RH9). */
        EXHAUSTED,
        /** {@code x-should-retry}, the provider's word on whether to retry at all (RH3). */
        SHOULD_RETRY,
        /** Read, but asks for no wait: a limit, a policy, something left. */
        INFO,
        /** Invalid, or not read on this status: counts as absent (RA1, RA6, RH10). */
        IGNORED
    }

    public WaitHint {
        Objects.requireNonNull(header, "header");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(waitTime, "waitTime");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(note, "note");
    }

    /** One line for the timeline and the CLI, for example {@code retry-after-ms: 1500}. */
    public String headerLine() {
        return header + ": " + value;
    }
}
