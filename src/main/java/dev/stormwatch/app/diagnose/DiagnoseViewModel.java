package dev.stormwatch.app.diagnose;

import dev.stormwatch.app.common.Later;
import dev.stormwatch.base.DurationText;
import dev.stormwatch.diagnose.DiagnoseException;
import dev.stormwatch.diagnose.DiagnoseRequest;
import dev.stormwatch.diagnose.Diagnosis;
import dev.stormwatch.diagnose.Diagnosis.ClientDiagnosis;
import dev.stormwatch.diagnose.DiagnosisHtml;
import dev.stormwatch.diagnose.DiagnosisOptions;
import dev.stormwatch.diagnose.InputFormat;
import dev.stormwatch.diagnose.Preview;
import dev.stormwatch.diagnose.ReadProgress;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Diagnose tab: the evidence files and how to read them as the person picks them, the diagnosis as a command on
 * the background executor with progress and cancel, and what it found (verdict, figures, what-if, clients, findings,
 * arrivals) as properties to bind. The reading and judging are {@code dev.stormwatch.diagnose}'s; this model only
 * translates, and says a refused option in the words of the field the person sees.
 */
public final class DiagnoseViewModel {

    /** Reads and diagnoses; the app's is {@code DiagnoseService::diagnose}. */
    @FunctionalInterface
    public interface Diagnoser {
        Diagnosis diagnose(DiagnoseRequest request, Consumer<ReadProgress> progress, BooleanSupplier cancelled)
                throws DiagnoseException;
    }

    /** DG22: reads the first lines of the first file as the diagnosis would; the app's is {@code DiagnoseService::preview}. */
    @FunctionalInterface
    public interface Previewer {
        Preview preview(DiagnoseRequest request, int lines) throws DiagnoseException;
    }

    /** DG22: how many lines the preview shows. */
    public static final int PREVIEW_LINES = 10;

    /** DG22: how long the fields must rest before the preview reads the file again. */
    public static final Duration PREVIEW_DEBOUNCE = Duration.ofMillis(300);

    /** DG24: one bucket of the stacked-status chart, in seconds since the first request. */
    public record StatusPoint(double second, int succeeded, int throttled, int failed, int other) {}

    /** One bucket of the arrivals chart (DG12), in seconds since the first request. */
    public record ArrivalPoint(double second, int requests, int throttled, int earlyRetries) {}

    /**
     * UI19: one input's row of the lab-run comparison (DG17): the evidence as "real storm", each load report as
     * "lab run", with the same figures side by side. Figures a report does not have read "not measured".
     */
    public record LabRunRow(
            String input,
            String kind,
            long requests,
            long throttled,
            String amplification,
            String peakToMeanPerSecond,
            String peakToMeanAfterRetryAfter) {}

    /** UI19: one input's arrivals per bucket, in seconds from its own start, for the lab-run chart. */
    public record LabRunArrivals(String name, List<ArrivalPoint> points) {}

    /** The command line's options, as this tab labels its fields. */
    private static final Map<String, String> FIELD_LABELS = Map.of(
            "--log-format",
            "Log format",
            "--fields",
            "Field mapping",
            "--client-key",
            "Client key",
            "--tolerance",
            "Tolerance",
            "--throttle-status",
            "Throttled statuses",
            "--throttled",
            "Throttled statuses",
            "--format",
            "Format");

    private static final Pattern OPTION = Pattern.compile("--[a-z][a-z-]*");

    private final Diagnoser diagnoser;
    private final Executor background;
    private final Executor ui;

