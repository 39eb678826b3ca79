package dev.stormwatch.cli;

import dev.stormwatch.base.DurationText;
import dev.stormwatch.base.Secret;
import dev.stormwatch.load.engine.EngineSettings;
import dev.stormwatch.load.engine.LoadEngine;
import dev.stormwatch.load.options.ClientChoices;
import dev.stormwatch.load.options.InvalidLoadOptionsException;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.ProcessFleet;
import dev.stormwatch.load.options.TargetCredential;
import dev.stormwatch.load.report.ComparisonTable;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.ReportFiles;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.report.SummaryTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stormwatch load}: a load run against the embedded relay or a URL: validates its options, runs the
 * {@link LoadEngine} with a progress line, prints the summary table and writes the report files.
 */
@Command(
        name = "load",
        mixinStandardHelpOptions = true,
        description = {
            "Drives many virtual clients through the limiter against a relay and reports what happened.",
            "Example: stormwatch load --clients 1000 --rate 500 --duration 60s --scenario 3am-storm --report out.json"
        })
public final class LoadCommand implements Callable<Integer> {

    /** Exit code when the run stopped early (unreachable target, Redis lost): sysexits EX_UNAVAILABLE. */
    static final int PARTIAL_RUN = 69;
    /** Exit code when the report could not be written (sysexits EX_IOERR). */
    static final int REPORT_NOT_WRITTEN = 74;
    /** Exit code for options that make no sense (picocli's usage error). */
    static final int INVALID_OPTIONS = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** Where API keys are read from; the environment, or a map in tests. */
    private UnaryOperator<String> environment = System::getenv;

    /** Makes a run's engine from its settings: on real time; a test may run it on simulated time (decision 0039). */
    private Function<EngineSettings, LoadEngine> engines = LoadEngine::new;

    @Option(
            names = "--target",
            defaultValue = "embedded",
            paramLabel = "embedded|URL",
            description =
                    "The embedded relay (default) or an OpenAI-compatible base URL; a URL off this machine needs --rate.")
    private String target;

    @Option(
            names = "--clients",
            paramLabel = "N",
            description =
                    "Virtual clients (closed loop), or the most requests in flight (with --rate). Default: the"
                            + " scenario's own (steady 100, 3am-storm 64, quota-exhaustion 50, nginx-limit-req 50, others 100).")
    private Integer clients;

    @Option(
            names = "--rate",
            paramLabel = "R",
            description = "Arrivals per second (open loop); also the cap a remote target requires.")
    private Double rate;

    @Option(
            names = "--think-time",
            defaultValue = "0",
            paramLabel = "D",
            description = "Closed loop: pause between a client's requests, as " + DurationText.FORMS
                    + ". Default ${DEFAULT-VALUE}.")
    private String thinkTime;

    @Option(
            names = "--duration",
            paramLabel = "D",
            description =
                    "How long the run lasts, as " + DurationText.FORMS + ". Default: the scenario's own length"
                            + " (steady 20 s, 3am-storm 30 s, provider-outage 45 s, quota-exhaustion 30 s, retry-after-120 140 s, retry-after-12 20 s, nginx-limit-req 20 s).")
    private String duration;

    @Option(
            names = "--jitter",
            defaultValue = "full",
            paramLabel = "STRATEGY",
            description = "full (what our clients use); none, exponential, equal, decorrelated for comparison.")
    private String jitter;

    @Option(
            names = "--limiter",
            defaultValue = "off",
            paramLabel = "ALGORITHM",
            description =
                    "off, sliding-log, fixed-window, sliding-window-counter, token-bucket, gcra. Default ${DEFAULT-VALUE}.")
    private String limiter;

    @Option(
            names = "--redis",
            defaultValue = "embedded",
            paramLabel = "embedded|local|URL",
            description =
                    "Where the limiter keeps its state: one shared Redis (embedded or redis://host:port), or local per instance.")
    private String redis;

    @Option(names = RedisPasswordSource.OPTION, paramLabel = "FILE", description = RedisPasswordSource.HELP)
    private Path redisPasswordFile;

