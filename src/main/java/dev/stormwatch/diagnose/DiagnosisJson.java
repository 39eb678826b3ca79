package dev.stormwatch.diagnose;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.stormwatch.diagnose.Diagnosis.ClientDiagnosis;
import dev.stormwatch.diagnose.Diagnosis.FileSummary;
import dev.stormwatch.diagnose.Diagnosis.Finding;
import dev.stormwatch.diagnose.Diagnosis.Unparsed;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * A diagnosis as one JSON object with the names scripts and tickets rely on ({@code requests}, {@code logical_requests},
 * {@code amplification}, {@code from}, {@code to}, {@code status}, {@code clients}, {@code findings}) and what this
 * package adds ({@code partial}, {@code unparsed}, {@code attempts}, {@code synchronisation}, {@code throttling},
 * {@code files}, {@code what_if}, {@code verdict}). Every text in it went through the redaction of the readers.
 */
public final class DiagnosisJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private DiagnosisJson() {}

    /** One line of JSON, or indented for a report file. */
    public static String write(Diagnosis d, boolean indent) {
        try {
            return (indent ? JSON.writer().with(SerializationFeature.INDENT_OUTPUT) : JSON.writer())
                    .writeValueAsString(tree(d));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of maps, lists and scalars always serialises", e);
        }
    }

    /** The object as maps and lists, for writers other than Jackson's. */
    public static Map<String, Object> tree(Diagnosis d) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("requests", d.requests());
        out.put("logical_requests", d.logicalRequests());
        out.put("amplification", round(d.amplification()));
        out.put("from", d.from() == null ? null : d.from().toString());
        out.put("to", d.to() == null ? null : d.to().toString());
        out.put("status", statusMap(d.status()));
        out.put("attempts", statusMap(d.attempts()));
        List<Object> clients = new ArrayList<>();
        for (ClientDiagnosis c : d.clients()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("client", c.client());
            m.put("requests", c.requests());
            m.put("logical_requests", c.logicalRequests());
            m.put("retries", c.retries());
            m.put("early_retries", c.earlyRetries());
            m.put("ignores_retry_after", c.ignoresRetryAfter());
            m.put("status", statusMap(c.status()));
            m.put("retries_after_retry_after", c.retriesAfterRetryAfter());
            m.put("median_early_ms", c.medianEarlyMillis());
            m.put("throttled", c.throttled());
            m.put("accepted", c.accepted());
            m.put("retry_ratio", round(c.retryRatio()));
            m.put("throttling_would_reject", round(c.throttlingWouldReject()));
            clients.add(m);
        }
        out.put("clients", clients);
        List<Object> findings = new ArrayList<>();
        for (Finding f : d.findings()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("rule", f.rule());
            m.put("client", f.client());
            m.put("text", f.text());
            findings.add(m);
        }
        out.put("findings", findings);
        Diagnosis.Synchronisation s = d.synchronisation();
        Map<String, Object> sync = new LinkedHashMap<>();
        sync.put("peak_per_second", s.peakPerSecond());
        sync.put("mean_per_second", round(s.meanPerSecond()));
        sync.put("peak_to_mean_per_second", round(s.peakToMeanPerSecond()));
        sync.put("peak_per_100ms", s.peakPer100ms());
        sync.put("peak_to_mean_per_100ms", round(s.peakToMeanPer100ms()));
        sync.put(
                "peak_second_start",
                s.peakSecondStart() == null ? null : s.peakSecondStart().toString());
        sync.put("max_clients_retrying_in_100ms", s.maxClientsRetryingIn100ms());
        out.put("synchronisation", sync);
        Map<String, Object> throttling = new LinkedHashMap<>();
        throttling.put("k", d.throttling().k());
        throttling.put("would_reject", round(d.throttling().wouldReject()));
        throttling.put("share", round(d.throttling().share()));
        out.put("throttling", throttling);
        Diagnosis.Arrivals a = d.arrivals();
        Map<String, Object> arrivals = new LinkedHashMap<>();
        arrivals.put("from", a.from() == null ? null : a.from().toString());
        arrivals.put("bucket_ms", a.bucketMillis());
        arrivals.put("requests", a.requests());
        arrivals.put("throttled", a.throttled());
        arrivals.put("retries", a.retries());
        arrivals.put("early_retries", a.early());
        out.put("arrivals", arrivals);
        out.put("what_if", whatIf(d.whatIf(), a));
        out.put("verdict", d.verdict());
        out.put("partial", d.partial());
        Map<String, Object> unparsed = new LinkedHashMap<>();
        unparsed.put("count", d.evidence().unparsed());
        List<Object> examples = new ArrayList<>();
        for (Unparsed u : d.evidence().examples()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", u.file());
            m.put("line", u.line());
            m.put("reason", u.reason());
            m.put("text", u.text());
            examples.add(m);
        }
        unparsed.put("examples", examples);
        unparsed.put("duplicate_lines", d.evidence().duplicateLines());
        unparsed.put("clock_steps_back", d.evidence().clockStepsBack());
        out.put("unparsed", unparsed);
        List<Object> files = new ArrayList<>();
        for (FileSummary f : d.evidence().files()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", f.file());
            m.put("format", f.format());
            m.put("requests", f.requests());
            m.put("unparsed", f.unparsed());
            m.put("error", f.error());
            files.add(m);
        }
        out.put("files", files);
        out.put("lab_runs", labRuns(d.evidence().labRuns()));
        return out;
    }

    /** DG17: each load report beside the evidence, marked as a lab run, with its own figures. */
    private static List<Object> labRuns(List<Diagnosis.LabRun> runs) {
        List<Object> out = new ArrayList<>();
        for (Diagnosis.LabRun r : runs) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("kind", "lab run");
            m.put("file", r.file());
            m.put("title", EvidenceRedaction.line(r.title()));
            m.put("started_at", r.startedAt().toString());
            m.put("completed", r.completed());
            m.put("requests", r.requests());
            m.put("throttled", r.throttled());
            m.put("amplification", Double.isNaN(r.amplification()) ? null : round(r.amplification()));
            m.put("amplification_absent", r.amplificationAbsent());
            m.put("peak_to_mean_after_retry_after", Double.isNaN(r.peakToMean()) ? null : round(r.peakToMean()));
            m.put("peak_to_mean_after_retry_after_absent", r.peakToMeanAbsent());
            m.put("peak_to_mean_per_second", round(r.peakToMeanPerSecond()));
            m.put("arrivals_per_second", r.arrivalsPerSecond());
            out.add(m);
        }
        return out;
    }

    /** DG14: the replay by clients that follow the rules, its series on the arrivals' buckets. */
    private static Map<String, Object> whatIf(Diagnosis.WhatIf w, Diagnosis.Arrivals a) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ran", w.ran());
        out.put("requests", w.requests());
        out.put("logical_requests", w.logicalRequests());
        out.put("amplification", round(w.amplification()));
        out.put("completed", w.completed());
        out.put("gave_up", w.gaveUp());
        out.put("completed_share", round(w.completedShare()));
        out.put("real_completed_share", round(w.realCompletedShare()));
        Map<String, Object> server = new LinkedHashMap<>();
        server.put("quota_per_second", w.quotaPerSecond());
        server.put("quota_estimated", w.quotaEstimated());
        server.put("retry_after_s", w.retryAfterSeconds() < 0 ? null : w.retryAfterSeconds());
        server.put("answer_ms", w.answerMillis());
        out.put("server", server);
        out.put("seed", w.seed());
        Map<String, Object> arrivals = new LinkedHashMap<>();
        arrivals.put("from", a.from() == null ? null : a.from().toString());
        arrivals.put("bucket_ms", a.bucketMillis());
        arrivals.put("requests", w.arrivals());
        arrivals.put("throttled", w.throttled());
        out.put("arrivals", arrivals);
        return out;
    }

    private static Map<String, Long> statusMap(SortedMap<Integer, Long> counts) {
        Map<String, Long> out = new LinkedHashMap<>();
        counts.forEach((k, v) -> out.put(String.valueOf(k), v));
        return out;
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
