package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ExplainRetryAfterCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return InProcessCli.runCommand(out, err, "explain-retry-after", args);
    }

    @Test
    @DisplayName("--json prints exactly one JSON object with the wait, the rule and every hint, and nothing else")
    void jsonIsOneObjectForScripts() throws Exception {
        int exit = run(
                "--json",
                "--status",
                "429",
                "--header",
                "retry-after-ms: 1500",
                "--header",
                "Retry-After: 1",
                "--header",
                "Content-Type: text/plain");

        assertThat(exit).isZero();
        assertThat(out.toString().strip().lines()).hasSize(1);
        JsonNode root = new ObjectMapper().readTree(out.toString());
        assertThat(root.isObject()).isTrue();
        assertThat(root.path("status").asInt()).isEqualTo(429);
        assertThat(root.path("wait_s").decimalValue()).isEqualByComparingTo("1.5");
        assertThat(root.path("jitter_max_ms").asLong()).isEqualTo(150);
        assertThat(root.path("decided_by").asText()).startsWith("retry-after-ms");
        assertThat(root.path("hints")).hasSize(2);
        assertThat(root.path("ignored").get(0).asText()).isEqualTo("Content-Type");
        assertThat(root.path("retries_within_default_budget").asBoolean()).isTrue();
        assertThat(err.toString()).isEmpty();
    }

    @Test
    @DisplayName("--json without any hint: the wait is null and the rule says why")
    void jsonWithoutAWait() throws Exception {
        int exit = run("--json", "--status", "503");

        assertThat(exit).isZero();
        JsonNode root = new ObjectMapper().readTree(out.toString());
        assertThat(root.path("wait_s").isNull()).isTrue();
        assertThat(root.path("rule").asText()).isNotBlank();
        assertThat(root.path("retry_after")).isEmpty();
    }

    @Test
    @DisplayName("--json writes whole seconds as plain numbers (120, not 1.2E+2)")
    void jsonWholeSecondsArePlainNumbers() {
        int exit = run("--json", "--status", "503", "--header", "Retry-After: 120");

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("\"wait_s\":120,").doesNotContain("E+");
    }

    // RA2, RA3
    @Test
    @DisplayName("RA2, RA3: delta-seconds: the wait, its jitter and the rule")
    void deltaSeconds() {
        int exit = run("--status", "503", "--header", "Retry-After: 120");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("Wait:         120 s, plus a random jitter of up to 1000 ms (RA3)")
                .contains("Rule:         RA2: delta-seconds '120'")
                .contains("stops, reports the wait and pauses the origin (RA4, P1)");
        assertThat(err.toString()).isEmpty();
    }

    // RA2
    @Test
    @DisplayName("RA2: an HTTP-date is measured against the pasted Date header, not the local clock")
    void dateAgainstDateHeader() {
        int exit = run(
                "--status",
                "429",
                "--now",
                "2030-01-01T00:00:00Z",
                "--header",
                "Retry-After: Sun, 06 Nov 1994 08:49:37 GMT",
                "--header",
                "date: Sun, 06 Nov 1994 08:49:27 GMT",
                "--header",
                "Content-Type: application/json");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("Wait:         10 s")
                .contains("against the response's Date header")
                .contains("waits, then retries (RA3)")
                .contains("Ignored:      Content-Type");
    }

    // RA2
    @Test
    @DisplayName("RA2: without a Date header the local clock is the reference")
    void dateAgainstLocalClock() {
        int exit = run(
                "--status",
                "503",
                "--now",
                "1994-11-06T08:48:37Z",
                "--header",
                "Retry-After: Sunday, 06-Nov-94 08:49:37 GMT");

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("Wait:         60 s").contains("against the local clock");
    }

    // RA1
    @Test
    @DisplayName("RA1: on a status other than 429 or 503 the header is ignored, and the output says why")
    void ignoredOnOtherStatus() {
        int exit = run("--status", "500", "--header", "Retry-After: 120");

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("Wait:         none").contains("RA1: status 500 is neither 429 nor 503");
    }

    // RA6
    @Test
    @DisplayName("RA6: an invalid value is explained as absent")
    void invalidValue() {
        int exit = run("--status", "429", "--header", "Retry-After: -5");

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("RA6: the value is negative");
    }

    // RA6
    @Test
    @DisplayName("RA6: two Retry-After headers count as absent")
    void twoHeaders() {
        run("--status", "429", "--header", "Retry-After: 5", "--header", "Retry-After: 6");

        assertThat(out.toString()).contains("Retry-After:  5 | 6").contains("more than one Retry-After value");
    }

    // RA7
    @Test
    @DisplayName("RA7: a huge wait is capped at 86 400 s")
    void capped() {
        run("--status", "503", "--header", "Retry-After: 9999999");

        assertThat(out.toString()).contains("Wait:         86400 s").contains("RA7");
    }

    @Test
    @DisplayName("No Retry-After: ordinary backoff applies")
    void noHeader() {
        assertThat(run("--status", "503")).isZero();
        assertThat(out.toString()).contains("Retry-After:  (none)").contains("B3: no Retry-After header");
    }

    @Test
    @DisplayName("Bad input: a header without a colon gives a clear message and a non-zero exit, no stack trace")
    void headerWithoutColon() {
        int exit = run("--status", "503", "--header", "Retry-After 120");

        assertThat(exit).isNotZero();
        assertThat(err.toString())
                .contains("--header must look like \"Name: value\"")
                .doesNotContain("Exception");
    }

    @Test
    @DisplayName("Bad input: a status outside 100-599 or not a number")
    void badStatus() {
        assertThat(run("--status", "1000", "--header", "Retry-After: 1")).isNotZero();
        assertThat(err.toString()).contains("--status must be an HTTP status between 100 and 599, was 1000");

        assertThat(run("--status", "abc")).isNotZero();
        assertThat(err.toString()).contains("abc").doesNotContain("at dev.stormwatch");
    }

    @Test
    @DisplayName("Bad input: a missing status, or a --now that is not an instant")
    void missingStatusAndBadNow() {
        assertThat(run("--header", "Retry-After: 1")).isNotZero();
        assertThat(err.toString()).contains("--status");

        assertThat(run("--status", "503", "--now", "yesterday")).isNotZero();
        assertThat(err.toString()).contains("--now must be an ISO-8601 instant");
    }

    // RH1
    @Test
    @DisplayName("RH1: retry-after-ms 1500 on a 429 answers 1.5 s with its rule")
    void millisecondWait() {
        int exit = run("--status", "429", "--header", "retry-after-ms: 1500");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("Wait:         1.5 s, plus a random jitter of up to 150 ms (RA3)")
                .contains("Rule:         RH1: milliseconds: wait 1.5 s")
                .contains("Decided by:   retry-after-ms: 1500")
                .doesNotContain("Ignored");
    }

    // RH2
    @Test
    @DisplayName("RH2: every hint is listed with why it decided or why not")
    void everyHintExplained() {
        run(
                "--status",
                "429",
                "--header",
                "Retry-After: 1",
                "--header",
                "retry-after-ms: 1500",
                "--header",
                "x-ratelimit-remaining-tokens: 0",
                "--header",
                "x-ratelimit-reset-tokens: 2s",
                "--header",
                "x-ms-retry-after-ms: soon");

        assertThat(out.toString())
                .contains("retry-after: 1  ->  1 s (RA2)")
                .contains("[not chosen: shorter than x-ratelimit-reset-tokens's 2 s, RH2]")
                .contains("x-ratelimit-reset-tokens: 2s  ->  2 s (RH6)")
                .contains("[decides: the longest valid wait, RH2]")
                .contains("x-ms-retry-after-ms: soon  ->  ignored (RA6)")
                .contains("Wait:         2 s")
                .contains("Decided by:   x-ratelimit-reset-tokens: 2s (RH2: the longest valid wait wins");
    }

    // RH3
    @Test
    @DisplayName("RH3: x-should-retry false says the client stops after this request")
    void shouldRetryFalse() {
        run("--status", "503", "--header", "Retry-After: 5", "--header", "x-should-retry: false");

        assertThat(out.toString())
                .contains("Retry:        x-should-retry: false (RH3): the client stops after this request and pauses")
                .doesNotContain("Budget:");
    }

    // RH9, RH12, RH13
    @Test
    @DisplayName("RH9, RH12: a 200 with nothing left explains the pace and what it covers")
    void paceOnSuccess() {
        run(
                "--status",
                "200",
                "--header",
                "RateLimit: \"default\";r=0;t=5",
                "--header",
                "RateLimit-Policy: \"default\";q=100;w=10");

        assertThat(out.toString())
                .contains("Wait:         none: status 200 is not retried (ST1)")
                .contains("Pace:         nothing is left for 5 s: the response is delivered and the quota 'default'"
                        + " is paced until the reset (RH9, RH12)")
                .contains("(RH13, P2)")
                .contains("RateLimit-Policy".toLowerCase() + ": \"default\";q=100;w=10  ->  no wait (RH5)");
    }
}
