package dev.stormwatch.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.stormwatch.base.DurationText;
import dev.stormwatch.limit.Algorithm;
import dev.stormwatch.limit.EmbeddedRedis;
import dev.stormwatch.limit.FailureMode;
import dev.stormwatch.limit.JedisClusterPort;
import dev.stormwatch.limit.JedisPooledPort;
import dev.stormwatch.limit.LimitDecision;
import dev.stormwatch.limit.LimitKey;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.LimiterException;
import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.limit.RateLimiter;
import dev.stormwatch.limit.RateLimiterBuilder;
import dev.stormwatch.limit.RedisAddress;
import dev.stormwatch.limit.RedisClientSettings;
import dev.stormwatch.limit.RedisPassword;
import dev.stormwatch.limit.RedisPort;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stormwatch limit}: sends a burst of decisions through one limiter and prints each one (spec L1–L9), in memory,
 * on a Redis URL, on a Redis Cluster, or on an embedded redis-server.
 */
@Command(
        name = "limit",
        mixinStandardHelpOptions = true,
        description =
                "Ask a rate limiter for a burst of decisions on one key and print each (allowed, or refused with its retry-at).")
public final class LimitCommand implements Callable<Integer> {

    /** Exit code for a bad setting or an unusable Redis: the message says what to fix. */
    static final int CONFIGURATION_ERROR = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--algorithm",
            defaultValue = "SLIDING_LOG",
            description = "One of ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
    private Algorithm algorithm;

    @Option(names = "--limit", defaultValue = "5", description = "Requests per window (default ${DEFAULT-VALUE}).")
    private int limit;

    @Option(
            names = "--window",
            defaultValue = "10s",
            paramLabel = "DURATION",
            description = "The window, as " + DurationText.FORMS + " (default ${DEFAULT-VALUE}).")
    private String window;

    @Option(
            names = "--requests",
            defaultValue = "8",
            description = "How many decisions to ask for (default ${DEFAULT-VALUE}).")
    private int requests;

    @Option(
            names = "--principal",
            defaultValue = "demo",
            description = "Principal part of the key (default ${DEFAULT-VALUE}).")
    private String principal;

    @Option(
            names = "--model",
            defaultValue = "gpt-4o",
            description = "Model part of the key (default ${DEFAULT-VALUE}).")
    private String model;

    @CommandLine.ArgGroup(exclusive = true)
    private Backend backend = new Backend();

    static final class Backend {
        @Option(names = "--redis", description = "A Redis server, redis://host:port.")
        String url;

        @Option(names = "--redis-cluster", description = "A Redis Cluster seed list, host:port,host:port.")
        String clusterSeeds;

        @Option(
                names = "--embedded-redis",
                description = "Start a redis-server from the bundled binaries for this run.")
        boolean embedded;
    }

    /** Where an external Redis's password comes from without --redis-password-file: never a flag's value (CA2). */
    static final String REDIS_PASSWORD_VARIABLE = RedisPasswordSource.VARIABLE;

    @Option(
            names = "--redis-password-file",
            paramLabel = "FILE",
            description = "The password of the --redis or --redis-cluster server, from the first line of FILE (else"
                    + " from " + REDIS_PASSWORD_VARIABLE + "); never from a flag, which other users see in ps.")
    private Path redisPasswordFile;

    /** Reads the environment; replaced in tests. */
    private final UnaryOperator<String> environment;

    public LimitCommand() {
        this(System::getenv);
    }

    LimitCommand(UnaryOperator<String> environment) {
        this.environment = environment;
    }

