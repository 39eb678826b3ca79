package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.diagnose.Diagnosis.ClientDiagnosis;
import dev.stormwatch.diagnose.Diagnosis.Finding;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The analysis at its bounds: the exact findings of a storm (and none of a calm one), the tolerance and the window
 * at their edges, the spans that are still counted per second and per 100 ms, the verdict's words and the what-if
 * server's medians.
 */
class StormAnalysisEdgesTest {

    private static final long T0 = Instant.parse("2026-12-01T10:00:00Z").toEpochMilli();
    private static final Diagnosis.EvidenceSummary NOTHING_UNPARSED =
            new Diagnosis.EvidenceSummary(List.of(), 0, List.of(), 0, 0);

    private final AttemptTable table = new AttemptTable();

    private void request(String client, long at, long duration, String uri, int status, String retryAfter) {
        table.add(new ObservedRequest(T0 + at, duration, client, "GET", uri, status, retryAfter, null, null), client);
    }

    private void request(String client, long at, String uri, int status, String retryAfter) {
        request(client, at, -1, uri, status, retryAfter);
    }

    private Diagnosis diagnose() {
        return StormAnalysis.analyse(table, DiagnosisOptions.DEFAULTS, NOTHING_UNPARSED);
    }

    /** Every finding but the what-if's (DG14), which each diagnosis that replays has, as one line each. */
    private static List<String> findings(Diagnosis d) {
        return d.findings().stream()
                .filter(f -> !f.rule().equals("DG14"))
                .map(f -> f.rule() + (f.client() == null ? "" : " [" + f.client() + "]") + " " + f.text())
                .toList();
    }

