package dev.stormwatch.base;

import java.math.BigInteger;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one grammar of a duration as people type it, for every command-line option, fault spec and form field:
 *
 * <pre>
 * duration = [ "-" ] digits [ spaces ] [ unit ]      ; no unit means seconds
 *          / ISO-8601 duration                       ; java.time.Duration.parse, e.g. PT1M30S, P1D
 * unit     = "ms" / "s" / "m" / "h"                  ; milliseconds, seconds, minutes, hours
 * </pre>
 *
 * <p>Letters may be upper or lower case and the text may be surrounded by spaces, so {@code 90}, {@code 90s},
 * {@code 90 S}, {@code 1500ms}, {@code 2m}, {@code 1h} and {@code PT1M30S} all read. Fractions ({@code 1.5s}) are
 * written in the next smaller unit ({@code 1500ms}) or in ISO-8601 ({@code PT1.5S}). Whether a negative or a zero
 * duration makes sense is the caller's rule; the grammar reads both (a fault's clock skew may be negative).
 *
 * <p>A duration is at most {@link #MAX} either way (about 292 years: every {@code Duration} the project handles can
 * then be counted in nanoseconds), and a longer one is refused with {@link TooLong}, never wrapped or clamped.
 */
public final class DurationText {

    /** The forms, as option descriptions and error messages show them. */
    public static final String FORMS = "90 (seconds), 90s, 1500ms, 2m, 1h or ISO-8601 such as PT1M30S";

    /** The longest duration read, either way: the most nanoseconds a {@code long} holds. */
    public static final Duration MAX = Duration.ofNanos(Long.MAX_VALUE);

    /** {@link #MAX} in the grammar's largest unit, rounded down, for messages. */
    private static final String MAX_TEXT = MAX.toHours() + "h";

    private static final Pattern AMOUNT_AND_UNIT = Pattern.compile("(-?\\d+)\\s*(ms|s|m|h)?");

    private DurationText() {}

    /** The text is not a duration of this grammar; the message quotes it and shows the forms. */
    public static class Invalid extends IllegalArgumentException {
        Invalid(String message) {
            super(message);
        }
    }

    /** The text is a duration, but longer than {@link #MAX}; the message says so and names the maximum. */
    public static final class TooLong extends Invalid {
        TooLong(String text) {
            super("'" + text + "' is too long; at most " + MAX_TEXT + " (about 292 years) either way");
        }
    }

    /**
     * A duration for people, the reverse of {@link #parse} for its common forms: whole hours as {@code 2 h}, whole
     * minutes as {@code 5 min}, anything else in seconds with the decimals it needs ({@code 10 s}, {@code 1.5 s}).
     */
    public static String words(Duration duration) {
        if (!duration.isZero() && duration.toNanos() % Duration.ofHours(1).toNanos() == 0) {
            return duration.toHours() + " h";
        }
        if (!duration.isZero() && duration.toNanos() % Duration.ofMinutes(1).toNanos() == 0) {
            return duration.toMinutes() + " min";
        }
        return seconds(duration);
    }

    /**
     * A duration in seconds, with the decimals it needs and none it does not: {@code 120 s}, {@code 1.5 s},
     * {@code 0.02 s}; for waits, which people compare with the Retry-After they sent, in seconds.
     */
    public static String seconds(Duration duration) {
        return new java.math.BigDecimal(
                                java.math.BigInteger.valueOf(duration.getSeconds())
                                        .multiply(java.math.BigInteger.valueOf(1_000_000_000L))
                                        .add(java.math.BigInteger.valueOf(duration.getNano())),
                                9)
                        .stripTrailingZeros()
                        .toPlainString()
                + " s";
    }

    /**
     * Reads {@code text}.
     *
     * @throws TooLong when it is a duration longer than {@link #MAX}
     * @throws Invalid when it is none of the forms
     */
    public static Duration parse(String text) {
        String trimmed = text.strip();
        Matcher matcher = AMOUNT_AND_UNIT.matcher(trimmed.toLowerCase(Locale.ROOT));
        if (matcher.matches()) {
            return ofAmount(text, new BigInteger(matcher.group(1)), matcher.group(2) == null ? "s" : matcher.group(2));
        }
        Duration iso;
        try {
            iso = Duration.parse(trimmed);
        } catch (DateTimeParseException e) {
            if (e.getCause() instanceof ArithmeticException || e.getCause() instanceof NumberFormatException) {
                throw new TooLong(text);
            }
            throw new Invalid("'" + text + "' is not a duration: write " + FORMS);
        }
        if (iso.compareTo(MAX) > 0 || iso.compareTo(MAX.negated()) < 0) {
            throw new TooLong(text);
        }
        return iso;
    }

    private static Duration ofAmount(String text, BigInteger amount, String unit) {
        long nanosPerUnit = switch (unit) {
            case "ms" -> 1_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> 1_000_000_000L;
        };
        BigInteger nanos = amount.multiply(BigInteger.valueOf(nanosPerUnit));
        if (nanos.abs().bitLength() > 63) {
            throw new TooLong(text);
        }
        return Duration.ofNanos(nanos.longValueExact());
    }
}
