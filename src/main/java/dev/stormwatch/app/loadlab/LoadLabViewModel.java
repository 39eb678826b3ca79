package dev.stormwatch.app.loadlab;

import dev.stormwatch.base.Secret;
import dev.stormwatch.load.engine.LiveSeriesListener;
import dev.stormwatch.load.options.ClientChoices;
import dev.stormwatch.load.options.InvalidLoadOptionsException;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.TargetCredential;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.ReportFiles;
import dev.stormwatch.load.report.SummaryTable;
import dev.stormwatch.load.scenario.FaultMark;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.relay.RateLimitDialect;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Load lab: a load run's options as the user edits them, the run as a command, the run drawn second by second
 * while it happens, and its summary and report files at the end. The run itself is the load engine's, on
 * the background executor; this model only translates.
 */
public final class LoadLabViewModel {

    /** Runs one load run; the app's is the load engine. */
    @FunctionalInterface
    public interface Runner {
        LoadReport run(LoadOptions options, ClientChoices choices, Consumer<String> progress, LiveSeriesListener live);
    }

    private final Runner runner;
    private final ExecutorService background;
    private final Executor ui;

    private final StringProperty target = new SimpleStringProperty("embedded");
    private final StringProperty apiKey = new SimpleStringProperty("");
    private final BooleanProperty useSessionToken = new SimpleBooleanProperty(false);
    /** LB14: the person's consent to send the credential over plain http to a host off this machine; off by default. */
    private final BooleanProperty allowInsecureCredentials = new SimpleBooleanProperty(false);
    /** LB14: why the credential may not go over plain http, said under the consent's checkbox; empty when it may. */
    private final ReadOnlyStringWrapper insecureCredentialsProblem = new ReadOnlyStringWrapper("");

    private volatile Optional<dev.stormwatch.load.options.SessionTokenSource> sessionTokens = Optional.empty();
    private final ObjectProperty<Scenario> scenario = new SimpleObjectProperty<>(ScenarioPresets.THREE_AM_STORM);
    private final StringProperty clients =
            new SimpleStringProperty(String.valueOf(ScenarioPresets.THREE_AM_STORM.clients()));
    private final StringProperty rate = new SimpleStringProperty("");
    private final StringProperty duration = new SimpleStringProperty(lengthText(ScenarioPresets.THREE_AM_STORM));
    private final ObjectProperty<LimiterChoice> limiter = new SimpleObjectProperty<>(LimiterChoice.OFF);
    /** LB10: the limiter's limit as requests per window ({@code 50/1s}); empty: the relay's quota, else the rate. */
    private final StringProperty limit = new SimpleStringProperty("");

    private final StringProperty redis = new SimpleStringProperty("embedded");
    /** LB8: the comparison the Compare button runs. */
    private final ObjectProperty<Comparison> comparison = new SimpleObjectProperty<>(Comparison.JITTER);
    /** LB8: the runs of the last comparison, in order, as each finishes. */
    private final ObservableList<ComparedRun> compared = FXCollections.observableArrayList();
    /** One read-only view, kept: a view made per call would drop its listeners when collected. */
    private final ObservableList<ComparedRun> readOnlyCompared = FXCollections.unmodifiableObservableList(compared);

    private final StringProperty instances = new SimpleStringProperty("1");
    private final ObjectProperty<RateLimitDialect> relayDialect = new SimpleObjectProperty<>(RateLimitDialect.PLAIN);
    private final BooleanProperty adaptive = new SimpleBooleanProperty(false);
    /** B4's exception: another backoff than full jitter, for comparison only. */
    private final ObjectProperty<dev.stormwatch.load.simulation.BackoffStrategy> jitter =
            new SimpleObjectProperty<>(dev.stormwatch.load.simulation.BackoffStrategy.FULL);

    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper progress = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper problems = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper saved = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper reportReady = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper("");
    /** LB5: how many seconds the time axis spans: the run's length and its drain, not more. */
    private final javafx.beans.property.ReadOnlyDoubleWrapper axisSeconds =
            new javafx.beans.property.ReadOnlyDoubleWrapper(
                    ScenarioPresets.THREE_AM_STORM.length().toSeconds());
    /** LB5: the faults of the run being drawn, marked on the charts at their second. */
    private final ObservableList<FaultMark> faults = FXCollections.observableArrayList();
    /** LB5: the provider's quota per second of the run being drawn, 0 when it has none. */
    private final javafx.beans.property.ReadOnlyDoubleWrapper quotaPerSecond =
            new javafx.beans.property.ReadOnlyDoubleWrapper(0);

