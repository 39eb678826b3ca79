package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The what-if replay (DG14, DG15), judged by what is known of the storm and by the diagnosis itself: the replay's own
 * attempts, read back as evidence, must show no early retry and no more attempts than the budget allows.
 */
class WhatIfReplayTest {

    private static final long T0 = 1_764_583_200_000L; // 2025-12-01T10:00:00Z
    private static final Diagnosis.EvidenceSummary NOTHING_UNPARSED =
            new Diagnosis.EvidenceSummary(List.of(), 0, List.of(), 0, 0);
    private static final String NGINX_FORMAT = "$remote_addr [$time_local] $msec $request_time \"$request\" $status"
            + " \"$sent_http_retry_after\" \"$http_x_client_id\" \"$http_authorization\"";

    /**
     * A storm whose truth is known because it is made here: a server with a quota of 5 a second answers 429 with
     * Retry-After: 1; 20 clients each start one logical request at the same instant, every second for 10 s, and retry
     * every 200 ms, ignoring Retry-After, until they get through.
     */
    private static AttemptTable eagerStorm(int quota) {
        AttemptTable table = new AttemptTable();
        long[] accepted = new long[quota];
        int next = 0;
        long count = 0;
        long[] seq = {0};
        // {client, logical, at, order}: in order of time, then of sending
        java.util.PriorityQueue<long[]> pending = new java.util.PriorityQueue<>(
                java.util.Comparator.<long[]>comparingLong(a -> a[2]).thenComparingLong(a -> a[3]));
        for (int second = 0; second < 10; second++) {
            for (int c = 0; c < 20; c++) {
                pending.add(new long[] {c, second, second * 1000L, seq[0]++});
            }
        }
        List<ObservedRequest> out = new ArrayList<>();
        while (!pending.isEmpty()) {
            long[] r = pending.poll();
            boolean through = count < quota || r[2] - accepted[next] >= 1000;
            if (through) {
                accepted[next] = r[2];
                next = (next + 1) % quota;
                count++;
            } else {
                pending.add(new long[] {r[0], r[1], r[2] + 200, seq[0]++});
            }
            out.add(new ObservedRequest(
                    T0 + r[2],
                    0,
                    "client-" + r[0],
                    "GET",
                    "/item/" + r[1],
                    through ? 200 : 429,
                    through ? null : "1",
                    null,
                    null));
        }
        for (ObservedRequest o : out) {
            table.add(o, o.client());
        }
        return table;
    }

    /** The replay's attempts as evidence of their own: one client per logical request, so nothing merges. */
    private static Diagnosis judge(List<WhatIfReplay.Attempt> attempts) {
        AttemptTable table = new AttemptTable();
        for (WhatIfReplay.Attempt a : attempts) {
            table.add(
                    new ObservedRequest(
                            a.startMillis(),
                            0,
                            "logical-" + a.logicalRequest(),
                            "GET",
                            "/",
                            a.status(),
                            a.retryAfterSeconds() < 0 ? null : Long.toString(a.retryAfterSeconds()),
                            null,
                            null),
                    "logical-" + a.logicalRequest());
        }
        return StormAnalysis.analyse(table, DiagnosisOptions.DEFAULTS.withWhatIf(1, 1), NOTHING_UNPARSED);
    }

