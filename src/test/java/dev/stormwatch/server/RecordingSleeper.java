package dev.stormwatch.server;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A sleeper that only writes down what it was asked to wait: delays are checked, never waited. */
public final class RecordingSleeper implements Sleeper {

    private final List<Duration> waits = new CopyOnWriteArrayList<>();

    @Override
    public void sleep(Duration duration) {
        waits.add(duration);
    }

    public List<Duration> waits() {
        return List.copyOf(waits);
    }

    public Duration total() {
        return waits.stream().reduce(Duration.ZERO, Duration::plus);
    }
}
