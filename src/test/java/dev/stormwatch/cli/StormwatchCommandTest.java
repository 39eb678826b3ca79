package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class StormwatchCommandTest {

    @Test
    void versionNamesTheToolAndTheJava() {
        StringWriter out = new StringWriter();
        CommandLine cli = StormwatchCommand.newCommandLine();
        cli.setOut(new PrintWriter(out));

        int exit = cli.execute("--version");

        assertThat(exit).isZero();
        assertThat(out.toString()).startsWith("stormwatch ").contains("Java 17");
    }

    @Test
    void aMissingOptionSaysWhatIsMissingAndWhereToReadMoreNotTheWholeUsage() {
        StringWriter err = new StringWriter();
        CommandLine cli = StormwatchCommand.newCommandLine();
        cli.setErr(new PrintWriter(err));

        int exit = cli.execute("session", "--issuer", "http://127.0.0.1:1", "--client-id");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString())
                .contains("--client-id")
                .contains("Try 'stormwatch session --help' for its options.")
                .doesNotContain("Usage:");
        assertThat(err.toString().lines().count()).isLessThanOrEqualTo(3);
    }

    @Test
    void aMistypedOptionGetsSuggestionsInsteadOfTheUsage() {
        StringWriter err = new StringWriter();
        CommandLine cli = StormwatchCommand.newCommandLine();
        cli.setErr(new PrintWriter(err));

        int exit = cli.execute("diagnose", "--formt", "nginx", "access.log");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("--formt").contains("--format").doesNotContain("Usage:");
    }
}
