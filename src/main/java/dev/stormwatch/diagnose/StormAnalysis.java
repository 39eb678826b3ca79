package dev.stormwatch.diagnose;

import dev.stormwatch.diagnose.Diagnosis.ClientDiagnosis;
import dev.stormwatch.diagnose.Diagnosis.EvidenceSummary;
import dev.stormwatch.diagnose.Diagnosis.Finding;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The diagnosis itself, a pure function of the requests read and the options: one pass over the requests in order of
 * start time, applying DG1–DG9 of the spec. Nothing is injected but data; the same table gives the same diagnosis.
 */
public final class StormAnalysis {

    /** DG6: Google SRE's per-client retry budget, retries as a share of requests. */
    public static final double RETRY_BUDGET = 0.10;
    /** DG7: the SRE book's multiplier K of adaptive throttling. */
    public static final double THROTTLING_K = 2.0;
    /** DG7: the history adaptive throttling keeps (the SRE book's two minutes). */
    public static final long THROTTLING_HISTORY_MILLIS = 120_000;
    /** DG3: a client is judged only after this many retries that followed a Retry-After. */
    public static final int IGNORING_MIN_RETRIES = 3;
    /** DG3: more than this share of those retries early flags the client. */
    public static final double IGNORING_SHARE = 0.5;
    /** DG8: a Retry-After that changed by more than this beyond the time that passed counts as changed. */
    static final long CHANGE_SLACK_MILLIS = 1_000;
    /** DG4: spans longer than this are not counted per 100 ms (the array would be large and say little). */
    private static final long MAX_SPAN_PER_100MS = 2L * 86_400_000;
    /** DG4: spans longer than this are not counted per second. */
    private static final long MAX_SPAN_PER_SECOND = 31L * 86_400_000;

    private StormAnalysis() {}

    /** DG15: answer durations are counted up to this for their median; longer ones count as this long. */
    private static final int MAX_COUNTED_ANSWER_MILLIS = 60_000;
    /** DG15: Retry-After is counted in whole seconds up to RA7's cap for its median. */
    private static final int MAX_COUNTED_RETRY_AFTER_SECONDS = 86_400;

    /** Diagnoses the requests of {@code table}. */
    public static Diagnosis analyse(AttemptTable table, DiagnosisOptions options, EvidenceSummary evidence) {
        return analyse(table, options, evidence, WhatIfReplay.NO_RECORD);
    }

