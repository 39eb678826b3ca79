package dev.stormwatch.oauth;

import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.Origin;
import java.net.URI;
import java.time.Instant;
import java.util.Optional;

/** What the UI shows of the session: one of a closed set of states, published on every change. */
public sealed interface SessionState {

    /** No session. */
    record SignedOut() implements SessionState {}

    /**
     * Waiting for the user in the browser.
     *
     * @param authorizationUrl the URL to show or copy when no browser could be started
     * @param browserOpened whether a browser was started
     */
    record SigningIn(URI authorizationUrl, boolean browserOpened) implements SessionState {}

    /** Signed in: tokens (redacted in toString), verified claims, expiry. */
    record SignedIn(Session session) implements SessionState {}

    /** A refresh is in flight (F4: one for all callers). */
    record Refreshing(Session session) implements SessionState {}

    /**
     * The provider asked for a pause (P1); calls to {@code origin} fail at once until {@code until} (P2, P9).
     *
     * @param session the session, kept (E5)
     */
    record Paused(Origin origin, Instant until, int status, Optional<Session> session) implements SessionState {}

    /**
     * The last visible call failed.
     *
     * @param retryPossibleNow false while a pause runs or when the user must sign in again
     * @param session the session when it was kept (E5)
     */
    record Failed(CallFailure error, boolean retryPossibleNow, Optional<Session> session) implements SessionState {}
}
