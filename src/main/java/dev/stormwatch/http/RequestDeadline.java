package dev.stormwatch.http;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import okhttp3.Headers;
import okhttp3.Request;

/**
 * The instant by which a caller needs its answer, carried downstream so that nested services cannot each burn a full
 * retry budget (spec RC5): sent as {@code Request-Deadline} (an RFC 3339 instant) and {@code Request-Timeout}
 * (milliseconds left), and read back from an incoming request. A client never retries past its deadline.
 *
 * @param at the instant after which no answer is useful
 */
public record RequestDeadline(Instant at) {

    /** RC5: the absolute deadline, an RFC 3339 instant in UTC, for example {@code 2026-11-30T06:40:58.123Z}. */
    public static final String DEADLINE_HEADER = "Request-Deadline";
    /** RC5: the relative deadline in whole milliseconds, measured when the request is sent. */
    public static final String TIMEOUT_HEADER = "Request-Timeout";

    /** An incoming relative timeout longer than a day is not a deadline anyone meant; it is ignored. */
    private static final long MAX_TIMEOUT_MILLIS = Duration.ofDays(1).toMillis();

    public RequestDeadline {
        Objects.requireNonNull(at, "at");
    }

    /** A deadline at this instant. */
    public static RequestDeadline at(Instant instant) {
        return new RequestDeadline(instant);
    }

    /** A deadline this long from now on the given clock. */
    public static RequestDeadline in(Duration timeout, Clock clock) {
        return new RequestDeadline(clock.instant().plus(timeout));
    }

    /** What is left of the deadline at {@code now}; zero once it passed. */
    public Duration remaining(Instant now) {
        Duration left = Duration.between(now, at);
        return left.isNegative() ? Duration.ZERO : left;
    }

    /** True from the deadline's instant on: nothing may be sent any more. */
    public boolean hasPassed(Instant now) {
        return !now.isBefore(at);
    }

    /** The earlier of the two deadlines: a nested call never outlives the one it serves (RC5). */
    public RequestDeadline earliest(RequestDeadline other) {
        return other.at.isBefore(at) ? other : this;
    }

    /** The request with both deadline headers set for an attempt sent at {@code now} (RC5). */
    public Request stamp(Request request, Instant now) {
        return request.newBuilder()
                .header(DEADLINE_HEADER, DateTimeFormatter.ISO_INSTANT.format(at.truncatedTo(ChronoUnit.MILLIS)))
                .header(TIMEOUT_HEADER, Long.toString(remaining(now).toMillis()))
                .build();
    }

    /**
     * The deadline an incoming request carries (RC5): the earliest valid one of its {@code Request-Deadline} and
     * {@code Request-Timeout} headers ({@code Request-Timeout} measured from {@code receivedAt}). A malformed value is
     * ignored, never an error: a bad header must not fail a request.
     */
    public static Optional<RequestDeadline> fromHeaders(Headers headers, Instant receivedAt) {
        Optional<RequestDeadline> earliest = Optional.empty();
        for (String value : headers.values(DEADLINE_HEADER)) {
            earliest = earlier(earliest, parseInstant(value));
        }
        for (String value : headers.values(TIMEOUT_HEADER)) {
            earliest = earlier(earliest, parseMillis(value).map(ms -> new RequestDeadline(receivedAt.plusMillis(ms))));
        }
        return earliest;
    }

    private static Optional<RequestDeadline> earlier(Optional<RequestDeadline> a, Optional<RequestDeadline> b) {
        if (a.isEmpty()) {
            return b;
        }
        return b.isEmpty() ? a : Optional.of(a.get().earliest(b.get()));
    }

    private static Optional<RequestDeadline> parseInstant(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            // RFC 3339 §5.6 allows a lower-case 't' and 'z'; java.time wants them upper-case.
            OffsetDateTime time = OffsetDateTime.parse(
                    value.strip().toUpperCase(Locale.ROOT), DateTimeFormatter.ISO_OFFSET_DATE_TIME);
            return Optional.of(new RequestDeadline(time.toInstant()));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static Optional<Long> parseMillis(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String digits = value.strip();
        // Only whole non-negative milliseconds; anything else (signs, fractions, units) is not this header.
        if (digits.isEmpty() || digits.length() > 12 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return Optional.empty();
        }
        long millis = Long.parseLong(digits);
        return millis > MAX_TIMEOUT_MILLIS ? Optional.empty() : Optional.of(millis);
    }
}
