package dev.stormwatch.app.common;

/** A {@link Ticker} that ticks when the test says so. */
final class ManualTicker implements Ticker {

    private Runnable tick;

    @Override
    public Runnable everySecond(Runnable tick) {
        this.tick = tick;
        return () -> this.tick = null;
    }

    boolean ticking() {
        return tick != null;
    }

    void tick() {
        if (tick != null) {
            tick.run();
        }
    }
}
