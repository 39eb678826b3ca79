package dev.stormwatch.load.options;

import dev.stormwatch.base.DurationText;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.simulation.BackoffStrategy;
import dev.stormwatch.relay.RateLimitDialect;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The settings of one load run, valid by construction: {@link Builder#build()} refuses nonsense with every
 * problem at once (negative rates, zero duration, unknown scenario, a non-loopback target without a rate cap...).
 *
 * <p>With a rate the run is open loop: arrivals at that rate, served by at most {@code clients} requests in flight.
 * Without one it is closed loop: {@code clients} virtual clients, each sending its next request {@code thinkTime}
 * after the previous one ended.
 */
public final class LoadOptions {

    /** Virtual clients are cheap (no thread each), but a run is not a denial-of-service tool. */
    public static final int MAX_CLIENTS = 100_000;
    /** Far above what one machine can send; a larger number is a typo. */
    public static final double MAX_RATE = 1_000_000;
    /** A load run is a diagnosis, not a soak test; longer runs belong to dedicated tools. */
    public static final Duration MAX_DURATION = Duration.ofHours(1);
    /** Enough instances to show a local limiter letting K times the quota through. */
    public static final int MAX_INSTANCES = 64;

    private final Target target;
    private final TargetCredential credential;
    private final int clients;
    private final double rate; // NaN: closed loop, no rate cap
    private final Duration thinkTime;
    private final Duration duration;
    private final BackoffStrategy jitter;
    private final boolean articleRetryAfterCap;
    private final LimiterChoice limiter;
    private final RedisChoice redis;
    private final int instances;
    private final Scenario scenario;
    private final RateLimitDialect relayDialect;
    private final boolean adaptive;
    private final Path report; // null: no report file
    private final Long seed; // null: seeded from the clock at run time
    private final boolean allowInsecureCredentials;
    private final RedisFailureHandling redisFailureHandling;

    private LoadOptions(Builder builder) {
        this.redisFailureHandling = builder.redisFailureHandling;
        this.target = builder.target;
        this.credential = builder.credential;
        this.allowInsecureCredentials = builder.allowInsecureCredentials;
        this.clients = builder.clients != null ? builder.clients : builder.scenario.clients();
        this.rate = builder.rate;
        this.thinkTime = builder.thinkTime;
        this.duration = builder.duration != null ? builder.duration : builder.scenario.length();
        this.jitter = builder.jitter;
        this.articleRetryAfterCap = builder.articleRetryAfterCap;
        this.limiter = builder.limiter;
        this.redis = builder.redis;
        this.instances = builder.instances;
        this.relayDialect = builder.relayDialect;
        this.adaptive = builder.adaptive;
        this.scenario = builder.scenario;
        this.report = builder.report;
        this.seed = builder.seed;
    }

    /** A builder with the defaults: embedded relay, closed loop, full jitter, no limiter, steady, and the scenario's own clients and length (LB3). */
    public static Builder builder() {
        return new Builder();
    }

    public Target target() {
        return target;
    }

    public TargetCredential credential() {
        return credential;
    }

    /**
     * True when the credential goes over plain http to a host off this machine, which the person allowed explicitly
     * ({@link Builder#allowInsecureCredentials}); reports say so.
     */
    public boolean sendsCredentialsInTheClear() {
        return allowInsecureCredentials && credentialsInTheClear(target, credential);
    }

    /** A credential over plain http to a host that is not this machine: anyone on the path can read it. */
    static boolean credentialsInTheClear(Target target, TargetCredential credential) {
        return !(credential instanceof TargetCredential.None)
                && target instanceof Target.Remote remote
                && "http".equalsIgnoreCase(remote.baseUrl().getScheme())
                && !target.isLoopback();
    }

    /** Virtual clients (closed loop), or the most requests in flight at once (open loop). */
    public int clients() {
        return clients;
    }

    /** Arrivals per second (open loop), which is also the rate cap a non-loopback target needs; empty: closed loop. */
    public OptionalDouble rate() {
        return Double.isNaN(rate) ? OptionalDouble.empty() : OptionalDouble.of(rate);
    }

    /** The pause of a closed-loop client between the end of a request and the next. */
    public Duration thinkTime() {
        return thinkTime;
    }

    public Duration duration() {
        return duration;
    }

    /** The backoff strategy of the clients; {@code full} unless a run compares strategies (B3, B4). */
    public BackoffStrategy jitter() {
        return jitter;
    }

    /**
     * What a run that compares strategies must say wherever its figures are shown (B4), or empty for full jitter:
     * {@code jitter 'none' is for comparison only; the client's default is full jitter (B4)}.
     */
    public Optional<String> jitterNote() {
        if (jitter == BackoffStrategy.FULL) {
            return Optional.empty();
        }
        return Optional.of("jitter '" + jitter.cliName() + "' is for comparison only; the client's default is full"
                + " jitter (B4)");
    }

    /**
     * LB15: whether the clients wait a Retry-After capped at the article's {@code max_delay} (8 s, RA8) instead of in
     * full (RA3–RA4); only the Load lab's comparison sets it.
     */
    public boolean articleRetryAfterCap() {
        return articleRetryAfterCap;
    }

    /**
     * What a run whose clients cap Retry-After must say wherever its figures are shown (LB15), or empty when they
     * honour it in full.
     */
    public Optional<String> retryAfterCapNote() {
        if (!articleRetryAfterCap) {
            return Optional.empty();
        }
        return Optional.of("Retry-After capped at the article's 8 s (RA8) is for comparison only; every real client"
                + " waits it in full (RA3-RA4)");
    }

    public LimiterChoice limiter() {
        return limiter;
    }

    public RedisChoice redis() {
        return redis;
    }

    /** How the run's Redis limiters ride through Redis being slow or away (RB1, RB2). */
    public RedisFailureHandling redisFailureHandling() {
        return redisFailureHandling;
    }

    /** K instances of the client, each with the limiter chosen by {@link #redis()}. */
    public int instances() {
        return instances;
    }

    public Scenario scenario() {
        return scenario;
    }

    /**
     * The rate-limit headers the embedded relay's quota speaks: with any but plain, every answer says what
     * is left until when, and the clients pace before the 429 (RH9).
     */
    public RateLimitDialect relayDialect() {
        return relayDialect;
    }

    /** RH11: whether each client instance paces its attempts with an adaptive send rate; off by default. */
    public boolean adaptive() {
        return adaptive;
    }

    public Optional<Path> report() {
        return Optional.ofNullable(report);
    }

    /** The seed of the run's random source (jitter, arrival times), so that a run can be replayed. */
    public OptionalLong seed() {
        return seed == null ? OptionalLong.empty() : OptionalLong.of(seed);
    }

    /** A one-line summary for progress lines and reports; no secret ever appears in it (RC6). */
    public String describe() {
        return String.format(
                        Locale.ROOT,
                        "target %s, credential %s, %d clients, %s, %s, jitter %s, limiter %s, redis %s, %d instance(s), scenario %s",
                        target.describe(),
                        credential.describe(),
                        clients,
                        rate().isPresent()
                                ? "open loop at " + rate + "/s"
                                : "closed loop, think time " + thinkTime.toMillis() + " ms",
                        "duration " + duration.toSeconds() + " s",
                        jitter.cliName(),
                        limiter.cliName(),
                        limiter == LimiterChoice.OFF ? "unused" : redis.describe(),
                        instances,
                        scenario.name())
                + (relayDialect == RateLimitDialect.PLAIN
                        ? ""
                        : ", relay dialect " + relayDialect.name().toLowerCase(Locale.ROOT))
                + (adaptive ? ", adaptive pacing" : "");
    }

    @Override
    public String toString() {
        return "LoadOptions[" + describe() + "]";
    }

    /**
     * Collects the settings, from typed values (the UI) or from the text a user typed (the command line), and checks
     * them all in {@link #build()}.
     */
    public static final class Builder {

        private final List<String> problems = new ArrayList<>();
        private Target target = new Target.Embedded();
        private TargetCredential credential = new TargetCredential.None();
        /** Null: the scenario's own (LB3). */
        private Integer clients;

        private double rate = Double.NaN;
        private Duration thinkTime = Duration.ZERO;
        /** Null: the scenario's own length (LB3). */
        private Duration duration;

        private BackoffStrategy jitter = BackoffStrategy.FULL;
        private boolean articleRetryAfterCap;
        private LimiterChoice limiter = LimiterChoice.OFF;
        private RedisChoice redis = new RedisChoice.Embedded();
        private int instances = 1;
        private Scenario scenario = ScenarioPresets.STEADY;
        private RateLimitDialect relayDialect = RateLimitDialect.PLAIN;
        private boolean adaptive;
        private Path report;
        private Long seed;
        private boolean allowInsecureCredentials;
        private RedisFailureHandling redisFailureHandling = RedisFailureHandling.DEFAULT;

        private Builder() {}

        /**
         * HD3: the password of the external Redis given with {@code --redis URL}; a password with any other Redis is
         * refused in the words of {@code source} (the option or variable it came from). Never printed.
         */
        public Builder redisPassword(dev.stormwatch.limit.RedisPassword value, String source) {
            if (redis instanceof RedisChoice.External external) {
                this.redis = new RedisChoice.External(external.url(), java.util.Optional.of(value));
            } else {
                problems.add(source + " is for --redis redis://host:port: the embedded Redis makes its own password,"
                        + " and local limiters use none");
            }
            return this;
        }

        /** How the Redis limiters ride through Redis being slow or away (RB1, RB2); default {@link RedisFailureHandling#DEFAULT}. */
        public Builder redisFailureHandling(RedisFailureHandling value) {
            this.redisFailureHandling = java.util.Objects.requireNonNull(value, "redisFailureHandling");
            return this;
        }

        /**
         * Allows sending the credential (API key, OAuth session token) over plain http to a host off this machine,
         * which is refused otherwise: for a test gateway on a trusted network, and only when the person says so.
         */
        public Builder allowInsecureCredentials(boolean value) {
            this.allowInsecureCredentials = value;
            return this;
        }

        public Builder target(Target value) {
            this.target = value;
            return this;
        }

        /** {@code embedded}, or an http(s) base URL without user info (credentials go in {@link #credential}). */
        public Builder target(String text) {
            String trimmed = text.trim();
            if (trimmed.equalsIgnoreCase("embedded")) {
                return target(new Target.Embedded());
            }
            Optional<URI> url = httpUrl(trimmed);
            if (url.isEmpty()) {
                problems.add(
                        "--target must be 'embedded' or an http(s) base URL such as https://gateway.example.com/v1,"
                                + " was '" + Target.withoutSecrets(safeUri(trimmed)) + "'");
                return this;
            }
            if (url.get().getRawUserInfo() != null) {
                // Never take a secret from a URL: it would end up in shell history, logs and reports.
                problems.add("--target must not carry a user name or password; give an API key through --api-key-env");
                return this;
            }
            return target(new Target.Remote(url.get()));
        }

        public Builder credential(TargetCredential value) {
            this.credential = value;
            return this;
        }

        public Builder clients(int value) {
            this.clients = value;
            return this;
        }

        public Builder rate(double requestsPerSecond) {
            this.rate = requestsPerSecond;
            if (Double.isNaN(requestsPerSecond)) {
                problems.add("--rate must be a number of requests per second, was NaN");
            }
            return this;
        }

        public Builder thinkTime(Duration value) {
            this.thinkTime = value;
            return this;
        }

        public Builder duration(Duration value) {
            this.duration = value;
            return this;
        }

        /** A duration as typed, in the one grammar of {@link DurationText}: {@code 60}, {@code 60s}, {@code 2m}, {@code PT1M}. */
        public Builder duration(String text) {
            try {
                return duration(DurationText.parse(text));
            } catch (DurationText.Invalid e) {
                problems.add("--duration " + e.getMessage());
                return this;
            }
        }

        public Builder jitter(BackoffStrategy value) {
            this.jitter = value;
            return this;
        }

        /** {@code full} (what our clients use), or {@code none}, {@code exponential}, {@code equal}, {@code decorrelated} for comparison. */
        public Builder jitter(String text) {
            Optional<BackoffStrategy> strategy = BackoffStrategy.byCliName(text);
            if (strategy.isEmpty()) {
                problems.add("unknown --jitter '" + text + "'; known: none, exponential, full, equal, decorrelated");
                return this;
            }
            return jitter(strategy.get());
        }

        /**
         * LB15, for comparison only: the clients cap a Retry-After at the article's {@code max_delay} (8 s, RA8)
         * instead of waiting it in full. No command-line option sets it.
         */
        public Builder articleRetryAfterCap(boolean value) {
            this.articleRetryAfterCap = value;
            return this;
        }

        public Builder limiter(LimiterChoice value) {
            this.limiter = value;
            return this;
        }

        public Builder limiter(String text) {
            Optional<LimiterChoice> choice = LimiterChoice.byCliName(text);
            if (choice.isEmpty()) {
                problems.add("unknown --limiter '" + text + "'; known: " + LimiterChoice.names());
                return this;
            }
            return limiter(choice.get());
        }

        public Builder redis(RedisChoice value) {
            this.redis = value;
            return this;
        }

        /** {@code embedded}, {@code local} (one in-memory limiter per instance) or a {@code redis://} / {@code rediss://} URL. */
        public Builder redis(String text) {
            String trimmed = text.trim();
            if (trimmed.equalsIgnoreCase("embedded")) {
                return redis(new RedisChoice.Embedded());
            }
            if (trimmed.equalsIgnoreCase("local")) {
                return redis(new RedisChoice.LocalOnly());
            }
            URI url = safeUri(trimmed);
            String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("redis") || scheme.equals("rediss")) || url.getHost() == null) {
                problems.add("--redis must be 'embedded', 'local' or a redis://host:port URL, was '"
                        + Target.withoutSecrets(url) + "'");
                return this;
            }
            return redis(new RedisChoice.External(url));
        }

        public Builder instances(int value) {
            this.instances = value;
            return this;
        }

        public Builder scenario(Scenario value) {
            this.scenario = value;
            return this;
        }

        /** A preset by name or title: {@code 3am-storm}, {@code "provider outage"}, ... */
        public Builder scenario(String name) {
            Optional<Scenario> preset = ScenarioPresets.byName(name);
            if (preset.isEmpty()) {
                problems.add("unknown --scenario '" + name + "'; known: " + ScenarioPresets.names());
                return this;
            }
            return scenario(preset.get());
        }

        public Builder relayDialect(RateLimitDialect value) {
            this.relayDialect = java.util.Objects.requireNonNull(value, "relayDialect");
            return this;
        }

        /** A dialect by name: {@code plain}, {@code openai}, {@code anthropic}, {@code azure}, {@code github}, {@code ietf}. */
        public Builder relayDialect(String name) {
            try {
                return relayDialect(RateLimitDialect.parse(name));
            } catch (IllegalArgumentException e) {
                problems.add("--relay-dialect: " + e.getMessage());
                return this;
            }
        }

        /** RH11: adaptive pacing in every client instance (the AWS SDKs' adaptive mode); off by default. */
        public Builder adaptive(boolean value) {
            this.adaptive = value;
            return this;
        }

        public Builder report(Path value) {
            this.report = value;
            return this;
        }

        public Builder seed(long value) {
            this.seed = value;
            return this;
        }

        /**
         * The options, or every problem found.
         *
         * @throws InvalidLoadOptionsException listing each problem with what to do about it
         */
        public LoadOptions build() throws InvalidLoadOptionsException {
            List<String> found = new ArrayList<>(problems);
            // LB3: what the person did not choose, the scenario does.
            int clients = this.clients != null ? this.clients : scenario.clients();
            Duration duration = this.duration != null ? this.duration : scenario.length();
            if (clients < 1 || clients > MAX_CLIENTS) {
                found.add("--clients must be between 1 and " + MAX_CLIENTS + ", was " + clients);
            }
            if (!Double.isNaN(rate) && !(rate > 0 && rate <= MAX_RATE)) {
                found.add("--rate must be a positive number of requests per second, at most " + (long) MAX_RATE
                        + ", was " + rate);
            }
            if (thinkTime.isNegative()) {
                found.add("--think-time cannot be negative, was " + thinkTime.toMillis() + " ms");
            }
            if (duration.isNegative() || duration.isZero()) {
                found.add("--duration must be longer than zero, was " + duration.toMillis() + " ms");
            } else if (duration.compareTo(MAX_DURATION) > 0) {
                found.add("--duration must be at most " + MAX_DURATION.toMinutes() + " minutes, was "
                        + duration.toSeconds() + " s");
            } else if (duration.compareTo(scenario.minimumDuration()) < 0) {
                // LB3: said in the field's words, with what to type instead.
                found.add("--duration is too short for the " + scenario.title() + ": " + DurationText.words(duration)
                        + ", and it needs at least " + DurationText.words(scenario.minimumDuration())
                        + " to show what it is for; type "
                        + scenario.minimumDuration().toSeconds()
                        + " s or more (its own length is " + scenario.length().toSeconds() + " s)");
            }
            if (instances < 1 || instances > MAX_INSTANCES) {
                found.add("--instances must be between 1 and " + MAX_INSTANCES + ", was " + instances);
            }
            // A load test must not flood a real provider; off this machine the user states a cap.
            if (!target.isLoopback() && Double.isNaN(rate)) {
                found.add("target " + target.describe() + " is not on this machine: give --rate to cap the requests"
                        + " per second sent to it");
            }
            // A bearer token over plain http off this machine is readable by anyone on the path.
            if (!allowInsecureCredentials && credentialsInTheClear(target, credential)) {
                found.add(
                        "target " + target.describe() + " is plain http off this machine: the " + credential.describe()
                                + " would cross the network unencrypted; use https, or pass --allow-insecure-credentials"
                                + " if you accept that");
            }
            // Faults are injected by the embedded relay; a remote provider cannot be told to fail on cue.
            if (scenario.injectsFaults() && !(target instanceof Target.Embedded)) {
                found.add("scenario '" + scenario.name() + "' injects faults into the embedded relay; with a URL target"
                        + " use --scenario steady");
            }
            if (!found.isEmpty()) {
                throw new InvalidLoadOptionsException(found);
            }
            return new LoadOptions(this);
        }

        private static Optional<URI> httpUrl(String text) {
            URI url;
            try {
                url = new URI(text);
            } catch (URISyntaxException e) {
                return Optional.empty();
            }
            String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || url.getHost() == null) {
                return Optional.empty();
            }
            return Optional.of(url);
        }

        /** A URI for showing back in a message; text that does not parse is shown as nothing but its first word. */
        private static URI safeUri(String text) {
            try {
                return new URI(text);
            } catch (URISyntaxException e) {
                return URI.create("unparseable");
            }
        }
    }
}
