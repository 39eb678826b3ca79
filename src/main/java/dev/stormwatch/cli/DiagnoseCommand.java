package dev.stormwatch.cli;

import dev.stormwatch.base.DurationText;
import dev.stormwatch.diagnose.DiagnoseException;
import dev.stormwatch.diagnose.DiagnoseRequest;
import dev.stormwatch.diagnose.DiagnoseService;
import dev.stormwatch.diagnose.Diagnosis;
import dev.stormwatch.diagnose.Diagnosis.ClientDiagnosis;
import dev.stormwatch.diagnose.DiagnosisHtml;
import dev.stormwatch.diagnose.DiagnosisJson;
import dev.stormwatch.diagnose.DiagnosisOptions;
import dev.stormwatch.diagnose.InputFormat;
import dev.stormwatch.diagnose.Preview;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.LongSupplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stormwatch diagnose}: reads the evidence of a real 429 storm (HARs, access logs, gateway JSON lines) and says
 * who retried too early, how synchronised the retries were and how much load they added (rules DG1–DG11).
 * Exit codes: 0 a diagnosis (possibly partial), 1 nothing could be read, 2 a usage error.
 */
@Command(
        name = "diagnose",
        mixinStandardHelpOptions = true,
        description = {
            "Diagnose a 429 storm from its evidence: HAR files, nginx/Apache access logs, gateway JSON lines,",
            "OpenTelemetry traces (OTLP/JSON); Stormwatch load reports are shown beside them as lab runs.",
            "Prints a verdict and a table of clients, or with --json one JSON object. Files are merged by time;",
            "gzip-compressed files are read as they are. Secrets in the input never reach the output."
        },
        footer = {
            "",
            "Examples:",
            "  stormwatch diagnose alice.har bob.har",
            "  stormwatch diagnose --html storm.html alice.har bob.har",
            "  stormwatch diagnose --format nginx --log-format combined access.log.gz",
            "  stormwatch diagnose --log-format '$remote_addr [$time_local] \"$request\" $status $request_time"
                    + " \"$sent_http_retry_after\" \"$http_x_client_id\"' --client-key '$http_x_client_id' access.log",
            "  stormwatch diagnose --format jsonl --fields kong kong.jsonl --throttle-status 503",
            "  stormwatch diagnose --preview 10 --log-format '$msec \"$request\" $status' access.log",
            "  stormwatch diagnose --fields envoy --throttled upstream.flags=LIMITED envoy-access.jsonl"
        })