    @Option(
            names = "--redis-failure-mode",
            defaultValue = "closed",
            paramLabel = "closed|open|local",
            description = "While Redis is slow or away, the limiter's decisions: closed (refuse), open (allow) or local"
                    + " (each instance's in-memory limiter). Counted in the report (RB3). Default ${DEFAULT-VALUE}.")
    private String redisFailureMode;

    @Option(
            names = "--redis-outage-limit",
            defaultValue = "10s",
            paramLabel = "D",
            description = "How long Redis may stay unreachable before the run stops as \"Redis lost\" (RB2), as "
                    + DurationText.FORMS + "; at most 10m. Default ${DEFAULT-VALUE}.")
    private String redisOutageLimit;

    @Option(
            names = "--policy",
            defaultValue = ClientChoices.DEFAULT_POLICY,
            paramLabel = "PRESET",
            description =
                    "The clients' retry policy: batch (RC4), interactive (RC4), default (C1), conservative, patient"
                            + " (C3). Default ${DEFAULT-VALUE}.")
    private String policy;

    @Option(
            names = "--max-attempts",
            paramLabel = "N",
            description = "Attempts per call (per origin and in all), changing the policy's; 1 to 10 (C2), refused"
                    + " outside, never clamped.")
    private String maxAttempts;

    @Option(
            names = "--budget",
            paramLabel = "D",
            description =
                    "Time budget of one call, as " + DurationText.FORMS + ", changing the policy's; at most 10m (C2).")
    private String budget;

    @Option(
            names = "--retry-quota",
            defaultValue = "off",
            paramLabel = "on|off",
            description = "The AWS-style retry quota per client instance: 500 tokens, 5 per retry, 1 back per success."
                    + " Default ${DEFAULT-VALUE}.")
    private String retryQuota;

    @Option(
            names = "--limit",
            paramLabel = "N/D",
            description = "The limiter's limit, requests per window (e.g. 100/1s, 30/1m, 100/s; the window as "
                    + DurationText.FORMS + "); needs --limiter. Default: the"
                    + " relay's quota, else the rate, else 100/1s.")
    private String limit;

    @Option(
            names = "--relay-dialect",
            defaultValue = "plain",
            paramLabel = "NAME",
            description = "The rate-limit headers of the embedded relay's quota: plain (Retry-After on the 429 only),"
                    + " openai, anthropic, azure, github or ietf (what is left until when on every answer, so the clients"
                    + " pace before the 429, RH9). Default ${DEFAULT-VALUE}.")
    private String relayDialect;

    @Option(
            names = "--adaptive",
            description =
                    "Adaptive pacing per client instance, as the AWS SDKs' adaptive mode: after a 429 (or a 503"
                            + " asking to wait) each attempt waits for a token bucket whose rate drops to 0.7 of the measured"
                            + " send rate and climbs back on a CUBIC curve; never earlier than a wait hint or pause (RH11). Off by default.")
    private boolean adaptive;

    @Option(
            names = "--instances",
            defaultValue = "1",
            paramLabel = "K",
            description = "Client instances sharing the limiter. Default ${DEFAULT-VALUE}.")
    private int instances;

    @Option(
            names = "--scenario",
            defaultValue = "steady",
            paramLabel = "NAME",
            description =
                    "steady, 3am-storm, provider-outage, quota-exhaustion, retry-after-120, retry-after-12, nginx-limit-req."
                            + " Default ${DEFAULT-VALUE}.")
    private String scenario;

    @Option(
            names = "--report",
            paramLabel = "FILE",
            description = "Write the report here (.json; a .csv and a .png are written next to it), or as one"
                    + " self-contained page with its charts inline (.html).")
    private Path report;

    @Option(
            names = "--metrics-port",
            paramLabel = "PORT",
            description = "While the run lasts, serve its metrics for Prometheus on http://127.0.0.1:PORT/metrics:"
                    + " limiter decisions, retries, exhausted budgets, upstream latency by model and the embedded"
                    + " relay's answers by outcome (L10); 0 picks a free port.")
    private Integer metricsPort;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of the run's random source, to replay a run.")
    private Long seed;

