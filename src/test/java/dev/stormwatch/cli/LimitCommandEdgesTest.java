package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code stormwatch limit} in memory: what each line says, and the options refused before any Redis is asked. */
class LimitCommandEdgesTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return InProcessCli.run(out, err, args);
    }

    private int run(Map<String, String> environment, String... args) {
        CommandLine cli = new CommandLine(new LimitCommand(environment::get))
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setParameterExceptionHandler(new ShortUsageErrors());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    @DisplayName("L7: the token bucket says what its number is and how fast it refills, to the millisecond")
    void theTokenBucketSaysHowFastItRefills() {
        int exit = run("limit", "--algorithm", "token_bucket", "--limit", "3", "--window", "10s", "--requests", "4");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("TOKEN_BUCKET, 3 per 10 s, key ratelimit:{demo:gpt-4o}, on memory")
                .contains("in use: tokens taken from the bucket of 3 and not yet refilled; it refills one every"
                        + " 3.333 s")
                .contains("#1   allowed  in use 1    [backend]")
                .contains("#4   refused  in use 3    retry at ")
                .doesNotContain("in window");
    }

    @Test
    @DisplayName(
            "L7: GCRA's pace below a millisecond is said in microseconds, down to the one microsecond a limiter counts")
    void aPaceBelowAMillisecondIsInMicroseconds() {
        int fast = run("limit", "--algorithm", "gcra", "--limit", "3000", "--window", "1s", "--requests", "1");
        int fastest = run("limit", "--algorithm", "gcra", "--limit", "1000", "--window", "1ms", "--requests", "1");
        int whole = run("limit", "--algorithm", "gcra", "--limit", "2", "--window", "3s", "--requests", "1");

        assertThat(fast).isZero();
        assertThat(fastest).isZero();
        assertThat(whole).isZero();
        assertThat(out.toString())
                .contains("it pays one back every 0.000333 s (L7)")
                .contains("it pays one back every 0.000001 s (L7)")
                .contains("it pays one back every 1.5 s (L7)");
    }

    @Test
    @DisplayName("L3: a refused decision says its count, when to retry and in how many seconds")
    void aRefusedDecisionSaysWhenToRetry() {
        int exit = run("limit", "--limit", "1", "--window", "2m", "--requests", "2", "--principal", "alice");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("SLIDING_LOG, 1 per 2 min, key ratelimit:{alice:gpt-4o}, on memory")
                .contains("in window: requests counted in the key's window of 2 min, this one included (at most 1)")
                .containsPattern(
                        "#2   refused  in window 1    retry at \\S+Z \\(in 1[12]\\d\\.\\d{3} s\\)  \\[backend\\]");
    }

    @Test
    @DisplayName("L3: --json for a sliding log counts in the window, gives every refusal's retry time and no metrics")
    void jsonOfASlidingLog() throws Exception {
        int exit = run("limit", "--json", "--limit", "1", "--window", "1500ms", "--requests", "2", "--model", "m1");

        assertThat(exit).isZero();
        JsonNode root = new ObjectMapper().readTree(out.toString());
        assertThat(root.path("algorithm").asText()).isEqualTo("SLIDING_LOG");
        assertThat(root.path("limit").asInt()).isEqualTo(1);
        assertThat(root.path("window_s").decimalValue()).isEqualByComparingTo("1.5");
        assertThat(root.path("key").asText()).isEqualTo("ratelimit:{demo:m1}");
        assertThat(root.path("embedded_redis").isNull()).isTrue();
        assertThat(root.path("count").asText()).isEqualTo("in_window");
        assertThat(root.path("prometheus").isNull()).isTrue();
        JsonNode first = root.path("decisions").get(0);
        assertThat(first.path("n").asInt()).isEqualTo(1);
        assertThat(first.path("count").asInt()).isEqualTo(1);
        assertThat(first.has("retry_at")).isFalse();
        JsonNode second = root.path("decisions").get(1);
        assertThat(second.path("n").asInt()).isEqualTo(2);
        assertThat(second.path("allowed").asBoolean()).isFalse();
        assertThat(second.path("retry_at").asText()).endsWith("Z");
        assertThat(second.path("retry_in_s").decimalValue())
                .isBetween(new java.math.BigDecimal("1.0"), new java.math.BigDecimal("1.5"));
    }

    @Test
    @DisplayName("L8: --prometheus prints the metrics after the decisions in text, and inside the JSON object")
    void prometheusInTextAndInJson() throws Exception {
        int text = run("limit", "--prometheus", "--limit", "1", "--requests", "2");
        String printed = out.toString();
        out.getBuffer().setLength(0);
        int json = run("limit", "--json", "--prometheus", "--limit", "1", "--requests", "1");

        assertThat(text).isZero();
        assertThat(printed.indexOf("stormwatch_limiter_decisions_total")).isGreaterThan(printed.indexOf("#2 "));
        assertThat(json).isZero();
        assertThat(new ObjectMapper()
                        .readTree(out.toString())
                        .path("prometheus")
                        .asText())
                .contains("stormwatch_limiter_decisions_total");
    }

    @Test
    @DisplayName("HD3: a password file without an external Redis is refused: the embedded or in-memory limiter has"
            + " none")
    void aPasswordFileWithoutAnExternalRedisIsRefused(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("pw"), "s3cret\n");

        int exit = run("limit", "--redis-password-file", file.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString())
                .contains("--redis-password-file is for --redis or --redis-cluster; the embedded Redis makes its own")
                .doesNotContain("s3cret");
        assertThat(out.toString()).doesNotContain("#1");
    }

    @Test
    @DisplayName("HD3: an unreadable password file, or a variable that is no password, is refused in its own words"
            + " before Redis is asked")
    void aPasswordThatCannotBeUsedIsRefusedBeforeRedisIsAsked(@TempDir Path dir) {
        Path missing = dir.resolve("missing");

        int fromFile = run(Map.of(), "--redis", "redis://127.0.0.1:1", "--redis-password-file", missing.toString());
        int fromVariable =
                run(Map.of(RedisPasswordSource.VARIABLE, "two words"), "--redis-cluster", "127.0.0.1:1,127.0.0.1:2");

        assertThat(fromFile).isEqualTo(2);
        assertThat(err.toString())
                .contains("--redis-password-file " + missing + " cannot be read (NoSuchFileException)")
                .contains(RedisPasswordSource.VARIABLE + ": a Redis password must be non-blank")
                .doesNotContain("two words")
                .doesNotContain("cannot be reached");
        assertThat(fromVariable).isEqualTo(2);
    }

    @Test
    @DisplayName("L1: --redis and --redis-cluster are one choice: both together are a usage error")
    void oneRedisAtATime() {
        int exit = run("limit", "--redis", "redis://127.0.0.1:1", "--redis-cluster", "127.0.0.1:2");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("mutually exclusive");
    }

    @Test
    @DisplayName("L3: no requests asked for: the header and no decision")
    void noRequestsNoDecision() {
        int exit = run("limit", "--requests", "0");

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("SLIDING_LOG, 5 per 10 s").doesNotContain("#1");
    }
}
