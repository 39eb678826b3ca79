package dev.stormwatch.http;

import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.retry.Operation;
import java.util.Objects;

/**
 * Turns the resilient client's attempt events into the retry meters of spec L8: one retry attempt per retry that went
 * on the wire (so a retry the rate limiter or a pause then refused is not one, and the meter agrees with a load run's
 * report, L10), one exhausted call per STOP of a retryable request (attempts, budget or retry quota ran out). The
 * event's step is the model route.
 */
final class ClientMetricsListener implements AttemptListener {

    private final LimiterMetrics metrics;

    ClientMetricsListener(LimiterMetrics metrics) {
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    @Override
    public void onAttempt(AttemptEvent event) {
        if (event.sentRetry()) {
            metrics.retryAttempt(event.step());
        }
        // A request sent once (RC2) that failed did not run out of anything: it was never going to be retried.
        if (event.verdict() == AttemptEvent.Verdict.STOP && event.operation() != Operation.SEND_ONCE) {
            metrics.exhaustedAttempts(event.step());
        }
    }
}
