package dev.stormwatch.http;

import dev.stormwatch.retry.Sleeper;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A sleeper that never sleeps: it moves the fake clock forward and remembers each sleep. */
final class RecordingSleeper implements Sleeper {

    private final FakeClock clock;
    private final List<Duration> sleeps = new CopyOnWriteArrayList<>();

    RecordingSleeper(FakeClock clock) {
        this.clock = clock;
    }

    @Override
    public void sleep(Duration duration) {
        sleeps.add(duration);
        clock.advance(duration);
    }

    List<Duration> sleeps() {
        return sleeps;
    }
}
