package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code stormwatch simulate}'s limits, each on and just past its edge, and the settings its JSON states. */
class SimulateCommandEdgesTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return InProcessCli.run(out, err, args);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--clients | 1001 | --clients must be between 1 and 1000, was 1001",
                "--clients | -1   | --clients must be between 1 and 1000, was -1",
                "--base-ms | 0    | --base-ms must be at least 1, was 0",
                "--runs    | 0    | --runs must be between 1 and 1000, was 0",
                "--runs    | 1001 | --runs must be between 1 and 1000, was 1001",
            })
    @DisplayName("a setting past its limit is a usage error naming the option and the value, and nothing runs")
    void aSettingPastItsLimitIsRefused(String option, String value, String expected) {
        int exit = run("simulate", option, value);

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains(expected).doesNotContain("Exception");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    @DisplayName("the smallest settings run: one client, one run, a base of 1 ms and a cap equal to it")
    void theSmallestSettingsRun() {
        int exit = run("simulate", "--clients", "1", "--runs", "1", "--base-ms", "1", "--cap-ms", "1");

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains("1 clients, base 1 ms, cap 1 ms, network delay |normal(")
                .contains("mean of 1 runs, seed ")
                .containsPattern("full\\s+1\\.0\\s+\\d+\\.\\d{3}");
    }

    @Test
    @DisplayName("--json states each table's settings: base and cap, the network delay, runs and seed")
    void jsonStatesTheSettings() throws Exception {
        int exit = run(
                "simulate",
                "--json",
                "--clients",
                "3",
                "--runs",
                "2",
                "--base-ms",
                "7",
                "--cap-ms",
                "70",
                "--seed",
                "11");

        assertThat(exit).isZero();
        JsonNode table =
                new ObjectMapper().readTree(out.toString()).path("tables").get(0);
        assertThat(table.path("clients").asInt()).isEqualTo(3);
        assertThat(table.path("base_ms").asLong()).isEqualTo(7);
        assertThat(table.path("cap_ms").asLong()).isEqualTo(70);
        assertThat(table.path("network_delay_mean_ms").asLong()).isPositive();
        assertThat(table.path("network_delay_sd_ms").asLong()).isPositive();
        assertThat(table.path("runs").asInt()).isEqualTo(2);
        assertThat(table.path("seed").asLong()).isEqualTo(11);
        JsonNode none = table.path("strategies").get(0);
        assertThat(none.path("strategy").asText()).isEqualTo("none");
        assertThat(none.path("completion_s").asDouble()).isPositive();
        assertThat(out.toString()).doesNotContain("Lower is better");
    }
}