    @Option(
            names = "--compare",
            paramLabel = "SETTING=VALUE",
            description = "Run twice on the same seed, the second time with one setting changed, and print the two"
                    + " side by side (LB6): jitter=none, limiter=gcra, redis=local, ... The other options apply to both;"
                    + " redis=... runs each as K processes of --clients each (K = --instances, at least 3) behind"
                    + " --limiter, the sliding log when off (LB19).")
    private String compare;

    @Option(
            names = "--api-key-env",
            paramLabel = "VAR",
            description = "Read the target's API key from this environment variable (never from the command line).")
    private String apiKeyEnv;

    @Option(
            names = "--oauth-session",
            description =
                    "Authenticate with the access token of the session kept by 'stormwatch session --stay-signed-in'"
                            + " (refreshed when it expires).")
    private boolean oauthSession;

    /**
     * CA8: how the session's client proves itself when its token is refreshed during the run: the same options as
     * {@code stormwatch session}, so a confidential client's session refreshes as it signed in.
     */
    @CommandLine.Mixin
    ClientAuthenticationOptions clientAuthOptions = new ClientAuthenticationOptions();

    @Option(
            names = "--allow-insecure-credentials",
            description = "Send the API key or the OAuth session's token over plain http to a host off this machine"
                    + " (refused otherwise: anyone on the path could read it).")
    private boolean allowInsecureCredentials;

    @Option(
            names = "--session-file",
            paramLabel = "FILE",
            description =
                    "Where --oauth-session finds the session (default: the one 'stormwatch session --stay-signed-in' writes).")
    private Path sessionFile;

    /**
     * Whether progress goes to a terminal (one line rewritten in place) or to a log or pipe (plain lines). Decided
     * here from {@code System.console()}: picocli's writers cannot tell, and tests set it.
     */
    private boolean terminal = System.console() != null;

    /** LB19: the processes of a limiter comparison, once the options as given are known; empty otherwise. */
    private Optional<ProcessFleet> fleet = Optional.empty();

    /** For tests: pretend the output is, or is not, a terminal. */
    void terminal(boolean isTerminal) {
        this.terminal = isTerminal;
    }

    /** For tests: read API keys from this lookup instead of the process environment. */
    void environment(UnaryOperator<String> lookup) {
        this.environment = lookup;
    }