    private static ClientDiagnosis client(Diagnosis d, String name) {
        return d.clients().stream()
                .filter(c -> c.client().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    @DisplayName("DG3 DG4 DG6 DG7: a calm run of successes gives no finding at all and a verdict that says so")
    void aCalmRunHasNoFinding() {
        for (int k = 0; k < 20; k++) {
            request("c" + k % 2, k * 50L, "/r" + k, 200, null);
        }
        Diagnosis d = diagnose();
        assertThat(d.findings()).extracting(Finding::rule).containsExactly("DG14");
        assertThat(d.verdict())
                .isEqualTo("No client ignored Retry-After; 0 of 20 requests were throttled; amplification 1.00×"
                        + "; honouring Retry-After with full jitter would have sent 20 requests instead of 20 and"
                        + " completed 100% of the logical requests instead of 100%.");
        assertThat(d.partial()).isFalse();
        assertThat(d.synchronisation().maxClientsRetryingAt()).isNull();
    }

    @Test
    @DisplayName("DG8 RA6 RA1: each Retry-After anomaly gives its finding with its count, and nothing else does")
    void eachAnomalyItsFinding() {
        request("a", 0, "/none", 429, null);
        request("a", 10, "/none503", 503, null);
        request("a", 20, "/ok", 200, null);
        request("a", 30, "/millis", 429, "1234");
        request("a", 40, "/minutes", 429, "1200");
        request("a", 50, "/fraction", 429, "1.5");
        request("a", 60, "/ignored", 200, "5");
        request("a", 70, "/other", 404, null);
        table.add(
                new ObservedRequest(
                        T0 + 80,
                        -1,
                        "a",
                        "GET",
                        "/past",
                        503,
                        "Tue, 01 Dec 2026 09:00:00 GMT",
                        "Tue, 01 Dec 2026 10:00:00 GMT",
                        null),
                "a");
        Diagnosis d = diagnose();
        assertThat(findings(d))
                .filteredOn(f -> !f.startsWith("DG2") && !f.startsWith("DG7"))
                .containsExactly(
                        "DG8 2 answers with 429 or 503 carried no Retry-After (or it was not logged): clients could"
                                + " only guess when to come back",
                        "DG8 1 Retry-After values of 1000 s or more that are not whole minutes: probably milliseconds"
                                + " written where seconds belong",
                        "RA6 1 Retry-After HTTP-dates lay in the past relative to their response's Date: they count"
                                + " as absent",
                        "RA6 1 Retry-After values were invalid (fractional, negative, text or several): they count as"
                                + " absent",
                        "RA1 1 answers carried Retry-After on a status other than 429 and 503, where clients ignore"
                                + " it");
    }

    @Test
    @DisplayName("DG8: a Retry-After that changed by more than a second beyond the time that passed is counted; one"
            + " that changed by exactly a second is not; a wait of 0 is a wait")
    void retryAfterChanges() {
        // x: asked for 5 s, then 1 s later for 3 s: 1 s less than expected, not a change.
        request("x", 0, "/x", 429, "5");
        request("x", 1_000, "/x", 429, "3");
        // y: asked for 5 s, then 1 s later for 0 s: 4 s less, a change.
        request("y", 0, "/y", 429, "5");
        request("y", 1_000, "/y", 429, "0");
        // z: asked for 0 s, then 1 s later for 5 s: 5 s more than the nothing left, a change.
        request("z", 0, "/z", 429, "0");
        request("z", 1_000, "/z", 429, "5");
        // w: asked for 5 s, then 1 s later for the 4 s left: no change.
        request("w", 0, "/w", 429, "5");
        request("w", 1_000, "/w", 429, "4");
        Diagnosis d = diagnose();
        assertThat(findings(d))
                .contains("DG8 2 times the Retry-After of a retried request changed by more than the time that had"
                        + " passed");
        // DG1: z's retry came 1 s after a wait of 0: on time, and it followed a Retry-After.
        assertThat(client(d, "z").retriesAfterRetryAfter()).isEqualTo(1);
        assertThat(client(d, "z").earlyRetries()).isZero();
        assertThat(client(d, "x").earlyRetries()).isEqualTo(1);
    }

    @Test
    @DisplayName("DG2: a request exactly the window after a failed answer, or as early as the tolerance allows before"
            + " it arrived, is its retry; a millisecond more is a new logical request")
    void theWindowAndTheToleranceAtTheirEdges() {
        long window = DiagnosisOptions.DEFAULT_RETRY_WINDOW.toMillis();
        request("w", 0, "/w", 503, null);
        request("w", window, "/w", 200, null);
        request("t", 0, 500, "/t", 503, null); // its answer arrives at 500
        request("t", 400, "/t", 200, null);
        request("u", 0, 500, "/u", 503, null);
        request("u", 399, "/u", 200, null);
        Diagnosis d = diagnose();
        assertThat(client(d, "w").retries()).isEqualTo(1);
        assertThat(client(d, "t").retries()).isEqualTo(1);
        assertThat(client(d, "u").retries()).isZero();
        assertThat(client(d, "u").logicalRequests()).isEqualTo(2);
    }

    @Test
    @DisplayName("DG20: a client holding more failed requests than a sweep keeps still gets the retries of those"
            + " within the window")
    void aSweepKeepsWhatTheWindowHolds() {
        for (int k = 0; k < 1_100; k++) {
            request("c", k, "/u" + k, 503, null);
        }
        request("c", 2_000, "/u0", 200, null);
        Diagnosis d = diagnose();
        assertThat(d.logicalRequests()).isEqualTo(1_100);
        assertThat(client(d, "c").retries()).isEqualTo(1);
        assertThat(d.attempts()).containsEntry(2, 1L).containsEntry(1, 1_099L);
    }

    @Test
    @DisplayName("DG3 DG5: the verdict on clients that ignore Retry-After sums their early retries, their share of"
            + " the requests and of the accepted answers")
    void theVerdictOnFlaggedClients() {
        for (String c : List.of("e1", "e2")) {
            for (int k = 0; k < 4; k++) {
                request(c, k * 10L, "/" + c, 429, "1");
            }
            request(c, 40, "/" + c, 200, null);
        }
        request("calm", 0, "/calm", 200, null);
        request("calm", 10, "/calm2", 200, null);
        Diagnosis d = StormAnalysis.analyse(table, DiagnosisOptions.DEFAULTS.withWhatIf(1, 100), NOTHING_UNPARSED);
        // Each flagged client: 4 retries after a Retry-After of 1 s, all early (by 990, 990, 990 and 980 ms).
        assertThat(d.verdict())
                .startsWith("2 of 3 clients ignored Retry-After: 8 of 8 of their retries after a Retry-After came"
                        + " early (median 0.99 s early); they sent 83% of all requests and got 50% of the accepted"
                        + " answers; 8 of 12 requests were throttled; amplification 3.00×");
        assertThat(findings(d))
                .contains(
                        "DG3 [e1] ignores Retry-After: 4 of 4 retries after a Retry-After came early (median 0.99 s"
                                + " early)",
                        "DG6 [e1] retries are 80% of its requests; the SRE per-client retry budget is 10%");
    }

    @Test
    @DisplayName("DG6: retries of exactly a tenth of a client's requests keep within the budget")
    void exactlyATenthIsWithinTheBudget() {
        for (int k = 0; k < 8; k++) {
            request("c", k * 10L, "/r" + k, 200, null);
        }
        request("c", 100, "/x", 503, null);
        request("c", 200, "/x", 200, null);
        Diagnosis d = diagnose();
        assertThat(client(d, "c").retryRatio()).isEqualTo(0.1);
        assertThat(d.findings()).extracting(Finding::rule).doesNotContain("DG6");
    }

    @Test
    @DisplayName("DG1 RA3: early retries of a client that is not flagged are named with the rule they break")
    void earlyButNotFlagged() {
        request("c", 0, "/a", 429, "1");
        request("c", 500, "/a", 200, null);
        Diagnosis d = diagnose();
        assertThat(findings(d))
                .contains("RA3 [c] 1 of 1 retries after a Retry-After came before it allowed (median 0.50 s early)");
        assertThat(d.verdict()).startsWith("No client ignored Retry-After (1 retries came early in all); 1 of 2");
    }

    @Test
    @DisplayName("DG7: throttling that would have kept exactly one request off the wire is a finding and in the"
            + " verdict")
    void exactlyOneRequestKeptOff() {
        // Each client: before its first request 0, before its second (1 - 0) / 2: one in all.
        request("a", 0, "/a", 429, null);
        request("a", 10, "/b", 200, null);
        request("b", 0, "/a", 429, null);
        request("b", 10, "/b", 200, null);
        Diagnosis d = diagnose();
        assertThat(d.throttling().wouldReject()).isEqualTo(1.0);
        assertThat(findings(d))
                .contains("DG7 client-side adaptive throttling (K = 2) on the same arrivals would have kept about 1"
                        + " of 4 requests (25%) off the wire");
        assertThat(d.verdict()).contains("; client-side throttling would have kept about 1 requests off the wire");
    }

    @Test
    @DisplayName("DG7: requests, accepts and the two-minute history past its first 16 requests and after old ones"
            + " expire give the SRE book's sum, request by request")
    void throttlingHistoryExpiresAndGrows() {
        // Ten requests a second apart; thirty from 125 s (the first five have left the two minutes when they start,
        // so the history's ring has moved on before it grows past 16); ten from 250.5 s, 3 s apart, before each of
        // which the oldest few of the thirty leave, in order; then one when all have left.
        List<long[]> sent = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            sent.add(new long[] {i * 1_000L, i % 3 == 0 ? 200 : 429});
        }
        for (int i = 0; i < 30; i++) {
            sent.add(new long[] {125_000L + i * 1_000L, i % 4 == 0 ? 200 : i % 4 == 1 ? 0 : 429});
        }
        for (int i = 0; i < 10; i++) {
            sent.add(new long[] {250_500L + i * 3_000L, 429});
        }
        sent.add(new long[] {600_000L, 429});
        double expected = 0;
        for (int r = 0; r < sent.size(); r++) {
            long at = sent.get(r)[0];
            request("a", at, "/r" + r, (int) sent.get(r)[1], null);
            int requests = 0;
            int accepts = 0;
            for (int before = 0; before < r; before++) {
                if (sent.get(before)[0] >= at - StormAnalysis.THROTTLING_HISTORY_MILLIS) {
                    requests++;
                    accepts += sent.get(before)[1] == 200 ? 1 : 0;
                }
            }
            expected += Math.max(0, (requests - StormAnalysis.THROTTLING_K * accepts) / (requests + 1.0));
        }
        assertThat(expected).as("the model itself is not trivial").isGreaterThan(5);
        assertThat(diagnose().throttling().wouldReject())
                .isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-9));
    }

    /** One logical request each, answered 429 with Retry-After 2 s and retried {@code earlyMillis} too soon. */
    private void earlyRetries(String client, long from, long... earlyMillis) {
        for (int i = 0; i < earlyMillis.length; i++) {
            long at = from + i * 10_000L;
            request(client, at, "/" + client + i, 429, "2");
            request(client, at + 2_000 - earlyMillis[i], "/" + client + i, 200, null);
        }
    }

    @Test
    @DisplayName("DG1 DG3: a client's median early amount is the middle of its early retries in order, past sixteen"
            + " and whatever order they came in")
    void medianEarlyAmountOfManyRetries() {
        long[] amounts = new long[20];
        for (int i = 0; i < amounts.length; i++) {
            amounts[i] = 1_900 - 90L * i;
        }
        earlyRetries("a", 0, amounts);
        ClientDiagnosis a = client(diagnose(), "a");
        assertThat(a.earlyRetries()).isEqualTo(20);
        // In order: 190, 280, ..., 1,900; the middle of twenty (the eleventh) is 190 + 10 × 90.
        assertThat(a.medianEarlyMillis()).isEqualTo(1_090);
    }

    @Test
    @DisplayName("DG3: the verdict gives the median of the flagged clients' medians, in order of amount")
    void verdictTakesTheMedianOfTheMedians() {
        earlyRetries("a", 0, 500, 500, 500, 500, 500);
        earlyRetries("b", 0, 1_500, 1_500, 1_500, 1_500, 1_500, 1_500);
        earlyRetries("c", 0, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000);
        Diagnosis d = diagnose();
        assertThat(d.clients()).extracting(ClientDiagnosis::ignoresRetryAfter).containsOnly(true);
        assertThat(d.verdict())
                .startsWith("3 of 3 clients ignored Retry-After: 18 of 18 of their retries after a Retry-After came"
                        + " early (median " + StormAnalysis.seconds(1_000) + " early)");
    }

    @Test
    @DisplayName("DG4: two clients retrying within one 100 ms is a finding, the first such slot is named, and one"
            + " client alone is not")
    void twoClientsInOneSlot() {
        for (String c : List.of("a", "b")) {
            request(c, 0, "/x", 503, null);
            request(c, 1_010, "/x", 503, null);
            request(c, 2_020, "/x", 200, null);
        }
        Diagnosis d = diagnose();
        assertThat(d.synchronisation().maxClientsRetryingIn100ms()).isEqualTo(2);
        assertThat(d.synchronisation().maxClientsRetryingAt()).isEqualTo(Instant.ofEpochMilli(T0 + 1_000));
        // Seconds 0, 1 and 2 hold 2 requests each: the first is the busiest.
        assertThat(d.synchronisation().peakSecondStart()).isEqualTo(Instant.ofEpochMilli(T0));
        assertThat(findings(d))
                .contains("DG4 2 distinct clients retried within the same 100 ms (at "
                        + Instant.ofEpochMilli(T0 + 1_000) + "); the busiest second had 2 requests, 1.0× the mean");

        AttemptTable alone = new AttemptTable();
        alone.add(new ObservedRequest(T0, -1, "a", "GET", "/x", 503, null, null, null), "a");
        alone.add(new ObservedRequest(T0 + 500, -1, "a", "GET", "/x", 200, null, null, null), "a");
        Diagnosis one = StormAnalysis.analyse(alone, DiagnosisOptions.DEFAULTS, NOTHING_UNPARSED);
        assertThat(one.synchronisation().maxClientsRetryingIn100ms()).isEqualTo(1);
        assertThat(one.findings()).extracting(Finding::rule).doesNotContain("DG4");
    }

    @Test
    @DisplayName("DG4 DG14: a span of exactly 31 days is still counted per second and replayed; a millisecond more"
            + " is not; 2 days is still counted per 100 ms")
    void theLongestSpansCounted() {
        long day = 86_400_000L;
        request("c", 0, "/a", 200, null);
        request("c", 2 * day, "/b", 200, null);
        Diagnosis twoDays = diagnose();
        assertThat(twoDays.synchronisation().peakPer100ms()).isEqualTo(1);
        assertThat(twoDays.synchronisation().meanPer100ms()).isEqualTo(2.0 / (2 * day / 100 + 1));

        AttemptTable longer = new AttemptTable();
        longer.add(new ObservedRequest(T0, -1, "c", "GET", "/a", 200, null, null, null), "c");
        longer.add(new ObservedRequest(T0 + 2 * day + 1, -1, "c", "GET", "/b", 200, null, null, null), "c");
        Diagnosis past = StormAnalysis.analyse(longer, DiagnosisOptions.DEFAULTS, NOTHING_UNPARSED);
        assertThat(past.synchronisation().peakPer100ms()).isZero();
        assertThat(past.synchronisation().meanPer100ms()).isZero();
        assertThat(past.synchronisation().peakPerSecond()).isEqualTo(1);

        AttemptTable month = new AttemptTable();
        month.add(new ObservedRequest(T0, -1, "c", "GET", "/a", 200, null, null, null), "c");
        month.add(new ObservedRequest(T0 + 31 * day, -1, "c", "GET", "/b", 200, null, null, null), "c");
        Diagnosis d = StormAnalysis.analyse(month, DiagnosisOptions.DEFAULTS, NOTHING_UNPARSED);
        assertThat(d.whatIf().ran()).isTrue();
        assertThat(d.synchronisation().peakPerSecond()).isEqualTo(1);
        assertThat(d.synchronisation().peakSecondStart()).isEqualTo(Instant.ofEpochMilli(T0));

        month.add(new ObservedRequest(T0 + 31 * day + 1, -1, "c", "GET", "/c", 200, null, null, null), "c");
        Diagnosis tooLong = StormAnalysis.analyse(month, DiagnosisOptions.DEFAULTS, NOTHING_UNPARSED);
        assertThat(tooLong.whatIf().ran()).isFalse();
        assertThat(tooLong.synchronisation().peakPerSecond()).isZero();
        assertThat(tooLong.synchronisation().peakSecondStart()).isNull();
        assertThat(tooLong.synchronisation().meanPerSecond()).isEqualTo(3.0 / (31 * day / 1000 + 1));
    }

    @Test
    @DisplayName("DG15: the what-if server answers after the upper median of the logged durations (a minute at"
            + " most) and asks for the median Retry-After of the throttled answers, 0 included")
    void theServersMedians() {
        request("c", 0, 100, "/a", 429, "0");
        request("c", 1_000, 300, "/b", 429, "0");
        request("c", 2_000, 70_000, "/c", 429, "2");
        request("c", 3_000, "/d", 200, null); // no duration logged: not counted
        Diagnosis d = diagnose();
        assertThat(d.whatIf().answerMillis()).isEqualTo(300);
        assertThat(d.whatIf().retryAfterSeconds()).isZero();

        AttemptTable two = new AttemptTable();
        two.add(new ObservedRequest(T0, 100, "c", "GET", "/a", 200, null, null, null), "c");
        two.add(new ObservedRequest(T0 + 10, 300, "c", "GET", "/b", 200, null, null, null), "c");
        two.add(new ObservedRequest(T0 + 20, 70_000, "c", "GET", "/c", 200, null, null, null), "c");
        two.add(new ObservedRequest(T0 + 30, 70_000, "c", "GET", "/d", 200, null, null, null), "c");
        assertThat(StormAnalysis.analyse(two, DiagnosisOptions.DEFAULTS, NOTHING_UNPARSED)
                        .whatIf()
                        .answerMillis())
                .as("the upper median, a long answer counted as a minute")
                .isEqualTo(60_000);
    }

    @Test
    @DisplayName("DG24: a 5xx that is not throttled is a failure of its bucket, a named throttle status is"
            + " throttled; the classes' bounds")
    void statusClasses() {
        request("c", 0, "/a", 500, null);
        request("c", 10, "/b", 503, null);
        Diagnosis named = StormAnalysis.analyse(
                table,
                new DiagnosisOptions(Duration.ofMillis(100), Set.of(503), Duration.ofMinutes(10)),
                NOTHING_UNPARSED);
        assertThat(named.arrivals().failed()).containsExactly(1);
        assertThat(named.arrivals().throttled()).containsExactly(1);
        assertThat(named.lanes().lanes().get(0).marks())
                .extracting(Diagnosis.Mark::offsetMillis, Diagnosis.Mark::status)
                .containsExactly(
                        org.assertj.core.api.Assertions.tuple(0L, Diagnosis.StatusClass.FAILED),
                        org.assertj.core.api.Assertions.tuple(10L, Diagnosis.StatusClass.THROTTLED));
        assertThat(StormAnalysis.statusClass(199, false)).isEqualTo(Diagnosis.StatusClass.OTHER);
        assertThat(StormAnalysis.statusClass(200, false)).isEqualTo(Diagnosis.StatusClass.SUCCEEDED);
        assertThat(StormAnalysis.statusClass(299, false)).isEqualTo(Diagnosis.StatusClass.SUCCEEDED);
        assertThat(StormAnalysis.statusClass(300, false)).isEqualTo(Diagnosis.StatusClass.OTHER);
        assertThat(StormAnalysis.statusClass(499, false)).isEqualTo(Diagnosis.StatusClass.OTHER);
        assertThat(StormAnalysis.statusClass(500, false)).isEqualTo(Diagnosis.StatusClass.FAILED);
        assertThat(StormAnalysis.statusClass(599, false)).isEqualTo(Diagnosis.StatusClass.FAILED);
        assertThat(StormAnalysis.statusClass(600, false)).isEqualTo(Diagnosis.StatusClass.OTHER);
        assertThat(StormAnalysis.statusClass(200, true)).isEqualTo(Diagnosis.StatusClass.THROTTLED);
    }

    @Test
    @DisplayName("DG23 DG3: clients are listed by early retries, then requests, then name; lanes of equal requests by"
            + " name")
    void orderOfClientsAndLanes() {
        request("b", 0, "/b1", 200, null);
        request("b", 10, "/b2", 200, null);
        request("a", 20, "/a1", 200, null);
        request("a", 30, "/a2", 200, null);
        request("big", 40, "/c1", 200, null);
        request("big", 50, "/c2", 200, null);
        request("big", 60, "/c3", 200, null);
        request("early", 70, "/e", 429, "1");
        request("early", 80, "/e", 200, null);
        Diagnosis d = diagnose();
        assertThat(d.clients()).extracting(ClientDiagnosis::client).containsExactly("early", "big", "a", "b");
        assertThat(d.lanes().lanes()).extracting(Diagnosis.Lane::client).containsExactly("big", "a", "b", "early");
    }

    @Test
    @DisplayName("DG10: nothing read, with lines that did not parse, says how many; a partial diagnosis says so at"
            + " the end of its verdict")
    void partialVerdicts() {
        Diagnosis.EvidenceSummary twoBad = new Diagnosis.EvidenceSummary(
                List.of(), 2, List.of(new Diagnosis.Unparsed("f.log", 3, "why", "text")), 0, 0);
        Diagnosis nothing = StormAnalysis.analyse(table, DiagnosisOptions.DEFAULTS, twoBad);
        assertThat(nothing.verdict())
                .isEqualTo("Nothing to diagnose: no request could be read (2 lines did not parse).");
        assertThat(nothing.partial()).isTrue();
        assertThat(findings(nothing))
                .containsExactly(
                        "DG10 2 lines did not parse and are not in these figures (first:" + " f.log line 3: why)");
        assertThat(diagnose().verdict()).isEqualTo("Nothing to diagnose: no request could be read.");

        request("c", 0, "/a", 200, null);
        Diagnosis partial = StormAnalysis.analyse(
                table, DiagnosisOptions.DEFAULTS, new Diagnosis.EvidenceSummary(List.of(), 1, List.of(), 4, 5));
        assertThat(partial.verdict()).endsWith(". Partial: 1 line did not parse.");
        assertThat(findings(partial))
                .containsExactly(
                        "DG10 1 line did not parse and are not in these figures",
                        "DG10 4 lines repeat the line before them exactly; they are counted as requests",
                        "DG10 the time steps back by more than a second 5 times in the files (a clock step or merged"
                                + " logs); requests are ordered by time");
    }

    @Test
    @DisplayName("DG6 DG13: shares under a tenth keep a decimal, others are whole; ratios keep one decimal")
    void shareAndRatioWords() {
        assertThat(StormAnalysis.percent(0)).isEqualTo("0%");
        assertThat(StormAnalysis.percent(0.001)).isEqualTo("0.1%");
        assertThat(StormAnalysis.percent(0.0999)).isEqualTo("10.0%");
        assertThat(StormAnalysis.percent(0.1)).isEqualTo("10%");
        assertThat(StormAnalysis.percent(0.5)).isEqualTo("50%");
        assertThat(StormAnalysis.ratio(2.04)).isEqualTo("2.0×");
        assertThat(StormAnalysis.seconds(1_500)).isEqualTo("1.50 s");
        assertThat(StormAnalysis.count(1_234_567)).isEqualTo("1,234,567");
    }
}
