package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.stormwatch.diagnose.Diagnosis.ClientDiagnosis;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class StormAnalysisTest {

    private static final long T0 = 1_764_583_200_000L; // 2025-12-01T10:00:00Z
    private static final Diagnosis.EvidenceSummary NOTHING_UNPARSED =
            new Diagnosis.EvidenceSummary(List.of(), 0, List.of(), 0, 0);

    private final AttemptTable table = new AttemptTable();

    private void request(String client, long at, String uri, int status, String retryAfter) {
        table.add(new ObservedRequest(T0 + at, -1, client, "GET", uri, status, retryAfter, null, null), client);
    }

    private Diagnosis diagnose() {
        return StormAnalysis.analyse(table, DiagnosisOptions.DEFAULTS, NOTHING_UNPARSED);
    }

    private ClientDiagnosis client(Diagnosis d, String name) {
        return d.clients().stream()
                .filter(c -> c.client().equals(name))
                .findFirst()
                .orElseThrow();
    }

    // DG1
    @Test
    void aRetryOneMillisecondInsideTheToleranceIsEarlyAndOnTheToleranceIsNot() {
        request("early", 0, "/a", 429, "1");
        request("early", 899, "/a", 200, null);
        request("onTime", 0, "/b", 429, "1");
        request("onTime", 900, "/b", 200, null);
        request("late", 0, "/c", 429, "1");
        request("late", 901, "/c", 200, null);
        Diagnosis d = diagnose();
        assertThat(client(d, "early").earlyRetries()).isEqualTo(1);
        assertThat(client(d, "early").medianEarlyMillis()).isEqualTo(101);
        assertThat(client(d, "onTime").earlyRetries()).isZero();
        assertThat(client(d, "late").earlyRetries()).isZero();
    }

    @Test
    @DisplayName("DG1: how early the median early retry was reads as seconds with its unit, a dash without any")
    void theMedianEarlyReadsAsADuration() {
        request("early", 0, "/a", 429, "2");
        request("early", 20, "/a", 200, null);
        request("late", 0, "/c", 429, "1");
        request("late", 1_500, "/c", 200, null);
        Diagnosis d = diagnose();
        assertThat(client(d, "early").medianEarlyText()).isEqualTo("1.98 s");
        assertThat(client(d, "late").medianEarlyText()).isEqualTo("-");
    }

    // DG1, RA2
    @Test
    void anHttpDateRetryAfterIsMeasuredAgainstTheResponsesDate() {
        String date = "Tue, 01 Dec 2026 09:59:00 GMT"; // the server's clock is a minute behind the log's
        String until = "Tue, 01 Dec 2026 09:59:05 GMT";
        table.add(new ObservedRequest(T0, -1, "c", "GET", "/a", 503, until, date, null), "c");
        table.add(new ObservedRequest(T0 + 4_000, -1, "c", "GET", "/a", 503, until, date, null), "c");
        Diagnosis d = diagnose();
        assertThat(client(d, "c").earlyRetries())
                .as("4 s after an answer that asked for 5 s")
                .isEqualTo(1);
        assertThat(client(d, "c").medianEarlyMillis()).isEqualTo(1_000);
    }

    // DG1, RA1, RA6
    @Test
    void noRetryCanBeEarlyAfterAnIgnoredOrInvalidRetryAfter() {
        request("c", 0, "/a", 500, "10");
        request("c", 10, "/a", 429, "1.5");
        request("c", 20, "/a", 200, null);
        Diagnosis d = diagnose();
        assertThat(client(d, "c").retries()).isEqualTo(2);
        assertThat(client(d, "c").retriesAfterRetryAfter()).isZero();
        assertThat(d.findings()).extracting(Diagnosis.Finding::rule).contains("RA1", "RA6");
    }

    @Test
    @DisplayName("DG5: amplification is requests per logical request, for all clients and for each")
    void amplificationIsRequestsPerLogicalRequest() {
        request("eager", 0, "/a", 429, "1");
        request("eager", 10, "/a", 429, "1");
        request("eager", 20, "/a", 429, "1");
        request("eager", 1_500, "/a", 200, null);
        request("calm", 0, "/b", 200, null);
        request("calm", 500, "/c", 200, null);
        Diagnosis d = diagnose();
        assertThat(d.requests()).isEqualTo(6);
        assertThat(d.logicalRequests()).isEqualTo(3);
        assertThat(d.amplification()).isCloseTo(2.0, within(1e-9));
        ClientDiagnosis eager = client(d, "eager");
        assertThat((double) eager.requests() / eager.logicalRequests()).isCloseTo(4.0, within(1e-9));
        ClientDiagnosis calm = client(d, "calm");
        assertThat((double) calm.requests() / calm.logicalRequests()).isCloseTo(1.0, within(1e-9));
    }

    // DG2
    @Test
    void aRequestAfterASuccessIsANewLogicalRequestAndAfterAFailureARetry() {
        request("c", 0, "/a", 200, null);
        request("c", 100, "/a", 429, "1");
        request("c", 1_200, "/a", 429, "1");
        request("c", 2_300, "/a", 200, null);
        request("c", 2_400, "/b", 503, null);
        Diagnosis d = diagnose();
        assertThat(d.requests()).isEqualTo(5);
        assertThat(d.logicalRequests()).isEqualTo(3);
        assertThat(d.amplification()).isCloseTo(5 / 3.0, within(1e-9));
        assertThat(d.attempts()).containsEntry(1, 2L).containsEntry(3, 1L);
        assertThat(d.findings()).anySatisfy(f -> assertThat(f.rule()).isEqualTo("DG2"));
    }

    // DG2
    @Test
    void anIdempotencyKeyDecidesInsteadOfMethodAndTarget() {
        table.add(new ObservedRequest(T0, -1, "c", "POST", "/orders?try=1", 503, null, null, "k-1"), "c");
        table.add(new ObservedRequest(T0 + 50, -1, "c", "POST", "/orders?try=2", 200, null, null, "k-1"), "c");
        table.add(new ObservedRequest(T0 + 60, -1, "c", "POST", "/orders?try=2", 503, null, null, "k-2"), "c");
        table.add(new ObservedRequest(T0 + 70, -1, "c", "POST", "/orders?try=2", 200, null, null, "k-3"), "c");
        assertThat(diagnose().logicalRequests()).isEqualTo(3);
    }

    // DG2
    @Test
    void aRequestAfterTheRetryWindowStartsANewLogicalRequest() {
        request("c", 0, "/a", 429, null);
        request("c", Duration.ofMinutes(10).toMillis() + 1, "/a", 200, null);
        assertThat(diagnose().logicalRequests()).isEqualTo(2);
    }

    // DG3
    @Test
    void aClientIsFlaggedOnlyWhenMostOfAtLeastThreeRetriesAfterRetryAfterWereEarly() {
        request("flagged", 0, "/f", 429, "1"); // 3 retries after Retry-After, 2 early: flagged
        request("flagged", 2_000, "/f", 429, "1");
        request("flagged", 2_010, "/f", 429, "1");
        request("flagged", 2_020, "/f", 200, null);
        request("tooFew", 0, "/t", 429, "1");
        request("tooFew", 10, "/t", 429, "1");
        request("tooFew", 20, "/t", 200, null);
        request("half", 0, "/h", 429, "1");
        request("half", 10, "/h", 429, "1");
        request("half", 1_020, "/h", 429, "1");
        request("half", 2_030, "/h", 429, "1");
        request("half", 2_040, "/h", 200, null);
        Diagnosis d = diagnose();
        assertThat(client(d, "flagged").ignoresRetryAfter()).isTrue();
        assertThat(client(d, "flagged").earlyRetries()).isEqualTo(2);
        assertThat(client(d, "tooFew").ignoresRetryAfter()).isFalse();
        assertThat(client(d, "half").earlyRetries()).isEqualTo(2);
        assertThat(client(d, "half").ignoresRetryAfter()).isFalse();
        assertThat(d.verdict()).startsWith("1 of 3 clients ignored Retry-After");
    }

    // DG4
    @Test
    void distinctClientsRetryingInOneHundredMillisecondsAreCounted() {
        for (String c : List.of("a", "b", "c")) {
            request(c, 0, "/x", 503, null);
        }
        request("a", 1_000, "/x", 200, null);
        request("b", 1_050, "/x", 200, null);
        request("c", 1_120, "/x", 200, null);
        Diagnosis d = diagnose();
        assertThat(d.synchronisation().maxClientsRetryingIn100ms()).isEqualTo(2);
        assertThat(d.synchronisation().peakPerSecond()).isEqualTo(3);
    }

    // DG6
    @Test
    void retriesAboveTenPercentOfAClientsRequestsBreakTheRetryBudget() {
        for (int n = 0; n < 9; n++) {
            request("thrifty", n, "/r" + n, 200, null);
        }
        request("thrifty", 10, "/x", 503, null);
        request("thrifty", 20, "/x", 200, null); // 1 retry in 11 requests: 9%
        request("spender", 0, "/x", 503, null);
        request("spender", 20, "/x", 200, null); // 1 in 2
        Diagnosis d = diagnose();
        assertThat(d.findings())
                .filteredOn(f -> f.rule().equals("DG6"))
                .extracting(Diagnosis.Finding::client)
                .containsExactly("spender");
    }

    // DG7
    @Test
    void clientSideThrottlingAddsTheSreRejectProbabilityBeforeEachRequest() {
        for (int n = 0; n < 5; n++) {
            request("c", n * 10, "/x", 429, null);
        }
        // before each: 0, 1/2, 2/3, 3/4, 4/5
        assertThat(diagnose().throttling().wouldReject()).isCloseTo(0.5 + 2 / 3.0 + 0.75 + 0.8, within(1e-9));
    }

    // DG7
    @Test
    void acceptedAnswersKeepTheRejectProbabilityAtZero() {
        for (int n = 0; n < 5; n++) {
            request("c", n * 10, "/x" + n, 200, null);
        }
        assertThat(diagnose().throttling().wouldReject()).isZero();
    }

    // DG8
    @Test
    void retryAfterAnomaliesAreReported() {
        request("c", 0, "/a", 429, null);
        request("c", 10, "/b", 429, "1234");
        request("c", 20, "/c", 429, "2");
        request("c", 1_000, "/c", 429, "30");
        List<String> texts =
                diagnose().findings().stream().map(Diagnosis.Finding::text).toList();
        assertThat(texts).anySatisfy(t -> assertThat(t).contains("carried no Retry-After"));
        assertThat(texts).anySatisfy(t -> assertThat(t).contains("probably milliseconds"));
        assertThat(texts).anySatisfy(t -> assertThat(t).contains("changed"));
    }

    // DG9
    @Test
    void a503CountsAsThrottledOnlyWhenNamed() {
        request("c", 0, "/a", 503, "1");
        request("c", 1_500, "/a", 200, null);
        Diagnosis plain = diagnose();
        Diagnosis named = StormAnalysis.analyse(
                table,
                new DiagnosisOptions(Duration.ofMillis(100), Set.of(503), Duration.ofMinutes(10)),
                NOTHING_UNPARSED);
        assertThat(client(plain, "c").throttled()).isZero();
        assertThat(client(named, "c").throttled()).isEqualTo(1);
    }

    @Test
    void nothingReadGivesAVerdictThatSaysSo() {
        Diagnosis d = diagnose();
        assertThat(d.requests()).isZero();
        assertThat(d.from()).isNull();
        assertThat(d.verdict()).startsWith("Nothing to diagnose");
    }

    @Test
    @DisplayName("DG12: arrivals are counted per second with their throttled answers, retries and early retries,"
            + " and each series sums to the diagnosis's own count")
    void arrivalsPerSecondSumToTheTotals() {
        request("eager", 0, "/a", 429, "1");
        request("eager", 200, "/a", 429, "1");
        request("eager", 400, "/a", 200, null);
        request("patient", 100, "/b", 429, "1");
        request("patient", 1_150, "/b", 200, null);
        request("patient", 2_999, "/c", 200, null);
        Diagnosis d = diagnose();
        Diagnosis.Arrivals a = d.arrivals();
        assertThat(a.bucketMillis()).isEqualTo(1_000);
        assertThat(a.from()).isEqualTo(d.from());
        assertThat(a.requests()).containsExactly(4, 1, 1);
        assertThat(a.throttled()).containsExactly(3, 0, 0);
        assertThat(a.retries()).containsExactly(2, 1, 0);
        assertThat(a.early()).containsExactly(2, 0, 0);
        long retries = d.clients().stream().mapToLong(ClientDiagnosis::retries).sum();
        long early =
                d.clients().stream().mapToLong(ClientDiagnosis::earlyRetries).sum();
        assertThat(a.requests().stream().mapToLong(Integer::longValue).sum()).isEqualTo(d.requests());
        assertThat(a.retries().stream().mapToLong(Integer::longValue).sum()).isEqualTo(retries);
        assertThat(a.early().stream().mapToLong(Integer::longValue).sum()).isEqualTo(early);
        assertThat(a.peak()).isEqualTo(4);
    }

    @Test
    @DisplayName("DG12: a span of 600 s keeps 1 s buckets, one of 600 s plus a second takes 2 s buckets, never"
            + " more than 600")
    void longerSpansGetWiderBucketsAndNeverMoreThanSixHundred() {
        request("c", 0, "/a", 200, null);
        request("c", 599_999, "/b", 200, null);
        assertThat(diagnose().arrivals().bucketMillis()).isEqualTo(1_000);
        assertThat(diagnose().arrivals().requests()).hasSize(600);
        request("c", 600_000, "/c", 200, null);
        Diagnosis.Arrivals a = diagnose().arrivals();
        assertThat(a.bucketMillis()).isEqualTo(2_000);
        assertThat(a.requests()).hasSizeLessThanOrEqualTo(600);
        assertThat(a.requests().get(a.requests().size() - 1)).isEqualTo(1);
        request("c", 86_400_000, "/d", 200, null);
        a = diagnose().arrivals();
        assertThat(a.requests()).hasSizeLessThanOrEqualTo(600);
        assertThat(a.requests().stream().mapToInt(Integer::intValue).sum()).isEqualTo(4);
    }

    @Test
    @DisplayName("DG12: without requests there is nothing to draw")
    void noRequestsNoBuckets() {
        Diagnosis.Arrivals a = diagnose().arrivals();
        assertThat(a.requests()).isEmpty();
        assertThat(a.from()).isNull();
        assertThat(a.peak()).isZero();
    }

    private static String endedOnAFailure(Diagnosis d) {
        return d.findings().stream()
                .filter(f -> f.rule().equals("DG2") && f.text().contains("ended on a failure"))
                .map(Diagnosis.Finding::text)
                .findFirst()
                .orElse("");
    }

    @Test
    @DisplayName("DG20: a failed request that a later one with the same key does not retry ended on that failure,"
            + " and is counted so")
    void aFailedRequestThatIsNotRetriedEndedOnAFailureEvenWhenItsKeyComesBack() {
        long window = DiagnosisOptions.DEFAULT_RETRY_WINDOW.toMillis();
        request("c", 0, "/a", 429, "1");
        request("c", window + 1, "/a", 200, null);
        request("c", window + 2, "/b", 429, "1");
        request("c", window + 2_000, "/b", 200, null);

        Diagnosis d = diagnose();

        assertThat(d.logicalRequests()).isEqualTo(3);
        assertThat(d.attempts()).containsEntry(1, 2L).containsEntry(2, 1L);
        assertThat(endedOnAFailure(d)).startsWith("1 logical requests ended on a failure");
    }

    @Test
    @DisplayName("DG20: pending requests past the retry window are decided as the evidence goes on, with the same"
            + " figures as at its end, and a key that comes back after that starts one new logical request")
    void pendingRequestsPastTheWindowAreDecidedAsTheyGo() {
        // 3,000 requests that each fail once, a second apart: far more than the window holds at any time.
        for (int k = 0; k < 3_000; k++) {
            request("c", k * 1_000L, "/u" + k, 429, "1");
        }
        // The first key again, long after its window: a new logical request, not a retry, counted once.
        request("c", 3_000_000L, "/u0", 200, null);

        Diagnosis d = diagnose();

        assertThat(d.requests()).isEqualTo(3_001);
        assertThat(d.logicalRequests()).isEqualTo(3_001);
        assertThat(d.attempts()).containsExactly(java.util.Map.entry(1, 3_001L));
        assertThat(client(d, "c").retries()).isZero();
        assertThat(endedOnAFailure(d)).startsWith("3,000 logical requests ended on a failure");
    }

    @Test
    @DisplayName("DG20: rows read in order of start need no index of their order; rows out of order get one, stable")
    void rowsInOrderNeedNoIndex() {
        request("c", 0, "/a", 200, null);
        request("c", 0, "/b", 200, null);
        request("c", 5, "/c", 200, null);
        assertThat(table.byStart()).isNull();

        request("c", 3, "/d", 200, null);
        request("c", 0, "/e", 200, null);
        assertThat(table.byStart()).containsExactly(0, 1, 4, 3, 2);
    }
}
