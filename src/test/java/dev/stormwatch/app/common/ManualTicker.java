package dev.stormwatch.app.common;

import java.util.ArrayList;
import java.util.List;

/** A {@link Ticker} that ticks when the test says so; every running task ticks once per {@link #tick()}. */
public final class ManualTicker implements Ticker {

    private final List<Runnable> ticks = new ArrayList<>();

    @Override
    public synchronized Runnable everySecond(Runnable tick) {
        Runnable own = tick::run; // a task of its own, so that stopping one never stops an equal other
        ticks.add(own);
        return () -> {
            synchronized (this) {
                ticks.remove(own);
            }
        };
    }

    public synchronized boolean ticking() {
        return !ticks.isEmpty();
    }

    /** Runs every running task once (a task stopped by an earlier one in the same tick is skipped). */
    public void tick() {
        List<Runnable> now;
        synchronized (this) {
            now = new ArrayList<>(ticks);
        }
        for (Runnable task : now) {
            boolean running;
            synchronized (this) {
                running = ticks.contains(task);
            }
            if (running) {
                task.run();
            }
        }
    }
}
