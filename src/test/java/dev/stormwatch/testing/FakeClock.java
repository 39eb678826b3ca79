package dev.stormwatch.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The one test clock of the project: a wall clock that moves only when a test says so (docs/style.md §1). Thread-safe,
 * so that executors and servers under test may read it while the test advances it.
 */
public final class FakeClock extends Clock {

    private volatile Instant now;
    private final java.util.concurrent.atomic.AtomicReference<Runnable> onNextRead =
            new java.util.concurrent.atomic.AtomicReference<>();

    public FakeClock(Instant start) {
        this.now = start;
    }

    /** A clock at an ISO-8601 instant, e.g. {@code 2026-11-30T06:00:00Z}. */
    public static FakeClock at(String isoInstant) {
        return new FakeClock(Instant.parse(isoInstant));
    }

    /** A clock at 2026-01-01T00:00:00Z. */
    public static FakeClock atNewYear() {
        return at("2026-01-01T00:00:00Z");
    }

    public synchronized void advance(Duration duration) {
        now = now.plus(duration);
    }

    public void set(Instant instant) {
        now = instant;
    }

    /**
     * Runs {@code action} once, at the next reading of the clock and before it answers: a test's way to let another
     * caller in exactly between a decision's reading of the time and its use of it.
     */
    public void onNextRead(Runnable action) {
        onNextRead.set(action);
    }

    @Override
    public Instant instant() {
        Runnable action = onNextRead.getAndSet(null);
        if (action != null) {
            action.run();
        }
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
