package dev.stormwatch.app.loadlab;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * UI13, UI28: the comparison table's columns, decided from the widths of their texts as the table's fonts draw them.
 * Each column is as wide as its widest text, its header included; where the columns need more than the table's room,
 * a run's header wider than its figures takes two lines, broken at the space nearest its middle. The view measures
 * and applies; this decides.
 *
 * @param headers each column's header as shown, a broken one with a line break
 * @param widths each column's width, whole pixels
 */
record ColumnFit(List<String> headers, List<Double> widths) {

    /** Room a header needs beside its text: its padding and the sort arrow's place. */
    static final double HEADER_ROOM = dev.stormwatch.app.common.TableText.HEADER_ROOM;
    /** Room a cell needs beside its text: its padding on both sides. */
    static final double CELL_ROOM = 18;
    /** The table's rows, one line each. */
    static final double ROW_HEIGHT = 26;
    /**
     * UI28: the rows that show however low the window, the first ones: the whole run's amplification and those from
     * the fault on.
     */
    static final int LEAST_ROWS = 8;

    ColumnFit {
        headers = List.copyOf(headers);
        widths = List.copyOf(widths);
    }

    /**
     * @param titles each column's title in one line, the figure column's first
     * @param rows the table's rows, a cell per column (a short row leaves the rest empty)
     * @param header a text's width in the header's font
     * @param cell a text's width in the cells' font
     * @param room the width the table has for its columns
     */
    static ColumnFit of(
            List<String> titles,
            List<List<String>> rows,
            ToDoubleFunction<String> header,
            ToDoubleFunction<String> cell,
            double room) {
        int count = titles.size();
        double[] cells = new double[count];
        double[] oneLine = new double[count];
        double[] twoLines = new double[count];
        double needed = 0;
        for (int c = 0; c < count; c++) {
            String title = titles.get(c);
            oneLine[c] = header.applyAsDouble(title) + HEADER_ROOM;
            twoLines[c] = twoLines(title).lines().mapToDouble(header).max().orElse(0) + HEADER_ROOM;
            for (List<String> row : rows) {
                if (c < row.size()) {
                    cells[c] = Math.max(cells[c], cell.applyAsDouble(row.get(c)) + CELL_ROOM);
                }
            }
            needed += Math.ceil(Math.max(oneLine[c], cells[c]));
        }
        boolean narrow = needed > room;
        List<String> headers = new ArrayList<>();
        List<Double> widths = new ArrayList<>();
        for (int c = 0; c < count; c++) {
            // The figure column's names are what a person reads the row by: never broken.
            boolean broken = narrow && c > 0 && oneLine[c] > cells[c];
            headers.add(broken ? twoLines(titles.get(c)) : titles.get(c));
            widths.add(Math.ceil(Math.max(broken ? twoLines[c] : oneLine[c], cells[c])));
        }
        return new ColumnFit(headers, widths);
    }

    /** UI28: a title broken at the space nearest its middle, so that its longer line is as short as it can be. */
    static String twoLines(String title) {
        int best = -1;
        for (int i = title.indexOf(' '); i >= 0; i = title.indexOf(' ', i + 1)) {
            if (best < 0 || Math.abs(title.length() - 2 * i) < Math.abs(title.length() - 2 * best)) {
                best = i;
            }
        }
        return best < 0 ? title : title.substring(0, best) + "\n" + title.substring(best + 1);
    }

    /** UI28: the height that shows the header and every row, {@code frame} being the header and the borders. */
    static double wholeHeight(double frame, int rows) {
        return Math.ceil(frame + ROW_HEIGHT * rows);
    }

    /** UI28: the least height: the header and the first {@link #LEAST_ROWS} rows (all of them when fewer). */
    static double leastHeight(double frame, int rows) {
        return Math.ceil(frame + ROW_HEIGHT * Math.min(LEAST_ROWS, rows));
    }
}