    /** For tests: make each run's engine (without --metrics-port) this way instead of on real time. */
    void engines(Function<EngineSettings, LoadEngine> make) {
        this.engines = make;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<String> extraProblems = new ArrayList<>();
        proxyRefusal().ifPresent(extraProblems::add);
        TargetCredential credential = credential(extraProblems);
        if (compare != null && seed == null) {
            seed = System.currentTimeMillis(); // LB6: both runs on one seed, whatever it is
        }
        LoadOptions options;
        Optional<LoadOptions> twin = Optional.empty();
        ClientChoices choices;
        try {
            ClientChoices.Builder chosen =
                    ClientChoices.builder().policy(policy).retryQuota(retryQuota);
            if (maxAttempts != null) {
                chosen.maxAttempts(maxAttempts);
            }
            if (budget != null) {
                chosen.budget(budget);
            }
            if (limit != null) {
                chosen.limit(limit);
            }
            try {
                choices = chosen.build();
            } catch (InvalidLoadOptionsException invalid) {
                extraProblems.addAll(invalid.problems());
                choices = null;
            }
            LoadOptions.Builder builder = optionsBuilder(credential, extraProblems);
            options = builder.build();
            if (compare != null) {
                fleet = processFleet(options);
                if (fleet.isPresent()) {
                    options = fleet.get()
                            .applyTo(optionsBuilder(credential, new ArrayList<>()))
                            .build();
                }
                twin = twin(credential, extraProblems);
            }
            if (!extraProblems.isEmpty()) {
                throw new InvalidLoadOptionsException(extraProblems);
            }
        } catch (InvalidLoadOptionsException invalid) {
            List<String> problems = new ArrayList<>(extraProblems);
            invalid.problems().stream().filter(p -> !problems.contains(p)).forEach(problems::add);
            err.println("stormwatch load: the options make no sense yet:");
            problems.forEach(problem -> err.println("  - " + problem));
            err.println("Run 'stormwatch load --help' for every option.");
            err.flush();
            return INVALID_OPTIONS;
        }
        EngineSettings settings = EngineSettings.defaults().with(choices);
        if (twin.isPresent()) {
            return compare(options, twin.get(), settings, out, err);
        }
        out.println("Running: " + options.describe() + "; " + settings.describe());
        options.jitterNote().ifPresent(note -> out.println("Note: " + note));
        out.flush();
        ProgressPrinter progress = new ProgressPrinter(err, terminal, System::nanoTime);
        LoadReport report;
        try (MetricsEndpoint metrics = MetricsEndpoint.startIfAsked(metricsPort)) {
            metrics.address().ifPresent(uri -> {
                out.println("Metrics for Prometheus: " + uri);
                out.flush();
            });
            LoadEngine engine =
                    metrics.meters().map(m -> new LoadEngine(settings, m)).orElseGet(() -> engines.apply(settings));
            report = engine.run(options, progress::update);
        } catch (MetricsEndpoint.PortUnavailable e) {
            err.println("stormwatch load: --metrics-port " + metricsPort + ": " + e.getMessage()
                    + "; choose another port, or 0 for a free one");
            err.flush();
            return INVALID_OPTIONS;
        }
        progress.finish();
        out.print(SummaryTable.render(report));
        out.flush();
        if (options.report().isPresent()) {
            try {
                // One path a line: a person reads them, and a script can take each line whole.
                out.println("report written:");
                ReportFiles.write(report, options.report().get()).forEach(path -> out.println("  " + path));
            } catch (IOException e) {
                err.println("stormwatch load: could not write the report to "
                        + options.report().get() + ": " + e.getMessage() + "; check that the directory is writable");
                err.flush();
                return REPORT_NOT_WRITTEN;
            }
        }
        out.flush();
        if (report.outcome() instanceof RunOutcome.Partial partial) {
            err.println("stormwatch load: the run stopped early: " + partial.reason());
            err.flush();
            return PARTIAL_RUN;
        }
        return 0;
    }

    /** LB6: the options of the second run of a comparison: the same, with the one setting --compare names changed. */
    private Optional<LoadOptions> twin(TargetCredential credential, List<String> problems) {
        int equals = compare.indexOf('=');
        String setting = equals < 0 ? compare : compare.substring(0, equals).strip();
        String value = equals < 0 ? "" : compare.substring(equals + 1).strip();
        if (value.isEmpty() || !List.of("jitter", "limiter", "redis").contains(setting)) {
            problems.add("--compare takes one setting and its value for the second run: jitter=none, limiter=gcra or"
                    + " redis=local; was '" + compare + "'");
            return Optional.empty();
        }
        String jitterWas = jitter;
        String limiterWas = limiter;
        String redisWas = redis;
        try {
            switch (setting) {
                case "jitter" -> jitter = value;
                case "limiter" -> limiter = value;
                default -> redis = value;
            }
            List<String> twinProblems = new ArrayList<>();
            LoadOptions.Builder twinBuilder = optionsBuilder(credential, twinProblems);
            if (fleet.isPresent()) {
                fleet.get().applyTo(twinBuilder);
            }
            LoadOptions built = twinBuilder.build();
            problems.addAll(twinProblems.stream()
                    .map(p -> "--compare " + compare + ": " + p)
                    .toList());
            return Optional.of(built);
        } catch (InvalidLoadOptionsException e) {
            problems.addAll(e.problems().stream()
                    .map(p -> "--compare " + compare + ": " + p)
                    .toList());
            return Optional.empty();
        } finally {
            jitter = jitterWas;
            limiter = limiterWas;
            redis = redisWas;
        }
    }

