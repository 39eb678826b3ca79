package dev.stormwatch.http;

import dev.stormwatch.base.Sleeper;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Waiting without waiting, for both executors: as a {@link Sleeper} and as a {@link RetryScheduler} it records the
 * delay, moves the fake clock by it and goes on at once. Tests read {@link #waits()} to prove time rules.
 */
final class FakeWaits implements Sleeper, RetryScheduler {

    private final FakeClock clock;
    private final List<Duration> waits = new CopyOnWriteArrayList<>();

    FakeWaits(FakeClock clock) {
        this.clock = clock;
    }

    @Override
    public void sleep(Duration duration) {
        waits.add(duration);
        clock.advance(duration);
    }

    @Override
    public void schedule(Duration delay, Runnable task) {
        waits.add(delay);
        clock.advance(delay);
        task.run();
    }

    List<Duration> waits() {
        return List.copyOf(waits);
    }
}