    /** Diagnoses, telling {@code whatIfRecord} of every attempt of the what-if replay (for tests). */
    static Diagnosis analyse(
            AttemptTable table,
            DiagnosisOptions options,
            EvidenceSummary evidence,
            java.util.function.Consumer<WhatIfReplay.Attempt> whatIfRecord) {
        int n = table.size();
        List<String> names = table.clients();
        Tally[] tallies = new Tally[names.size()];
        for (int c = 0; c < tallies.length; c++) {
            tallies[c] = new Tally(names.get(c));
        }
        int[] order = table.byStart(); // null: the rows already are in order of start
        long from = n == 0 ? 0 : table.start(order == null ? 0 : order[0]);
        long to = n == 0 ? 0 : table.start(order == null ? n - 1 : order[n - 1]);
        long span = to - from;
        int[] perSecond = span <= MAX_SPAN_PER_SECOND ? new int[(int) (span / 1000) + 1] : null;
        int[] per100 = span <= MAX_SPAN_PER_100MS ? new int[(int) (span / 100) + 1] : null;
        // DG12: whole-second buckets, as few seconds each as keep the chart to MAX_BUCKETS.
        long bucketMillis =
                1000 * Math.max(1, (span / 1000 + Diagnosis.Arrivals.MAX_BUCKETS) / Diagnosis.Arrivals.MAX_BUCKETS);
        int buckets = n == 0 ? 0 : (int) (span / bucketMillis) + 1;
        int[] chartRequests = new int[buckets];
        int[] chartThrottled = new int[buckets];
        int[] chartRetries = new int[buckets];
        int[] chartEarly = new int[buckets];
        int[] chartSucceeded = new int[buckets];
        int[] chartFailed = new int[buckets];
        // DG23: which rows were early retries, for the lanes drawn after this pass (one bit a row).
        java.util.BitSet earlyRows = new java.util.BitSet(n);
        SortedMap<Integer, Long> status = new TreeMap<>();
        SortedMap<Integer, Long> attempts = new TreeMap<>();
        long tolerance = options.tolerance().toMillis();
        long window = options.retryWindow().toMillis();
        long retryBucket = Long.MIN_VALUE;
        Set<Integer> retryingInBucket = new HashSet<>();
        int maxRetrying = 0;
        long maxRetryingAt = 0;
        long[] anomalies = new long[8];
        long raChanges = 0;
        long throttledTotal = 0;
        // DG14, DG15: what the what-if replays and the server it replays against.
        WhatIfReplay.LogicalStarts logicalStarts = new WhatIfReplay.LogicalStarts(from);
        long realCompleted = 0;
        int[] acceptedPerSecond = perSecond == null ? null : new int[perSecond.length];
        int[] answerMillis = new int[MAX_COUNTED_ANSWER_MILLIS + 1];
        int[] throttledRetryAfter = new int[MAX_COUNTED_RETRY_AFTER_SECONDS + 1];

        long unfinished = 0;
        for (int k = 0; k < n; k++) {
            int i = order == null ? k : order[k];
            int c = table.client(i);
            Tally t = tallies[c];
            long start = table.start(i);
            int code = table.status(i);
            t.requests++;
            t.status.merge(code, 1L, Long::sum);
            status.merge(code, 1L, Long::sum);
            if (perSecond != null) {
                perSecond[(int) ((start - from) / 1000)]++;
            }
            if (per100 != null) {
                per100[(int) ((start - from) / 100)]++;
            }
            int bucket = (int) ((start - from) / bucketMillis);
            chartRequests[bucket]++;
            // DG9: throttled answers; accepted are those that are neither throttled nor a failure.
            // DG16: a throttle mark makes any status a throttled answer, and so a failure that may be retried.
            boolean marked = table.markedThrottled(i);
            boolean throttled = marked || options.isThrottled(code);
            boolean failure = throttled || options.isRetryableFailure(code);
            // DG24: arrivals by status class: throttled, else 2xx, 5xx, or other.
            switch (statusClass(code, throttled)) {
                case SUCCEEDED -> chartSucceeded[bucket]++;
                case FAILED -> chartFailed[bucket]++;
                default -> {}
            }
            if (throttled) {
                chartThrottled[bucket]++;
                t.throttled++;
                throttledTotal++;
            } else if (!failure) {
                t.accepted++;
                if (acceptedPerSecond != null) {
                    acceptedPerSecond[(int) ((start - from) / 1000)]++;
                }
            }
            if (!failure) {
                realCompleted++; // each answer that is not a failure ends one logical request
            }
            if (table.durationKnown(i)) {
                answerMillis[(int) Math.min(MAX_COUNTED_ANSWER_MILLIS, table.end(i) - start)]++;
            }
            if (throttled && table.retryAfterMillis(i) >= 0) {
                throttledRetryAfter[
                        (int) Math.min(MAX_COUNTED_RETRY_AFTER_SECONDS, (table.retryAfterMillis(i) + 999L) / 1000)]++;
            }
            t.throttle(start, !throttled && code != 0);
            countAnomaly(table, i, code, anomalies);

            long key = table.requestKey(i);
            Pending p = t.pending.get(key);
            // DG2: a request for the same thing after a retryable failure, within the window, and sent after that
            // answer arrived, is a retry of the same logical request.
            boolean retry = p != null && start - p.lastEnd <= window && start >= p.lastEnd - tolerance;
            if (retry) {
                chartRetries[bucket]++;
                t.retries++;
                p.attempts++;
                long slot = start / 100;
                if (slot != retryBucket) {
                    retryBucket = slot;
                    retryingInBucket.clear();
                }
                retryingInBucket.add(c);
                if (retryingInBucket.size() > maxRetrying) {
                    maxRetrying = retryingInBucket.size();
                    maxRetryingAt = slot * 100;
                }
                if (p.retryAfterMillis >= 0) {
                    t.retriesAfterRetryAfter++;
                    // DG1: early when it started before the answer's arrival plus Retry-After, less the tolerance.
                    long allowed = p.lastEnd + p.retryAfterMillis;
                    if (start < allowed - tolerance) {
                        t.early.add(allowed - start);
                        chartEarly[bucket]++;
                        earlyRows.set(i);
                    }
                }
            } else {
                if (p != null) {
                    // Its last attempt failed and this is no retry of it: it ended on that failure (DG2).
                    attempts.merge(p.attempts, 1L, Long::sum);
                    unfinished++;
                    t.pending.remove(key);
                }
                t.logical++;
                logicalStarts.add(start);
                p = new Pending();
            }
            if (failure) {
                int ra = table.retryAfterMillis(i);
                long end = table.end(i);
                // DG8: a wait that changed by more than the time that passed since the previous answer.
                if (retry && ra >= 0 && p.retryAfterMillis >= 0) {
                    long expected = p.retryAfterMillis - (end - p.lastEnd);
                    if (Math.abs(ra - Math.max(0, expected)) > CHANGE_SLACK_MILLIS) {
                        raChanges++;
                    }
                }
                p.lastEnd = end;
                p.retryAfterMillis = ra;
                t.pending.put(key, p);
                if (t.pending.size() >= t.sweepAt) {
                    unfinished += t.dropDecided(start - window, attempts);
                }
            } else {
                attempts.merge(p.attempts, 1L, Long::sum);
                t.pending.remove(key);
            }
        }
        Diagnosis.Lanes lanes = lanes(table, options, order, tallies, earlyRows, from);
        earlyRows = null;
        order = null; // the replay below needs only the logical starts: let the order go first
        for (Tally t : tallies) {
            for (Pending p : t.pending.values()) {
                attempts.merge(p.attempts, 1L, Long::sum);
                unfinished++;
            }
        }

        List<ClientDiagnosis> clients = new ArrayList<>();
        long logical = 0;
        for (Tally t : tallies) {
            clients.add(t.result());
            logical += t.logical;
        }
        clients.sort(Comparator.comparingLong(ClientDiagnosis::earlyRetries)
                .reversed()
                .thenComparing(
                        Comparator.comparingLong(ClientDiagnosis::requests).reversed())
                .thenComparing(ClientDiagnosis::client));
        Diagnosis.Synchronisation sync = synchronisation(perSecond, per100, span, n, from, maxRetrying, maxRetryingAt);
        double wouldReject = 0;
        for (Tally t : tallies) {
            wouldReject += t.wouldReject;
        }
        Diagnosis.Throttling throttling = new Diagnosis.Throttling(THROTTLING_K, wouldReject, n);
        double amplification = logical == 0 ? 0 : (double) n / logical;
        Diagnosis.WhatIf whatIf = n == 0 || acceptedPerSecond == null
                ? Diagnosis.WhatIf.NONE
                : WhatIfReplay.replay(
                        logicalStarts,
                        server(options, acceptedPerSecond, answerMillis, throttledRetryAfter),
                        options.seed(),
                        from,
                        bucketMillis,
                        realCompleted,
                        options.quotaPerSecond() == 0,
                        whatIfRecord);
        List<Finding> findings = findings(clients, sync, throttling, anomalies, raChanges, unfinished, evidence, n);
        if (whatIf.ran()) {
            findings.add(whatIfFinding(whatIf, n, amplification));
        }
        boolean partial = evidence.unparsed() > 0;
        String verdict = verdict(clients, n, amplification, throttling, whatIf, throttledTotal, evidence);
        Diagnosis.Arrivals arrivals = new Diagnosis.Arrivals(
                n == 0 ? null : Instant.ofEpochMilli(from),
                bucketMillis,
                boxed(chartRequests),
                boxed(chartThrottled),
                boxed(chartRetries),
                boxed(chartEarly),
                boxed(chartSucceeded),
                boxed(chartFailed));
        return new Diagnosis(
                n,
                logical,
                amplification,
                n == 0 ? null : Instant.ofEpochMilli(from),
                n == 0 ? null : Instant.ofEpochMilli(to),
                status,
                attempts,
                clients,
                findings,
                sync,
                throttling,
                arrivals,
                lanes,
                whatIf,
                evidence,
                verdict,
                partial);
    }

