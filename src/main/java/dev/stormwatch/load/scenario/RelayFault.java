package dev.stormwatch.load.scenario;

import java.time.Duration;

/**
 * The faults a scenario asks the embedded relay to inject, one line of javadoc per fault, in the manner of
 * OkHttp's {@code SocketPolicy}. Data only: the load engine
 * translates each into the relay's own fault settings.
 */
public sealed interface RelayFault {

    /** Close every open connection at once, mid-request, as a load balancer hiccup at 3 AM does; then serve normally. */
    record ResetConnections() implements RelayFault {}

    /**
     * LB17: the model takes about {@code median} to answer (log-normal around it, as a model API's latency is), for the
     * whole run, so that requests are in flight when a fault strikes and a closed loop sends at a model API's pace.
     */
    record SlowModel(Duration median) implements RelayFault {
        public SlowModel {
            requirePositive(median, "model latency");
        }
    }

    /** Answer every request with {@code status} and no Retry-After for {@code length}; then serve normally. */
    record Outage(Duration length, int status) implements RelayFault {
        public Outage {
            requirePositive(length, "outage length");
            if (status < 500 || status > 599) {
                throw new IllegalArgumentException("an outage answers 5xx, not " + status);
            }
        }
    }

    /**
     * Allow {@code requests} per fixed {@code window}; past it, answer 429 with a Retry-After that points at the end of
     * the window, the same instant for every client.
     */
    record Quota(int requests, Duration window) implements RelayFault {
        public Quota {
            requirePositive(window, "quota window");
            if (requests < 1) {
                throw new IllegalArgumentException("a quota allows at least one request, was " + requests);
            }
        }
    }

    /**
     * Answer every request with 429 for {@code length}, each with a Retry-After of the seconds left until the end, so
     * that every client is told the same instant (RA2: delta-seconds).
     */
    record SharedRetryAfter(Duration length) implements RelayFault {
        public SharedRetryAfter {
            requirePositive(length, "Retry-After length");
        }
    }

    /**
     * LB9: answer as nginx's {@code limit_req} at {@code perSecond} with no burst, for the whole run: one request per
     * {@code 1 / perSecond} s is admitted, every other one refused with 429 and {@code Retry-After: 2}.
     */
    record LeakyBucket(int perSecond) implements RelayFault {
        public LeakyBucket {
            if (perSecond < 1) {
                throw new IllegalArgumentException(
                        "a leaky bucket lets at least one request a second through, was " + perSecond);
            }
        }
    }

    private static void requirePositive(Duration duration, String what) {
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(what + " must be positive, was " + duration);
        }
    }
}