    /**
     * LB19: the limiter comparison ({@code --compare redis=...}) runs K processes, as the Load lab's does, built on the
     * options as given (their limiter, instances and clients); empty for any other comparison.
     */
    private Optional<ProcessFleet> processFleet(LoadOptions asGiven) {
        int equals = compare.indexOf('=');
        if (equals < 0 || !compare.substring(0, equals).strip().equals("redis")) {
            return Optional.empty();
        }
        return Optional.of(ProcessFleet.of(asGiven.limiter(), asGiven.instances(), asGiven.clients()));
    }

    /** LB6: runs both, one after the other, prints each summary and then the two side by side. */
    private int compare(
            LoadOptions first, LoadOptions second, EngineSettings settings, PrintWriter out, PrintWriter err) {
        String setting = compare.substring(0, compare.indexOf('=')).strip();
        fleet.ifPresent(processes -> out.println("Each run is " + processes.describe() + " (LB19: K = --instances, at"
                + " least " + ProcessFleet.LEAST_PROCESSES + ", each with --clients)."));
        List<ComparisonTable.Run> runs = new ArrayList<>();
        for (LoadOptions options : List.of(first, second)) {
            String label = setting + " "
                    + switch (setting) {
                        case "jitter" -> options.jitter().cliName();
                        case "limiter" -> options.limiter().cliName();
                        default -> options.redis().describe();
                    };
            out.println("Running (" + label + "): " + options.describe() + "; " + settings.describe());
            out.flush();
            ProgressPrinter progress = new ProgressPrinter(err, terminal, System::nanoTime);
            LoadReport report = engines.apply(settings).run(options, progress::update);
            progress.finish();
            out.print(SummaryTable.render(report));
            out.println();
            runs.add(new ComparisonTable.Run(label, report, options.scenario()));
        }
        out.println("Side by side, seed " + first.seed().orElseThrow() + ":");
        out.print(ComparisonTable.render(runs.get(0), runs.get(1)));
        out.flush();
        boolean partial = false;
        for (ComparisonTable.Run run : runs) {
            if (run.report().outcome() instanceof RunOutcome.Partial stopped) {
                // As a single run says it: which run stopped early, and why.
                err.println("stormwatch load: the run (" + run.label() + ") stopped early: " + stopped.reason());
                partial = true;
            }
        }
        err.flush();
        return partial ? PARTIAL_RUN : 0;
    }

    /** The run's options as given, from the fields (one place, so that a comparison run builds its twin the same way). */
    private LoadOptions.Builder optionsBuilder(TargetCredential credential, List<String> extraProblems) {
        LoadOptions.Builder builder = LoadOptions.builder()
                .target(target)
                .credential(credential)
                .allowInsecureCredentials(allowInsecureCredentials)
                .jitter(jitter)
                .limiter(limiter)
                .redis(redis)
                .instances(instances)
                .scenario(scenario)
                .relayDialect(relayDialect)
                .adaptive(adaptive);
        try {
            builder.thinkTime(DurationText.parse(thinkTime));
        } catch (DurationText.Invalid e) {
            extraProblems.add("--think-time " + e.getMessage());
        }
        redisFailureHandling(builder, extraProblems);
        if (rate != null) {
            builder.rate(rate);
        }
        // LB3: what is not given, the scenario chooses.
        if (clients != null) {
            builder.clients(clients);
        }
        if (duration != null) {
            builder.duration(duration);
        }
        if (report != null) {
            builder.report(report);
        }
        if (seed != null) {
            builder.seed(seed);
        }
        // A limit without a limiter would be silently ignored; say so instead.
        if (limit != null && LimiterChoice.byCliName(limiter).equals(Optional.of(LimiterChoice.OFF))) {
            extraProblems.add("--limit sets the limiter's limit, but --limiter is off; choose one with --limiter,"
                    + " for example --limiter sliding-log");
        }
        return builder;
    }