    private final ObservableList<Path> files = FXCollections.observableArrayList();
    private final ObjectProperty<InputFormat> format = new SimpleObjectProperty<>(InputFormat.AUTO);
    private final StringProperty logFormat = new SimpleStringProperty("");
    private final StringProperty fields = new SimpleStringProperty("");
    private final StringProperty clientKey = new SimpleStringProperty("");
    private final StringProperty tolerance = new SimpleStringProperty("100ms");
    private final StringProperty throttleStatuses = new SimpleStringProperty("");

    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper ready = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper progressText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper problems = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper figures = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper whatIf = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper saved = new ReadOnlyStringWrapper("");
    private final ObservableList<ClientDiagnosis> clients = FXCollections.observableArrayList();
    private final ObservableList<String> findings = FXCollections.observableArrayList();
    private final ObservableList<String> unparsedLines = FXCollections.observableArrayList();
    private final ObservableList<String> readOnlyUnparsedLines =
            FXCollections.unmodifiableObservableList(unparsedLines);
    private final ObservableList<ArrivalPoint> arrivals = FXCollections.observableArrayList();
    private final ObservableList<ClientDiagnosis> readOnlyClients = FXCollections.unmodifiableObservableList(clients);
    private final ObservableList<String> readOnlyFindings = FXCollections.unmodifiableObservableList(findings);
    private final ObservableList<ArrivalPoint> readOnlyArrivals = FXCollections.unmodifiableObservableList(arrivals);
    private final ObservableList<ArrivalPoint> whatIfArrivals = FXCollections.observableArrayList();
    private final ObservableList<ArrivalPoint> readOnlyWhatIfArrivals =
            FXCollections.unmodifiableObservableList(whatIfArrivals);

    private final ObservableList<StatusPoint> statusArrivals = FXCollections.observableArrayList();
    private final ObservableList<StatusPoint> readOnlyStatusArrivals =
            FXCollections.unmodifiableObservableList(statusArrivals);
    private final ReadOnlyDoubleWrapper quotaPerBucket = new ReadOnlyDoubleWrapper(0);
    private final ObservableList<Diagnosis.Lane> lanes = FXCollections.observableArrayList();
    private final ObservableList<Diagnosis.Lane> readOnlyLanes = FXCollections.unmodifiableObservableList(lanes);
    private final ReadOnlyStringWrapper lanesNote = new ReadOnlyStringWrapper("");
    private final ObservableList<LabRunRow> labRuns = FXCollections.observableArrayList();
    private final ObservableList<LabRunRow> readOnlyLabRuns = FXCollections.unmodifiableObservableList(labRuns);
    private final ObservableList<LabRunArrivals> labRunArrivals = FXCollections.observableArrayList();
    private final ObservableList<LabRunArrivals> readOnlyLabRunArrivals =
            FXCollections.unmodifiableObservableList(labRunArrivals);

    private final ObservableList<Preview.Line> previewLines = FXCollections.observableArrayList();
    private final ObservableList<Preview.Line> readOnlyPreviewLines =
            FXCollections.unmodifiableObservableList(previewLines);
    private final ReadOnlyStringWrapper previewTitle = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper previewProblem = new ReadOnlyStringWrapper("");
    private final Previewer previewer;
    private final Later previewing;
    private final Duration debounce;
    private final AtomicLong previewGeneration = new AtomicLong();

    private volatile AtomicBoolean cancelled = new AtomicBoolean();
    private Optional<Diagnosis> last = Optional.empty();

    /** A tab without a preview of the first lines. */
    public DiagnoseViewModel(Diagnoser diagnoser, Executor background, Executor ui) {
        this(diagnoser, null, background, null, ui, Duration.ZERO);
    }

    /**
     * A tab whose preview (DG22) reads the first file's first lines through {@code previewing} once the fields have
     * rested for {@code debounce}, never on the UI thread, and shows them through {@code ui}.
     */
    public DiagnoseViewModel(
            Diagnoser diagnoser,
            Previewer previewer,
            Executor background,
            Later previewing,
            Executor ui,
            Duration debounce) {
        this.diagnoser = Objects.requireNonNull(diagnoser, "diagnoser");
        this.background = Objects.requireNonNull(background, "background");
        this.ui = Objects.requireNonNull(ui, "ui");
        this.previewer = previewer;
        this.previewing = previewer == null ? null : Objects.requireNonNull(previewing, "previewing");
        this.debounce = Objects.requireNonNull(debounce, "debounce");
        if (previewer != null) {
            javafx.beans.InvalidationListener changed = o -> previewLater();
            files.addListener(changed);
            format.addListener(changed);
            logFormat.addListener(changed);
            fields.addListener(changed);
            clientKey.addListener(changed);
        }
    }

