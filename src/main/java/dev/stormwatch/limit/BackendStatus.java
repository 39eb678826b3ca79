package dev.stormwatch.limit;

import java.time.Instant;

/**
 * Whether the limiter's Redis answers, as reported to the UI and logs (spec L9).
 *
 * @param reachable false from the first failed call until a call succeeds again
 * @param detail    what happened, e.g. the connection error; never a secret
 * @param since     when this status began, on the limiter's local clock
 */
public record BackendStatus(boolean reachable, String detail, Instant since) {}
