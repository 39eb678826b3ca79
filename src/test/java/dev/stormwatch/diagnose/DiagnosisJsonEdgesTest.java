package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.http.RequestRedaction;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code --json}: the diagnosis's figures under the names scripts read, each worked out by hand from a storm small
 * enough to follow, and read back with a real JSON parser.
 */
class DiagnosisJsonEdgesTest {

    private static final long T0 = Instant.parse("2026-12-01T10:00:00Z").toEpochMilli();
    private static final ObjectMapper JSON = new ObjectMapper();

    private static void request(AttemptTable table, String client, long at, String uri, int status, String retryAfter) {
        table.add(new ObservedRequest(T0 + at, 100, client, "GET", uri, status, retryAfter, null, null), client);
    }

    /**
     * Client c asks for /a three times: a 429 asking for 1 s, a retry 500 ms early, then a success; client d asks for
     * /b and /c once each. Every answer takes 100 ms.
     */
    static Diagnosis storm(Diagnosis.EvidenceSummary evidence) {
        AttemptTable table = new AttemptTable();
        request(table, "c", 0, "/a", 429, "1");
        request(table, "c", 600, "/a", 429, "1");
        request(table, "c", 1_700, "/a", 200, null);
        request(table, "d", 1_800, "/b", 200, null);
        request(table, "d", 1_900, "/c", 200, null);
        return StormAnalysis.analyse(table, DiagnosisOptions.DEFAULTS, evidence);
    }

    /** One nginx file of five requests and one line that did not parse, two repeated lines, three clock steps. */
    static Diagnosis.EvidenceSummary evidence(List<Diagnosis.LabRun> labRuns) {
        return new Diagnosis.EvidenceSummary(
                List.of(new Diagnosis.FileSummary("access.log", "nginx", 5, 1, null)),
                1,
                List.of(new Diagnosis.Unparsed("access.log", 7, "the status is not a number", "GET /x ?")),
                2,
                3,
                labRuns);
    }

    private static JsonNode tree(Object value) {
        return JSON.valueToTree(value);
    }

    private static JsonNode read(Diagnosis d) throws Exception {
        String indented = DiagnosisJson.write(d, true);
        String oneLine = DiagnosisJson.write(d, false);
        assertThat(indented).contains("\n");
        assertThat(oneLine).doesNotContain("\n");
        assertThat(JSON.readTree(indented)).isEqualTo(JSON.readTree(oneLine));
        return JSON.readTree(oneLine);
    }

    @Test
    @DisplayName("DG2 DG5 DG7: the JSON gives the totals, the status and attempt counts and each client's figures,"
            + " rounded to three decimals")
    void totalsAndClients() throws Exception {
        JsonNode j = read(storm(evidence(List.of())));

        assertThat(j.path("requests").asLong()).isEqualTo(5);
        assertThat(j.path("logical_requests").asLong()).isEqualTo(3);
        assertThat(j.path("amplification").asDouble()).isEqualTo(1.667); // 5 / 3
        assertThat(j.path("from").asText()).isEqualTo("2026-12-01T10:00:00Z");
        assertThat(j.path("to").asText()).isEqualTo("2026-12-01T10:00:01.900Z");
        assertThat(j.path("status")).isEqualTo(tree(Map.of("200", 3, "429", 2)));
        assertThat(j.path("attempts")).isEqualTo(tree(Map.of("1", 2, "3", 1)));

        JsonNode c = j.path("clients").get(0);
        assertThat(c.path("client").asText()).isEqualTo("c");
        assertThat(c.path("requests").asLong()).isEqualTo(3);
        assertThat(c.path("logical_requests").asLong()).isEqualTo(1);
        assertThat(c.path("retries").asLong()).isEqualTo(2);
        assertThat(c.path("early_retries").asLong()).isEqualTo(1);
        assertThat(c.path("ignores_retry_after").asBoolean()).isFalse();
        assertThat(c.path("retries_after_retry_after").asLong()).isEqualTo(2);
        assertThat(c.path("median_early_ms").asLong()).isEqualTo(500); // 600 < 100 + 1,000 - 100
        assertThat(c.path("throttled").asLong()).isEqualTo(2);
        assertThat(c.path("accepted").asLong()).isEqualTo(1);
        assertThat(c.path("retry_ratio").asDouble()).isEqualTo(0.667);
        // DG7: before each request 0, then (1 - 0) / 2, then (2 - 0) / 3.
        assertThat(c.path("throttling_would_reject").asDouble()).isEqualTo(1.167);
        assertThat(c.path("status")).isEqualTo(tree(Map.of("200", 1, "429", 2)));
        assertThat(j.path("clients").get(1).path("client").asText()).isEqualTo("d");

        JsonNode throttling = j.path("throttling");
        assertThat(throttling.path("k").asDouble()).isEqualTo(2.0);
        assertThat(throttling.path("would_reject").asDouble()).isEqualTo(1.167);
        assertThat(throttling.path("share").asDouble()).isEqualTo(0.233); // 1.1667 / 5
        assertThat(j.path("findings")).anySatisfy(f -> {
            assertThat(f.path("rule").asText()).isEqualTo("DG7");
            assertThat(f.path("client").isNull()).isTrue();
            assertThat(f.path("text").asText()).contains("kept about 1 of 5 requests");
        });
        assertThat(j.path("verdict").asText()).startsWith("No client ignored Retry-After");
    }

