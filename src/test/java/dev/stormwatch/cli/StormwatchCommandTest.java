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

    @Test
    @org.junit.jupiter.api.DisplayName("stormwatch alone prints its usage and exits 0; execute returns the exit code")
    void aloneItPrintsTheUsage() {
        StringWriter out = new StringWriter();
        CommandLine cli = StormwatchCommand.newCommandLine();
        cli.setOut(new PrintWriter(out));

        int exit = cli.execute();

        assertThat(exit).isZero();
        assertThat(out.toString())
                .startsWith("Usage: stormwatch")
                .contains("session")
                .contains("diagnose");
        assertThat(StormwatchCommand.execute("--no-such-option")).isEqualTo(2);
    }

    @Test
    @org.junit.jupiter.api.DisplayName("HD2: --verbose before any subcommand turns on debug logging")
    void verboseLogsAtDebug() {
        ch.qos.logback.classic.Logger ours =
                (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("dev.stormwatch");
        try {
            int exit = StormwatchCommand.newCommandLine()
                    .setOut(new PrintWriter(new StringWriter()))
                    .execute("--verbose", "--version");

            assertThat(exit).isZero();
            assertThat(ours.getLevel()).isEqualTo(ch.qos.logback.classic.Level.DEBUG);
        } finally {
            dev.stormwatch.logs.SupportLog.setVerbose(false);
        }
        assertThat(ours.getLevel()).isEqualTo(ch.qos.logback.classic.Level.INFO);
    }
}
