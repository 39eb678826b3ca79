package dev.stormwatch.load.series;

/**
 * A derived figure of a run: either a value, or the reason it could not be computed, so that a report says
 * "not measured: no outage in this scenario" instead of printing a misleading zero.
 */
public sealed interface Figure {

    /** A computed value, in the unit the figure documents. */
    record Value(double value) implements Figure {}

    /** The figure does not apply to this run, or the series cannot support it; the reason says which. */
    record Absent(String reason) implements Figure {}

    /** A value. */
    static Figure of(double value) {
        return new Value(value);
    }

    /** No value, for this reason. */
    static Figure absent(String reason) {
        return new Absent(reason);
    }
}
