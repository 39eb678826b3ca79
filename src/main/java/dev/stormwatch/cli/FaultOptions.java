package dev.stormwatch.cli;

import dev.stormwatch.server.FaultPlan;
import dev.stormwatch.server.FaultSpec;
import dev.stormwatch.server.InvalidFaultSpec;
import dev.stormwatch.server.PlannedFault;
import java.util.List;
import picocli.CommandLine;

/** Reads {@code --fault ENDPOINT=KIND[,key=value...]} options into a server's fault plan (see {@link FaultSpec}). */
final class FaultOptions {

    private FaultOptions() {}

    /** Parses every option first, so that one typo leaves the plan untouched. */
    static List<PlannedFault> parse(CommandLine commandLine, List<String> texts) {
        try {
            return texts.stream().map(FaultSpec::parseText).toList();
        } catch (InvalidFaultSpec e) {
            throw new CommandLine.ParameterException(commandLine, "--fault: " + e.getMessage());
        }
    }

    static void apply(List<PlannedFault> faults, FaultPlan plan) {
        faults.forEach(f -> plan.inject(f.endpoint(), f.fault(), f.remaining()));
    }
}