    private final ObservableList<LivePoint> points = FXCollections.observableArrayList();
    private final ObservableList<LivePoint> readOnlyPoints = FXCollections.unmodifiableObservableList(points);

    private Future<?> run;
    private Optional<LoadReport> lastReport = Optional.empty();

    public LoadLabViewModel(Runner runner, ExecutorService background, Executor ui) {
        this.runner = Objects.requireNonNull(runner, "runner");
        this.background = Objects.requireNonNull(background, "background");
        this.ui = Objects.requireNonNull(ui, "ui");
        // LB3: a preset chosen brings its own length and size; the person may change them after.
        scenario.addListener((observable, before, now) -> {
            if (now != null) {
                duration.set(lengthText(now));
                clients.set(String.valueOf(now.clients()));
            }
        });
        // LB9: the nginx comparison is about its preset: choosing it picks the preset, with its length and clients.
        comparison.addListener((observable, before, now) -> {
            if (now == Comparison.NGINX_LIMITERS) {
                scenario.set(ScenarioPresets.NGINX_LEAKY_BUCKET);
            }
            // LB15: the article's cap shows only against a Retry-After longer than 8 s.
            if (now == Comparison.RETRY_AFTER_CAP) {
                scenario.set(ScenarioPresets.RETRY_AFTER_12);
            }
        });
        // LB3: a refused value is said as it is typed, before Run, not only after.
        for (javafx.beans.Observable field : List.<javafx.beans.Observable>of(
                target,
                apiKey,
                useSessionToken,
                allowInsecureCredentials,
                scenario,
                clients,
                rate,
                duration,
                limiter,
                limit,
                redis,
                instances,
                relayDialect,
                adaptive,
                jitter)) {
            field.addListener(changed -> {
                if (!running.get()) {
                    options(); // said in problemsProperty as the person types; Start builds them again
                }
            });
        }
    }

    /** LB7: a limiter choice in words, not its enum name. */
    public static String words(LimiterChoice choice) {
        return switch (choice) {
            case OFF -> "No limiter";
            case SLIDING_LOG -> "Sliding log (strict, on Redis)";
            case FIXED_WINDOW -> "Fixed window";
            case SLIDING_WINDOW_COUNTER -> "Sliding-window counter";
            case TOKEN_BUCKET -> "Token bucket";
            case GCRA -> "GCRA (smooth, no bursts)";
        };
    }

    /** LB7: a backoff strategy in words; only full jitter is what real clients use (B4). */
    public static String words(dev.stormwatch.load.simulation.BackoffStrategy strategy) {
        return switch (strategy) {
            case FULL -> "Full jitter (what our clients use)";
            case NONE -> "No backoff (comparison only)";
            case EXPONENTIAL -> "Exponential, no jitter (comparison only)";
            case EQUAL -> "Equal jitter (comparison only)";
            case DECORRELATED -> "Decorrelated jitter (comparison only)";
        };
    }

    /** A scenario's own length as the Duration field shows it. */
    private static String lengthText(Scenario scenario) {
        return scenario.length().toSeconds() + " s";
    }

    /** Where "send the signed-in session's token" gets the token: the Session tab's client. */
    public void sessionTokens(dev.stormwatch.load.options.SessionTokenSource source) {
        sessionTokens = Optional.of(Objects.requireNonNull(source, "source"));
    }

    /** The scenarios offered: the presets of {@link ScenarioPresets}. */
    public List<Scenario> scenarios() {
        return ScenarioPresets.ALL;
    }

