package dev.stormwatch.cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * A usage error prints what was wrong and where to read more, not the whole usage: a missing {@code --client-id} is
 * one line the person can act on, where the 140-line usage of {@code session} buried it. A mistyped option or
 * subcommand also gets picocli's "did you mean" suggestions.
 */
final class ShortUsageErrors implements CommandLine.IParameterExceptionHandler {

    @Override
    public int handleParseException(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println(cmd.getColorScheme().errorText(e.getMessage()));
        if (!CommandLine.UnmatchedArgumentException.printSuggestions(e, err)) {
            err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for its options.");
        }
        err.flush();
        return cmd.getExitCodeExceptionMapper() != null
                ? cmd.getExitCodeExceptionMapper().getExitCode(e)
                : cmd.getCommandSpec().exitCodeOnInvalidInput();
    }
}
