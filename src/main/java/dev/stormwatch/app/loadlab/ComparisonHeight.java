package dev.stormwatch.app.loadlab;

/**
 * UI28: how high the comparison's table is: as high as its header and every row, and however low the window, high
 * enough for its first rows. The view measures the header; this decides.
 */
final class ComparisonHeight {

    /** The table's rows, one line each. */
    static final double ROW_HEIGHT = 26;
    /**
     * The rows that show however low the window, the first ones: the whole run's amplification and those from the
     * fault on.
     */
    static final int LEAST_ROWS = 8;

    private ComparisonHeight() {}

    /** The height that shows the header and every row, {@code frame} being the header and the borders. */
    static double whole(double frame, int rows) {
        return Math.ceil(frame + ROW_HEIGHT * rows);
    }

    /** The least height: the header and the first {@link #LEAST_ROWS} rows (all of them when fewer). */
    static double least(double frame, int rows) {
        return Math.ceil(frame + ROW_HEIGHT * Math.min(LEAST_ROWS, rows));
    }
}