    /**
     * Checks the options and starts the run; a refused option is listed in {@link #problemsProperty()} and nothing
     * starts.
     */
    public void start() {
        if (running.get()) {
            return;
        }
        List<String> typed = new java.util.ArrayList<>();
        Optional<LoadOptions> options = options(typed);
        Optional<ClientChoices> choices = choices(limit.get(), typed);
        if (options.isEmpty() || choices.isEmpty() || !typed.isEmpty()) {
            return;
        }
        running.set(true);
        reportReady.set(false);
        lastReport = Optional.empty();
        summary.set("");
        saved.set("");
        run = background.submit(() -> {
            try {
                LoadReport report = runOne(options.get(), choices.get(), "");
                ui.execute(() -> finish(report));
            } catch (RuntimeException e) {
                ui.execute(() -> {
                    running.set(false);
                    problems.set("The run failed: " + e.getMessage());
                });
            }
        });
    }

    /**
     * LB8: runs the chosen comparison: each of its runs on one seed, one after the other, each drawn live while it
     * runs and then kept side by side in {@link #compared()}. A refused option starts nothing.
     */
    public void compare() {
        if (running.get()) {
            return;
        }
        problems.set("");
        Comparison chosen = comparison.get();
        long seed = System.currentTimeMillis(); // one seed for every run, whichever it is
        List<String> typed = new java.util.ArrayList<>();
        Optional<LoadOptions.Builder> base = builder(typed);
        List<LoadOptions> planned = new java.util.ArrayList<>();
        List<ClientChoices> plannedChoices = new java.util.ArrayList<>();
        Comparison.Form form = new Comparison.Form(
                limiter.get(),
                parsedOr(instances, 1),
                parsedOr(clients, scenario.get().clients()));
        for (Comparison.Variant variant : chosen.variants()) {
            Optional<ClientChoices> choices = choices(variant.limit().orElse(limit.get()), typed);
            if (base.isEmpty() || choices.isEmpty()) {
                break;
            }
            try {
                planned.add(variant.change()
                        .apply(builder(new java.util.ArrayList<>()).orElseThrow(), form)
                        .seed(seed)
                        .build());
                plannedChoices.add(choices.get());
            } catch (InvalidLoadOptionsException refused) {
                refused.problems().stream().map(p -> variant.label() + ": " + p).forEach(typed::add);
            }
        }
        if (!typed.isEmpty() || planned.size() != chosen.variants().size()) {
            problems.set(typed.stream().map(LoadLabViewModel::inFieldWords).collect(Collectors.joining("\n")));
            return;
        }
        running.set(true);
        reportReady.set(false);
        compared.clear();
        run = background.submit(() -> {
            try {
                for (int i = 0; i < planned.size(); i++) {
                    String label = chosen.variants().get(i).label();
                    String prefix = "Comparison, run " + (i + 1) + " of " + planned.size() + " (" + label + "): ";
                    LoadReport report = runOne(planned.get(i), plannedChoices.get(i), prefix);
                    double quota = quotaOf(planned.get(i));
                    LoadOptions ran = planned.get(i);
                    ComparedRun done = new ComparedRun(
                            label,
                            report,
                            LivePoint.of(report),
                            quota,
                            ran.scenario(),
                            ran.duration()
                                    .plus(dev.stormwatch.load.engine.EngineSettings.DEFAULT_DRAIN)
                                    .toSeconds());
                    ui.execute(() -> {
                        compared.add(done);
                        lastReport = Optional.of(report);
                    });
                }
                ui.execute(() -> {
                    running.set(false);
                    reportReady.set(true);
                    progress.set("Comparison finished, seed " + seed + ": " + chosen.title());
                });
            } catch (RuntimeException e) {
                ui.execute(() -> {
                    running.set(false);
                    problems.set("The comparison failed: " + e.getMessage());
                });
            }
        });
    }

    /** LB8: the figures of the last comparison, a row per figure: its label, then one value per run. */
    public List<List<String>> comparisonRows() {
        return dev.stormwatch.load.report.ComparisonTable.rows(
                compared.stream().map(ComparedRun::tableRun).toList());
    }

