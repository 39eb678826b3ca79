package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SimulateCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return InProcessCli.run(out, err, args);
    }

    @Test
    void printsOneRowPerStrategyWithCallsAndCompletionSeconds() {
        int exit = run("simulate", "--clients", "20", "--runs", "5");

        assertThat(exit).isZero();
        String[] lines = out.toString().strip().split("\\R");
        assertThat(lines[0]).contains("20 clients", "base 5 ms", "cap 2000 ms", "seed 2015");
        assertThat(lines[1]).contains("strategy", "calls", "completion (s)");
        assertThat(lines).hasSize(9);
        assertThat(lines[8])
                .as("says which way is better, and why")
                .startsWith("Lower is better in both columns: each call is work for the contended resource");
        assertThat(lines[2]).startsWith("none ");
        assertThat(lines[3]).startsWith("exponential ");
        assertThat(lines[4]).startsWith("full ");
        assertThat(lines[5]).startsWith("equal ");
        assertThat(lines[6]).startsWith("decorrelated ").matches("decorrelated\\s+\\d+\\.\\d\\s+\\d+\\.\\d{3}");
    }

    @Test
    void theSameSeedPrintsTheSameTable() {
        run("simulate", "--clients", "30", "--runs", "3", "--seed", "99");
        String first = out.toString();
        out.getBuffer().setLength(0);

        run("simulate", "--clients", "30", "--runs", "3", "--seed", "99");

        assertThat(out.toString()).isEqualTo(first);
    }

    @Test
    void severalClientCountsPrintOneTableEach() {
        int exit = run("simulate", "--clients", "5,10", "--runs", "2", "--base-ms", "10", "--cap-ms", "500");

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("5 clients, base 10 ms, cap 500 ms").contains("10 clients, base 10 ms");
    }

    @Test
    void aCapBelowTheBaseIsAUsageErrorWithoutAStackTrace() {
        int exit = run("simulate", "--base-ms", "50", "--cap-ms", "10");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString())
                .contains("--cap-ms (10) must not be below --base-ms (50)")
                .doesNotContain("Exception");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void zeroClientsIsAUsageError() {
        int exit = run("simulate", "--clients", "0");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("--clients must be between 1 and 1000, was 0");
    }

    @Test
    @DisplayName("--json prints exactly one JSON object: one table per client count, a row per strategy")
    void jsonIsOneObjectForScripts() throws Exception {
        int exit = run("simulate", "--json", "--clients", "5,10", "--runs", "3");

        assertThat(exit).isZero();
        assertThat(out.toString().strip().lines()).hasSize(1);
        JsonNode root = new ObjectMapper().readTree(out.toString());
        assertThat(root.path("tables")).hasSize(2);
        assertThat(root.path("tables").get(0).path("clients").asInt()).isEqualTo(5);
        assertThat(root.path("tables").get(1).path("strategies")).hasSize(5);
        assertThat(root.path("tables")
                        .get(1)
                        .path("strategies")
                        .get(2)
                        .path("strategy")
                        .asText())
                .isEqualTo("full");
        assertThat(root.path("tables")
                        .get(1)
                        .path("strategies")
                        .get(2)
                        .path("calls")
                        .asDouble())
                .isPositive();
        assertThat(root.path("lower_is_better").toString()).isEqualTo("[\"calls\",\"completion_s\"]");
    }
}
