package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.limit.EmbeddedRedis;
import java.io.StringWriter;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class LimitCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return InProcessCli.run(out, err, args);
    }

    @Test
    @DisplayName("L7: GCRA says what its number is (no window: the burst allowance in use) and how fast it pays back")
    void gcraSaysWhatItsNumberIs() {
        int exit = run("limit", "--algorithm", "gcra", "--limit", "5", "--window", "10s", "--requests", "6");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("GCRA, 5 per 10 s, key")
                .contains("GCRA has no window, it pays one back every 2 s (L7)")
                .contains("#1   allowed  in use 1 ")
                .contains("#6   refused  in use 5 ")
                .doesNotContain("in window")
                .doesNotContain("PT10S");
    }

    @Test
    @DisplayName("--json prints exactly one JSON object with every decision, and nothing else")
    void jsonIsOneObjectForScripts() throws Exception {
        int exit = run("limit", "--json", "--algorithm", "gcra", "--limit", "2", "--window", "10s", "--requests", "3");

        assertThat(exit).isZero();
        assertThat(out.toString().strip().lines()).hasSize(1);
        JsonNode root = new ObjectMapper().readTree(out.toString());
        assertThat(root.path("algorithm").asText()).isEqualTo("GCRA");
        assertThat(root.path("window_s").asInt()).isEqualTo(10);
        assertThat(root.path("backend").asText()).isEqualTo("memory");
        assertThat(root.path("count").asText()).isEqualTo("in_use");
        assertThat(root.path("decisions")).hasSize(3);
        assertThat(root.path("decisions").get(0).path("allowed").asBoolean()).isTrue();
        JsonNode refused = root.path("decisions").get(2);
        assertThat(refused.path("allowed").asBoolean()).isFalse();
        assertThat(refused.path("retry_in_s").asDouble()).isBetween(0.0, 5.0);
        assertThat(refused.path("source").asText()).isEqualTo("backend");
    }

    @Test
    @DisplayName("the tag in brackets is explained before the first decision")
    void theBackendTagIsExplained() {
        int exit = run("limit", "--limit", "1", "--requests", "1");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("in window: requests counted in the key's window of 10 s, this one included")
                .contains("[backend]: decided by the limiter on memory; [local_fallback], [fail_open] or [fail_closed]:"
                        + " Redis could not be reached, so --failure-mode decided (L9)");
    }

    @Test
    @DisplayName("L3: in memory, the burst beyond the limit is refused with a retry-at")
    void printsEachDecisionInMemory() {
        int exit = run("limit", "--limit", "2", "--window", "10s", "--requests", "3");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("SLIDING_LOG, 2 per 10 s, key ratelimit:{demo:gpt-4o}, on memory")
                .contains("#1   allowed")
                .contains("#2   allowed")
                .contains("#3   refused")
                .contains("retry at ");
    }

    // One duration grammar; --window once refused the bare seconds every other option accepts.
    @Test
    void aWindowInBareSecondsIsReadLikeEveryOtherDuration() {
        assertThat(run("limit", "--limit", "2", "--window", "90", "--requests", "1"))
                .isZero();
        assertThat(out.toString()).contains("SLIDING_LOG, 2 per 90 s");
    }

    @Test
    @DisplayName("HD5: a --window too long to count is refused naming the option, with its maximum")
    void aWindowTooLongToCountSaysItsMaximum() {
        assertThat(run("limit", "--window", "99999999999999999999s")).isEqualTo(LimitCommand.CONFIGURATION_ERROR);
        assertThat(err.toString())
                .contains("error: --window '99999999999999999999s' is too long; at most 2562047h")
                .doesNotContain("Exception");
    }

    @Test
    void badSettingsPrintAClearErrorAndNoStackTrace() {
        assertThat(run("limit", "--limit", "0")).isEqualTo(LimitCommand.CONFIGURATION_ERROR);
        assertThat(run("limit", "--window", "soon")).isEqualTo(LimitCommand.CONFIGURATION_ERROR);
        assertThat(run("limit", "--principal", "al ice")).isEqualTo(LimitCommand.CONFIGURATION_ERROR);
        assertThat(run("limit", "--redis", "http://localhost")).isEqualTo(LimitCommand.CONFIGURATION_ERROR);

        assertThat(err.toString())
                .contains("error: limit must be at least 1 request per window, was 0")
                .contains("error: --window 'soon' is not a duration: write 90 (seconds)")
                .contains("error: principal must not contain whitespace")
                .contains("error: Redis URL must start with redis://")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
    }

    @Test
    @DisplayName("L9: an unreachable Redis is a clear error at start")
    void unreachableRedisIsAClearError() {
        int port = EmbeddedRedis.freeLoopbackPort();

        assertThat(run("limit", "--redis", "redis://127.0.0.1:" + port)).isEqualTo(LimitCommand.CONFIGURATION_ERROR);
        assertThat(err.toString()).contains("error: Redis at redis://127.0.0.1:" + port + " cannot be reached");
    }

    @Test
    @DisplayName("L1 L8: on an embedded redis-server, decisions come from Redis and metrics can be printed")
    void runsOnAnEmbeddedRedis() {
        int exit = run(
                "limit", "--embedded-redis", "--algorithm", "gcra", "--limit", "1", "--requests", "2", "--prometheus");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("GCRA, 1 per 10 s")
                .contains("on redis://127.0.0.1:")
                .contains("#1   allowed  in use 1    [backend]")
                .contains("#2   refused")
                .contains(
                        "stormwatch_limiter_decisions_total{algorithm=\"gcra\",outcome=\"refused\",source=\"backend\"} 1.0");
    }

    @Test
    @DisplayName("Limit --embedded-redis says which redis-server runs and why, and works with its password")
    void embeddedRedisSaysWhichBinaryRunsAndAuthenticates() {
        int exit = run("limit", "--embedded-redis", "--limit", "1", "--requests", "2");

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString())
                .containsPattern("embedded Redis: redis-server \\S+ (from the PATH|bundled) \\(")
                .contains("password required (random, not shown)")
                .contains("#1   allowed  in window 1    [backend]");
        assertThat(err.toString()).doesNotContain("NOAUTH");
    }
}