    /** One run, drawn live while it runs (on the background thread); the UI is prepared for it first. */
    private LoadReport runOne(LoadOptions options, ClientChoices choices, String progressPrefix) {
        double quota = quotaOf(options);
        ui.execute(() -> {
            points.clear();
            verdict.set("");
            axisSeconds.set(options.duration()
                    .plus(dev.stormwatch.load.engine.EngineSettings.DEFAULT_DRAIN)
                    .toSeconds());
            faults.setAll(options.scenario().faultMarks());
            quotaPerSecond.set(quota);
            progress.set(progressPrefix + "Starting " + options.scenario().title() + " with " + options.clients()
                    + " virtual clients...");
        });
        LoadReport report = runner.run(
                options,
                choices,
                line -> ui.execute(() -> progress.set(progressPrefix + line)),
                (elapsed, client, provider) -> {
                    List<LivePoint> now = LivePoint.of(elapsed, client, provider);
                    ui.execute(() -> points.setAll(now));
                });
        // LB11: the whole run, drawn from its report, whether or not a live tick came while it ran.
        List<LivePoint> whole = LivePoint.of(report);
        ui.execute(() -> {
            if (!whole.isEmpty()) {
                points.setAll(whole);
            }
            progress.set(progressPrefix + "Finished: " + report.title() + ", " + whole.size() + " s drawn");
        });
        return report;
    }

    /** The provider's quota per second in a run of these options, 0 when it has none. */
    private static double quotaOf(LoadOptions options) {
        return dev.stormwatch.load.engine.LimitChoice.scenarioQuota(options.scenario())
                .map(q -> q.requests() * 1000.0 / q.window().toMillis())
                .orElse(0.0);
    }

    /** Ends the run early; the engine returns a partial report that says so. */
    public void stop() {
        if (run != null) {
            run.cancel(true);
        }
    }

    /** Writes the last report as JSON, with its CSV and PNG beside it. */
    public void saveReport(Path json) {
        lastReport.ifPresent(report -> background.execute(() -> {
            try {
                List<Path> written = ReportFiles.write(report, json);
                String names = written.stream().map(Path::toString).collect(Collectors.joining(", "));
                ui.execute(() -> saved.set("Wrote " + names));
            } catch (IOException | RuntimeException e) {
                ui.execute(() -> saved.set("Could not write the report to " + json + ": " + e.getMessage()));
            }
        }));
    }

    private void finish(LoadReport report) {
        running.set(false);
        lastReport = Optional.of(report);
        reportReady.set(true);
        summary.set(SummaryTable.render(report));
        // LB4: the run's story in one sentence, above the figures.
        verdict.set(report.notes().stream()
                .filter(n -> n.startsWith(dev.stormwatch.load.report.RunVerdict.PREFIX))
                .findFirst()
                .orElse(""));
    }

    private Optional<LoadOptions> options() {
        List<String> typed = new java.util.ArrayList<>();
        Optional<LoadOptions> built = options(typed);
        choices(limit.get(), typed);
        return typed.isEmpty() ? built : Optional.empty();
    }

    /** A limit without a limiter would be silently ignored; said instead, as the command line says it. */
    private void limitNeedsALimiter(List<String> typed) {
        if (!limit.get().isBlank() && limiter.get() == LimiterChoice.OFF) {
            typed.add("--limit sets the limiter's limit, but no limiter is chosen; choose one in the Rate limiter"
                    + " list, for example the sliding log");
        }
    }

    /** The options as typed, or empty with every reason said in {@link #problemsProperty()} (and added to typed). */
    private Optional<LoadOptions> options(List<String> typed) {
        problems.set("");
        insecureCredentialsProblem.set("");
        Optional<LoadOptions.Builder> builder = builder(typed);
        limitNeedsALimiter(typed);
        try {
            LoadOptions built;
            try {
                built = builder.orElseThrow().build();
            } catch (InvalidLoadOptionsException refused) {
                // Every reason at once: what could not even be typed, then what the options refuse.
                typed.addAll(refused.problems());
                throw new InvalidLoadOptionsException(typed);
            }
            if (!typed.isEmpty()) {
                throw new InvalidLoadOptionsException(typed);
            }
            return Optional.of(built);
        } catch (InvalidLoadOptionsException invalid) {
            showProblems(typed);
            return Optional.empty();
        }
    }

