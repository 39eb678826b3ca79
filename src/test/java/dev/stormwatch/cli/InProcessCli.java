package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.function.Consumer;
import picocli.CommandLine;

/** Runs {@code stormwatch} in the test's JVM, as a person would type it, keeping what it writes. */
public final class InProcessCli {

    private InProcessCli() {}

    /**
     * Runs {@code stormwatch ARGS} with a fresh command line.
     *
     * @param out receives the standard output
     * @param err receives the errors
     * @return the exit code
     */
    public static int run(StringWriter out, StringWriter err, String... args) {
        CommandLine cli = StormwatchCommand.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    /**
     * Runs {@code stormwatch COMMAND ARGS}: one subcommand with its arguments.
     *
     * @param out receives the standard output
     * @param err receives the errors
     * @return the exit code
     */
    public static int runCommand(StringWriter out, StringWriter err, String command, String... args) {
        String[] full = new String[args.length + 1];
        full[0] = command;
        System.arraycopy(args, 0, full, 1, args.length);
        return run(out, err, full);
    }

    /**
     * A fresh command line whose {@code load} reads its variables from {@code environment} and prints its progress as
     * plain lines (not a terminal), with {@code configured} applied to that {@code load} command.
     */
    static CommandLine withLoad(
            StringWriter out, StringWriter err, Map<String, String> environment, Consumer<LoadCommand> configured) {
        CommandLine cli = StormwatchCommand.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        LoadCommand load = (LoadCommand) cli.getSubcommands().get("load").getCommand();
        load.environment(environment::get);
        load.terminal(false);
        configured.accept(load);
        return cli;
    }

    private static Path nginxLabReport;

    /**
     * Puts a real load report at {@code report}: {@code stormwatch load} against the embedded relay answering as
     * nginx's limit_req (429 with Retry-After: 2), for its shortest length (10 s). The run happens once per test JVM
     * and each caller gets a copy of its report: the classes that read it (the command line's and the window's
     * diagnosis) ask the same question of the same run, and ten seconds of real time each bought nothing more. Fails
     * the test if the run fails.
     */
    public static synchronized Path nginxLabReportAt(Path report) {
        try {
            if (nginxLabReport == null) {
                Path dir = Files.createTempDirectory("stormwatch-lab-report");
                dir.toFile().deleteOnExit();
                Path written = writeNginxLabReport(dir.resolve("lab.json"));
                written.toFile().deleteOnExit();
                nginxLabReport = written;
            }
            return Files.copy(nginxLabReport, report, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path writeNginxLabReport(Path report) {
        StringWriter loadOut = new StringWriter();
        int exit = run(
                loadOut,
                loadOut,
                "load",
                "--target",
                "embedded",
                "--clients",
                "20",
                "--rate",
                "80",
                "--duration",
                "10s",
                "--scenario",
                "nginx-limit-req",
                "--seed",
                "3",
                "--report",
                report.toString());
        assertThat(exit).as(loadOut.toString()).isZero();
        return report;
    }
}
