package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@code stormwatch explain-retry-after}: the words for each edge of the reading, in text and in JSON. */
class ExplainRetryAfterCommandEdgesTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return InProcessCli.runCommand(out, err, "explain-retry-after", args);
    }

    private JsonNode json(String... args) throws Exception {
        String[] full = new String[args.length + 1];
        full[0] = "--json";
        System.arraycopy(args, 0, full, 1, args.length);
        assertThat(run(full)).isZero();
        return new ObjectMapper().readTree(out.toString());
    }

    @Test
    @DisplayName("HD5: a status of 99 or 600 and a header that starts with its colon are refused, naming the option")
    void theEdgesOfTheStatusAndAHeaderWithoutAName() {
        assertThat(run("--status", "99")).isEqualTo(2);
        assertThat(run("--status", "600")).isEqualTo(2);
        assertThat(run("--status", "503", "--header", ": 120")).isEqualTo(2);
        assertThat(run("--status", "100")).isZero();
        assertThat(run("--status", "599")).isZero();

        assertThat(err.toString())
                .contains("--status must be an HTTP status between 100 and 599, was 99")
                .contains("--status must be an HTTP status between 100 and 599, was 600")
                .contains("--header must look like \"Name: value\" (for example \"Retry-After: 120\"), was \": 120\"");
    }

    @Test
    @DisplayName("RA2: two Date headers are shown and said to be unusable; one Date header is shown without a note")
    void twoDateHeadersAreNotUsable() {
        run(
                "--status",
                "503",
                "--header",
                "Date: Sun, 06 Nov 1994 08:49:27 GMT",
                "--header",
                "Date: Sun, 06 Nov 1994 08:49:28 GMT",
                "--header",
                "Retry-After: 5");
        String two = out.toString();
        out.getBuffer().setLength(0);
        run("--status", "503", "--header", "Date: Sun, 06 Nov 1994 08:49:27 GMT", "--header", "Retry-After: 5");

        assertThat(two)
                .contains("Date:         Sun, 06 Nov 1994 08:49:27 GMT | Sun, 06 Nov 1994 08:49:28 GMT  (more than one"
                        + " Date header: not usable, the local clock is used)");
        assertThat(out.toString())
                .contains("Date:         Sun, 06 Nov 1994 08:49:27 GMT" + System.lineSeparator())
                .doesNotContain("more than one Date");
    }

    @Test
    @DisplayName("RA3: the jitter is a tenth of the wait up to one second; a wait within the budget is waited for")
    void theJitterIsATenthOfTheWait() {
        run("--status", "503", "--header", "Retry-After: 5");

        assertThat(out.toString())
                .contains("Wait:         5 s, plus a random jitter of up to 500 ms (RA3)")
                .contains("Budget:       with the default policy (")
                .contains("the client waits, then retries (RA3)");
    }

    @Test
    @DisplayName("RH2: two hints asking for the same wait: the one read first decides, and the other says so")
    void equalWaitsTheFirstReadDecides() {
        run("--status", "429", "--header", "Retry-After: 2", "--header", "retry-after-ms: 2000");

        assertThat(out.toString())
                .contains("[not chosen: as long as retry-after, which was read first, RH2]")
                .contains("Rule:         RA2: ")
                .contains("Decided by:   retry-after: 2 (RH2: the longest valid wait wins; on equal waits"
                        + " Retry-After decides)");
    }

    @Test
    @DisplayName("RH3: x-should-retry true allows a retry but never widens the rules; without a wait nothing is paused")
    void shouldRetryTrueAndFalseWithoutAWait() {
        run("--status", "503", "--header", "x-should-retry: true");
        String allowed = out.toString();
        out.getBuffer().setLength(0);
        run("--status", "503", "--header", "x-should-retry: false");

        assertThat(allowed)
                .contains(
                        "Retry:        x-should-retry: true (RH3): allowed, but the status, operation and budget rules"
                                + " still decide; it never widens them")
                .contains("Rule:         B3: no hint asks for a wait")
                .contains("Wait:         none from any hint: ordinary backoff with full jitter applies (B3)");
        assertThat(out.toString())
                .contains("Retry:        x-should-retry: false (RH3): the client stops after this request"
                        + System.lineSeparator())
                .doesNotContain("this request and pauses the origin for the wait (P1)");
    }

    @Test
    @DisplayName("RH9: on a 200, of two used-up quotas the longer decides the pace, and the shorter says so")
    void twoUsedUpQuotasTheLongerDecidesThePace() {
        run(
                "--status",
                "200",
                "--header",
                "x-ratelimit-remaining-requests: 0",
                "--header",
                "x-ratelimit-reset-requests: 2s",
                "--header",
                "x-ratelimit-remaining-tokens: 0",
                "--header",
                "x-ratelimit-reset-tokens: 5s");

        assertThat(out.toString())
                .contains("[decides the pace, RH9]")
                .contains("[shorter than the deciding pace]")
                .contains("Pace:         nothing is left for 5 s: the response is delivered");
    }

    @Test
    @DisplayName("RH9, RA1: a used-up quota on a 503 without a wait is retried with backoff, not paced")
    void aUsedUpQuotaOnARetryableStatusIsNoPace() {
        run("--status", "500", "--header", "RateLimit: \"default\";r=0;t=5");

        assertThat(out.toString())
                .contains("Pace:         nothing is left for 5 s, but a 500 is retried with backoff (RA1): no pace");
    }

    @Test
    @DisplayName("RH2: --json names the deciding dialect hint, its rule, each hint's role and whether it decides")
    void jsonOfADecidingDialectHint() throws Exception {
        JsonNode root = json("--status", "429", "--header", "Retry-After: 1", "--header", "retry-after-ms: 1500");

        assertThat(root.path("rule").asText()).isEqualTo("RH1");
        assertThat(root.path("reason").asText()).contains("1.5 s");
        assertThat(root.path("decided_by").asText()).isEqualTo("retry-after-ms: 1500");
        JsonNode first = root.path("hints").get(0);
        assertThat(first.path("header").asText()).isEqualTo("retry-after");
        assertThat(first.path("value").asText()).isEqualTo("1");
        assertThat(first.path("role").asText()).isEqualTo("wait");
        assertThat(first.path("wait_s").asInt()).isEqualTo(1);
        assertThat(first.path("rule").asText()).isEqualTo("RA2");
        assertThat(first.path("note").asText()).isNotBlank();
        assertThat(first.path("decides").asBoolean()).isFalse();
        assertThat(root.path("hints").get(1).path("decides").asBoolean()).isTrue();
        assertThat(root.path("should_retry").isNull()).isTrue();
        assertThat(root.path("pace_s").isNull()).isTrue();
        assertThat(root.path("date")).isEmpty();
    }

    @Test
    @DisplayName("B3, RH3: --json with only x-should-retry: rule B3, no wait, no budget answer, should_retry false")
    void jsonWithoutAnyWait() throws Exception {
        JsonNode root = json("--status", "503", "--header", "x-should-retry: false");

        assertThat(root.path("rule").asText()).isEqualTo("B3");
        assertThat(root.path("reason").asText()).isEqualTo("no hint asks for a wait");
        assertThat(root.path("wait_s").isNull()).isTrue();
        assertThat(root.path("jitter_max_ms").isNull()).isTrue();
        assertThat(root.path("retries_within_default_budget").isNull()).isTrue();
        assertThat(root.path("should_retry").asBoolean()).isFalse();
        assertThat(root.path("hints").get(0).path("wait_s").isNull()).isTrue();
    }

    @Test
    @DisplayName("RA4: --json says a wait longer than the default budget is not waited for; a pace is in seconds")
    void jsonOfALongWaitAndOfAPace() throws Exception {
        JsonNode root = json("--status", "503", "--header", "Retry-After: 120");
        out.getBuffer().setLength(0);
        JsonNode paced = json("--status", "200", "--header", "RateLimit: \"default\";r=0;t=5");

        assertThat(root.path("retries_within_default_budget").asBoolean()).isFalse();
        assertThat(root.path("jitter_max_ms").asLong()).isEqualTo(1_000);
        assertThat(root.path("rule").asText()).isEqualTo("RA2");
        assertThat(paced.path("pace_s").asInt()).isEqualTo(5);
        assertThat(paced.path("wait_s").isNull()).isTrue();
    }

    @Test
    @DisplayName("RH1: the same hints in text and in --json give the same deciding header")
    void textAndJsonAgree() throws Exception {
        run("--status", "429", "--header", "x-ms-retry-after-ms: 2500", "--header", "Retry-After: 1");
        String text = out.toString();
        out.getBuffer().setLength(0);
        JsonNode root = json("--status", "429", "--header", "x-ms-retry-after-ms: 2500", "--header", "Retry-After: 1");

        assertThat(text).contains("Decided by:   " + root.path("decided_by").asText() + " (RH2");
        assertThat(text).contains("Wait:         2.5 s, plus a random jitter of up to 250 ms (RA3)");
    }

    @Test
    @DisplayName("RA3: a wait exactly as long as the default budget is still waited for, and a Retry-After alone"
            + " lists no hints")
    void aWaitAsLongAsTheBudgetIsWaitedFor() throws Exception {
        run("--status", "503", "--header", "Retry-After: 20");
        String text = out.toString();
        out.getBuffer().setLength(0);
        JsonNode root = json("--status", "503", "--header", "Retry-After: 20");

        assertThat(text)
                .startsWith("Status:       503" + System.lineSeparator())
                .contains("the client waits, then retries (RA3)")
                .doesNotContain("Hints:")
                .doesNotContain("Decided by:");
        assertThat(root.path("retries_within_default_budget").asBoolean()).isTrue();
    }

    @Test
    @DisplayName("RH2: a deciding hint that is the only one with a wait carries no note on the longest wait")
    void theOnlyHintWithAWaitHasNoNote() {
        run("--status", "429", "--header", "retry-after-ms: 1500", "--header", "x-should-retry: true");

        assertThat(out.toString())
                .contains("Hints:" + System.lineSeparator())
                .contains("Decided by:   retry-after-ms: 1500" + System.lineSeparator());
    }
}