    private void showProblems(List<String> typed) {
        // LB14: the plain-http refusal goes under its own checkbox, in the box's words; the rest stay together.
        List<String> others = new java.util.ArrayList<>();
        for (String problem : typed) {
            if (problem.contains(INSECURE_FLAG)) {
                insecureCredentialsProblem.set(
                        problem.replace("pass " + INSECURE_FLAG, "tick \"" + INSECURE_LABEL + "\"")
                                .replaceFirst("^target", "The target"));
            } else {
                others.add(problem);
            }
        }
        problems.set(
                others.stream().map(LoadLabViewModel::inFieldWords).collect(java.util.stream.Collectors.joining("\n")));
    }

    /** The options' builder from the fields; what cannot even be typed is added to {@code typed}. */
    private Optional<LoadOptions.Builder> builder(List<String> typed) {
        LoadOptions.Builder builder = LoadOptions.builder()
                .target(target.get().trim())
                .credential(credential())
                .allowInsecureCredentials(allowInsecureCredentials.get())
                .duration(duration.get().trim())
                .limiter(limiter.get())
                .redis(redis.get().trim())
                .scenario(scenario.get())
                .relayDialect(relayDialect.get())
                .adaptive(adaptive.get())
                .jitter(jitter.get());
        if (useSessionToken.get() && sessionTokens.isEmpty()) {
            typed.add("no signed-in session is available here; sign in on the Session tab first");
        }
        whole(clients, "clients", typed).ifPresent(builder::clients);
        whole(instances, "instances", typed).ifPresent(builder::instances);
        if (!rate.get().isBlank()) {
            try {
                builder.rate(Double.parseDouble(rate.get().trim()));
            } catch (NumberFormatException e) {
                typed.add("--rate must be a number of requests per second, or empty for a closed loop; was '"
                        + rate.get() + "'");
            }
        }
        return Optional.of(builder);
    }

    /**
     * LB10: the clients' choices: the limit typed (empty: the run chooses), which needs a limiter. A refused limit is
     * added to {@code typed} and said with the other problems.
     */
    private Optional<ClientChoices> choices(String limitText, List<String> typed) {
        ClientChoices.Builder chosen = ClientChoices.builder();
        if (!limitText.isBlank()) {
            chosen.limit(limitText);
        }
        try {
            ClientChoices built = chosen.build();
            if (typed.isEmpty()) {
                return Optional.of(built);
            }
        } catch (InvalidLoadOptionsException refused) {
            typed.addAll(refused.problems());
        }
        showProblems(typed);
        return Optional.empty();
    }

