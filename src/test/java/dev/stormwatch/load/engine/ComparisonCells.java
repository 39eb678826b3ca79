package dev.stormwatch.load.engine;

import java.util.List;

/** Reads the comparison table's rows (LB6, LB18) as a story test does: a cell by its row's label and its column. */
final class ComparisonCells {

    private ComparisonCells() {}

    /** The cell in {@code column} (1 for the first run) of the row labelled {@code label}. */
    static String cell(List<List<String>> rows, String label, int column) {
        return rows.stream()
                .filter(row -> row.get(0).equals(label))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row " + label + " in " + rows))
                .get(column);
    }
}
