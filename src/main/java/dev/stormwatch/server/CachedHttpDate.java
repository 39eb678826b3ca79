package dev.stormwatch.server;

import dev.stormwatch.base.HttpDate;
import java.time.Instant;

/**
 * The {@code Date} header's text of the current second, cached, since formatting costs more than a whole small
 * response.
 */
final class CachedHttpDate {
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
