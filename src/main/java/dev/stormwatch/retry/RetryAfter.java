package dev.stormwatch.retry;

import dev.stormwatch.base.AsciiDigits;
import dev.stormwatch.base.HttpDate;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads the {@code Retry-After} header (RFC 9110 §10.2.3) by the rules RA1, RA2, RA6 and RA7 of the spec: only on
 * 429 and 503, delta-seconds or any of the three HTTP-date forms, measured against the response's own {@code Date},
 * invalid values count as absent, capped at 86 400 s. Never throws on bad input.
 */
public final class RetryAfter {

    /** RA7: the longest wait the application is ever told; a day is long enough to mean "not today". */
    public static final Duration CAP = Duration.ofSeconds(86_400);

    private static final long CAP_SECONDS = CAP.getSeconds();

    /** What decided a Retry-After reading; {@link RetryAfter#explain} names it. */
    public enum Rule {
        /** There is no Retry-After header: ordinary backoff applies (B3). */
        ABSENT("B3"),
        /** RA1: the status is neither 429 nor 503, so the header is ignored. */
        STATUS_IGNORED("RA1"),
        /** RA2: delta-seconds. */
        DELTA_SECONDS("RA2"),
        /** RA2: an HTTP-date measured against the response's own Date header. */
        DATE_AGAINST_DATE_HEADER("RA2"),
        /** RA2: an HTTP-date measured against the local clock, because the response has no usable Date. */
        DATE_AGAINST_LOCAL_CLOCK("RA2"),
        /** RA6: the value is invalid and counts as absent. */
        INVALID("RA6"),
        /** RA7: the value was longer than 86 400 s and was capped. */
        CAPPED("RA7");

        private final String specId;

        Rule(String specId) {
            this.specId = specId;
        }

        /** The spec rule ID, for example {@code RA2}. */
        public String specId() {
            return specId;
        }
    }

    /**
     * A reading of the header together with the rule that decided it and a sentence for people.
     *
     * @param retryAfter the wait that applies, or empty when the header is absent or ignored
     */
    public record Explanation(Optional<Duration> retryAfter, Rule rule, String reason) {
        public Explanation {
            Objects.requireNonNull(retryAfter, "retryAfter");
            Objects.requireNonNull(rule, "rule");
            Objects.requireNonNull(reason, "reason");
        }
    }

    // Negative results of the allocation-free reading: why the header counts as absent.
    static final long ABSENT = -1;
    static final long STATUS_IGNORED = -2;
    static final long NULL_VALUE = -3;
    static final long MORE_THAN_ONE = -4;
    static final long EMPTY = -5;
    static final long NEGATIVE = -6;
    static final long FRACTIONAL = -7;
    static final long TOO_LARGE = -8;
    static final long NOT_A_NUMBER_OR_DATE = -9;
    static final long DATE_IN_THE_PAST = -10;

    private RetryAfter() {}

    /**
     * The wait that a response asks for, capped at 86 400 s (RA7), or empty when the header must be ignored (RA1,
     * RA6) or is absent. Never throws for any status or header value; only a missing clock is refused.
     *
     * @param status the response status; only 429 and 503 are read (RA1)
     * @param headerValues every {@code Retry-After} value of the response, in order; may be null or empty
     * @param dateHeader the response's {@code Date} header, or null; the reference for an HTTP-date (RA2)
     * @param clock the local clock, the reference when {@code Date} is missing or unusable; required, so that no
     *     caller falls back on the system clock by accident
     * @throws NullPointerException when {@code clock} is null
     */
    public static Optional<Duration> parse(int status, List<String> headerValues, String dateHeader, Clock clock) {
        long seconds = seconds(status, headerValues, dateHeader, nowEpochSecond(clock));
        return seconds < 0 ? Optional.empty() : Optional.of(Duration.ofSeconds(Math.min(seconds, CAP_SECONDS)));
    }

    /** Like {@link #parse} but also says which rule decided and why, for people (the CLI, the timeline). */
    public static Explanation explain(int status, List<String> headerValues, String dateHeader, Clock clock) {
        long now = nowEpochSecond(clock);
        long seconds = seconds(status, headerValues, dateHeader, now);
        if (seconds >= 0) {
            if (seconds > CAP_SECONDS) {
                return new Explanation(
                        Optional.of(CAP),
                        Rule.CAPPED,
                        "the provider asked for " + seconds + " s; the wait is capped at " + CAP_SECONDS + " s");
            }
            String value = strip(headerValues.get(0));
            Duration wait = Duration.ofSeconds(seconds);
            if (AsciiDigits.only(value, 0, value.length())) {
                return new Explanation(
                        Optional.of(wait), Rule.DELTA_SECONDS, "delta-seconds '" + value + "': wait " + seconds + " s");
            }
            if (usableDate(dateHeader, now) != HttpDate.INVALID) {
                return new Explanation(
                        Optional.of(wait),
                        Rule.DATE_AGAINST_DATE_HEADER,
                        "HTTP-date, measured against the response's Date header (not the local clock): wait " + seconds
                                + " s");
            }
            return new Explanation(
                    Optional.of(wait),
                    Rule.DATE_AGAINST_LOCAL_CLOCK,
                    "HTTP-date, measured against the local clock because the response has no usable Date header:"
                            + " wait " + seconds + " s");
        }
        if (seconds == ABSENT) {
            return new Explanation(
                    Optional.empty(), Rule.ABSENT, "no Retry-After header: ordinary backoff with full jitter applies");
        }
        if (seconds == STATUS_IGNORED) {
            return new Explanation(
                    Optional.empty(),
                    Rule.STATUS_IGNORED,
                    "status " + status
                            + " is neither 429 nor 503, so Retry-After is ignored and ordinary backoff applies");
        }
        return new Explanation(
                Optional.empty(),
                Rule.INVALID,
                invalidReason(seconds) + ", so the header counts as absent and ordinary backoff applies");
    }