    @Test
    @DisplayName("DG14: on a storm of clients that ignore Retry-After, the replay honours it: none of its retries is"
            + " early, none sends more than B1's 3 attempts, and it sends fewer requests")
    void theReplayHonoursRetryAfterWithinTheBudget() {
        List<WhatIfReplay.Attempt> attempts = new ArrayList<>();
        Diagnosis real =
                StormAnalysis.analyse(eagerStorm(5), DiagnosisOptions.DEFAULTS, NOTHING_UNPARSED, attempts::add);

        assertThat(real.clients())
                .filteredOn(c -> c.retries() > 0)
                .hasSize(15)
                .allMatch(Diagnosis.ClientDiagnosis::ignoresRetryAfter);
        Diagnosis.WhatIf w = real.whatIf();
        assertThat(w.ran()).isTrue();
        assertThat(w.quotaPerSecond()).as("the truth: 5 a second").isEqualTo(5);
        assertThat(w.quotaEstimated()).isTrue();
        assertThat(w.retryAfterSeconds()).isEqualTo(1);
        assertThat(w.logicalRequests()).isEqualTo(200);
        assertThat(w.requests()).isEqualTo(attempts.size()).isLessThan(real.requests());
        assertThat(w.completed() + w.gaveUp())
                .as("every logical request ends once")
                .isEqualTo(200);
        assertThat(w.realCompletedShare())
                .as("the eager clients kept on until they got through")
                .isEqualTo(1.0);
        assertThat(w.arrivals().stream().mapToInt(Integer::intValue).sum()).isEqualTo(w.requests());
        assertThat(w.throttled().stream().mapToInt(Integer::intValue).sum())
                .isEqualTo(attempts.stream().filter(a -> a.status() == 429).count());

        Diagnosis replay = judge(attempts);
        assertThat(replay.clients()).allSatisfy(c -> {
            assertThat(c.earlyRetries()).as(c.client() + " early").isZero();
            assertThat(c.requests()).as(c.client() + " attempts, B1").isLessThanOrEqualTo(3);
        });
        assertThat(replay.logicalRequests()).isEqualTo(200);
        assertThat(real.verdict())
                .contains("honouring Retry-After with full jitter would have sent " + StormAnalysis.count(w.requests())
                        + " requests instead of " + StormAnalysis.count(real.requests()));
        assertThat(real.findings()).anyMatch(f -> f.rule().equals("DG14"));
    }

    @Test
    @DisplayName("DG15: the replay's server never lets more than its quota through in any one second")
    void theServerKeepsToItsQuota() {
        List<WhatIfReplay.Attempt> attempts = new ArrayList<>();
        StormAnalysis.analyse(eagerStorm(5), DiagnosisOptions.DEFAULTS, NOTHING_UNPARSED, attempts::add);
        List<Long> through = attempts.stream()
                .filter(a -> a.status() == 200)
                .map(WhatIfReplay.Attempt::startMillis)
                .sorted()
                .toList();
        assertThat(through).hasSizeGreaterThan(5);
        for (int i = 5; i < through.size(); i++) {
            assertThat(through.get(i) - through.get(i - 5))
                    .as("6 accepted within one second")
                    .isGreaterThanOrEqualTo(1000);
        }
    }

    @Test
    @DisplayName("DG14: the same evidence and seed give the same replay; another seed draws other jitter")
    void theSeedDecidesTheReplay() {
        List<WhatIfReplay.Attempt> first = new ArrayList<>();
        List<WhatIfReplay.Attempt> again = new ArrayList<>();
        List<WhatIfReplay.Attempt> other = new ArrayList<>();
        StormAnalysis.analyse(eagerStorm(5), DiagnosisOptions.DEFAULTS, NOTHING_UNPARSED, first::add);
        StormAnalysis.analyse(eagerStorm(5), DiagnosisOptions.DEFAULTS, NOTHING_UNPARSED, again::add);
        StormAnalysis.analyse(eagerStorm(5), DiagnosisOptions.DEFAULTS.withWhatIf(7, 0), NOTHING_UNPARSED, other::add);
        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }

    @Test
    @DisplayName("DG15: a quota given replaces the estimate")
    void aGivenQuotaReplacesTheEstimate() {
        Diagnosis d =
                StormAnalysis.analyse(eagerStorm(5), DiagnosisOptions.DEFAULTS.withWhatIf(2015, 50), NOTHING_UNPARSED);
        assertThat(d.whatIf().quotaPerSecond()).isEqualTo(50);
        assertThat(d.whatIf().quotaEstimated()).isFalse();
        assertThat(d.whatIf().requests())
                .as("20 a second fit a quota of 50: nothing is retried")
                .isEqualTo(200);
        assertThat(d.whatIf().completedShare()).isEqualTo(1.0);
    }

