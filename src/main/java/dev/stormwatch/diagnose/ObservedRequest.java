package dev.stormwatch.diagnose;

/**
 * One request as a piece of evidence recorded it, before any judgement: what a reader hands on for each line or HAR
 * entry that parsed. Strings are null when the evidence does not hold the value.
 *
 * @param startMillis when the request started, epoch milliseconds (readers turn an end time into a start with the
 *     duration when the format logs the end, as nginx does)
 * @param durationMillis how long the exchange took, or -1 when the evidence does not say
 * @param client the raw value of the client key (not yet hashed), or null
 * @param method the HTTP method, or null
 * @param uri the request target (path and query), or null
 * @param status the response status, or 0 when no response was recorded
 * @param retryAfter the response's raw Retry-After value, or null
 * @param date the response's raw Date header, or null
 * @param idempotencyKey the request's Idempotency-Key or request id when mapped, or null
 * @param markedThrottled true when a throttle mark says the server throttled it whatever its status (DG16: Envoy's
 *     {@code RL} response flag, or a {@code --throttled FIELD=VALUE})
 */
public record ObservedRequest(
        long startMillis,
        long durationMillis,
        String client,
        String method,
        String uri,
        int status,
        String retryAfter,
        String date,
        String idempotencyKey,
        boolean markedThrottled) {

    /** A request without a throttle mark: its status alone says whether it was throttled (DG9). */
    public ObservedRequest(
            long startMillis,
            long durationMillis,
            String client,
            String method,
            String uri,
            int status,
            String retryAfter,
            String date,
            String idempotencyKey) {
        this(startMillis, durationMillis, client, method, uri, status, retryAfter, date, idempotencyKey, false);
    }

    /** When the answer arrived: the start plus the duration, or the start when the duration is unknown. */
    public long endMillis() {
        return durationMillis < 0 ? startMillis : startMillis + durationMillis;
    }
}