    /**
     * DG22: reads the preview again once the fields rest: each change starts a new generation, and only the newest
     * one that has waited out the debounce reads the file; its answer is shown only while it is still the newest.
     */
    private void previewLater() {
        long mine = previewGeneration.incrementAndGet();
        if (files.isEmpty()) {
            previewLines.clear();
            previewTitle.set("");
            previewProblem.set("");
            return;
        }
        // The fields as they are now, read on the thread that changed them.
        DiagnoseRequest request = new DiagnoseRequest(
                List.of(files.get(0)),
                format.get(),
                blankToNull(logFormat.get()),
                blankToNull(fields.get()),
                blankToNull(clientKey.get()),
                DiagnosisOptions.DEFAULTS);
        // Every change waits out the debounce; only the newest one still is when its wait ends, and reads.
        previewing.after(debounce, () -> {
            if (previewGeneration.get() != mine) {
                return;
            }
            try {
                Preview shown = previewer.preview(request, PREVIEW_LINES);
                ui.execute(() -> {
                    if (previewGeneration.get() == mine) {
                        showPreview(shown);
                    }
                });
            } catch (DiagnoseException | RuntimeException e) {
                ui.execute(() -> {
                    if (previewGeneration.get() == mine) {
                        previewLines.clear();
                        previewTitle.set("Preview of " + request.files().get(0).getFileName());
                        previewProblem.set(inFieldWords(e.getMessage()));
                    }
                });
            }
        });
    }

    private void showPreview(Preview shown) {
        List<Preview.Line> lines = new ArrayList<>();
        for (Preview.Line line : shown.lines()) {
            // The reasons name command-line options; here they name the fields.
            lines.add(
                    line.parsedLine()
                            ? line
                            : new Preview.Line(
                                    line.line(),
                                    null,
                                    null,
                                    null,
                                    null,
                                    -1,
                                    0,
                                    null,
                                    inFieldWords(line.reason()),
                                    line.text()));
        }
        previewLines.setAll(lines);
        previewTitle.set(String.format(
                Locale.ROOT,
                "Preview of %s read as %s: %s",
                Path.of(shown.file()).getFileName(),
                shown.format(),
                shown.lines().size() == 1
                        ? (shown.parsed() == 1 ? "its one line parsed" : "its one line did not parse")
                        : String.format(
                                Locale.ROOT,
                                "%d of the first %d lines parsed",
                                shown.parsed(),
                                shown.lines().size())));
        previewProblem.set(shown.problem() == null ? "" : inFieldWords(shown.problem()));
    }

    /** Adds evidence files (opened or dropped), each once, in the order given. */
    public void addFiles(List<Path> added) {
        for (Path file : added) {
            Path normal = file.toAbsolutePath().normalize();
            if (!files.contains(normal)) {
                files.add(normal);
            }
        }
    }

    public void removeFile(Path file) {
        files.remove(file);
    }

    public void clearFiles() {
        files.clear();
    }

    /**
     * Checks the fields and reads the files on the background executor; a refused field is said in {@link
     * #problemsProperty()} and nothing is read. The fields and files stay as the person left them either way.
     */
    public void diagnose() {
        if (running.get()) {
            return;
        }
        Optional<DiagnoseRequest> request = request();
        if (request.isEmpty()) {
            return;
        }
        AtomicBoolean cancel = new AtomicBoolean();
        cancelled = cancel;
        running.set(true);
        saved.set("");
        progress.set(0);
        progressText.set("Reading " + files.size() + (files.size() == 1 ? " file..." : " files..."));
        background.execute(() -> {
            try {
                Diagnosis d = diagnoser.diagnose(request.get(), p -> ui.execute(() -> progressed(p)), cancel::get);
                ui.execute(() -> show(d));
            } catch (DiagnoseException.Cancelled e) {
                ui.execute(() -> {
                    running.set(false);
                    progressText.set("Cancelled; the files and fields are as they were.");
                });
            } catch (DiagnoseException | RuntimeException e) {
                ui.execute(() -> {
                    running.set(false);
                    progressText.set("");
                    problems.set(inFieldWords(e.getMessage()));
                });
            }
        });
    }

    /** Stops the reading at its next check; what was shown before stays. */
    public void cancel() {
        cancelled.set(true);
    }

    /** DG13: writes the last diagnosis as one self-contained HTML page. */
    public void saveHtml(Path file) {
        last.ifPresent(d -> background.execute(() -> {
            try {
                Files.writeString(file, DiagnosisHtml.write(d), StandardCharsets.UTF_8);
                ui.execute(() -> saved.set("Wrote " + file));
            } catch (IOException | RuntimeException e) {
                ui.execute(() -> saved.set("Could not write the report to " + file + ": " + e.getMessage()));
            }
        }));
    }

