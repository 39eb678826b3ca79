package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code stormwatch provider} and {@code stormwatch relay}: they start, print where they are, and stop. */
class ServerCommandsTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = StormwatchCommand.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void relayPrintsItsAddressAndDemoKeyThenStops() {
        int exit = run("relay", "--port", "0", "--quota", "60/1m", "--outage", "30s..60s",
                "--fault", "/v1/models=429,retry-after=5", "--run-for", "200ms");
        assertThat(exit).isZero();
        assertThat(out.toString()).containsPattern("on http://127\\.0\\.0\\.1:\\d+/v1")
                .contains("sk-demo").contains("60 per PT1M").endsWith("stopped" + System.lineSeparator());
    }

    @Test
    void providerPrintsItsIssuerThenStops() {
        int exit = run("provider", "--access-token-ttl", "30s", "--dpop-nonce", "--run-for", "200ms");
        assertThat(exit).isZero();
        assertThat(out.toString()).containsPattern("issuer +http://127\\.0\\.0\\.1:\\d+")
                .contains("stormwatch-desktop").contains("stopped");
    }

    @Test
    void aBadFaultIsAUsageErrorNotAStackTrace() {
        int exit = run("relay", "--fault", "/v1/models=418", "--run-for", "1ms");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("unknown fault '418'").doesNotContain("\tat ");
    }

    @Test
    void aBadDurationOrQuotaIsAUsageError() {
        assertThat(run("provider", "--access-token-ttl", "soon", "--run-for", "1ms")).isEqualTo(2);
        assertThat(run("relay", "--quota", "lots", "--run-for", "1ms")).isEqualTo(2);
        assertThat(err.toString()).contains("not a duration").contains("N/WINDOW").doesNotContain("\tat ");
    }

    @Test
    void aPortOutOfRangeIsAUsageErrorNotAStackTrace() {
        assertThat(run("relay", "--port", "99999", "--run-for", "1ms")).isEqualTo(2);
        assertThat(run("provider", "--port", "-3", "--run-for", "1ms")).isEqualTo(2);
        assertThat(err.toString()).contains("--port must be 0 (any free port) or 1..65535, was 99999")
                .contains("was -3").doesNotContain("\tat ");
    }
}
