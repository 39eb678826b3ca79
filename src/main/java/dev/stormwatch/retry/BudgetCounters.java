package dev.stormwatch.retry;

import java.time.Duration;
import java.util.Objects;

/**
 * A snapshot of one visible call's budget, before the outcome being decided (spec B1, E3, OP1).
 *
 * @param failedInStep failed requests so far of the current request step (E3)
 * @param failedAtOrigin failed requests so far to the current origin, in this visible call (B1, OP5)
 * @param failedInAll failed requests so far over all origins, in this visible call (B1)
 * @param elapsed time spent on the call's budget so far, without time left out of it (OP2)
 */
public record BudgetCounters(int failedInStep, int failedAtOrigin, int failedInAll, Duration elapsed) {
    public BudgetCounters {
        Objects.requireNonNull(elapsed, "elapsed");
    }

    /** A fresh call: nothing failed yet, no time spent. */
    public static final BudgetCounters FRESH = new BudgetCounters(0, 0, 0, Duration.ZERO);
}