    /** DG24: the class of an answer: throttled (DG9, DG16) whatever its status, else 2xx, 5xx, or other. */
    static Diagnosis.StatusClass statusClass(int code, boolean throttled) {
        if (throttled) {
            return Diagnosis.StatusClass.THROTTLED;
        }
        if (code >= 200 && code < 300) {
            return Diagnosis.StatusClass.SUCCEEDED;
        }
        return code >= 500 && code < 600 ? Diagnosis.StatusClass.FAILED : Diagnosis.StatusClass.OTHER;
    }

    /**
     * DG23: one lane for each of the {@link Diagnosis.Lanes#MAX_LANES} clients that sent the most requests (ties by
     * name), each request a mark at its start with its status class and whether it was an early retry; a lane of more
     * than {@link Diagnosis.Lanes#MAX_MARKS} requests keeps every k-th of its other requests and its first early
     * retries up to the same bound, and says k.
     */
    private static Diagnosis.Lanes lanes(
            AttemptTable table,
            DiagnosisOptions options,
            int[] order,
            Tally[] tallies,
            java.util.BitSet earlyRows,
            long from) {
        Integer[] byRequests = new Integer[tallies.length];
        for (int c = 0; c < tallies.length; c++) {
            byRequests[c] = c;
        }
        java.util.Arrays.sort(
                byRequests,
                Comparator.comparingLong((Integer c) -> tallies[c].requests)
                        .reversed()
                        .thenComparing(c -> tallies[c].client));
        int shown = Math.min(Diagnosis.Lanes.MAX_LANES, tallies.length);
        int[] laneOf = new int[tallies.length];
        java.util.Arrays.fill(laneOf, -1);
        int[] stride = new int[shown];
        int[] seen = new int[shown];
        int[] earlyKept = new int[shown];
        List<List<Diagnosis.Mark>> marks = new ArrayList<>();
        long moreRequests = 0;
        for (int l = 0; l < byRequests.length; l++) {
            Tally t = tallies[byRequests[l]];
            if (l < shown) {
                laneOf[byRequests[l]] = l;
                stride[l] = (int) Math.max(1, (t.requests + Diagnosis.Lanes.MAX_MARKS - 1) / Diagnosis.Lanes.MAX_MARKS);
                marks.add(new ArrayList<>());
            } else {
                moreRequests += t.requests;
            }
        }
        int n = table.size();
        for (int k = 0; k < n; k++) {
            int i = order == null ? k : order[k];
            int l = laneOf[table.client(i)];
            if (l < 0) {
                continue;
            }
            boolean early = earlyRows.get(i);
            boolean kept = early ? earlyKept[l]++ < Diagnosis.Lanes.MAX_MARKS : seen[l]++ % stride[l] == 0;
            if (!kept) {
                continue;
            }
            int code = table.status(i);
            boolean throttled = table.markedThrottled(i) || options.isThrottled(code);
            marks.get(l).add(new Diagnosis.Mark(table.start(i) - from, statusClass(code, throttled), early));
        }
        List<Diagnosis.Lane> lanes = new ArrayList<>();
        for (int l = 0; l < shown; l++) {
            Tally t = tallies[byRequests[l]];
            lanes.add(new Diagnosis.Lane(t.client, t.requests, stride[l], marks.get(l)));
        }
        return new Diagnosis.Lanes(lanes, tallies.length - shown, moreRequests);
    }

