package dev.stormwatch.load.report;

/** How a load run ended: completed, or cut short with the reason, so a partial report says what happened. */
public sealed interface RunOutcome {

    /** The run lasted its planned duration. */
    record Completed() implements RunOutcome {}

    /** The run stopped early (unreachable target, Redis lost, interrupted); the series hold what was measured until then. */
    record Partial(String reason) implements RunOutcome {}
}