    @Test
    @DisplayName("DG14 DG15: the what-if's finding calls the quota estimated only when none was given")
    void theFindingSaysWhetherTheQuotaWasEstimated() {
        Diagnosis given =
                StormAnalysis.analyse(eagerStorm(5), DiagnosisOptions.DEFAULTS.withWhatIf(2015, 50), NOTHING_UNPARSED);
        Diagnosis estimated = StormAnalysis.analyse(eagerStorm(5), DiagnosisOptions.DEFAULTS, NOTHING_UNPARSED);

        assertThat(whatIfText(given))
                .contains(" against a quota of 50/s, would have")
                .doesNotContain("estimated");
        assertThat(whatIfText(estimated))
                .contains(" against a quota of " + estimated.whatIf().quotaPerSecond() + "/s (estimated, DG15),");
    }

    private static String whatIfText(Diagnosis d) {
        return d.findings().stream()
                .filter(f -> f.rule().equals("DG14"))
                .findFirst()
                .orElseThrow()
                .text();
    }

    @Test
    @DisplayName("DG15 B3: when the throttled answers carried no Retry-After, the replay's clients back off with full"
            + " jitter: retry n within [0, 500 ms × 2^(n-1)] of the answer")
    void withoutRetryAfterTheClientsBackOffWithFullJitter() {
        AttemptTable table = new AttemptTable();
        // nginx limit_req's default: 503 without Retry-After, named as throttling (DG9); 1 a second gets through.
        for (int c = 0; c < 30; c++) {
            table.add(new ObservedRequest(T0, -1, "c" + c, "GET", "/x", c == 0 ? 200 : 503, null, null, null), "c" + c);
        }
        List<WhatIfReplay.Attempt> attempts = new ArrayList<>();
        Diagnosis d = StormAnalysis.analyse(
                table,
                new DiagnosisOptions(
                        DiagnosisOptions.DEFAULT_TOLERANCE, Set.of(503), DiagnosisOptions.DEFAULT_RETRY_WINDOW),
                NOTHING_UNPARSED,
                attempts::add);
        assertThat(d.whatIf().retryAfterSeconds()).isEqualTo(-1);
        assertThat(d.whatIf().quotaPerSecond()).isEqualTo(1);
        Map<Long, List<Long>> byLogical = attempts.stream()
                .collect(Collectors.groupingBy(
                        WhatIfReplay.Attempt::logicalRequest,
                        HashMap::new,
                        Collectors.mapping(WhatIfReplay.Attempt::startMillis, Collectors.toList())));
        long retries = 0;
        for (List<Long> starts : byLogical.values()) {
            assertThat(starts).hasSizeLessThanOrEqualTo(3);
            for (int n = 1; n < starts.size(); n++) {
                long gap = starts.get(n) - starts.get(n - 1);
                assertThat(gap).as("retry " + n).isBetween(0L, 500L << (n - 1));
                retries++;
            }
        }
        assertThat(retries).isGreaterThan(20);
    }

    @Test
    @DisplayName("DG14 DG15: on the access log a real nginx wrote (limit_req 2r/s, Retry-After: 1), the quota is the"
            + " truth and the replay sends fewer requests, none early")
    void theRealNginxLogReplayed() throws Exception {
        Path log = Path.of(
                getClass().getResource("/diagnose/nginx/storm-access.log").toURI());
        DiagnoseRequest request = new DiagnoseRequest(
                List.of(log), InputFormat.NGINX, NGINX_FORMAT, null, "$http_x_client_id", DiagnosisOptions.DEFAULTS);
        Diagnosis d = new DiagnoseService().diagnose(request, p -> {}, () -> false);
        Diagnosis.WhatIf w = d.whatIf();
        assertThat(w.quotaPerSecond()).as("nginx's rate=2r/s").isEqualTo(2);
        assertThat(w.retryAfterSeconds()).isEqualTo(1);
        assertThat(w.logicalRequests()).isEqualTo(d.logicalRequests());
        assertThat(w.requests()).isLessThan(d.requests()).isGreaterThanOrEqualTo(d.logicalRequests());
        assertThat(w.amplification()).isLessThan(d.amplification()).isLessThanOrEqualTo(3.0);
        System.out.printf(
                "what-if on the real nginx storm: %d requests instead of %d, amplification %.2f× instead"
                        + " of %.2f×, completed %.0f%% instead of %.0f%%%n",
                w.requests(),
                d.requests(),
                w.amplification(),
                d.amplification(),
                w.completedShare() * 100,
                w.realCompletedShare() * 100);
    }
}
