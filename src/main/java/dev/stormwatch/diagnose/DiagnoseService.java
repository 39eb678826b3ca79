package dev.stormwatch.diagnose;

import dev.stormwatch.diagnose.Diagnosis.EvidenceSummary;
import dev.stormwatch.diagnose.Diagnosis.FileSummary;
import dev.stormwatch.diagnose.Diagnosis.LabRun;
import dev.stormwatch.diagnose.Diagnosis.Unparsed;
import dev.stormwatch.load.report.JsonReportReader;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.report.StandardFigures;
import dev.stormwatch.load.report.UnreadableReportException;
import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Reads the evidence files of a {@link DiagnoseRequest} one after the other, streaming each, and diagnoses the
 * requests with {@link StormAnalysis}: the one entry point of the app's Diagnose tab and of {@code stormwatch diagnose}.
 * Runs on the caller's thread; reports progress to a listener and stops when the cancel signal says so.
 */
public final class DiagnoseService {

    /** How many unparsed lines are kept as examples (all are counted). */
    public static final int UNPARSED_EXAMPLES = 20;
    /** Longest example text kept, so a binary line cannot flood a report. */
    private static final int EXAMPLE_CHARS = 300;
    /** DG10: a time stepping back by more than this within one file is a clock step. */
    private static final long CLOCK_STEP_MILLIS = 1_000;
    /** DG17: the load report's series whose attempts are the lab run's arrivals. */
    static final String CLIENT_SERIES = "client per second";
    /** Progress and cancel are checked every this many lines. */
    private static final int CHECK_EVERY = 1 << 14;

    /**
     * Reads and diagnoses.
     *
     * @param progress told how far the reading has come, from the calling thread
     * @param cancelled polled while reading; when it says true the reading stops with {@link
     *     DiagnoseException.Cancelled}
     * @throws DiagnoseException.BadOption when the options cannot be used (a log format, a field mapping)
     * @throws DiagnoseException.Unreadable when a file does not exist or cannot be read
     */
    public Diagnosis diagnose(DiagnoseRequest request, Consumer<ReadProgress> progress, BooleanSupplier cancelled)
            throws DiagnoseException {
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(cancelled, "cancelled");
        if (request.files().isEmpty()) {
            throw new DiagnoseException.BadOption("no file to diagnose");
        }
        for (Path file : request.files()) {
            if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
                throw new DiagnoseException.Unreadable(file.toString(), "no such readable file", null);
            }
        }
        ReadOptions options = readOptions(request);
        FieldMapping mapping = options.mapping();
        List<FieldMapping.ThrottleMark> marks = options.marks();