    private static int parsedOr(StringProperty field, int otherwise) {
        try {
            return Integer.parseInt(field.get().trim());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    /** The session's token when asked for (and this window has a session), else the API key if one was typed. */
    private TargetCredential credential() {
        if (useSessionToken.get() && sessionTokens.isPresent()) {
            return new TargetCredential.OAuthSessionToken(sessionTokens.get());
        }
        return apiKey.get().isBlank()
                ? new TargetCredential.None()
                : new TargetCredential.ApiKey(Secret.of(apiKey.get().trim()));
    }

    private static final String INSECURE_FLAG = "--allow-insecure-credentials";
    /** LB14: the consent's label, as the view shows it and the refusal names it. */
    public static final String INSECURE_LABEL = "Send the credential over plain http to a host off this machine";

    /** The command line's flags, as the fields of this tab are labelled. */
    private static final java.util.Map<String, String> FIELD_LABELS = java.util.Map.of(
            "--duration",
            "Duration",
            "--clients",
            "Virtual clients",
            "--rate",
            "Arrivals per second",
            "--target",
            "Target",
            "--redis",
            "Limiter state",
            "--instances",
            "Instances sharing the quota",
            "--limiter",
            "Rate limiter",
            "--scenario",
            "Scenario",
            "--api-key-env",
            "API key",
            "--limit",
            "Limit");

    /**
     * A reason from the load options names command-line flags ("needs --duration of at least 45 s");
     * in the window it names the field the person sees, and starts as a sentence.
     */
    static String inFieldWords(String problem) {
        java.util.regex.Matcher flag =
                java.util.regex.Pattern.compile("--[a-z][a-z-]*").matcher(problem);
        StringBuilder out = new StringBuilder();
        while (flag.find()) {
            String label = FIELD_LABELS.get(flag.group());
            flag.appendReplacement(
                    out,
                    java.util.regex.Matcher.quoteReplacement(label == null ? flag.group() : "the " + label + " field"));
        }
        flag.appendTail(out);
        String text = out.toString().replaceFirst("^the ", "The ");
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    private static Optional<Integer> whole(StringProperty field, String name, List<String> typed) {
        try {
            return Optional.of(Integer.parseInt(field.get().trim()));
        } catch (NumberFormatException e) {
            typed.add("--" + name + " must be a whole number, was '" + field.get() + "'");
            return Optional.empty();
        }
    }

    public StringProperty targetProperty() {
        return target;
    }

    public StringProperty apiKeyProperty() {
        return apiKey;
    }

    public BooleanProperty useSessionTokenProperty() {
        return useSessionToken;
    }

    public BooleanProperty allowInsecureCredentialsProperty() {
        return allowInsecureCredentials;
    }

    public ReadOnlyStringProperty insecureCredentialsProblemProperty() {
        return insecureCredentialsProblem.getReadOnlyProperty();
    }

    public ObjectProperty<Scenario> scenarioProperty() {
        return scenario;
    }

    public StringProperty clientsProperty() {
        return clients;
    }

    public StringProperty rateProperty() {
        return rate;
    }

    public StringProperty durationProperty() {
        return duration;
    }

    public ObjectProperty<LimiterChoice> limiterProperty() {
        return limiter;
    }

    public StringProperty redisProperty() {
        return redis;
    }
    /** LB10: the limiter's limit, requests per window ({@code 50/1s}); empty: the relay's quota, else the rate. */
    public StringProperty limitProperty() {
        return limit;
    }
    /** LB8: the comparison the Compare button runs. */
    public ObjectProperty<Comparison> comparisonProperty() {
        return comparison;
    }
    /** LB8: the finished runs of the last comparison, side by side. */
    public ObservableList<ComparedRun> compared() {
        return readOnlyCompared;
    }

    public StringProperty instancesProperty() {
        return instances;
    }
    /** The embedded relay's rate-limit dialect: openai and the others let the clients pace (RH9). */
    public ObjectProperty<RateLimitDialect> relayDialectProperty() {
        return relayDialect;
    }
    /** RH11: the clients pace themselves adaptively after a throttle (the AWS SDKs' adaptive mode); off by default. */
    public BooleanProperty adaptiveProperty() {
        return adaptive;
    }
    /** The clients' backoff: full jitter, or another for comparison only (B4). */
    public ObjectProperty<dev.stormwatch.load.simulation.BackoffStrategy> jitterProperty() {
        return jitter;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty problemsProperty() {
        return problems.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty savedProperty() {
        return saved.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty reportReadyProperty() {
        return reportReady.getReadOnlyProperty();
    }

    public ObservableList<LivePoint> points() {
        return readOnlyPoints;
    }
    /** LB4: the sentence that ends the last run ("In short: ..."), empty before. */
    public ReadOnlyStringProperty verdictProperty() {
        return verdict.getReadOnlyProperty();
    }
    /** LB5: the seconds the time axis spans for the run being drawn. */
    public javafx.beans.property.ReadOnlyDoubleProperty axisSecondsProperty() {
        return axisSeconds.getReadOnlyProperty();
    }
    /** LB5: the provider's quota per second in the run being drawn (0: none), drawn as a line. */
    public javafx.beans.property.ReadOnlyDoubleProperty quotaPerSecondProperty() {
        return quotaPerSecond.getReadOnlyProperty();
    }
    /** LB5: the faults of the run being drawn, with their second. */
    public ObservableList<FaultMark> faults() {
        return FXCollections.unmodifiableObservableList(faults);
    }
}
