package dev.stormwatch.load.series;

/**
 * What a load run counts per time bucket: the client's view of its requests, the limiter's answers (RC7)
 * and the outcomes of the attempts that went on the wire.
 */
public enum Counter {

    /** Requests the application asked for, whatever their retries; the denominator of retry amplification. */
    LOGICAL_REQUESTS("logical_requests"),
    /** Requests put on the wire (first tries and retries); at the provider, the arrivals. */
    ATTEMPTS("attempts"),
    /** Requests the rate limiter let through. */
    LIMITER_ALLOWED("limiter_allowed"),
    /** Requests the rate limiter refused, which were therefore never sent (RC7). */
    LIMITER_REFUSED("limiter_refused"),
    /** Attempts answered 2xx. */
    STATUS_2XX("status_2xx"),
    /** Attempts answered 429. */
    STATUS_429("status_429"),
    /** Attempts answered 5xx. */
    STATUS_5XX("status_5xx"),
    /** Attempts answered with any other status (kept so that no outcome is lost). */
    STATUS_OTHER("status_other"),
    /** Attempts that got no HTTP response: connect failure, timeout, reset (ST2). */
    NETWORK_ERRORS("network_errors"),
    /** Attempts that were retries of an earlier failed attempt. */
    RETRIES("retries"),
    /** Logical requests that ended because the retry budget ran out (B1, B3). */
    EXHAUSTED_BUDGETS("exhausted_budgets"),
    /** Waits before sending: for a pace that fits the budget (RH13) or the adaptive send rate (RH11). */
    PACED_WAITS("paced_waits"),
    /** The milliseconds of those waits, added up (jitter included). */
    PACED_WAIT_MS("paced_wait_ms"),
    /**
     * Logical requests that ended before any attempt went on the wire: refused by the limiter (RC7), by a pause (P2)
     * or by their deadline (RC5). They are not in the denominator of retry amplification (LB2).
     */
    UNSENT_REQUESTS("unsent_requests");

    private final String key;

    Counter(String key) {
        this.key = key;
    }

    /** The column name in CSV and the field name in JSON reports. */
    public String key() {
        return key;
    }

    /** The counter for an HTTP status of an attempt. */
    public static Counter forStatus(int status) {
        if (status >= 200 && status < 300) {
            return STATUS_2XX;
        }
        if (status == 429) {
            return STATUS_429;
        }
        if (status >= 500 && status < 600) {
            return STATUS_5XX;
        }
        return STATUS_OTHER;
    }
}