    /**
     * DG15: the server of the what-if: the quota given, or the most answers it accepted within one second of the
     * evidence (at least 1); the median Retry-After of its throttled answers (none when none carried one); the median
     * answer time (0 when the evidence has no durations).
     */
    private static WhatIfReplay.Server server(
            DiagnosisOptions options, int[] acceptedPerSecond, int[] answerMillis, int[] throttledRetryAfter) {
        int quota = options.quotaPerSecond();
        if (quota == 0) {
            quota = 1;
            for (int accepted : acceptedPerSecond) {
                quota = Math.max(quota, accepted);
            }
        }
        int retryAfter = median(throttledRetryAfter);
        int answer = median(answerMillis);
        return new WhatIfReplay.Server(quota, retryAfter, Math.max(0, answer));
    }

    /** The median value of a histogram (counts per value), or -1 when it is empty. */
    private static int median(int[] histogram) {
        long total = 0;
        for (int c : histogram) {
            total += c;
        }
        if (total == 0) {
            return -1;
        }
        long seen = 0;
        for (int v = 0; v < histogram.length; v++) {
            seen += histogram[v];
            if (seen > total / 2) {
                return v;
            }
        }
        return histogram.length - 1;
    }

    private static Finding whatIfFinding(Diagnosis.WhatIf w, long requests, double amplification) {
        return new Finding(
                "DG14",
                null,
                "clients that honour Retry-After with full jitter and the default budgets"
                        + " (B1), replayed on the same " + count(w.logicalRequests())
                        + " logical requests against a quota of "
                        + count(w.quotaPerSecond()) + "/s" + (w.quotaEstimated() ? " (estimated, DG15)" : "")
                        + ", would have"
                        + " sent " + count(w.requests()) + " requests instead of " + count(requests)
                        + " (amplification "
                        + String.format(Locale.ROOT, "%.2f", w.amplification()) + "× instead of "
                        + String.format(Locale.ROOT, "%.2f", amplification) + "×) and completed "
                        + percent(w.completedShare()) + " of the logical requests instead of "
                        + percent(w.realCompletedShare()) + "; " + count(w.gaveUp())
                        + " would have stopped within their"
                        + " budget");
    }

