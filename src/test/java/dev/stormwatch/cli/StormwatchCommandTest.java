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
}