    private static String invalidReason(long code) {
        if (code == NULL_VALUE) {
            return "the header list holds a null value";
        }
        if (code == MORE_THAN_ONE) {
            return "there is more than one Retry-After value (several headers or a comma list)";
        }
        if (code == EMPTY) {
            return "the value is empty";
        }
        if (code == NEGATIVE) {
            return "the value is negative";
        }
        if (code == FRACTIONAL) {
            return "the value is fractional; delta-seconds are whole seconds";
        }
        if (code == TOO_LARGE) {
            return "the number is too large to represent";
        }
        if (code == DATE_IN_THE_PAST) {
            return "the HTTP-date is in the past relative to its reference";
        }
        return "the value is neither delta-seconds nor an HTTP-date (RFC 9110 §5.6.7)";
    }

    /**
     * The uncapped wait in seconds, or a negative code saying why the header counts as absent. Allocation-free,
     * for the retry decision's hot path.
     */
    static long seconds(int status, List<String> headerValues, String dateHeader, long nowEpochSecond) {
        // RA1: only 429 and 503 carry a wait the client must honour.
        if (status != 429 && status != 503) {
            return STATUS_IGNORED;
        }
        if (headerValues == null || headerValues.isEmpty()) {
            return ABSENT;
        }
        // RA6: more than one header: the provider contradicts itself, so neither value is trusted.
        if (headerValues.size() > 1) {
            for (int k = 0; k < headerValues.size(); k++) {
                if (headerValues.get(k) == null) {
                    return NULL_VALUE;
                }
            }
            return MORE_THAN_ONE;
        }
        String value = headerValues.get(0);
        if (value == null) {
            return NULL_VALUE;
        }
        int from = firstNonSpace(value);
        int to = lastNonSpace(value) + 1;
        // RA6: empty.
        if (from >= to) {
            return EMPTY;
        }
        // RA2: delta-seconds, leading zeros count ("0030" is 30 s).
        if (AsciiDigits.only(value, from, to)) {
            return delta(value, from, to);
        }
        // RA2: an HTTP-date, measured against the response's Date when it has a usable one.
        long date = HttpDate.parse(value, from, to, nowEpochSecond);
        if (date != HttpDate.INVALID) {
            long headerDate = usableDate(dateHeader, nowEpochSecond);
            long reference = headerDate != HttpDate.INVALID ? headerDate : nowEpochSecond;
            // RA6: a date in the past relative to its reference.
            return date < reference ? DATE_IN_THE_PAST : date - reference;
        }
        return invalidShape(value, from, to);
    }

    /** RA6: names what is wrong with a value that is neither delta-seconds nor an HTTP-date. */
    private static long invalidShape(String value, int from, int to) {
        if (value.indexOf(',', from) >= 0 && value.indexOf(',', from) < to) {
            return MORE_THAN_ONE;
        }
        if (value.charAt(from) == '-' && to - from > 1 && isNumber(value, from + 1, to)) {
            return NEGATIVE;
        }
        if (isNumber(value, from, to) || value.charAt(from) == '+' && isNumber(value, from + 1, to)) {
            return FRACTIONAL;
        }
        return NOT_A_NUMBER_OR_DATE;
    }

    private static long usableDate(String dateHeader, long nowEpochSecond) {
        if (dateHeader == null) {
            return HttpDate.INVALID;
        }
        int from = firstNonSpace(dateHeader);
        int to = lastNonSpace(dateHeader) + 1;
        return from >= to ? HttpDate.INVALID : HttpDate.parse(dateHeader, from, to, nowEpochSecond);
    }

    private static long delta(String value, int from, int to) {
        long seconds = 0;
        for (int k = from; k < to; k++) {
            int digit = value.charAt(k) - '0';
            // RA6: a number beyond 64 bits cannot be what the provider meant; it counts as absent.
            if (seconds > (Long.MAX_VALUE - digit) / 10) {
                return TOO_LARGE;
            }
            seconds = seconds * 10 + digit;
        }
        return seconds;
    }

    /** Digits with at most one decimal point, for example {@code 1.5}; says "a number, but not delta-seconds". */
    private static boolean isNumber(String s, int from, int to) {
        boolean digit = false;
        boolean point = false;
        for (int k = from; k < to; k++) {
            char c = s.charAt(k);
            if (c >= '0' && c <= '9') {
                digit = true;
            } else if (c == '.' && !point) {
                point = true;
            } else {
                return false;
            }
        }
        return digit;
    }

    private static long nowEpochSecond(Clock clock) {
        // Truncated to the second: an HTTP-date has no fraction, and rounding down never shortens the wait.
        return Math.floorDiv(Objects.requireNonNull(clock, "clock").millis(), 1000L);
    }

    private static int firstNonSpace(String s) {
        int k = 0;
        while (k < s.length() && (s.charAt(k) == ' ' || s.charAt(k) == '\t')) {
            k++;
        }
        return k;
    }

    private static int lastNonSpace(String s) {
        int k = s.length() - 1;
        while (k >= 0 && (s.charAt(k) == ' ' || s.charAt(k) == '\t')) {
            k--;
        }
        return k;
    }

    private static String strip(String s) {
        return s.substring(firstNonSpace(s), lastNonSpace(s) + 1);
    }
}
