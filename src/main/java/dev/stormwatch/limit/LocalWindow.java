package dev.stormwatch.limit;

/** One key's state in memory; the Java twin of one Lua script (spec L7). Callers synchronize on it. */
interface LocalWindow {

    /** One decision at {@code nowMicros}, counting the request when allowed. */
    Verdict decide(long nowMicros);
}