    private static List<Integer> boxed(int[] counts) {
        return Arrays.stream(counts).boxed().toList();
    }

    private static void countAnomaly(AttemptTable table, int i, int code, long[] anomalies) {
        byte kind = table.retryAfterKind(i);
        if (kind == AttemptTable.RA_NONE && (code == 429 || code == 503)) {
            anomalies[7]++;
        } else {
            anomalies[kind]++;
        }
    }

    private static Diagnosis.Synchronisation synchronisation(
            int[] perSecond, int[] per100, long span, int n, long from, int maxRetrying, long maxRetryingAt) {
        long peakSecond = 0;
        int peakSecondIndex = -1;
        if (perSecond != null) {
            for (int s = 0; s < perSecond.length; s++) {
                if (perSecond[s] > peakSecond) {
                    peakSecond = perSecond[s];
                    peakSecondIndex = s;
                }
            }
        }
        long peak100 = 0;
        if (per100 != null) {
            for (int v : per100) {
                peak100 = Math.max(peak100, v);
            }
        }
        double mean = n == 0 ? 0 : n / (double) (span / 1000 + 1);
        double mean100 = n == 0 ? 0 : n / (double) (span / 100 + 1);
        return new Diagnosis.Synchronisation(
                peakSecond,
                mean,
                peak100,
                per100 == null ? 0 : mean100,
                peakSecondIndex < 0 ? null : Instant.ofEpochMilli(from + peakSecondIndex * 1000L),
                maxRetrying,
                maxRetrying == 0 ? null : Instant.ofEpochMilli(maxRetryingAt));
    }

