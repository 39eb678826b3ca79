package dev.stormwatch.retry;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Adaptive client-side pacing (spec RH11), as the AWS SDKs' "adaptive" retry mode does it (beyond the seeds): a
 * token bucket in front of every attempt of one client, off until the first throttling answer, whose fill rate drops
 * to {@value #BETA} of the measured send rate on each throttle and grows back along a CUBIC curve
 * ({@code C × (t − K)³ + Wmax}, C = {@value #SCALE}) between throttles, never above twice the measured rate.
 *
 * <p>Decisions only: {@link #acquire(Instant)} takes a token or says how long to wait before asking again,
 * {@link #onResponse(boolean, Instant)} updates the rate; nothing here sleeps. The wait adds to whatever the retry
 * decision and the pauses ask (RA3, P2, RH9), never replaces them. Thread-safe.
 */
public final class AdaptiveSendRate {

    /** The multiplicative decrease on a throttle (CUBIC's beta, the SDKs' value). */
    public static final double BETA = 0.7;
    /** CUBIC's scale constant: how fast the rate comes back after a throttle (the SDKs' value). */
    public static final double SCALE = 0.4;
    /** The slowest the bucket fills, in sends per second: one send every two seconds stays possible. */
    public static final double MIN_RATE = 0.5;
    /** Weight of the newest half-second in the measured send rate (an exponential moving average). */
    static final double SMOOTHING = 0.8;
    /** The measured rate is counted in buckets of this many seconds. */
    static final double MEASURE_BUCKET_SECONDS = 0.5;

    private final Instant origin;

    private boolean enabled;
    // The bucket: a send takes a whole token; none is promised ahead.
    private double fillRate = MIN_RATE;
    private double capacity = 1;
    private double tokens;
    private double lastRefill;
    // The measured send rate.
    private double measuredRate;
    private double measureBucket;
    private long countedInBucket;
    // CUBIC: the rate at the last throttle, the time to get back to it, when it happened.
    private double lastMaxRate;
    private double timeWindow;
    private double lastThrottle;

    /** A rate that is off until the first throttle; {@code clock} gives the instant it starts measuring from. */
    public AdaptiveSendRate(Clock clock) {
        this(Objects.requireNonNull(clock, "clock").instant());
    }

    /** A rate that is off until the first throttle, measuring from {@code start}. */
    public AdaptiveSendRate(Instant start) {
        this.origin = Objects.requireNonNull(start, "start");
    }

    /**
     * RH11: is this answer a throttle? A 429, or a 503 that asks for a wait (RH2's winning hint); a 503 without a
     * wait is an outage, not a quota, and a network failure says nothing about the rate.
     */
    public static boolean isThrottle(Outcome outcome, Instant now) {
        if (!(outcome instanceof Outcome.HttpResponse response)) {
            return false; // no answer: nothing about the provider's quota
        }
        if (response.status() == 429) {
            return true;
        }
        if (response.status() != 503) {
            return false;
        }
        return WaitHints.read(503, response.retryAfter(), response.date(), response.hints(), now)
                .waitTime()
                .isPresent();
    }

    /**
     * Takes a token and answers zero when one is there (or pacing is off: no throttle yet); else takes nothing and
     * answers how long until one fills at the current rate. The caller waits that long and asks again, so a rate that
     * rose meanwhile is used at once (the SDKs' acquire re-checks the same way).
     */
    public synchronized Duration acquire(Instant now) {
        if (!enabled) {
            return Duration.ZERO; // RH11: off until the provider first throttles
        }
        refill(seconds(now));
        if (tokens >= 1) {
            tokens -= 1;
            return Duration.ZERO;
        }
        // at least 1 ns: an answer of zero means "go", and rounding must not turn "almost" into it
        return Duration.ofNanos(Math.max(1, (long) Math.ceil((1 - tokens) / fillRate * 1e9)));
    }

    /** Updates the rate with one answer: {@code throttled} as {@link #isThrottle(Outcome, Instant)} says. */
    public synchronized void onResponse(boolean throttled, Instant now) {
        double t = seconds(now);
        double measured = measure(t);
        double next;
        if (throttled) {
            // Back off from what was really sent, not from a fill rate the client never reached.
            double rateToUse = enabled ? Math.min(measured, fillRate) : measured;
            lastMaxRate = rateToUse;
            timeWindow = calculateTimeWindow(lastMaxRate);
            lastThrottle = t;
            next = cubicThrottle(rateToUse);
            if (!enabled) {
                enabled = true;
                lastRefill = t;
                tokens = 0; // the SDKs start the bucket empty
            }
        } else {
            timeWindow = calculateTimeWindow(lastMaxRate);
            next = cubicSuccess(t - lastThrottle, timeWindow, lastMaxRate);
        }
        // Never more than twice what was measured: a rate the client never sent at is a guess.
        setFillRate(Math.min(next, 2 * measured), t);
    }

    /** Whether pacing is on (a throttle has been seen). */
    public synchronized boolean enabled() {
        return enabled;
    }

    /** The bucket's fill rate in sends per second (meaningful once {@link #enabled()}). */
    public synchronized double fillRate() {
        return fillRate;
    }

    /** The measured send rate in answers per second. */
    public synchronized double measuredRate() {
        return measuredRate;
    }

    /** K of CUBIC: seconds after a throttle until the rate is back at the rate of that throttle. */
    static double calculateTimeWindow(double lastMaxRate) {
        return Math.cbrt(lastMaxRate * (1 - BETA) / SCALE);
    }

    /** The rate right after a throttle at {@code rate}. */
    static double cubicThrottle(double rate) {
        return rate * BETA;
    }

    /** The rate {@code sinceThrottle} seconds after a throttle: below, then back at, then above its rate. */
    static double cubicSuccess(double sinceThrottle, double timeWindow, double lastMaxRate) {
        return SCALE * Math.pow(sinceThrottle - timeWindow, 3) + lastMaxRate;
    }

    private double measure(double t) {
        double bucket = Math.floor(t / MEASURE_BUCKET_SECONDS) * MEASURE_BUCKET_SECONDS;
        countedInBucket++;
        if (bucket > measureBucket) {
            double bucketRate = countedInBucket / (bucket - measureBucket);
            measuredRate = bucketRate * SMOOTHING + measuredRate * (1 - SMOOTHING);
            countedInBucket = 0;
            measureBucket = bucket;
        }
        return measuredRate;
    }

    private void setFillRate(double rate, double t) {
        refill(t); // tokens earned so far at the old rate
        fillRate = Math.max(rate, MIN_RATE);
        capacity = Math.max(fillRate, 1);
        tokens = Math.min(tokens, capacity);
    }

    private void refill(double t) {
        if (!enabled) {
            return;
        }
        double elapsed = t - lastRefill;
        if (elapsed > 0) { // a clock that stepped back earns nothing
            tokens = Math.min(capacity, tokens + elapsed * fillRate);
            lastRefill = t;
        }
    }

    private double seconds(Instant now) {
        return Duration.between(origin, now).toNanos() / 1e9;
    }

    @Override
    public synchronized String toString() {
        return enabled
                ? String.format(
                        java.util.Locale.ROOT, "AdaptiveSendRate[%.2f/s, measured %.2f/s]", fillRate, measuredRate)
                : "AdaptiveSendRate[off]";
    }
}
