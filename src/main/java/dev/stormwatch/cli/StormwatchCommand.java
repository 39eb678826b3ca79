package dev.stormwatch.cli;

import dev.stormwatch.logs.SupportLog;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The root of the {@code stormwatch} command line; each feature adds a subcommand. */
@Command(
        name = "stormwatch",
        mixinStandardHelpOptions = true,
        versionProvider = StormwatchVersion.class,
        description = {
            "See what an OAuth client and a retrying API client really do when a provider is overloaded.",
            "Run without arguments (or with 'app') to open the desktop app."
        },
        subcommands = {
            CommandLine.HelpCommand.class,
            ExplainRetryAfterCommand.class,
            SessionCommand.class,
            ClientKeyCommand.class,
            InspectTokenCommand.class,
            ProfileCommand.class,
            CallCommand.class,
            LimitCommand.class,
            ProviderCommand.class,
            RelayCommand.class,
            SimulateCommand.class,
            LoadCommand.class,
            DiagnoseCommand.class
        })
public final class StormwatchCommand implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** HD2: every request (redacted) and more, in the log file and on stderr; any subcommand takes it. */
    @CommandLine.Option(
            names = "--verbose",
            scope = CommandLine.ScopeType.INHERIT,
            description = "Log at debug level (every request, secrets redacted) to the log file and to stderr.")
    void verbose(boolean on) {
        SupportLog.setVerbose(on);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Runs the command line and returns its exit code. */
    public static int execute(String... args) {
        return newCommandLine().execute(args);
    }

    /** The configured command line, for tests that capture its output. */
    public static CommandLine newCommandLine() {
        return new CommandLine(new StormwatchCommand())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setParameterExceptionHandler(new ShortUsageErrors());
    }
}
