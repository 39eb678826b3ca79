package dev.stormwatch.server;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a duration as people type it: {@code 250ms}, {@code 5s}, {@code 2m}, {@code 1h}, a bare number of seconds, or ISO-8601. */
public final class DurationText {

    private static final Pattern SHORT = Pattern.compile("(-?\\d+)(ms|s|m|h)?");

    private DurationText() {}

    /**
     * Parses {@code text}.
     *
     * @throws InvalidFaultSpec when it is none of the accepted forms
     */
    public static Duration parse(String text) {
        String trimmed = text.trim();
        Matcher m = SHORT.matcher(trimmed);
        if (m.matches()) {
            long amount = Long.parseLong(m.group(1));
            String unit = m.group(2) == null ? "s" : m.group(2);
            return switch (unit) {
                case "ms" -> Duration.ofMillis(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                default -> Duration.ofSeconds(amount);
            };
        }
        try {
            return Duration.parse(trimmed);
        } catch (DateTimeParseException e) {
            throw new InvalidFaultSpec("not a duration: '" + text + "' (write e.g. 250ms, 5s, 2m or PT5S)");
        }
    }
}
