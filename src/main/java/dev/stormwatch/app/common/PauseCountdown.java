package dev.stormwatch.app.common;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;

/**
 * A live countdown to the end of a provider's pause (spec P9): whole seconds left, recomputed from the wall clock on
 * every tick (P6), so a late tick or a sleeping machine never shows a wrong figure. Ends by itself.
 */
public final class PauseCountdown {

    private final Clock clock;
    private final Ticker ticker;
    private final ReadOnlyLongWrapper secondsLeft = new ReadOnlyLongWrapper(0);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private Instant end = Instant.MIN;
    private Runnable stopTicking = () -> {};

    public PauseCountdown(Clock clock, Ticker ticker) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.ticker = Objects.requireNonNull(ticker, "ticker");
    }

    /** Counts down {@code remaining} from now; replaces a countdown already running. */
    public void start(Duration remaining) {
        stopTicking.run();
        end = clock.instant().plus(remaining);
        running.set(true);
        tick();
        if (running.get()) {
            stopTicking = ticker.everySecond(this::tick);
        }
    }

    public void cancel() {
        stopTicking.run();
        stopTicking = () -> {};
        secondsLeft.set(0);
        running.set(false);
    }

    private void tick() {
        long left = Durations.ceilSeconds(Duration.between(clock.instant(), end));
        secondsLeft.set(left);
        if (left == 0) {
            cancel();
        }
    }

    public ReadOnlyLongProperty secondsLeftProperty() {
        return secondsLeft.getReadOnlyProperty();
    }

    /** True while the pause runs: the action it refused stays disabled. */
    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }
}