    private static List<Finding> findings(
            List<ClientDiagnosis> clients,
            Diagnosis.Synchronisation sync,
            Diagnosis.Throttling throttling,
            long[] anomalies,
            long raChanges,
            long unfinished,
            EvidenceSummary evidence,
            long requests) {
        List<Finding> out = new ArrayList<>();
        for (ClientDiagnosis c : clients) {
            if (c.ignoresRetryAfter()) {
                out.add(new Finding(
                        "DG3",
                        c.client(),
                        "ignores Retry-After: " + count(c.earlyRetries()) + " of "
                                + count(c.retriesAfterRetryAfter()) + " retries after a Retry-After came early (median "
                                + seconds(c.medianEarlyMillis()) + " early)"));
            } else if (c.earlyRetries() > 0) {
                out.add(new Finding(
                        "RA3",
                        c.client(),
                        count(c.earlyRetries()) + " of "
                                + count(c.retriesAfterRetryAfter())
                                + " retries after a Retry-After came before it allowed"
                                + " (median " + seconds(c.medianEarlyMillis()) + " early)"));
            }
        }
        for (ClientDiagnosis c : clients) {
            if (c.retries() > 0 && c.retryRatio() > RETRY_BUDGET) {
                out.add(new Finding(
                        "DG6",
                        c.client(),
                        "retries are " + percent(c.retryRatio())
                                + " of its requests; the SRE per-client retry budget is 10%"));
            }
        }
        if (sync.maxClientsRetryingIn100ms() >= 2) {
            out.add(new Finding(
                    "DG4",
                    null,
                    sync.maxClientsRetryingIn100ms() + " distinct clients retried within the"
                            + " same 100 ms (at " + sync.maxClientsRetryingAt() + "); the busiest second had "
                            + count(sync.peakPerSecond()) + " requests, " + ratio(sync.peakToMeanPerSecond())
                            + " the mean"));
        }
        if (throttling.wouldReject() >= 1) {
            out.add(new Finding(
                    "DG7",
                    null,
                    "client-side adaptive throttling (K = 2) on the same arrivals would have"
                            + " kept about " + count(Math.round(throttling.wouldReject())) + " of " + count(requests)
                            + " requests (" + percent(throttling.share()) + ") off the wire"));
        }
        if (anomalies[7] > 0) {
            out.add(new Finding(
                    "DG8",
                    null,
                    count(anomalies[7]) + " answers with 429 or 503 carried no Retry-After"
                            + " (or it was not logged): clients could only guess when to come back"));
        }
        if (anomalies[AttemptTable.RA_LOOKS_LIKE_MILLIS] > 0) {
            out.add(new Finding(
                    "DG8",
                    null,
                    count(anomalies[AttemptTable.RA_LOOKS_LIKE_MILLIS])
                            + " Retry-After values of 1000 s or more that are not whole minutes: probably milliseconds"
                            + " written where seconds belong"));
        }
        if (anomalies[AttemptTable.RA_PAST_DATE] > 0) {
            out.add(new Finding(
                    "RA6",
                    null,
                    count(anomalies[AttemptTable.RA_PAST_DATE])
                            + " Retry-After HTTP-dates lay in the past relative to their response's Date: they count as"
                            + " absent"));
        }
        if (anomalies[AttemptTable.RA_INVALID] > 0) {
            out.add(new Finding(
                    "RA6",
                    null,
                    count(anomalies[AttemptTable.RA_INVALID])
                            + " Retry-After values were invalid (fractional, negative, text or several): they count as"
                            + " absent"));
        }
        if (anomalies[AttemptTable.RA_IGNORED_STATUS] > 0) {
            out.add(
                    new Finding(
                            "RA1",
                            null,
                            count(anomalies[AttemptTable.RA_IGNORED_STATUS])
                                    + " answers carried Retry-After on a status other than 429 and 503, where clients ignore it"));
        }
        if (raChanges > 0) {
            out.add(new Finding(
                    "DG8",
                    null,
                    count(raChanges) + " times the Retry-After of a retried request changed"
                            + " by more than the time that had passed"));
        }
        if (unfinished > 0) {
            out.add(new Finding(
                    "DG2",
                    null,
                    count(unfinished) + " logical requests ended on a failure: the client"
                            + " gave up, or the evidence ends before its next attempt"));
        }
        if (evidence.unparsed() > 0) {
            Diagnosis.Unparsed first =
                    evidence.examples().isEmpty() ? null : evidence.examples().get(0);
            out.add(new Finding(
                    "DG10",
                    null,
                    evidence.unparsedText() + " and are not in these"
                            + " figures"
                            + (first == null
                                    ? ""
                                    : " (first: " + first.file() + " line " + first.line() + ": " + first.reason()
                                            + ")")));
        }
        if (evidence.duplicateLines() > 0) {
            out.add(new Finding(
                    "DG10",
                    null,
                    count(evidence.duplicateLines()) + " lines repeat the line before them"
                            + " exactly; they are counted as requests"));
        }
        if (evidence.clockStepsBack() > 0) {
            out.add(new Finding(
                    "DG10",
                    null,
                    "the time steps back by more than a second " + count(evidence.clockStepsBack())
                            + " times in the files (a clock step or merged logs); requests are"
                            + " ordered by time"));
        }
        return out;
    }

