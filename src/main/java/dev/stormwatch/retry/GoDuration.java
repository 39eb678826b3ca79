package dev.stormwatch.retry;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Reads the durations OpenAI writes in {@code x-ratelimit-reset-*} (spec RH6): Go's {@code time.Duration} text, a
 * sequence of decimal numbers each with a unit ({@code h}, {@code m}, {@code s}, {@code ms}, {@code us} or
 * {@code µs}, {@code ns}), for example {@code 6m0s}, {@code 1s}, {@code 20ms}, {@code 1h2m3.5s}; {@code 0} alone is
 * zero. A sign is refused: a reset is never negative. Not the CLI's duration options, which take one whole number.
 */
final class GoDuration {

    /** Returned for text that is not such a duration. */
    static final long INVALID = Long.MIN_VALUE;

    private static final int MAX_LENGTH = 64;

    private GoDuration() {}

    /**
     * The duration in nanoseconds, rounded up; {@link Long#MAX_VALUE} when it does not fit (the caller caps it, RA7);
     * {@link #INVALID} when the text is not a duration (RH10).
     */
    static long nanos(String text) {
        if (text == null || text.isEmpty() || text.length() > MAX_LENGTH) {
            return INVALID;
        }
        if (text.equals("0")) {
            return 0;
        }
        BigDecimal total = BigDecimal.ZERO;
        int k = 0;
        while (k < text.length()) {
            int start = k;
            boolean digits = false;
            boolean point = false;
            while (k < text.length()
                    && (Character.isDigit(text.charAt(k)) && text.charAt(k) < 128 || text.charAt(k) == '.' && !point)) {
                digits |= text.charAt(k) != '.';
                point |= text.charAt(k) == '.';
                k++;
            }
            if (!digits) {
                return INVALID;
            }
            // BigDecimal reads ".5" and "5." as Go does.
            BigDecimal amount = new BigDecimal(text.substring(start, k));
            long unit;
            if (text.startsWith("ns", k)) {
                unit = 1L;
                k += 2;
            } else if (text.startsWith("us", k) || text.startsWith("µs", k)) {
                unit = 1_000L;
                k += 2;
            } else if (text.startsWith("ms", k)) {
                unit = 1_000_000L;
                k += 2;
            } else if (text.startsWith("s", k)) {
                unit = 1_000_000_000L;
                k += 1;
            } else if (text.startsWith("m", k)) {
                unit = 60_000_000_000L;
                k += 1;
            } else if (text.startsWith("h", k)) {
                unit = 3_600_000_000_000L;
                k += 1;
            } else {
                return INVALID; // a number without a unit
            }
            total = total.add(amount.multiply(BigDecimal.valueOf(unit)));
        }
        BigDecimal nanos = total.setScale(0, RoundingMode.CEILING);
        return nanos.min(BigDecimal.valueOf(Long.MAX_VALUE)).longValueExact();
    }
}
