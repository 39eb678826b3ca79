package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class LoadCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(Map<String, String> environment, String... args) {
        CommandLine cli = StormwatchCommand.newCommandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        ((LoadCommand) cli.getSubcommands().get("load").getCommand()).environment(environment::get);
        return cli.execute(args);
    }

    private int run(String... args) {
        return run(Map.of(), args);
    }

    @Test
    void validOptionsAreAcceptedAndTheRunSaysItIsNotYetAvailable() {
        int exit = run("load", "--target", "embedded", "--clients", "1000", "--rate", "500", "--duration", "60s",
                "--jitter", "full", "--limiter", "sliding-log", "--redis", "embedded", "--instances", "4",
                "--scenario", "3am-storm", "--report", "out.json");

        assertThat(exit).isEqualTo(LoadCommand.NOT_YET_AVAILABLE);
        assertThat(out.toString()).contains("Options are valid", "1000 clients", "open loop at 500.0/s",
                "limiter sliding-log", "4 instance(s)", "scenario 3am-storm");
        assertThat(err.toString()).contains("not yet available: needs the resilient client").doesNotContain("Exception");
    }

    @Test
    void nonsenseOptionsAreListedAllAtOnceAndNothingRuns() {
        int exit = run("load", "--rate", "-3", "--duration", "0", "--scenario", "hurricane");

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString())
                .contains("--rate must be a positive number of requests per second")
                .contains("--duration must be longer than zero")
                .contains("unknown --scenario 'hurricane'; known: steady, 3am-storm")
                .doesNotContain("not yet available")
                .doesNotContain("Exception");
        assertThat(out.toString()).isEmpty();
    }

    @DisplayName("a remote target without --rate is refused before anything is sent")
    @Test
    void aRemoteTargetWithoutARateCapIsRefused() {
        int exit = run("load", "--target", "https://gateway.example.com/v1");

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString()).contains("is not on this machine: give --rate");
    }

    // RC6
    @Test
    void theApiKeyComesFromTheEnvironmentAndIsNeverPrinted() {
        int exit = run(Map.of("GATEWAY_KEY", "sk-live-abcdef0123456789"),
                "load", "--target", "https://gateway.example.com/v1", "--rate", "2", "--api-key-env", "GATEWAY_KEY");

        assertThat(exit).isEqualTo(LoadCommand.NOT_YET_AVAILABLE);
        assertThat(out.toString()).contains("credential API key [redacted]");
        assertThat(out + err.toString()).doesNotContain("sk-live-abcdef0123456789");
    }

    @Test
    void aMissingApiKeyVariableIsNamed() {
        int exit = run("load", "--target", "https://gateway.example.com/v1", "--rate", "2", "--api-key-env", "NOPE");

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString()).contains("the environment variable NOPE named by --api-key-env is not set");
    }

    @Test
    void aBadThinkTimeIsNamed() {
        int exit = run("load", "--think-time", "a while");

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString()).contains("--think-time must look like 200ms, 1s or 0, was 'a while'");
    }

    @Test
    void aNumberThatIsNotANumberIsAPicocliUsageError() {
        int exit = run("load", "--clients", "many");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("--clients").doesNotContain("at dev.stormwatch");
    }
}