    private void progressed(ReadProgress p) {
        progress.set(((p.fileIndex() - 1) + p.fileShare()) / Math.max(1, p.files()));
        progressText.set(String.format(
                Locale.ROOT,
                "Reading %s (%d of %d): %,d requests, %,d lines not parsed",
                Path.of(p.file()).getFileName(),
                p.fileIndex(),
                p.files(),
                p.requests(),
                p.unparsed()));
    }

    private void show(Diagnosis d) {
        running.set(false);
        progress.set(1);
        progressText.set(String.format(
                Locale.ROOT,
                "Read %,d requests from %d %s%s.",
                d.requests(),
                d.evidence().files().size(),
                d.evidence().files().size() == 1 ? "file" : "files",
                d.partial() ? "; " + d.evidence().unparsedText() + " (partial)" : ""));
        last = Optional.of(d);
        ready.set(true);
        verdict.set(d.verdict());
        figures.set(figures(d));
        whatIf.set(whatIf(d));
        clients.setAll(d.clients());
        List<String> lines = new ArrayList<>();
        for (Diagnosis.Finding f : d.findings()) {
            lines.add(f.rule() + (f.client() == null ? "" : " [" + f.client() + "]") + " " + f.text());
        }
        findings.setAll(lines);
        unparsedLines.setAll(unparsedLines(d));
        arrivals.setAll(points(d.arrivals()));
        whatIfArrivals.setAll(points(d.arrivals().bucketMillis(), d.whatIf()));
        statusArrivals.setAll(statusPoints(d.arrivals()));
        // DG24: the quota line, when the what-if knows it (given or estimated, DG15), per bucket of the chart.
        quotaPerBucket.set(
                d.whatIf().ran() ? d.whatIf().quotaPerSecond() * d.arrivals().bucketMillis() / 1000.0 : 0);
        lanes.setAll(d.lanes().lanes());
        lanesNote.set(lanesNote(d.lanes()));
        labRunArrivals.setAll(labRunArrivals(d));
        labRuns.setAll(labRunRows(d));
        // A file that gave nothing (a log format that matched no line) is said, in the field's words, beside what
        // the other files gave.
        List<String> fileProblems = new ArrayList<>();
        for (Diagnosis.FileSummary f : d.evidence().files()) {
            if (f.error() != null) {
                fileProblems.add(Path.of(f.file()).getFileName() + ": " + inFieldWords(f.error()));
            }
        }
        problems.set(String.join("\n", fileProblems));
    }

    /**
     * UI19, DG17: the evidence's figures (when it has requests) and each lab run's, one row each, as the command line
     * and the HTML report put them side by side.
     */
    private static List<LabRunRow> labRunRows(Diagnosis d) {
        List<LabRunRow> rows = new ArrayList<>();
        if (d.evidence().labRuns().isEmpty()) {
            return rows;
        }
        if (d.requests() > 0) {
            long throttled = d.throttled();
            rows.add(new LabRunRow(
                    "evidence",
                    "real storm",
                    d.requests(),
                    throttled,
                    String.format(Locale.ROOT, "%.2f×", d.amplification()),
                    String.format(Locale.ROOT, "%.2f×", d.synchronisation().peakToMeanPerSecond()),
                    ""));
        }
        for (Diagnosis.LabRun r : d.evidence().labRuns()) {
            rows.add(new LabRunRow(
                    Path.of(r.file()).getFileName().toString(),
                    "lab run: " + r.title() + (r.completed() ? "" : " (partial run)"),
                    r.requests(),
                    r.throttled(),
                    Double.isNaN(r.amplification())
                            ? "not measured"
                            : String.format(Locale.ROOT, "%.2f×", r.amplification()),
                    String.format(Locale.ROOT, "%.2f×", r.peakToMeanPerSecond()),
                    Double.isNaN(r.peakToMean())
                            ? "not measured"
                            : String.format(Locale.ROOT, "%.2f×", r.peakToMean())));
        }
        return rows;
    }

