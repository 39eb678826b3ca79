package dev.stormwatch.load.scenario;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The scenario presets ("3 AM storm", "provider outage", "quota exhaustion", "Retry-After 120"), and a steady run. */
public final class ScenarioPresets {

    /**
     * LB17: how long the storm's model takes to answer: 64 clients in a closed loop then send about 110 requests a
     * second, each in flight for half a second, so that the reset at t = 10 s finds every client mid-request.
     */
    static final Duration STORM_MODEL_LATENCY = Duration.ofMillis(500);

    /**
     * LB18: the storm's clients start over its first 2 s, each at a seeded moment, as the processes of a fleet come up
     * one by one; started together, their first requests would meet the quota as one burst, a storm of their own before
     * the reset.
     */
    static final Duration STORM_RAMP = Duration.ofSeconds(2);

    /** LB17: the storm's quota per second, a little over the rate its clients send at before the storm. */
    public static final int STORM_QUOTA_PER_SECOND = 120;

    /** No fault: the baseline, and the throughput benchmark against wrk. */
    public static final Scenario STEADY = new Scenario(
            "steady",
            "Steady load",
            "No faults: the relay answers every request. The baseline for the other scenarios.",
            List.of(),
            Duration.ofSeconds(1),
            Duration.ofSeconds(20),
            100);

    /**
     * LB17: a hiccup resets every connection at t = 10 s, mid-request, and the clients retry against a quota near the
     * rate they send at.
     */
    public static final Scenario THREE_AM_STORM = new Scenario(
            "3am-storm",
            "3 AM storm",
            "The model answers in about 500 ms and the relay allows 120 requests a second, a little more than the 64"
                    + " clients send. At t = 10 s it resets every open connection at once: the requests in flight fail"
                    + " together, and their retries push the second over the quota, into 429s. Compare full jitter"
                    + " with no backoff: without jitter the retries bunch up and more of them are refused.",
            List.of(
                    new TimedFault(Duration.ZERO, new RelayFault.SlowModel(STORM_MODEL_LATENCY)),
                    new TimedFault(Duration.ZERO, new RelayFault.Quota(STORM_QUOTA_PER_SECOND, Duration.ofSeconds(1))),
                    new TimedFault(Duration.ofSeconds(10), new RelayFault.ResetConnections())),
            Duration.ofSeconds(20),
            Duration.ofSeconds(30),
            64,
            STORM_RAMP);

    /** The provider is down (503 without Retry-After) for 20 s from t = 10 s. */
    public static final Scenario PROVIDER_OUTAGE = new Scenario(
            "provider-outage",
            "Provider outage",
            "From t = 10 s to t = 30 s the relay answers 503 without Retry-After; watch budgets run out (B1) and"
                    + " how long goodput takes to come back.",
            List.of(new TimedFault(Duration.ofSeconds(10), new RelayFault.Outage(Duration.ofSeconds(20), 503))),
            Duration.ofSeconds(45),
            Duration.ofSeconds(45),
            100);

    /** The relay's quota runs out and it answers 429 with a Retry-After to the end of its window. */
    public static final Scenario QUOTA_EXHAUSTION = new Scenario(
            "quota-exhaustion",
            "Quota exhaustion",
            "The relay allows 100 requests per 10 s window; past it, 429 with Retry-After to the window's end, the same"
                    + " instant for everyone. Watch who retries before it (RA8) and the burst when it ends.",
            List.of(new TimedFault(Duration.ZERO, new RelayFault.Quota(100, Duration.ofSeconds(10)))),
            Duration.ofSeconds(30),
            Duration.ofSeconds(30),
            50);

    /** From t = 10 s every request gets 429 with Retry-After counting down 120 s to one shared instant. */
    public static final Scenario RETRY_AFTER_120 = new Scenario(
            "retry-after-120",
            "Retry-After 120",
            "From t = 10 s the relay answers 429 Retry-After: 120 (counting down to t = 130 s). The wait does not fit"
                    + " the 20 s budget, so calls stop and pause (RA4, P1); at t = 130 s everyone comes back at once"
                    + " unless jittered (RA3).",
            List.of(new TimedFault(Duration.ofSeconds(10), new RelayFault.SharedRetryAfter(Duration.ofSeconds(120)))),
            Duration.ofSeconds(140),
            Duration.ofSeconds(140),
            100);

    /**
     * LB15: from t = 2 s every request gets 429 with Retry-After counting down to t = 14 s (12 s at first), longer
     * than the article's 8 s cap (RA8), so that the Load lab can compare clients that honour it with clients that cap it.
     */
    public static final Scenario RETRY_AFTER_12 = new Scenario(
            "retry-after-12",
            "Retry-After 12",
            "From t = 2 s the relay answers 429 with a Retry-After counting down to t = 14 s (12 s at first). Our"
                    + " clients wait it out and come back once, at t = 14 s (RA3). Compare it in the Load lab with the"
                    + " article's client, which caps the wait at 8 s (RA8): whoever was told more than 8 s comes back"
                    + " early, only to earn another 429.",
            List.of(new TimedFault(Duration.ofSeconds(2), new RelayFault.SharedRetryAfter(Duration.ofSeconds(12)))),
            Duration.ofSeconds(16),
            Duration.ofSeconds(20),
            50);

    /** LB9: the relay answers as nginx's limit_req at 50 requests per second, no burst, 429 with Retry-After: 2. */
    public static final Scenario NGINX_LEAKY_BUCKET = new Scenario(
            "nginx-limit-req",
            "Behind nginx's limit_req",
            "The relay answers as nginx's limit_req at 50 requests/s with no burst: one request per 20 ms, every other"
                    + " one 429 with Retry-After: 2, which pauses the clients (P1) so that they come back together."
                    + " Watch how little of the 50/s gets through, and compare no limiter, the sliding log at 50/1s"
                    + " and GCRA at 45/1s side by side in the Load lab: a limiter that lets a burst through meets"
                    + " nginx's refusal all the same.",
            List.of(new TimedFault(Duration.ZERO, new RelayFault.LeakyBucket(50))),
            Duration.ofSeconds(10),
            Duration.ofSeconds(20),
            50);

    /** Every preset, in the order the UI lists them. */
    public static final List<Scenario> ALL = List.of(
            STEADY,
            THREE_AM_STORM,
            PROVIDER_OUTAGE,
            QUOTA_EXHAUSTION,
            RETRY_AFTER_120,
            RETRY_AFTER_12,
            NGINX_LEAKY_BUCKET);

    private ScenarioPresets() {}

    /**
     * The preset with this name or title, ignoring case, spaces, dashes and underscores: {@code 3am-storm},
     * {@code "3 AM storm"} and {@code 3_am_storm} are the same scenario.
     */
    public static Optional<Scenario> byName(String name) {
        String wanted = normalized(name);
        for (Scenario scenario : ALL) {
            if (normalized(scenario.name()).equals(wanted)
                    || normalized(scenario.title()).equals(wanted)) {
                return Optional.of(scenario);
            }
        }
        return Optional.empty();
    }

    /** The command-line names, for "unknown scenario" messages. */
    public static String names() {
        return ALL.stream().map(Scenario::name).collect(Collectors.joining(", "));
    }

    private static String normalized(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }
}
