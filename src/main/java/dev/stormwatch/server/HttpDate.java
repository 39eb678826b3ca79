package dev.stormwatch.server;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Formats instants as IMF-fixdate, the preferred HTTP-date form (RFC 9110 §5.6.7). */
public final class HttpDate {

    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    private HttpDate() {}

    /** {@code instant} as e.g. {@code Sun, 06 Nov 1994 08:49:37 GMT} (whole seconds; the fraction is dropped). */
    public static String format(Instant instant) {
        return IMF_FIXDATE.format(instant);
    }

    /** Caches the text of the current second, since formatting costs more than a whole small response. */
    static final class Cached {
        private volatile long second = Long.MIN_VALUE;
        private volatile String text = "";

        String format(Instant now) {
            long s = now.getEpochSecond();
            if (s != second) {
                text = HttpDate.format(now);
                second = s;
            }
            return text;
        }
    }
}
