package dev.stormwatch.diagnose;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;

/**
 * What a diagnosis found: totals, one row per client, findings naming the rule behind them, the synchronisation and
 * throttling figures, what was read and what was not, and a verdict to paste into a ticket.
 *
 * @param requests every request (attempt) read
 * @param logicalRequests requests once each retry is folded into the request it retried (DG2)
 * @param amplification requests per logical request (DG5)
 * @param from the first request's start, or null when nothing was read
 * @param to the last request's start, or null when nothing was read
 * @param status requests per status
 * @param attempts logical requests per number of attempts (DG2)
 * @param arrivals the arrivals over time, for a chart (DG12)
 * @param lanes one lane of marks per busiest client, for a chart (DG23)
 * @param whatIf the same logical requests replayed by clients that follow the spec (DG14)
 * @param partial true when some input did not parse (DG10) or the reading was cancelled
 */
public record Diagnosis(
        long requests,
        long logicalRequests,
        double amplification,
        Instant from,
        Instant to,
        SortedMap<Integer, Long> status,
        SortedMap<Integer, Long> attempts,
        List<ClientDiagnosis> clients,
        List<Finding> findings,
        Synchronisation synchronisation,
        Throttling throttling,
        Arrivals arrivals,
        Lanes lanes,
        WhatIf whatIf,
        EvidenceSummary evidence,
        String verdict,
        boolean partial) {

    public Diagnosis {
        status = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(status));
        attempts = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(attempts));
        clients = List.copyOf(clients);
        findings = List.copyOf(findings);
        Objects.requireNonNull(arrivals, "arrivals");
        Objects.requireNonNull(lanes, "lanes");
        Objects.requireNonNull(whatIf, "whatIf");
        Objects.requireNonNull(verdict, "verdict");
    }

    /**
     * A count per key as one line, in key order: {@code 200: 1,234, 429: 56}, or {@code (none)} when empty. The one
     * wording of the status and attempt counts on the command line, in the HTML report and in the Diagnose tab.
     */
    public static String countsText(SortedMap<Integer, Long> counts) {
        StringBuilder out = new StringBuilder();
        counts.forEach((k, v) ->
                out.append(out.length() == 0 ? "" : ", ").append(k).append(": ").append(StormAnalysis.count(v)));
        return out.length() == 0 ? "(none)" : out.toString();
    }

    /**
     * Answers that were throttled (DG9, DG16: a throttle status or a throttle mark), over every client: the one count
     * the command line, the HTML report and the Diagnose tab show beside each lab run (DG17).
     */
    public long throttled() {
        long throttled = 0;
        for (ClientDiagnosis c : clients) {
            throttled += c.throttled();
        }
        return throttled;
    }

    /**
     * One client's behaviour.
     *
     * @param retriesAfterRetryAfter retries whose previous answer carried a usable Retry-After: the ones that can be
     *     early (DG1)
     * @param medianEarlyMillis how early the median early retry was, or 0 without early retries
     * @param ignoresRetryAfter DG3
     * @param accepted answers that were not throttled (DG9) nor failures
     * @param retryRatio retries per request, against the 10% SRE retry budget (DG6)
     * @param throttlingWouldReject the requests that client-side adaptive throttling (K = 2) would have kept off the
     *     wire, expected value (DG7)
     */
    public record ClientDiagnosis(
            String client,
            long requests,
            long logicalRequests,
            long retries,
            long retriesAfterRetryAfter,
            long earlyRetries,
            long medianEarlyMillis,
            boolean ignoresRetryAfter,
            SortedMap<Integer, Long> status,
            long throttled,
            long accepted,
            double retryRatio,
            double throttlingWouldReject) {
        public ClientDiagnosis {
            status = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(status));
        }

        /**
         * How early the median early retry was, for people, as the verdict writes it ({@code 1.98 s}); a dash
         * without early retries.
         */
        public String medianEarlyText() {
            return earlyRetries == 0 ? "-" : StormAnalysis.seconds(medianEarlyMillis);
        }
    }

    /**
     * A finding, with the rule of the spec that makes it one.
     *
     * @param client the client it is about, or null when it is about the whole storm
     */
    public record Finding(String rule, String client, String text) {}

    /**
     * How bunched the arrivals were (DG4).
     *
     * @param peakSecondStart when the busiest second began, or null
     * @param maxClientsRetryingIn100ms the most distinct clients that retried within one 100 ms slot
     */
    public record Synchronisation(
            long peakPerSecond,
            double meanPerSecond,
            long peakPer100ms,
            double meanPer100ms,
            Instant peakSecondStart,
            int maxClientsRetryingIn100ms,
            Instant maxClientsRetryingAt) {

        /** Peak over mean per second; 0 without arrivals. */
        public double peakToMeanPerSecond() {
            return meanPerSecond == 0 ? 0 : peakPerSecond / meanPerSecond;
        }

        /** Peak over mean per 100 ms; 0 without arrivals. */
        public double peakToMeanPer100ms() {
            return meanPer100ms == 0 ? 0 : peakPer100ms / meanPer100ms;
        }
    }

    /**
     * Client-side adaptive throttling (Google SRE book, "Handling Overload") replayed on the same arrivals (DG7).
     *
     * @param wouldReject expected requests kept off the wire, summed over clients
     */
    public record Throttling(double k, double wouldReject, long requests) {
        /** The share of all requests it would have absorbed. */
        public double share() {
            return requests == 0 ? 0 : wouldReject / requests;
        }
    }

    /** What was read (DG10). */
    public record EvidenceSummary(
            List<FileSummary> files,
            long unparsed,
            List<Unparsed> examples,
            long duplicateLines,
            long clockStepsBack,
            List<LabRun> labRuns) {
        public EvidenceSummary {
            files = List.copyOf(files);
            examples = List.copyOf(examples);
            labRuns = List.copyOf(labRuns);
        }

        /** Evidence without load reports. */
        public EvidenceSummary(
                List<FileSummary> files,
                long unparsed,
                List<Unparsed> examples,
                long duplicateLines,
                long clockStepsBack) {
            this(files, unparsed, examples, duplicateLines, clockStepsBack, List.of());
        }

        /** DG10: "1 line did not parse", "1,234 lines did not parse": the words every report uses for the count. */
        public String unparsedText() {
            return String.format(
                    java.util.Locale.ROOT, "%,d %s did not parse", unparsed, unparsed == 1 ? "line" : "lines");
        }
    }

    /**
     * DG17: a Stormwatch load report read beside the evidence: a lab run, not evidence. Its figures are the report's
     * own, from its client series per second; nothing of it is counted into the diagnosis.
     *
     * @param amplification the report's retry amplification, or NaN when the report says it is absent
     * @param amplificationAbsent why it is absent, or null
     * @param peakToMean the report's peak-to-mean after a shared Retry-After, or NaN when absent
     * @param peakToMeanAbsent why it is absent, or null
     * @param arrivalsPerSecond attempts sent in each second of the run, from its start
     */
    public record LabRun(
            String file,
            String title,
            Instant startedAt,
            long requests,
            long throttled,
            double amplification,
            String amplificationAbsent,
            double peakToMean,
            String peakToMeanAbsent,
            List<Long> arrivalsPerSecond,
            boolean completed) {
        public LabRun {
            arrivalsPerSecond = List.copyOf(arrivalsPerSecond);
        }

        /** The busiest second over the mean second of the run; 0 without arrivals. */
        public double peakToMeanPerSecond() {
            long peak = 0;
            long sum = 0;
            for (long n : arrivalsPerSecond) {
                peak = Math.max(peak, n);
                sum += n;
            }
            return sum == 0 ? 0 : peak / ((double) sum / arrivalsPerSecond.size());
        }
    }

    /** One input file: its format, the requests it gave and the lines it did not. */
    public record FileSummary(String file, String format, long requests, long unparsed, String error) {}

    /** A line that did not parse, with its redacted text. */
    public record Unparsed(String file, long line, String reason, String text) {}

    /**
     * The arrivals (request starts) over the evidence's span in equal buckets of whole seconds, for a chart (DG12).
     * Each series has one count per bucket and sums to its total over the whole evidence.
     *
     * @param from where the first bucket starts (the first request's start), or null when nothing was read
     * @param bucketMillis the width of a bucket: 1 s, or more so that there are at most {@link #MAX_BUCKETS}
     * @param requests requests that started in each bucket
     * @param throttled of those, the ones answered with a throttle status (DG9)
     * @param retries of those, the retries (DG2)
     * @param early of those, the early retries (DG1)
     * @param succeeded of those, the ones answered 2xx and not throttled (DG24)
     * @param failed of those, the ones answered 5xx and not throttled (DG24); the rest of a bucket's requests are
     *     {@link #other}
     */
    public record Arrivals(
            Instant from,
            long bucketMillis,
            List<Integer> requests,
            List<Integer> throttled,
            List<Integer> retries,
            List<Integer> early,
            List<Integer> succeeded,
            List<Integer> failed) {

        /** DG12: the most buckets a chart gets. */
        public static final int MAX_BUCKETS = 600;

        public Arrivals {
            requests = List.copyOf(requests);
            throttled = List.copyOf(throttled);
            retries = List.copyOf(retries);
            early = List.copyOf(early);
            succeeded = List.copyOf(succeeded);
            failed = List.copyOf(failed);
            if (throttled.size() != requests.size()
                    || retries.size() != requests.size()
                    || early.size() != requests.size()
                    || succeeded.size() != requests.size()
                    || failed.size() != requests.size()) {
                throw new IllegalArgumentException("every series needs one count per bucket");
            }
        }

        /**
         * DG24: the requests of bucket {@code b} that were neither throttled nor answered 2xx or 5xx (other statuses,
         * and no answer).
         */
        public int other(int b) {
            return requests.get(b) - throttled.get(b) - succeeded.get(b) - failed.get(b);
        }

        /** The busiest bucket's requests; 0 without arrivals. */
        public int peak() {
            return requests.stream().mapToInt(Integer::intValue).max().orElse(0);
        }
    }

    /** DG24: the class of an answer, for the stacked chart and the lanes' marks. */
    public enum StatusClass {
        /** 2xx and not throttled. */
        SUCCEEDED("2xx"),
        /** Throttled by DG9 or DG16, whatever the status. */
        THROTTLED("429"),
        /** 5xx and not throttled. */
        FAILED("5xx"),
        /** Any other status, or no answer. */
        OTHER("other");

        private final String label;

        StatusClass(String label) {
            this.label = label;
        }

        /** How charts name it: {@code 2xx}, {@code 429}, {@code 5xx}, {@code other}. */
        public String label() {
            return label;
        }
    }

    /**
     * DG23: the requests of the busiest clients, one lane each, for a chart.
     *
     * @param lanes at most {@link #MAX_LANES}, most requests first
     * @param moreClients clients not drawn
     * @param moreRequests their requests
     */
    public record Lanes(List<Lane> lanes, int moreClients, long moreRequests) {
        /** The most lanes drawn. */
        public static final int MAX_LANES = 8;
        /** The most marks of a lane's plain requests: beyond them, every k-th request is drawn. */
        public static final int MAX_MARKS = 500;

        public static final Lanes NONE = new Lanes(List.of(), 0, 0);

        public Lanes {
            lanes = List.copyOf(lanes);
        }
    }

    /**
     * DG23: one client's lane.
     *
     * @param requests all its requests
     * @param everyNth 1 when every request is a mark, else k: every k-th request that was not an early retry is one
     *     (the first {@link Lanes#MAX_MARKS} early retries are all marks)
     * @param marks in order of start
     */
    public record Lane(String client, long requests, int everyNth, List<Mark> marks) {
        public Lane {
            marks = List.copyOf(marks);
        }
    }

    /**
     * DG23: one request on its lane.
     *
     * @param offsetMillis its start, from the evidence's first start
     * @param early true when it was an early retry (DG1)
     */
    public record Mark(long offsetMillis, StatusClass status, boolean early) {}

    /**
     * The what-if (DG14): the evidence's logical requests sent again, each from when its first attempt really
     * started, on simulated time, by clients that honour Retry-After (RA3) and back off with full jitter without it
     * (B3) within the default budgets (B1), against a server that lets its quota through and throttles the rest
     * (DG15).
     *
     * @param ran false when there was nothing to replay (no request read, or a span too long to count per second)
     * @param requests attempts the replay sent
     * @param logicalRequests logical requests replayed: the diagnosis's own
     * @param amplification requests per logical request in the replay
     * @param completed logical requests of the replay that ended on an answer the quota let through
     * @param gaveUp logical requests of the replay whose budget stopped them (B1, RA4)
     * @param realCompleted logical requests of the evidence whose last attempt was not a failure
     * @param quotaPerSecond the replay server's quota per second (DG15)
     * @param quotaEstimated true when the quota was estimated from the evidence, false when given
     * @param retryAfterSeconds the Retry-After of the replay server's 429s, or -1 when it sent none
     * @param answerMillis how long the replay server took to answer
     * @param seed the seed of the replay's random numbers
     * @param arrivals the replay's attempts per bucket of the diagnosis's arrivals (same start and width; DG12),
     *     as many buckets as its last attempt needs
     * @param throttled of those, the ones the replay server throttled
     */
    public record WhatIf(
            boolean ran,
            long requests,
            long logicalRequests,
            double amplification,
            long completed,
            long gaveUp,
            long realCompleted,
            int quotaPerSecond,
            boolean quotaEstimated,
            long retryAfterSeconds,
            long answerMillis,
            long seed,
            List<Integer> arrivals,
            List<Integer> throttled) {

        /** Nothing replayed. */
        public static final WhatIf NONE = new WhatIf(false, 0, 0, 0, 0, 0, 0, 0, false, -1, 0, 0, List.of(), List.of());

        public WhatIf {
            arrivals = List.copyOf(arrivals);
            throttled = List.copyOf(throttled);
            if (arrivals.size() != throttled.size()) {
                throw new IllegalArgumentException("every series needs one count per bucket");
            }
        }

        /** The share of logical requests the replay completed. */
        public double completedShare() {
            return logicalRequests == 0 ? 0 : (double) completed / logicalRequests;
        }

        /** The share of logical requests the evidence shows completed. */
        public double realCompletedShare() {
            return logicalRequests == 0 ? 0 : (double) realCompleted / logicalRequests;
        }
    }
}
