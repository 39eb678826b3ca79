package dev.stormwatch.app.common;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * How durations read in the window: {@code 850 ms}, {@code 4.2 s}, {@code 2 min 05 s}, with a decimal point in every
 * locale, as the rest of the window writes numbers.
 */
public final class Durations {

    private Durations() {}

    public static String format(Duration d) {
        if (d.isNegative()) {
            return "-" + format(d.negated());
        }
        long millis = d.toMillis();
        if (millis < 1_000) {
            return millis + " ms";
        }
        if (millis < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        long seconds = d.toSeconds();
        if (seconds < 3_600) {
            return String.format(Locale.ROOT, "%d min %02d s", seconds / 60, seconds % 60);
        }
        return String.format(Locale.ROOT, "%d h %02d min", seconds / 3_600, (seconds % 3_600) / 60);
    }

    /**
     * A duration as a person says it: {@code 250 ms}, {@code 5 s}, {@code 1.5 s}, {@code 10 min},
     * {@code 2 min 5 s}, {@code 277 h 46 min}; never ISO-8601 ({@code PT10M}).
     */
    public static String human(Duration d) {
        if (d.isNegative()) {
            return "-" + human(d.negated());
        }
        long millis = d.toMillis();
        if (millis < 1_000) {
            return millis + " ms";
        }
        if (millis < 60_000) {
            return millis % 1_000 == 0
                    ? (millis / 1_000) + " s"
                    : String.format(Locale.ROOT, "%.1f s", millis / 1000.0).replace(".0 s", " s");
        }
        long seconds = d.toSeconds();
        if (seconds < 3_600) {
            long minutes = seconds / 60;
            return seconds % 60 == 0 ? minutes + " min" : minutes + " min " + (seconds % 60) + " s";
        }
        long hours = seconds / 3_600;
        long minutes = (seconds % 3_600) / 60;
        return minutes == 0 ? hours + " h" : hours + " h " + minutes + " min";
    }

    public static String format(Optional<Duration> d) {
        return d.map(Durations::format).orElse("");
    }

    /** Whole seconds left, rounded up, so that a countdown shows 1 until the very end and never 0 while waiting. */
    public static long ceilSeconds(Duration d) {
        if (d.isNegative() || d.isZero()) {
            return 0;
        }
        return d.plusNanos(999_999_999L).toSeconds();
    }
}