    @Test
    @DisplayName("DG4 DG12: the JSON gives the synchronisation figures and the arrivals per bucket")
    void synchronisationAndArrivals() throws Exception {
        JsonNode j = read(storm(evidence(List.of())));

        JsonNode s = j.path("synchronisation");
        // Seconds 0 and 1 hold 2 and 3 starts; the 100 ms slots 0, 6, 17, 18 and 19 one each, of 20.
        assertThat(s.path("peak_per_second").asLong()).isEqualTo(3);
        assertThat(s.path("mean_per_second").asDouble()).isEqualTo(2.5);
        assertThat(s.path("peak_to_mean_per_second").asDouble()).isEqualTo(1.2);
        assertThat(s.path("peak_per_100ms").asLong()).isEqualTo(1);
        assertThat(s.path("peak_to_mean_per_100ms").asDouble()).isEqualTo(4.0);
        assertThat(s.path("peak_second_start").asText()).isEqualTo("2026-12-01T10:00:01Z");
        assertThat(s.path("max_clients_retrying_in_100ms").asInt()).isEqualTo(1);

        JsonNode a = j.path("arrivals");
        assertThat(a.path("from").asText()).isEqualTo("2026-12-01T10:00:00Z");
        assertThat(a.path("bucket_ms").asLong()).isEqualTo(1_000);
        assertThat(a.path("requests")).isEqualTo(tree(List.of(2, 3)));
        assertThat(a.path("throttled")).isEqualTo(tree(List.of(2, 0)));
        assertThat(a.path("retries")).isEqualTo(tree(List.of(1, 1)));
        assertThat(a.path("early_retries")).isEqualTo(tree(List.of(1, 0)));
    }

    @Test
    @DisplayName("DG14 DG15: the JSON's what_if gives the replay's figures, its server and its arrivals on the"
            + " diagnosis's buckets")
    void theWhatIf() throws Exception {
        JsonNode w = read(storm(evidence(List.of()))).path("what_if");

        // DG15: second 1 accepted 3 answers, second 0 none; both 429s asked for 1 s; every answer took 100 ms.
        assertThat(w.path("ran").asBoolean()).isTrue();
        assertThat(w.path("server").path("quota_per_second").asInt()).isEqualTo(3);
        assertThat(w.path("server").path("quota_estimated").asBoolean()).isTrue();
        assertThat(w.path("server").path("retry_after_s").asLong()).isEqualTo(1);
        assertThat(w.path("server").path("answer_ms").asLong()).isEqualTo(100);
        assertThat(w.path("seed").asLong()).isEqualTo(DiagnosisOptions.DEFAULT_SEED);
        // Three logical requests, at 0, 1.8 s and 1.9 s, all within a quota of 3 a second.
        assertThat(w.path("requests").asLong()).isEqualTo(3);
        assertThat(w.path("logical_requests").asLong()).isEqualTo(3);
        assertThat(w.path("amplification").asDouble()).isEqualTo(1.0);
        assertThat(w.path("completed").asLong()).isEqualTo(3);
        assertThat(w.path("gave_up").asLong()).isZero();
        assertThat(w.path("completed_share").asDouble()).isEqualTo(1.0);
        assertThat(w.path("real_completed_share").asDouble()).isEqualTo(1.0);
        assertThat(w.path("arrivals").path("from").asText()).isEqualTo("2026-12-01T10:00:00Z");
        assertThat(w.path("arrivals").path("bucket_ms").asLong()).isEqualTo(1_000);
        assertThat(w.path("arrivals").path("requests")).isEqualTo(tree(List.of(1, 2)));
        assertThat(w.path("arrivals").path("throttled")).isEqualTo(tree(List.of(0, 0)));
    }

