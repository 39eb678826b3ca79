package dev.stormwatch.testing;

import dev.stormwatch.base.Sleeper;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A sleeper that never sleeps: it writes down each wait it was asked for, so that a delay is checked, never waited;
 * given a fake clock, it also moves the clock on by each wait, as a real sleep would let it pass.
 */
public final class RecordingSleeper implements Sleeper {

    private final FakeClock clock;
    private final List<Duration> waits = new CopyOnWriteArrayList<>();

    /** Writes down the waits; no clock moves. */
    public RecordingSleeper() {
        this(null);
    }

    /** Writes down the waits and moves {@code clock} on by each. */
    public RecordingSleeper(FakeClock clock) {
        this.clock = clock;
    }

    @Override
    public void sleep(Duration duration) {
        waits.add(duration);
        if (clock != null) {
            clock.advance(duration);
        }
    }

    /** Each wait asked for, in order. */
    public List<Duration> waits() {
        return List.copyOf(waits);
    }

    public Duration total() {
        return waits.stream().reduce(Duration.ZERO, Duration::plus);
    }
}