    private static String verdict(
            List<ClientDiagnosis> clients,
            long requests,
            double amplification,
            Diagnosis.Throttling throttling,
            Diagnosis.WhatIf whatIf,
            long throttled,
            EvidenceSummary evidence) {
        if (requests == 0) {
            return "Nothing to diagnose: no request could be read"
                    + (evidence.unparsed() > 0 ? " (" + evidence.unparsedText() + ")" : "")
                    + ".";
        }
        List<ClientDiagnosis> flagged =
                clients.stream().filter(ClientDiagnosis::ignoresRetryAfter).toList();
        StringBuilder out = new StringBuilder();
        if (flagged.isEmpty()) {
            long early =
                    clients.stream().mapToLong(ClientDiagnosis::earlyRetries).sum();
            out.append("No client ignored Retry-After");
            out.append(early == 0 ? "" : " (" + count(early) + " retries came early in all)");
        } else {
            long early = 0;
            long after = 0;
            long sent = 0;
            long accepted = 0;
            long allAccepted = 0;
            long[] medians = new long[flagged.size()];
            int m = 0;
            for (ClientDiagnosis c : flagged) {
                early += c.earlyRetries();
                after += c.retriesAfterRetryAfter();
                sent += c.requests();
                accepted += c.accepted();
                medians[m++] = c.medianEarlyMillis();
            }
            for (ClientDiagnosis c : clients) {
                allAccepted += c.accepted();
            }
            Arrays.sort(medians);
            out.append(flagged.size())
                    .append(" of ")
                    .append(clients.size())
                    .append(" clients ignored Retry-After: ")
                    .append(count(early))
                    .append(" of ")
                    .append(count(after))
                    .append(" of their retries after a Retry-After came early (median ")
                    .append(seconds(medians[medians.length / 2]))
                    .append(" early); they sent ")
                    .append(percent((double) sent / requests))
                    .append(" of all requests and got ")
                    .append(allAccepted == 0 ? "none" : percent((double) accepted / allAccepted))
                    .append(" of the accepted answers");
        }
        out.append("; ")
                .append(count(throttled))
                .append(" of ")
                .append(count(requests))
                .append(" requests were throttled; amplification ")
                .append(String.format(Locale.ROOT, "%.2f", amplification))
                .append("×");
        if (throttling.wouldReject() >= 1) {
            out.append("; client-side throttling would have kept about ")
                    .append(count(Math.round(throttling.wouldReject())))
                    .append(" requests off the wire");
        }
        if (whatIf.ran()) {
            // DG14: the replay by clients that follow the rules, beside what happened.
            out.append("; honouring Retry-After with full jitter would have sent ")
                    .append(count(whatIf.requests()))
                    .append(" requests instead of ")
                    .append(count(requests))
                    .append(" and completed ")
                    .append(percent(whatIf.completedShare()))
                    .append(" of the logical requests instead of ")
                    .append(percent(whatIf.realCompletedShare()));
        }
        out.append('.');
        if (evidence.unparsed() > 0) {
            out.append(" Partial: ").append(evidence.unparsedText()).append('.');
        }
        return out.toString();
    }

    static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    static String percent(double share) {
        return String.format(Locale.ROOT, share < 0.1 && share > 0 ? "%.1f%%" : "%.0f%%", share * 100);
    }

