package dev.stormwatch.limit;

/** Told when the limiter's Redis goes away and when it comes back (spec L9). Called on the deciding thread: be quick. */
@FunctionalInterface
public interface BackendStatusListener {

    /** The status changed. */
    void onStatusChange(BackendStatus status);
}