public final class DiagnoseCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--format",
            defaultValue = "auto",
            paramLabel = "auto|har|nginx|apache|jsonl|otlp|report",
            description = "The format of the files (default ${DEFAULT-VALUE}: decided per file from its first bytes).")
    private InputFormat format;

    @Option(
            names = "--log-format",
            paramLabel = "F",
            description = "The access log's format as in the server's config (nginx log_format or Apache LogFormat),"
                    + " or a preset: combined (default), common.")
    private String logFormat;

    @Option(
            names = "--fields",
            paramLabel = "MAP",
            description = "For JSON lines: role=field pairs (time, duration, client, method, uri, status,"
                    + " retry_after, date, idempotency_key), or a preset: envoy, kong, stormwatch-relay.")
    private String fields;

    @Option(
            names = "--client-key",
            paramLabel = "K",
            description = "What names a client: a log variable ($http_x_client_id), a JSON field or a HAR request"
                    + " header. A credential is shown only as a short hash.")
    private String clientKey;

    @Option(
            names = "--tolerance",
            defaultValue = "100ms",
            paramLabel = "D",
            description = "How much earlier than Retry-After allowed a retry may start and still be on time"
                    + " (default ${DEFAULT-VALUE}; DG1).")
    private String tolerance;

    @Option(
            names = "--throttle-status",
            split = ",",
            paramLabel = "CODE",
            description = "Statuses that mean 'throttled' besides 429, e.g. 503 (nginx limit_req) or 500 (Apigee).")
    private List<Integer> throttleStatuses = new ArrayList<>();

    @Option(
            names = "--throttled",
            paramLabel = "CODE|FIELD=VALUE",
            description = "What means 'throttled' besides 429 (DG9, DG16), repeatable: a status (503 for nginx"
                    + " limit_req's default, 500 for Apigee), or for JSON lines a field and the value it holds when"
                    + " the gateway throttled, alone or in a comma list (response_flags=RL: Envoy's rate-limit flag,"
                    + " which the envoy preset already reads).")
    private List<String> throttled = new ArrayList<>();

    @Option(
            names = "--quota",
            paramLabel = "N",
            description = "The server's quota in requests per second for the what-if replay (DG15); default: the most"
                    + " requests it accepted within one second of the evidence.")
    private Integer quota;

    @Option(
            names = "--seed",
            paramLabel = "N",
            description = "The seed of the what-if replay's jitter (DG14; default ${DEFAULT-VALUE}): the same evidence"
                    + " and seed give the same figures.",
            defaultValue = "2015")
    private long seed;

    @Option(
            names = "--preview",
            paramLabel = "N",
            description = "Only show how the first file's first N lines read (time, client, method, target, status,"
                    + " Retry-After, or why a line did not parse), then stop: to try --log-format, --fields and"
                    + " --client-key on a large file (DG21).")
    private Integer preview;

    @Option(names = "--json", description = "Print exactly one JSON object on stdout.")
    private boolean json;

    @Option(
            names = "--report",
            paramLabel = "out.json|out.html",
            description = "Also write the report to this file: JSON, or a self-contained HTML page when the name ends"
                    + " in .html.")
    private Path report;

    @Option(
            names = "--html",
            paramLabel = "report.html",
            description = "Also write a self-contained HTML report (one file, chart inline, nothing fetched; secrets"
                    + " redacted) to attach to a ticket.")
    private Path html;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "The evidence files.")
    private List<Path> files;

    @Override
    public Integer call() {
        DiagnosisOptions options = options();
        if (report != null
                && !isHtml(report)
                && !report.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json")) {
            throw usage("--report writes JSON or HTML: give a file name ending in .json or .html, was " + report);
        }
        DiagnoseRequest request = new DiagnoseRequest(files, format, logFormat, fields, clientKey, options);
        PrintWriter err = spec.commandLine().getErr();
        if (preview != null) {
            return preview(request, err);
        }
        Diagnosis diagnosis;
        try {
            // The command line never cancels a reading (Ctrl-C ends the process), so its signal is always false.
            diagnosis =
                    new DiagnoseService().diagnose(request, new ReadProgressLine(err, terminal, nanoTime), () -> false);
        } catch (DiagnoseException e) {
            // BadOption or Unreadable: what was expected, as a usage error.
            throw usage(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(DiagnosisJson.write(diagnosis, false));
        } else {
            printText(out, diagnosis);
        }
        out.flush();
        for (Diagnosis.FileSummary file : diagnosis.evidence().files()) {
            if (file.error() != null) {
                err.println(file.file() + ": " + file.error());
            }
        }
        if (!diagnosis.evidence().examples().isEmpty()) {
            Diagnosis.Unparsed first = diagnosis.evidence().examples().get(0);
            err.println(diagnosis.evidence().unparsedText() + "; first: " + first.file() + " line " + first.line()
                    + ": " + first.reason());
        }
        err.flush();
        if (report != null
                && !write(
                        err,
                        report,
                        isHtml(report) ? DiagnosisHtml.write(diagnosis) : DiagnosisJson.write(diagnosis, true))) {
            return 1;
        }
        if (html != null && !write(err, html, DiagnosisHtml.write(diagnosis))) {
            return 1;
        }
        // DG17: a load report alone is something read: its lab run's figures are the answer.
        return diagnosis.requests() == 0 && diagnosis.evidence().labRuns().isEmpty() ? 1 : 0;
    }

    /** DG21: the first lines of the first file as the diagnosis would read them; exit 1 when none parsed. */
    private int preview(DiagnoseRequest request, PrintWriter err) {
        Preview shown;
        try {
            shown = new DiagnoseService().preview(request, preview);
        } catch (DiagnoseException e) {
            throw usage(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                Locale.ROOT,
                "%s (%s): the first %d lines, %d parsed%n",
                shown.file(),
                shown.format(),
                shown.lines().size(),
                shown.parsed());
        out.printf(
                Locale.ROOT,
                "%6s  %-24s  %-16s  %-7s  %-40s  %6s  %s%n",
                "line",
                "start",
                "client",
                "method",
                "target",
                "status",
                "Retry-After");
        for (Preview.Line line : shown.lines()) {
            if (line.parsedLine()) {
                out.printf(
                        Locale.ROOT,
                        "%6d  %-24s  %-16s  %-7s  %-40s  %6d  %s%n",
                        line.line(),
                        line.start(),
                        line.client(),
                        line.method() == null ? "-" : line.method(),
                        line.uri() == null ? "-" : line.uri(),
                        line.status(),
                        line.retryAfter() == null ? "-" : line.retryAfter());
            } else {
                out.printf(Locale.ROOT, "%6d  did not parse: %s%n", line.line(), line.reason());
            }
        }
        out.flush();
        if (shown.problem() != null) {
            err.println(shown.file() + ": " + shown.problem());
            err.flush();
        }
        return shown.parsed() > 0 ? 0 : 1;
    }

    private static boolean isHtml(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".html") || name.endsWith(".htm");
    }

    private static boolean write(PrintWriter err, Path file, String content) {
        try {
            Files.writeString(file, content, StandardCharsets.UTF_8);
            return true;
        } catch (IOException e) {
            err.println("could not write the report " + file + ": " + e.getMessage());
            err.flush();
            return false;
        }
    }

    private DiagnosisOptions options() {
        Duration tol;
        try {
            tol = DurationText.parse(tolerance);
        } catch (DurationText.Invalid e) {
            throw usage("--tolerance " + e.getMessage());
        }
        if (tol.isNegative()) {
            throw usage("--tolerance cannot be negative, was " + tolerance);
        }
        for (int code : throttleStatuses) {
            if (code < 100 || code > 599) {
                throw usage("--throttle-status must be an HTTP status between 100 and 599, was " + code);
            }
        }
        List<Integer> statuses = new ArrayList<>(throttleStatuses);
        List<String> marks = new ArrayList<>();
        for (String value : throttled) {
            String text = value.strip();
            if (text.matches("\\d+")) {
                int code = Integer.parseInt(text.length() > 3 ? "0" : text);
                if (code < 100 || code > 599) {
                    throw usage("--throttled takes an HTTP status between 100 and 599 or FIELD=VALUE, was " + value);
                }
                statuses.add(code);
            } else if (text.indexOf('=') > 0 && !text.endsWith("=")) {
                marks.add(text);
            } else {
                throw usage("--throttled takes an HTTP status (503) or a field and the value that means throttled"
                        + " (response_flags=RL), was '" + value + "'");
            }
        }
        if (quota != null && quota < 1) {
            throw usage("--quota is requests per second and must be at least 1, was " + quota);
        }
        return new DiagnosisOptions(tol, java.util.Set.copyOf(statuses), DiagnosisOptions.DEFAULT_RETRY_WINDOW)
                .withWhatIf(seed, quota == null ? 0 : quota)
                .withThrottledFields(marks);
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    /**
     * Whether the progress goes to a terminal (one line rewritten in place) or to a log or pipe (plain lines). Decided
     * here from {@code System.console()}: picocli's writers cannot tell, and tests set it.
     */
    private boolean terminal = System.console() != null;

    private LongSupplier nanoTime = System::nanoTime;

    /** For tests: pretend the output is, or is not, a terminal, and read the time from {@code clock}. */
    void progressOn(boolean isTerminal, LongSupplier clock) {
        this.terminal = isTerminal;
        this.nanoTime = clock;
    }

    private static void printText(PrintWriter out, Diagnosis d) {
        if (d.requests() == 0
                && !d.evidence().labRuns().isEmpty()
                && d.evidence().unparsed() == 0) {
            // DG17: only load reports: their own figures, marked as lab runs, and no verdict on evidence.
            printLabRuns(out, d);
            return;
        }
        printEvidence(out, d);
        if (!d.evidence().labRuns().isEmpty()) {
            out.println();
            printLabRuns(out, d);
        }
    }

    /** DG17: each input's figures side by side, the evidence first, each load report marked as a lab run. */
    private static void printLabRuns(PrintWriter out, Diagnosis d) {
        out.println("Lab runs beside the evidence (Stormwatch load reports, not evidence):");
        out.printf(
                Locale.ROOT,
                "%-24s %-10s %9s %9s %13s %13s  %s%n",
                "input",
                "kind",
                "requests",
                "throttled",
                "amplification",
                "peak-to-mean",
                "arrivals per second");
        if (d.requests() > 0) {
            long throttled = d.throttled();
            out.printf(
                    Locale.ROOT,
                    "%-24s %-10s %,9d %,9d %12.2f× %12.2f×  %s%n",
                    "evidence",
                    "real storm",
                    d.requests(),
                    throttled,
                    d.amplification(),
                    d.synchronisation().peakToMeanPerSecond(),
                    d.arrivals().bucketMillis() == 1000
                            ? perSecond(d.arrivals().requests())
                            : "(per " + d.arrivals().bucketMillis() / 1000 + " s) "
                                    + perSecond(d.arrivals().requests()));
        }
        for (Diagnosis.LabRun r : d.evidence().labRuns()) {
            out.printf(
                    Locale.ROOT,
                    "%-24s %-10s %,9d %,9d %13s %12.2f×  %s%n",
                    shorten(Path.of(r.file()).getFileName().toString(), 24),
                    "lab run",
                    r.requests(),
                    r.throttled(),
                    Double.isNaN(r.amplification())
                            ? "not measured"
                            : String.format(Locale.ROOT, "%.2f×", r.amplification()),
                    r.peakToMeanPerSecond(),
                    perSecond(r.arrivalsPerSecond()));
        }
        for (Diagnosis.LabRun r : d.evidence().labRuns()) {
            out.println("  lab run " + r.file() + ": " + r.title() + ", started " + r.startedAt()
                    + (r.completed() ? "" : " (partial run)")
                    + (Double.isNaN(r.peakToMean())
                            ? ""
                            : String.format(
                                    Locale.ROOT, "; peak-to-mean after the shared Retry-After %.2f×", r.peakToMean())));
        }
    }

    private static String perSecond(List<? extends Number> counts) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < counts.size(); i++) {
            if (i == 30) {
                out.append(" …");
                break;
            }
            out.append(i == 0 ? "" : " ").append(counts.get(i));
        }
        return out.toString();
    }

    private static void printEvidence(PrintWriter out, Diagnosis d) {
        out.println("Verdict: " + d.verdict());
        out.println();
        if (d.from() != null) {
            out.printf(
                    Locale.ROOT,
                    "%,d requests, %,d logical requests, amplification %.2f×, from %s to %s%n",
                    d.requests(),
                    d.logicalRequests(),
                    d.amplification(),
                    d.from(),
                    d.to());
            out.println("Status: " + Diagnosis.countsText(d.status()));
            out.println("Attempts per logical request: " + Diagnosis.countsText(d.attempts()));
            out.println();
        }
        out.printf(
                Locale.ROOT,
                "%-28s %9s %9s %8s %8s %12s %8s %9s %7s%n",
                "client",
                "requests",
                "logical",
                "retries",
                "early",
                "median early",
                "ignores",
                "throttled",
                "retry%");
        for (ClientDiagnosis c : d.clients()) {
            out.printf(
                    Locale.ROOT,
                    "%-28s %,9d %,9d %,8d %,8d %12s %8s %,9d %6.0f%%%n",
                    shorten(c.client()),
                    c.requests(),
                    c.logicalRequests(),
                    c.retries(),
                    c.earlyRetries(),
                    c.medianEarlyText(),
                    c.ignoresRetryAfter() ? "YES" : "no",
                    c.throttled(),
                    c.retryRatio() * 100);
        }
        if (!d.findings().isEmpty()) {
            out.println();
            out.println("Findings:");
            for (Diagnosis.Finding f : d.findings()) {
                out.println("  " + f.rule() + (f.client() == null ? "" : " [" + f.client() + "]") + " " + f.text());
            }
        }
    }

    private static String shorten(String client) {
        return shorten(client, 28);
    }

    private static String shorten(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width - 1) + "…";
    }
}