    /**
     * PX5: the load engine's event-loop transport opens its own sockets and speaks to no proxy; a target the
     * environment would send through one is refused, with the reason and the way round it, rather than reached
     * directly behind the person's back or not at all.
     */
    private Optional<String> proxyRefusal() {
        if (target == null || target.equals("embedded")) {
            return Optional.empty();
        }
        java.net.URI url;
        try {
            url = java.net.URI.create(target);
        } catch (IllegalArgumentException malformed) {
            return Optional.empty(); // the target's own check names it
        }
        if (url.getHost() == null) {
            return Optional.empty();
        }
        try {
            return dev.stormwatch.http.ProxyRoutes.from(environment, System::getProperty)
                    .routeFor(url)
                    .map(proxy -> "--target " + url.getHost() + " would go through the proxy " + proxy + " ("
                            + (url.getScheme().equals("https") ? "HTTPS_PROXY" : "HTTP_PROXY") + "), but a load run"
                            + " sends on its own event-loop transport, which does not go through proxies: a proxy"
                            + " would also bear the run's load and skew its figures. Reach the target directly (add"
                            + " its host to NO_PROXY), or run the load from inside the network");
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage()); // PX1: a variable that is not a proxy URL, named
        }
    }

    /** HD3, RB1, RB2: the external Redis's password, and how the run rides through Redis failing. */
    private void redisFailureHandling(LoadOptions.Builder builder, List<String> problems) {
        String lower = redis == null ? "" : redis.strip().toLowerCase(java.util.Locale.ROOT);
        boolean external = lower.startsWith("redis://") || lower.startsWith("rediss://");
        if (redisPasswordFile != null || external) {
            try {
                RedisPasswordSource.read(redisPasswordFile, environment)
                        .ifPresent(password -> builder.redisPassword(
                                password,
                                redisPasswordFile != null ? RedisPasswordSource.OPTION : RedisPasswordSource.VARIABLE));
            } catch (RedisPasswordSource.Unreadable e) {
                problems.add(e.getMessage());
            }
        }
        Optional<dev.stormwatch.limit.FailureMode> mode =
                dev.stormwatch.load.options.RedisFailureHandling.byCliName(redisFailureMode);
        if (mode.isEmpty()) {
            problems.add("--redis-failure-mode must be closed, open or local, was '" + redisFailureMode + "'");
        }
        java.time.Duration limit = null;
        try {
            limit = DurationText.parse(redisOutageLimit);
        } catch (DurationText.Invalid e) {
            problems.add("--redis-outage-limit " + e.getMessage());
        }
        if (mode.isEmpty() || limit == null) {
            return;
        }
        try {
            builder.redisFailureHandling(dev.stormwatch.load.options.RedisFailureHandling.DEFAULT
                    .withMode(mode.get())
                    .withOutageLimit(limit));
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
        }
    }

    private TargetCredential credential(List<String> problems) {
        if (apiKeyEnv != null && oauthSession) {
            problems.add("give either --api-key-env or --oauth-session, not both");
            return new TargetCredential.None();
        }
        // A session file without --oauth-session would be silently ignored and the run sent unauthenticated; say so.
        if (sessionFile != null && !oauthSession) {
            problems.add("--session-file says where --oauth-session finds the session, but --oauth-session is not"
                    + " given; add --oauth-session, or drop --session-file");
            return new TargetCredential.None();
        }
        if (oauthSession) {
            Path file = sessionFile != null ? sessionFile : dev.stormwatch.oauth.FileSessionStore.defaultLocation();
            // CA8: the session's refreshes carry the client authentication given here, checked as session's are.
            return SessionFileTokens.fromFile(file, clientAuthOptions.read(environment), environment, problems)
                    .<TargetCredential>map(TargetCredential.OAuthSessionToken::new)
                    .orElse(new TargetCredential.None());
        }
        if (apiKeyEnv == null) {
            return new TargetCredential.None();
        }
        String value = environment.apply(apiKeyEnv);
        if (value == null || value.isBlank()) {
            problems.add("the environment variable " + apiKeyEnv + " named by --api-key-env is not set");
            return new TargetCredential.None();
        }
        return new TargetCredential.ApiKey(Secret.of(value.strip()));
    }
}