    @Option(
            names = "--failure-mode",
            defaultValue = "LOCAL_FALLBACK",
            description = "While Redis is away: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
    private FailureMode failureMode;

    @Option(names = "--prometheus", description = "Print the Prometheus metrics after the run.")
    private boolean prometheus;

    @Option(
            names = "--json",
            description = "Print exactly one JSON object on stdout, for scripts: algorithm, limit, window_s, key,"
                    + " backend, and each decision (allowed, count, retry_at, retry_in_s, source).")
    private boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            LimitSpec limitSpec = LimitSpec.of(limit, parseWindow(window));
            LimitKey key = LimitKey.of(principal, model);
            LimiterMetrics metrics = prometheus ? LimiterMetrics.prometheus() : LimiterMetrics.inMemory();
            try (EmbeddedRedis embedded = backend.embedded ? EmbeddedRedis.start() : null;
                    RedisPort redis = redisPort(embedded)) {
                Map<String, Object> root = new LinkedHashMap<>();
                if (embedded != null && !json) {
                    // Which binary runs and why: the bundled 6.2 has known Lua flaws, a PATH 7.x is preferred.
                    out.println("embedded Redis: " + embedded.binary().describe()
                            + "; password required (random, not shown)");
                }
                RateLimiterBuilder builder = RateLimiterBuilder.of(algorithm, limitSpec)
                        .metrics(metrics)
                        .failureMode(failureMode);
                if (redis != null) {
                    builder.redis(redis).statusListener(status -> err.println("redis: " + status.detail()));
                }
                RateLimiter limiter = builder.build();
                String on = redis == null ? "memory" : redis.describe();
                if (json) {
                    root.put("algorithm", algorithm.name());
                    root.put("limit", limit);
                    root.put("window_s", JsonSeconds.of(limitSpec.window()));
                    root.put("key", key.toString());
                    root.put("backend", on);
                    root.put(
                            "embedded_redis",
                            embedded == null ? null : embedded.binary().describe());
                    root.put("count", countName().replace(' ', '_'));
                } else {
                    out.printf(
                            Locale.ROOT,
                            "%s, %d per %s, key %s, on %s%n",
                            algorithm,
                            limit,
                            DurationText.words(limitSpec.window()),
                            key,
                            on);
                    out.println(countExplained(limitSpec));
                    out.println("[backend]: decided by the limiter on " + on + "; [local_fallback], [fail_open] or"
                            + " [fail_closed]: Redis could not be reached, so --failure-mode decided (L9)");
                }
                List<Map<String, Object>> decisions = new ArrayList<>();
                for (int i = 1; i <= requests; i++) {
                    LimitDecision decision = limiter.tryAcquire(key);
                    if (json) {
                        decisions.add(asJson(i, decision));
                    } else {
                        out.println(describe(i, decision, countName()));
                    }
                }
                if (json) {
                    root.put("decisions", decisions);
                    root.put("prometheus", metrics.scrape().orElse(null));
                    out.println(CommandJson.MAPPER.writeValueAsString(root));
                    out.flush();
                    return 0;
                }
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("a map of strings and numbers always serialises", e);
            }
            metrics.scrape().ifPresent(out::print);
            return 0;
        } catch (LimiterException e) {
            // A typed limiter error already says what was wrong and what to do; a stack trace would only hide it.
            err.println("error: " + e.getMessage());
            return CONFIGURATION_ERROR;
        }
    }

    private RedisPort redisPort(EmbeddedRedis embedded) {
        if (embedded != null) {
            return embedded.connect(RedisClientSettings.DEFAULT);
        }
        if (backend.url != null) {
            return JedisPooledPort.connect(
                    RedisAddress.parse(backend.url), externalPassword(), RedisClientSettings.DEFAULT);
        }
        if (backend.clusterSeeds != null) {
            return JedisClusterPort.connect(
                    RedisAddress.parseSeeds(backend.clusterSeeds), externalPassword(), RedisClientSettings.DEFAULT);
        }
        if (redisPasswordFile != null) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--redis-password-file is for --redis or --redis-cluster; the embedded Redis makes its own");
        }
        return null;
    }

    /** HD3: the external Redis's password, from --redis-password-file or else the environment; never printed. */
    private Optional<RedisPassword> externalPassword() {
        try {
            return RedisPasswordSource.read(redisPasswordFile, environment);
        } catch (RedisPasswordSource.Unreadable e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** Token bucket and GCRA have no window: their number is the part of the burst allowance in use. */
    private String countName() {
        return algorithm == Algorithm.GCRA || algorithm == Algorithm.TOKEN_BUCKET ? "in use" : "in window";
    }

    /** One line saying what the number in each decision counts, for this algorithm. */
    private String countExplained(LimitSpec limitSpec) {
        // To the millisecond: 10 s / 3 reads as 3.333 s, not 3.333333333 s.
        long paceMicros = limitSpec.window().dividedBy(limit).toNanos() / 1_000;
        String pace = DurationText.words(Duration.ofNanos(
                (paceMicros >= 1_000 ? Math.round(paceMicros / 1_000.0) * 1_000 : Math.max(1, paceMicros)) * 1_000));
        return switch (algorithm) {
            case GCRA ->
                "in use: requests of the burst allowance of " + limit + " not yet paid back; GCRA has no"
                        + " window, it pays one back every " + pace + " (L7)";
            case TOKEN_BUCKET ->
                "in use: tokens taken from the bucket of " + limit + " and not yet refilled; it" + " refills one every "
                        + pace;
            default ->
                "in window: requests counted in the key's window of " + DurationText.words(limitSpec.window())
                        + ", this one included (at most " + limit + ")";
        };
    }

    private static Map<String, Object> asJson(int index, LimitDecision decision) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("n", index);
        entry.put("allowed", decision instanceof LimitDecision.Allowed);
        entry.put("count", decision.inWindow());
        if (decision instanceof LimitDecision.Refused refused) {
            entry.put("retry_at", refused.retryAt().toString());
            entry.put("retry_in_s", JsonSeconds.of(Duration.between(refused.decidedAt(), refused.retryAt())));
        }
        entry.put("source", decision.source().name().toLowerCase(Locale.ROOT));
        return entry;
    }

    private static String describe(int index, LimitDecision decision, String countName) {
        String source = decision.source().name().toLowerCase(Locale.ROOT);
        if (decision instanceof LimitDecision.Refused refused) {
            Duration wait = Duration.between(refused.decidedAt(), refused.retryAt());
            return String.format(
                    Locale.ROOT,
                    "#%-3d refused  %s %-4d retry at %s (in %.3f s)  [%s]",
                    index,
                    countName,
                    refused.inWindow(),
                    refused.retryAt(),
                    wait.toMillis() / 1000.0,
                    source);
        }
        return String.format(Locale.ROOT, "#%-3d allowed  %s %-4d [%s]", index, countName, decision.inWindow(), source);
    }

    /** HD5: reads the window in the one grammar of {@link DurationText}; a bad one is refused naming the option. */
    static Duration parseWindow(String text) {
        try {
            return DurationText.parse(text);
        } catch (DurationText.Invalid e) {
            throw new dev.stormwatch.limit.LimiterConfigurationException("--window " + e.getMessage());
        }
    }
}