    static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.2f s", millis / 1000.0);
    }

    static String ratio(double value) {
        return String.format(Locale.ROOT, "%.1f×", value);
    }

    /** The last failed answer of a logical request that may still be retried. */
    private static final class Pending {
        int attempts = 1;
        long lastEnd;
        int retryAfterMillis = -1;
    }

    /** Pending requests a client may hold before the ones past DG2's window are dropped. */
    private static final int MIN_SWEEP = 1024;

    /** One client's running counts. */
    private static final class Tally {
        final String client;
        final Map<Long, Pending> pending = new HashMap<>();
        /** When the pending map holds this many, the ones no later request can retry are dropped. */
        int sweepAt = MIN_SWEEP;

        final SortedMap<Integer, Long> status = new TreeMap<>();
        final EarlyAmounts early = new EarlyAmounts();
        /**
         * DG7's last two minutes of this client's requests, oldest first: a ring of {@code start << 1 | accepted},
         * 8 bytes a request instead of a boxed pair's 40, for a busy client holds every request of two minutes.
         */
        long[] history = new long[16];

        int historyFirst;
        int historySize;
        long requests;
        long logical;
        long retries;
        long retriesAfterRetryAfter;
        long throttled;
        long accepted;
        long historyAccepted;
        double wouldReject;

        Tally(String client) {
            this.client = client;
        }

        /**
         * Drops the pending requests whose last answer came before {@code before}: requests come in order of start,
         * so none can be retried any more (DG2's window has passed); each is counted as a logical request that ended
         * on a failure, as at the end of the evidence. Returns how many were dropped.
         */
        long dropDecided(long before, SortedMap<Integer, Long> attempts) {
            long dropped = 0;
            for (java.util.Iterator<Pending> it = pending.values().iterator(); it.hasNext(); ) {
                Pending p = it.next();
                if (p.lastEnd < before) {
                    attempts.merge(p.attempts, 1L, Long::sum);
                    it.remove();
                    dropped++;
                }
            }
            // Twice what is left: the sweeps cost O(1) a request, however many stay within the window.
            sweepAt = Math.max(MIN_SWEEP, 2 * pending.size());
            return dropped;
        }

        /** DG7: before this request, the reject probability max(0, (requests − K·accepts) / (requests + 1)). */
        void throttle(long start, boolean accept) {
            while (historySize > 0 && history[historyFirst] >> 1 < start - THROTTLING_HISTORY_MILLIS) {
                historyAccepted -= history[historyFirst] & 1;
                historyFirst = (historyFirst + 1) % history.length;
                historySize--;
            }
            double req = historySize;
            wouldReject += Math.max(0, (req - THROTTLING_K * historyAccepted) / (req + 1));
            if (historySize == history.length) {
                long[] grown = new long[history.length * 2];
                for (int k = 0; k < historySize; k++) {
                    grown[k] = history[(historyFirst + k) % history.length];
                }
                history = grown;
                historyFirst = 0;
            }
            history[(historyFirst + historySize) % history.length] = start << 1 | (accept ? 1 : 0);
            historySize++;
            historyAccepted += accept ? 1 : 0;
        }

        ClientDiagnosis result() {
            long earlyCount = early.size();
            // DG3: mostly early, over enough retries to judge.
            boolean ignores = retriesAfterRetryAfter >= IGNORING_MIN_RETRIES
                    && earlyCount > IGNORING_SHARE * retriesAfterRetryAfter;
            return new ClientDiagnosis(
                    client,
                    requests,
                    logical,
                    retries,
                    retriesAfterRetryAfter,
                    earlyCount,
                    early.median(),
                    ignores,
                    status,
                    throttled,
                    accepted,
                    requests == 0 ? 0 : (double) retries / requests,
                    wouldReject);
        }
    }

    /** How early each early retry was, in ms, for the median. */
    private static final class EarlyAmounts {
        private long[] values = new long[16];
        private int size;

        void add(long millis) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = millis;
        }

        int size() {
            return size;
        }

        long median() {
            if (size == 0) {
                return 0;
            }
            long[] sorted = Arrays.copyOf(values, size);
            Arrays.sort(sorted);
            return sorted[size / 2];
        }
    }
}
