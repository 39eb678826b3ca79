package dev.stormwatch.app.common;

/** Calls a task once a second on the UI thread until cancelled; injected so that tests tick by hand. */
@FunctionalInterface
public interface Ticker {

    /** Starts ticking; the returned handle stops it. */
    Runnable everySecond(Runnable tick);
}
