package dev.stormwatch.load.options;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a duration as people type it: {@code 90} (seconds), {@code 90s}, {@code 500ms}, {@code 2m}, {@code 1h}, or ISO-8601 {@code PT90S}. */
public final class DurationText {

    private static final Pattern AMOUNT_AND_UNIT = Pattern.compile("(-?\\d+)\\s*(ms|s|m|h)?");

    private DurationText() {}

    /** The duration, or empty when the text is none of the accepted forms. */
    public static Optional<Duration> parse(String text) {
        String trimmed = text.trim().toLowerCase(Locale.ROOT);
        Matcher matcher = AMOUNT_AND_UNIT.matcher(trimmed);
        if (matcher.matches()) {
            long amount;
            try {
                amount = Long.parseLong(matcher.group(1));
            } catch (NumberFormatException tooLong) {
                return Optional.empty();
            }
            String unit = matcher.group(2) == null ? "s" : matcher.group(2);
            try {
                return Optional.of(switch (unit) {
                    case "ms" -> Duration.ofMillis(amount);
                    case "m" -> Duration.ofMinutes(amount);
                    case "h" -> Duration.ofHours(amount);
                    default -> Duration.ofSeconds(amount);
                });
            } catch (ArithmeticException tooLong) {
                return Optional.empty();
            }
        }
        try {
            return Optional.of(Duration.parse(text.trim()));
        } catch (DateTimeParseException notIso) {
            return Optional.empty();
        }
    }
}