    @Test
    @DisplayName("DG10 DG17: the JSON gives what was read and what was not, and each lab run with its own figures")
    void evidenceAndLabRuns() throws Exception {
        Diagnosis.LabRun run = new Diagnosis.LabRun(
                "run.json",
                "lab of Bearer abc.def.ghi",
                Instant.parse("2026-12-01T09:00:00Z"),
                100,
                20,
                Double.NaN,
                "no retries were made",
                2.3456,
                null,
                List.of(10L, 30L, 60L),
                true);
        JsonNode j = read(storm(evidence(List.of(run))));

        assertThat(j.path("partial").asBoolean()).isTrue();
        JsonNode unparsed = j.path("unparsed");
        assertThat(unparsed.path("count").asLong()).isEqualTo(1);
        assertThat(unparsed.path("duplicate_lines").asLong()).isEqualTo(2);
        assertThat(unparsed.path("clock_steps_back").asLong()).isEqualTo(3);
        JsonNode example = unparsed.path("examples").get(0);
        assertThat(example.path("file").asText()).isEqualTo("access.log");
        assertThat(example.path("line").asLong()).isEqualTo(7);
        assertThat(example.path("reason").asText()).isEqualTo("the status is not a number");
        assertThat(example.path("text").asText()).isEqualTo("GET /x ?");
        JsonNode file = j.path("files").get(0);
        assertThat(file.path("file").asText()).isEqualTo("access.log");
        assertThat(file.path("format").asText()).isEqualTo("nginx");
        assertThat(file.path("requests").asLong()).isEqualTo(5);
        assertThat(file.path("unparsed").asLong()).isEqualTo(1);
        assertThat(file.path("error").isNull()).isTrue();

        JsonNode lab = j.path("lab_runs").get(0);
        assertThat(lab.path("kind").asText()).isEqualTo("lab run");
        assertThat(lab.path("file").asText()).isEqualTo("run.json");
        assertThat(lab.path("title").asText()).isEqualTo("lab of Bearer " + RequestRedaction.REDACTED);
        assertThat(lab.path("started_at").asText()).isEqualTo("2026-12-01T09:00:00Z");
        assertThat(lab.path("completed").asBoolean()).isTrue();
        assertThat(lab.path("requests").asLong()).isEqualTo(100);
        assertThat(lab.path("throttled").asLong()).isEqualTo(20);
        assertThat(lab.path("amplification").isNull()).isTrue();
        assertThat(lab.path("amplification_absent").asText()).isEqualTo("no retries were made");
        assertThat(lab.path("peak_to_mean_after_retry_after").asDouble()).isEqualTo(2.346);
        assertThat(lab.path("peak_to_mean_after_retry_after_absent").isNull()).isTrue();
        assertThat(lab.path("peak_to_mean_per_second").asDouble()).isEqualTo(1.8); // 60 / (100 / 3)
        assertThat(lab.path("arrivals_per_second")).isEqualTo(tree(List.of(10, 30, 60)));
    }

    @Test
    @DisplayName("DG14 DG17: a lab run with an amplification gives it, and one without a peak-to-mean says why")
    void aLabRunWithAnAmplificationAndNoPeak() throws Exception {
        Diagnosis.LabRun run = new Diagnosis.LabRun(
                "run.json",
                "lab",
                Instant.parse("2026-12-01T09:00:00Z"),
                4,
                0,
                1.23456,
                null,
                Double.NaN,
                "no shared Retry-After",
                List.of(),
                false);
        JsonNode lab = read(storm(evidence(List.of(run)))).path("lab_runs").get(0);
        assertThat(lab.path("amplification").asDouble()).isEqualTo(1.235);
        assertThat(lab.path("amplification_absent").isNull()).isTrue();
        assertThat(lab.path("peak_to_mean_after_retry_after").isNull()).isTrue();
        assertThat(lab.path("peak_to_mean_after_retry_after_absent").asText()).isEqualTo("no shared Retry-After");
        assertThat(lab.path("peak_to_mean_per_second").asDouble()).isZero();
        assertThat(lab.path("completed").asBoolean()).isFalse();
    }

    @Test
    @DisplayName("DG12 DG14: with nothing read the JSON has no times, no buckets and a what-if that did not run")
    void nothingRead() throws Exception {
        JsonNode j = read(StormAnalysis.analyse(
                new AttemptTable(),
                DiagnosisOptions.DEFAULTS,
                new Diagnosis.EvidenceSummary(List.of(), 0, List.of(), 0, 0)));
        assertThat(j.path("requests").asLong()).isZero();
        assertThat(j.path("from").isNull()).isTrue();
        assertThat(j.path("to").isNull()).isTrue();
        assertThat(j.path("arrivals").path("from").isNull()).isTrue();
        assertThat(j.path("synchronisation").path("peak_second_start").isNull()).isTrue();
        assertThat(j.path("what_if").path("ran").asBoolean()).isFalse();
        assertThat(j.path("what_if").path("server").path("retry_after_s").isNull())
                .isTrue();
        assertThat(j.path("partial").asBoolean()).isFalse();
        assertThat(j.path("lab_runs")).isEmpty();
    }
}
