package dev.stormwatch.http;

/** Receives one {@link AttemptEvent} per request attempt, on the calling thread; must not block. */
@FunctionalInterface
public interface AttemptListener {

    /** Ignores every event. */
    AttemptListener NONE = event -> {};

    void onAttempt(AttemptEvent event);
}
