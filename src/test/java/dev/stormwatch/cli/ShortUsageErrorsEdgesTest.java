package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A usage error is one line and where to read more, with the exit code the command line maps it to. */
class ShortUsageErrorsEdgesTest {

    @Test
    @DisplayName("HD5: a usage error takes the exit code of the command line's own mapper when it has one")
    void theMappersExitCodeIsUsed() {
        StringWriter err = new StringWriter();
        CommandLine cli = StormwatchCommand.newCommandLine().setExitCodeExceptionMapper(e -> 64);
        cli.setErr(new PrintWriter(err));

        int exit = cli.execute("simulate", "--runs", "many");

        assertThat(exit).isEqualTo(64);
        assertThat(err.toString()).contains("--runs").contains("Try 'stormwatch simulate --help' for its options.");
    }
}
