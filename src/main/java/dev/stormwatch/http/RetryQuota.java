package dev.stormwatch.http;

import dev.stormwatch.retry.CallFailure;

/**
 * A retry quota shared by every call of one client (spec RC8), like the AWS SDKs' standard retry mode (beyond the
 * seeds): a bucket of tokens; each retry takes {@code retryCost}, each success puts {@code successRefund} back, up to
 * the capacity. During an outage the bucket drains and calls stop retrying, which caps retry amplification; first
 * attempts are never refused. Off by default ({@link #UNLIMITED}). Thread-safe; needs no clock (tokens come back by
 * successes, not by time).
 */
public final class RetryQuota {

    /** The AWS SDK standard mode's figures: 500 tokens, 5 per retry, 1 back per success. */
    public static final int STANDARD_CAPACITY = 500;

    public static final int STANDARD_RETRY_COST = 5;
    public static final int STANDARD_SUCCESS_REFUND = 1;

    /** No quota: every retry the retry decision allows is sent (the default). */
    public static final RetryQuota UNLIMITED = new RetryQuota(Integer.MAX_VALUE, 0, 0);

    private final int capacity;
    private final int retryCost;
    private final int successRefund;
    private int available;

    private RetryQuota(int capacity, int retryCost, int successRefund) {
        this.capacity = capacity;
        this.retryCost = retryCost;
        this.successRefund = successRefund;
        this.available = capacity;
    }

    /** A full bucket with the AWS SDK standard figures (500, 5, 1). */
    public static RetryQuota standard() {
        return of(STANDARD_CAPACITY, STANDARD_RETRY_COST, STANDARD_SUCCESS_REFUND);
    }

    /**
     * A full bucket with these figures.
     *
     * @throws CallFailure.Configuration when the capacity or the retry cost is below 1, the refund is negative, or
     *     the cost exceeds the capacity (no retry could ever be paid for)
     */
    public static RetryQuota of(int capacity, int retryCost, int successRefund) {
        // A quota that can never pay for a retry is "retries off"; say so instead of building it silently.
        if (capacity < 1 || retryCost < 1 || successRefund < 0 || retryCost > capacity) {
            throw new CallFailure.Configuration("Invalid retry quota: capacity " + capacity + ", retry cost "
                    + retryCost + ", success refund " + successRefund
                    + ". Capacity and cost must be at least 1, the cost at most the capacity, the refund at least 0.");
        }
        return new RetryQuota(capacity, retryCost, successRefund);
    }

    /** Takes the cost of one retry; false (and nothing taken) when the bucket cannot pay for it. */
    public boolean tryAcquireRetry() {
        if (isUnlimited()) {
            return true; // no lock: the default must cost nothing under load
        }
        synchronized (this) {
            if (available < retryCost) {
                return false;
            }
            available -= retryCost;
            return true;
        }
    }

    /** Puts the refund of one successful request back, never above the capacity. */
    public void onSuccess() {
        if (isUnlimited()) {
            return;
        }
        synchronized (this) {
            available = (int) Math.min((long) available + successRefund, capacity);
        }
    }

    /** Tokens in the bucket now. */
    public synchronized int available() {
        return available;
    }

    /** Tokens in a full bucket. */
    public int capacity() {
        return capacity;
    }

    /** Tokens one retry takes. */
    public int retryCost() {
        return retryCost;
    }

    /** Tokens one success puts back. */
    public int successRefund() {
        return successRefund;
    }

    /** True for {@link #UNLIMITED}. */
    public boolean isUnlimited() {
        return this == UNLIMITED;
    }

    @Override
    public String toString() {
        return isUnlimited()
                ? "RetryQuota[off]"
                : "RetryQuota[" + available() + "/" + capacity + ", cost " + retryCost + ", refund " + successRefund
                        + "]";
    }
}