    /** UI19: the real storm's arrivals (DG12's buckets) and each lab run's per second, each from its own start. */
    private static List<LabRunArrivals> labRunArrivals(Diagnosis d) {
        List<LabRunArrivals> out = new ArrayList<>();
        if (d.evidence().labRuns().isEmpty()) {
            return out;
        }
        if (d.requests() > 0) {
            long width = d.arrivals().bucketMillis();
            out.add(new LabRunArrivals(
                    "real storm (evidence" + (width == 1000 ? "" : ", per " + width / 1000 + " s") + ")",
                    points(d.arrivals())));
        }
        for (Diagnosis.LabRun r : d.evidence().labRuns()) {
            List<ArrivalPoint> points = new ArrayList<>(r.arrivalsPerSecond().size());
            for (int i = 0; i < r.arrivalsPerSecond().size(); i++) {
                points.add(new ArrivalPoint(
                        i,
                        (int) Math.min(Integer.MAX_VALUE, r.arrivalsPerSecond().get(i)),
                        0,
                        0));
            }
            out.add(new LabRunArrivals("lab run " + Path.of(r.file()).getFileName(), points));
        }
        return out;
    }

    private static String figures(Diagnosis d) {
        if (d.from() == null) {
            return "";
        }
        Diagnosis.Synchronisation s = d.synchronisation();
        return String.format(
                Locale.ROOT,
                "%,d requests, %,d logical requests: amplification %.2f× (DG5)%n"
                        + "From %s to %s%nStatus: %s%n"
                        + "Busiest second: %,d requests, %.1f× the mean; up to %d clients retried within one 100 ms"
                        + " (DG4)",
                d.requests(),
                d.logicalRequests(),
                d.amplification(),
                d.from(),
                d.to(),
                Diagnosis.countsText(d.status()),
                s.peakPerSecond(),
                s.peakToMeanPerSecond(),
                s.maxClientsRetryingIn100ms());
    }

    private static String whatIf(Diagnosis d) {
        long retries = 0;
        long early = 0;
        for (ClientDiagnosis c : d.clients()) {
            retries += c.retries();
            early += c.earlyRetries();
        }
        double share = d.requests() == 0 ? 0 : (double) retries / d.requests();
        String text = String.format(
                Locale.ROOT,
                "Extra load: %,d retries, %.0f%% of all requests (the SRE budget is"
                        + " 10%%, DG6)%n%,d retries came before Retry-After allowed (DG1): honouring it, they would"
                        + " have waited%nClient-side throttling (K = 2) would have kept about %,d of %,d requests"
                        + " (%.0f%%) off the wire (DG7)",
                retries,
                share * 100,
                early,
                Math.round(d.throttling().wouldReject()),
                d.requests(),
                d.throttling().share() * 100);
        Diagnosis.WhatIf w = d.whatIf();
        if (!w.ran()) {
            return text;
        }
        return text
                + String.format(
                        Locale.ROOT,
                        "%nReplayed by clients that honour Retry-After with full jitter"
                                + " (DG14): %,d requests instead of %,d, amplification %.2f× instead of %.2f×, %.0f%% of"
                                + " the logical requests completed instead of %.0f%%; against %,d requests a second%s"
                                + " (DG15)",
                        w.requests(),
                        d.requests(),
                        w.amplification(),
                        d.amplification(),
                        w.completedShare() * 100,
                        w.realCompletedShare() * 100,
                        w.quotaPerSecond(),
                        w.quotaEstimated() ? ", the most the server" + " accepted in one second" : "");
    }

    /** DG14: the what-if's buckets, on the real arrivals' width and start. */
    private static List<ArrivalPoint> points(long bucketMillis, Diagnosis.WhatIf w) {
        List<ArrivalPoint> out = new ArrayList<>(w.arrivals().size());
        for (int i = 0; i < w.arrivals().size(); i++) {
            out.add(new ArrivalPoint(
                    i * bucketMillis / 1000.0,
                    w.arrivals().get(i),
                    w.throttled().get(i),
                    0));
        }
        return out;
    }

    private static List<StatusPoint> statusPoints(Diagnosis.Arrivals a) {
        List<StatusPoint> out = new ArrayList<>(a.requests().size());
        for (int i = 0; i < a.requests().size(); i++) {
            out.add(new StatusPoint(
                    i * a.bucketMillis() / 1000.0,
                    a.succeeded().get(i),
                    a.throttled().get(i),
                    a.failed().get(i),
                    a.other(i)));
        }
        return out;
    }