        AttemptTable table = new AttemptTable();
        Reading reading =
                new Reading(table, progress, cancelled, request.files().size());
        List<FileSummary> summaries = new ArrayList<>();
        for (int f = 0; f < request.files().size(); f++) {
            Path path = request.files().get(f);
            summaries.add(readFile(path, f + 1, request, mapping, marks, reading));
        }
        EvidenceSummary evidence = new EvidenceSummary(
                summaries,
                reading.unparsedTotal,
                reading.examples,
                reading.duplicates,
                reading.clockSteps,
                reading.labRuns);
        return StormAnalysis.analyse(table, request.options(), evidence);
    }

    private FileSummary readFile(
            Path path,
            int index,
            DiagnoseRequest request,
            FieldMapping mapping,
            List<FieldMapping.ThrottleMark> marks,
            Reading reading)
            throws DiagnoseException {
        String name = path.toString();
        reading.current = null;
        try (EvidenceFile file = EvidenceFile.open(path)) {
            byte[] head = file.head();
            String notText = EvidenceFile.notText(head);
            if (notText != null) {
                reading.unparsed(name, 0, notText, "");
                return new FileSummary(name, request.format().label(), 0, 1, notText);
            }
            InputFormat format = request.format() == InputFormat.AUTO ? EvidenceFile.sniff(head) : request.format();
            if (format == InputFormat.REPORT) {
                return readLabRun(path, name, reading);
            }
            FileSink sink = reading.start(name, index, file);
            String error = readContent(format, path, file, head, request, mapping, marks, sink);
            if (error != null) {
                reading.unparsed(name, 1, error, "");
                return new FileSummary(name, format.label(), 0, 1, error);
            }
            if ((format == InputFormat.NGINX || format == InputFormat.APACHE || format == InputFormat.AUTO)
                    && sink.requests == 0
                    && sink.unparsed > 0) {
                error = "the log format '" + logFormat(request, format).source() + "' matched "
                        + (sink.unparsed == 1 ? "not its one line" : "none of the " + sink.unparsed + " lines")
                        + (sink.firstReason == null ? "" : " (line " + sink.firstLine + ": " + sink.firstReason + ")")
                        + "; pass the server's own format with --log-format";
            }
            reading.finish(sink);
            if (error == null && sink.requests == 0 && sink.unparsed > 0) {
                error = "no request could be read (line " + sink.firstLine + ": " + sink.firstReason + ")";
            }
            return new FileSummary(name, format.label(), sink.requests, sink.unparsed, EvidenceRedaction.line(error));
        } catch (IOException | UncheckedIOException e) {
            // A file that breaks off mid-stream (truncated gzip, I/O error): what was read so far counts.
            String reason = EvidenceRedaction.line("the file breaks off: " + e.getMessage());
            reading.unparsed(name, -1, reason, "");
            return new FileSummary(
                    name,
                    request.format().label(),
                    reading.current == null ? 0 : reading.current.requests,
                    reading.current == null ? 1 : reading.current.unparsed + 1,
                    reason);
        } catch (CancelledReading e) {
            throw new DiagnoseException.Cancelled();
        }
    }

    /** The request's reading options, checked: its field mapping (with its throttle marks), or null, and the marks. */
    private record ReadOptions(FieldMapping mapping, List<FieldMapping.ThrottleMark> marks) {}

    /**
     * The options every reading of the request uses, the diagnosis's and the preview's: bad options fail here, before
     * any file is read (a log format, a field mapping, DG16's --throttled FIELD=VALUE marks that say nothing).
     */
    private static ReadOptions readOptions(DiagnoseRequest request) throws DiagnoseException.BadOption {
        if (request.format() == InputFormat.NGINX || request.format() == InputFormat.APACHE) {
            logFormat(request, request.format());
        }
        FieldMapping mapping = request.fields() == null ? null : FieldMapping.parse(request.fields());
        List<FieldMapping.ThrottleMark> marks = new ArrayList<>();
        for (String mark : request.options().throttledFields()) {
            marks.add(FieldMapping.ThrottleMark.parse(mark, "--throttled"));
        }
        if (mapping != null) {
            mapping = mapping.withThrottleMarks(marks);
        }
        return new ReadOptions(mapping, marks);
    }

    /**
     * Reads one file's content with the reader its format needs, into the sink, after telling the sink how its
     * clients are labelled (DG11): the one reading of the diagnosis and of its preview (DG21).
     *
     * @return why nothing could be read at all (JSON lines without a mapping), or null
     */
    private static String readContent(
            InputFormat format,
            Path path,
            EvidenceFile file,
            byte[] head,
            DiagnoseRequest request,
            FieldMapping mapping,
            List<FieldMapping.ThrottleMark> marks,
            LabelledSink sink)
            throws IOException, DiagnoseException.BadOption {
        switch (format) {
            case REPORT -> throw new IllegalStateException("a load report is read as a lab run");
            case HAR -> {
                String header = request.clientKey();
                sink.labels(new ClientLabels(header));
                new HarEntryReader(header).read(file.content(), clientOfFile(path), sink);
            }
            case OTLP -> {
                sink.labels(new ClientLabels(request.clientKey()));
                new OtlpTraceReader(request.clientKey()).read(file.content(), sink);
            }
            case JSONL -> {
                FieldMapping preset = mapping != null ? null : presetFor(head);
                FieldMapping fields =
                        mapping != null ? mapping : preset == null ? null : preset.withThrottleMarks(marks);
                if (fields == null) {
                    return "JSON lines need a field mapping: --fields time=...,status=...,uri=...,client=..."
                            + " or a preset (envoy, kong, stormwatch-relay)";
                }
                sink.labels(new ClientLabels(
                        request.clientKey() != null ? request.clientKey() : fields.describe("client")));
                new JsonLinesReader(fields).read(reader(file), sink);
            }
            case NGINX, APACHE, AUTO -> {
                LogFormat logFormat = logFormat(request, format);
                sink.labels(new ClientLabels(logFormat.clientKeyName()));
                new AccessLogReader(logFormat).read(reader(file), sink);
            }
        }
        return null;
    }

    /**
     * DG21: the first {@code lines} lines (or HAR entries, or spans) of the request's first file, read with the same
     * readers, options and client labels as {@link #diagnose}, and only as far as they need: each as the diagnosis
     * would take it (time, client, method, target, status, Retry-After; redacted by DG11) or with the reason it did
     * not parse.
     *
     * @throws DiagnoseException.BadOption when the options cannot be used (a log format, a field mapping)
     * @throws DiagnoseException.Unreadable when the file does not exist or cannot be read
     */
    public Preview preview(DiagnoseRequest request, int lines) throws DiagnoseException {
        if (lines < 1) {
            throw new DiagnoseException.BadOption("--preview takes how many lines to show, at least 1, was " + lines);
        }
        if (request.files().isEmpty()) {
            throw new DiagnoseException.BadOption("no file to preview");
        }
        Path path = request.files().get(0);
        String name = path.toString();
        if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
            throw new DiagnoseException.Unreadable(name, "no such readable file", null);
        }
        ReadOptions options = readOptions(request);
        FieldMapping mapping = options.mapping();
        List<FieldMapping.ThrottleMark> marks = options.marks();
        PreviewSink sink = new PreviewSink(lines);
        InputFormat format = request.format();
        try (EvidenceFile file = EvidenceFile.open(path)) {
            byte[] head = file.head();
            String notText = EvidenceFile.notText(head);
            if (notText != null) {
                return new Preview(name, format.label(), List.of(), notText);
            }
            format = format == InputFormat.AUTO ? EvidenceFile.sniff(head) : format;
            if (format == InputFormat.REPORT) {
                return new Preview(
                        name,
                        format.label(),
                        List.of(),
                        "a Stormwatch load report is a lab run: it has no lines to preview (DG17)");
            }
            String error = readContent(format, path, file, head, request, mapping, marks, sink);
            return new Preview(name, format.label(), sink.shown, error);
        } catch (PreviewSink.Enough e) {
            return new Preview(name, format.label(), sink.shown, null);
        } catch (IOException | UncheckedIOException e) {
            return new Preview(
                    name, format.label(), sink.shown, EvidenceRedaction.line("the file breaks off: " + e.getMessage()));
        }
    }

    /**
     * DG17: a Stormwatch load report, read whole (it holds per-second series, not requests: it is small) and kept as
     * a lab run beside the evidence. A file that is not one is reported as DG10 says, in the words of what was
     * expected.
     */
    private static FileSummary readLabRun(Path path, String name, Reading reading) throws IOException {
        LoadReport report;
        try {
            report = JsonReportReader.read(path);
        } catch (UnreadableReportException e) {
            String reason = EvidenceRedaction.line("expected a Stormwatch load report (JSON written by stormwatch load"
                    + " --report, format " + LoadReport.FORMAT + "), but " + e.getMessage());
            reading.unparsed(name, 1, reason, "");
            return new FileSummary(name, InputFormat.REPORT.label(), 0, 1, reason);
        }
        TimeSeries client = report.seriesNamed(CLIENT_SERIES).orElse(null);
        if (client == null) {
            String reason = "expected the series '" + CLIENT_SERIES + "' in the load report; it has none";
            reading.unparsed(name, 1, reason, "");
            return new FileSummary(name, InputFormat.REPORT.label(), 0, 1, reason);
        }
        List<Long> arrivals = new ArrayList<>();
        for (Bucket bucket : client.buckets()) {
            arrivals.add(bucket.count(Counter.ATTEMPTS));
        }
        Figure amplification = report.figures().get(StandardFigures.RETRY_AMPLIFICATION);
        Figure peak = report.figures().get(StandardFigures.PEAK_TO_MEAN);
        reading.labRuns.add(new LabRun(
                name,
                EvidenceRedaction.line(report.title()),
                report.startedAt(),
                client.total(Counter.ATTEMPTS),
                client.total(Counter.STATUS_429),
                value(amplification),
                absent(amplification),
                value(peak),
                absent(peak),
                arrivals,
                report.outcome() instanceof RunOutcome.Completed));
        return new FileSummary(name, InputFormat.REPORT.label(), 0, 0, null);
    }

    private static double value(Figure figure) {
        return figure instanceof Figure.Value v ? v.value() : Double.NaN;
    }

    private static String absent(Figure figure) {
        return figure == null ? "not in the report" : figure instanceof Figure.Absent a ? a.reason() : null;
    }

    /**
     * The compiled log format: Apache's dialect when asked for, or when the format is written with {@code %}
     * directives and no {@code $} variable.
     */
    private static LogFormat logFormat(DiagnoseRequest request, InputFormat format) throws DiagnoseException.BadOption {
        String text = request.logFormat();
        boolean apache =
                format == InputFormat.APACHE || text != null && text.indexOf('%') >= 0 && text.indexOf('$') < 0;
        return LogFormat.compile(
                text, apache ? LogFormat.Dialect.APACHE : LogFormat.Dialect.NGINX, request.clientKey());
    }

    private static BufferedReader reader(EvidenceFile file) {
        return new BufferedReader(new InputStreamReader(file.content(), StandardCharsets.UTF_8), 1 << 16);
    }

    /** DG2: one HAR is one client, named after the file without its extensions ({@code alice.har.gz} is alice). */
    static String clientOfFile(Path path) {
        String name = path.getFileName().toString();
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".gz")) {
            name = name.substring(0, name.length() - 3);
            lower = lower.substring(0, lower.length() - 3);
        }
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** Recognises the presets by the keys of the first line, for AUTO without --fields. */
    private static FieldMapping presetFor(byte[] head) throws DiagnoseException.BadOption {
        String text = new String(head, StandardCharsets.UTF_8);
        if (text.contains("\"response_code\"") && text.contains("\"start_time\"")) {
            return FieldMapping.parse("envoy");
        }
        if (text.contains("\"started_at\"") && text.contains("\"request\"")) {
            return FieldMapping.parse("kong");
        }
        if (text.contains("\"principal\"") && text.contains("\"endpoint\"")) {
            return FieldMapping.parse("stormwatch-relay");
        }
        return null;
    }

    /** Thrown through a reader when the person cancels. */
    private static final class CancelledReading extends RuntimeException {
        CancelledReading() {
            super("cancelled", null, false, false);
        }
    }

    /** State over all files of one diagnosis. */
    private static final class Reading {
        final AttemptTable table;
        final Consumer<ReadProgress> progress;
        final BooleanSupplier cancelled;
        final int files;
        final List<Unparsed> examples = new ArrayList<>();
        final List<LabRun> labRuns = new ArrayList<>();
        long unparsedTotal;
        long requestsTotal;
        long duplicates;
        long clockSteps;
        FileSink current;

        Reading(AttemptTable table, Consumer<ReadProgress> progress, BooleanSupplier cancelled, int files) {
            this.table = table;
            this.progress = progress;
            this.cancelled = cancelled;
            this.files = files;
        }

        FileSink start(String name, int index, EvidenceFile file) {
            current = new FileSink(this, name, index, file);
            progress.accept(new ReadProgress(name, index, files, 0, file.size(), requestsTotal, unparsedTotal, false));
            return current;
        }

        void finish(FileSink sink) {
            progress.accept(new ReadProgress(
                    sink.name,
                    sink.index,
                    files,
                    sink.file.size(),
                    sink.file.size(),
                    requestsTotal,
                    unparsedTotal,
                    true));
        }

        void unparsed(String file, long line, String reason, String text) {
            unparsedTotal++;
            if (examples.size() < UNPARSED_EXAMPLES) {
                String safe = EvidenceRedaction.line(text);
                if (safe != null && safe.length() > EXAMPLE_CHARS) {
                    safe = safe.substring(0, EXAMPLE_CHARS) + "…";
                }
                examples.add(new Unparsed(file, line, EvidenceRedaction.line(reason), safe));
            }
        }
    }

    /** A sink that is told how the clients of its file are labelled (DG11) before the reading starts. */
    private interface LabelledSink extends EvidenceSink {
        void labels(ClientLabels labels);
    }

    /** DG21: keeps the first lines as the preview shows them, then stops the reading. */
    private static final class PreviewSink implements LabelledSink {
        final int wanted;
        final List<Preview.Line> shown = new ArrayList<>();
        ClientLabels labels = new ClientLabels(null);

        PreviewSink(int wanted) {
            this.wanted = wanted;
        }

        @Override
        public void labels(ClientLabels labels) {
            this.labels = labels;
        }

        @Override
        public void accept(ObservedRequest request, long line) {
            shown.add(Preview.Line.parsed(line, request, labels.label(request.client())));
            enoughYet();
        }

        @Override
        public void reject(long line, String reason, String text) {
            shown.add(Preview.Line.unparsed(line, reason, text));
            enoughYet();
        }

        private void enoughYet() {
            if (shown.size() >= wanted) {
                throw new Enough();
            }
        }

        /** Thrown through a reader once the preview has its lines: nothing more of the file is read. */
        static final class Enough extends RuntimeException {
            Enough() {
                super("enough lines", null, false, false);
            }
        }
    }

    /** Receives one file's requests. */
    private static final class FileSink implements LabelledSink {
        final Reading reading;
        final String name;
        final int index;
        final EvidenceFile file;
        ClientLabels labels = new ClientLabels(null);
        long requests;
        long unparsed;
        long firstLine;
        String firstReason;
        long lastEnd = Long.MIN_VALUE;
        int sinceCheck;

        FileSink(Reading reading, String name, int index, EvidenceFile file) {
            this.reading = reading;
            this.name = name;
            this.index = index;
            this.file = file;
        }

        @Override
        public void labels(ClientLabels labels) {
            this.labels = labels;
        }

        @Override
        public void accept(ObservedRequest request, long line) {
            requests++;
            reading.requestsTotal++;
            long end = request.endMillis();
            if (lastEnd != Long.MIN_VALUE && end < lastEnd - CLOCK_STEP_MILLIS) {
                reading.clockSteps++;
            }
            lastEnd = end;
            reading.table.add(request, labels.label(request.client()));
            tick();
        }

        @Override
        public void reject(long line, String reason, String text) {
            unparsed++;
            if (firstReason == null) {
                firstLine = line;
                firstReason = reason;
            }
            reading.unparsed(name, line, reason, text);
            tick();
        }

        @Override
        public void duplicateLine(long line) {
            reading.duplicates++;
        }

        private void tick() {
            if (++sinceCheck < CHECK_EVERY) {
                return;
            }
            sinceCheck = 0;
            if (reading.cancelled.getAsBoolean()) {
                throw new CancelledReading();
            }
            reading.progress.accept(new ReadProgress(
                    name,
                    index,
                    reading.files,
                    file.bytesRead(),
                    file.size(),
                    reading.requestsTotal,
                    reading.unparsedTotal,
                    false));
        }
    }
}
