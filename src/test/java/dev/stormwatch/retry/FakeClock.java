package dev.stormwatch.retry;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A wall clock that tests move by hand; time never passes on its own. Thread-safe. */
public final class FakeClock extends Clock {

    private volatile Instant now;

    public FakeClock(Instant start) {
        this.now = start;
    }

    public static FakeClock at(String isoInstant) {
        return new FakeClock(Instant.parse(isoInstant));
    }

    public synchronized void advance(Duration duration) {
        now = now.plus(duration);
    }

    public void set(Instant instant) {
        now = instant;
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