    /** DG23: what the lanes leave out: the clients not drawn, and lanes drawn one mark per k requests. */
    private static String lanesNote(Diagnosis.Lanes l) {
        List<String> parts = new ArrayList<>();
        if (l.moreClients() > 0) {
            parts.add(String.format(
                    Locale.ROOT,
                    "%,d more %s with %,d requests not drawn",
                    l.moreClients(),
                    l.moreClients() == 1 ? "client" : "clients",
                    l.moreRequests()));
        }
        for (Diagnosis.Lane lane : l.lanes()) {
            if (lane.everyNth() > 1) {
                parts.add(String.format(
                        Locale.ROOT,
                        "%s: one mark per %,d requests, every early retry",
                        lane.client(),
                        lane.everyNth()));
            }
        }
        return String.join("; ", parts);
    }

    private static List<ArrivalPoint> points(Diagnosis.Arrivals a) {
        List<ArrivalPoint> out = new ArrayList<>(a.requests().size());
        for (int i = 0; i < a.requests().size(); i++) {
            out.add(new ArrivalPoint(
                    i * a.bucketMillis() / 1000.0,
                    a.requests().get(i),
                    a.throttled().get(i),
                    a.early().get(i)));
        }
        return out;
    }

    private Optional<DiagnoseRequest> request() {
        problems.set("");
        List<String> refused = new ArrayList<>();
        if (files.isEmpty()) {
            refused.add("Add at least one evidence file: open it or drop it on this tab");
        }
        Duration tol = null;
        try {
            tol = DurationText.parse(tolerance.get().trim());
            if (tol.isNegative()) {
                refused.add("The Tolerance field cannot be negative, was '" + tolerance.get() + "'");
            }
        } catch (DurationText.Invalid e) {
            refused.add("The Tolerance field: " + e.getMessage());
        }
        Set<Integer> statuses = new TreeSet<>();
        List<String> marks = new ArrayList<>();
        for (String part : throttleStatuses.get().split("[,\\s]+")) {
            if (part.isBlank()) {
                continue;
            }
            // DG16: field=value, a throttle mark of JSON lines (response_flags=RL).
            if (part.indexOf('=') > 0 && !part.endsWith("=")) {
                marks.add(part.trim());
                continue;
            }
            try {
                int code = Integer.parseInt(part.trim());
                if (code < 100 || code > 599) {
                    throw new NumberFormatException();
                }
                statuses.add(code);
            } catch (NumberFormatException e) {
                refused.add("The Throttled statuses field takes HTTP statuses between 100 and 599 or field=value"
                        + " marks separated by commas, such as 503 or response_flags=RL; '" + part.trim()
                        + "' is not one");
            }
        }
        if (!refused.isEmpty()) {
            problems.set(String.join("\n", refused));
            return Optional.empty();
        }
        DiagnosisOptions options =
                new DiagnosisOptions(tol, statuses, DiagnosisOptions.DEFAULT_RETRY_WINDOW).withThrottledFields(marks);
        return Optional.of(new DiagnoseRequest(
                List.copyOf(files),
                format.get(),
                blankToNull(logFormat.get()),
                blankToNull(fields.get()),
                blankToNull(clientKey.get()),
                options));
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }

    /**
     * The diagnosis names command-line options ("pass the server's own format with --log-format"); in the window it
     * names the field the person sees, and starts as a sentence.
     */
    static String inFieldWords(String problem) {
        if (problem == null || problem.isEmpty()) {
            return "";
        }
        Matcher option = OPTION.matcher(problem);
        StringBuilder out = new StringBuilder();
        while (option.find()) {
            String label = FIELD_LABELS.get(option.group());
            option.appendReplacement(
                    out, Matcher.quoteReplacement(label == null ? option.group() : "the " + label + " field"));
        }
        option.appendTail(out);
        String text = out.toString();
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /**
     * DG10: the lines that did not parse, as the tab lists them: the first ones kept (already redacted, DG11), each
     * with its file, line number and reason, then how many more there were.
     */
    public ObservableList<String> unparsedLines() {
        return readOnlyUnparsedLines;
    }

    private static List<String> unparsedLines(Diagnosis d) {
        List<String> out = new ArrayList<>();
        for (Diagnosis.Unparsed u : d.evidence().examples()) {
            out.add(Path.of(u.file()).getFileName() + " line " + u.line() + ": " + u.reason()
                    + (u.text().isEmpty() ? "" : " — " + u.text()));
        }
        long more = d.evidence().unparsed() - d.evidence().examples().size();
        if (more > 0) {
            out.add(String.format(Locale.ROOT, "…and %,d more lines that did not parse", more));
        }
        return out;
    }

    public ObservableList<Path> files() {
        return files;
    }

    public ObjectProperty<InputFormat> formatProperty() {
        return format;
    }
    /** nginx {@code log_format} or Apache {@code LogFormat} as in the server's config, or a preset; empty: combined. */
    public StringProperty logFormatProperty() {
        return logFormat;
    }
    /** JSON lines: role=field pairs or a preset (envoy, kong, stormwatch-relay); empty: recognised by the keys. */
    public StringProperty fieldsProperty() {
        return fields;
    }

    public StringProperty clientKeyProperty() {
        return clientKey;
    }

    public StringProperty toleranceProperty() {
        return tolerance;
    }

    public StringProperty throttleStatusesProperty() {
        return throttleStatuses;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }
    /** True once a diagnosis is shown (and can be saved). */
    public ReadOnlyBooleanProperty readyProperty() {
        return ready.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty progressTextProperty() {
        return progressText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty problemsProperty() {
        return problems.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty verdictProperty() {
        return verdict.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty figuresProperty() {
        return figures.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty whatIfProperty() {
        return whatIf.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty savedProperty() {
        return saved.getReadOnlyProperty();
    }
    /** One row per client, most early retries first (DG1, DG3). */
    public ObservableList<ClientDiagnosis> clients() {
        return readOnlyClients;
    }
    /** Each finding as a line that starts with its rule ID. */
    public ObservableList<String> findings() {
        return readOnlyFindings;
    }
    /** DG22: the first lines of the first file, as the diagnosis would read them with the fields as they are. */
    public ObservableList<Preview.Line> previewLines() {
        return readOnlyPreviewLines;
    }

    /** DG22: which file the preview shows, read as which format, and how many of its lines parsed. */
    public ReadOnlyStringProperty previewTitleProperty() {
        return previewTitle.getReadOnlyProperty();
    }

    /** DG22: why the first file cannot be read with the fields as they are, in the fields' words; empty when it can. */
    public ReadOnlyStringProperty previewProblemProperty() {
        return previewProblem.getReadOnlyProperty();
    }

    /** DG24: DG12's buckets by status class, for the stacked chart. */
    public ObservableList<StatusPoint> statusArrivals() {
        return readOnlyStatusArrivals;
    }

    /** DG24: the quota per bucket of the stacked chart, 0 when unknown (no what-if). */
    public ReadOnlyDoubleProperty quotaPerBucketProperty() {
        return quotaPerBucket.getReadOnlyProperty();
    }

    /** DG23: one lane per busiest client, most requests first. */
    public ObservableList<Diagnosis.Lane> lanes() {
        return readOnlyLanes;
    }

    /** DG23: which clients the lanes leave out ("3 more clients with 120 requests not drawn"); empty when none. */
    public ReadOnlyStringProperty lanesNoteProperty() {
        return lanesNote.getReadOnlyProperty();
    }

    /** DG12's buckets, for the arrivals chart. */
    public ObservableList<ArrivalPoint> arrivals() {
        return readOnlyArrivals;
    }
    /** UI19: the real storm and each lab run, one row each, empty without a load report among the files. */
    public ObservableList<LabRunRow> labRuns() {
        return readOnlyLabRuns;
    }
    /** UI19: the real storm's and each lab run's arrivals, each from its own start, for one chart. */
    public ObservableList<LabRunArrivals> labRunArrivals() {
        return readOnlyLabRunArrivals;
    }
    /** The what-if's buckets (DG14), on the same start and width as {@link #arrivals()}, for the chart beside it. */
    public ObservableList<ArrivalPoint> whatIfArrivals() {
        return readOnlyWhatIfArrivals;
    }
}
