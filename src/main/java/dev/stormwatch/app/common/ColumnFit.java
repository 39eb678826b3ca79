package dev.stormwatch.app.common;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * UI8, UI13, UI22, UI28: a table's columns decided from the widths of their texts as the table's fonts draw them. Each
 * column is as wide as its widest text, its header's included, and never narrower than the least width its view gave
 * it. Where the columns need more than the table's room, a header wider than its column's cells takes two lines,
 * broken at the space nearest its middle; the first column's never does, as it names the rows. {@link FittedColumns}
 * measures and applies; this decides.
 *
 * @param headers each column's header as shown, a broken one with a line break
 * @param widths each column's width, whole pixels
 */
public record ColumnFit(List<String> headers, List<Double> widths) {

    /** Room a header needs beside its text: its padding and the sort arrow's place. */
    public static final double HEADER_ROOM = 24;
    /** Room a cell needs beside its text: its padding on both sides and a little for the theme's rounding. */
    public static final double CELL_ROOM = 20;

    /**
     * One column as the fit reads it.
     *
     * @param title its title in one line
     * @param least the width it never goes under, whatever its texts
     * @param cells the texts of its cells
     */
    public record Column(String title, double least, List<String> cells) {
        public Column {
            cells = List.copyOf(cells);
        }
    }

    public ColumnFit {
        headers = List.copyOf(headers);
        widths = List.copyOf(widths);
    }

    /**
     * @param columns the columns, in the table's order
     * @param header a text's width in the header's font
     * @param cell a text's width in the cells' font
     * @param room the width the table has for its columns; {@link Double#POSITIVE_INFINITY} never breaks a header
     */
    public static ColumnFit of(
            List<Column> columns, ToDoubleFunction<String> header, ToDoubleFunction<String> cell, double room) {
        int count = columns.size();
        double[] cells = new double[count];
        double[] oneLine = new double[count];
        double[] twoLines = new double[count];
        double needed = 0;
        for (int c = 0; c < count; c++) {
            Column column = columns.get(c);
            oneLine[c] = header.applyAsDouble(column.title()) + HEADER_ROOM;
            twoLines[c] =
                    twoLines(column.title()).lines().mapToDouble(header).max().orElse(0) + HEADER_ROOM;
            cells[c] = column.least();
            for (String text : column.cells()) {
                cells[c] = Math.max(cells[c], cell.applyAsDouble(text) + CELL_ROOM);
            }
            needed += Math.ceil(Math.max(oneLine[c], cells[c]));
        }
        boolean narrow = needed > room;
        List<String> headers = new ArrayList<>();
        List<Double> widths = new ArrayList<>();
        for (int c = 0; c < count; c++) {
            // The first column's names are what a person reads the rows by: never broken.
            boolean broken = narrow && c > 0 && oneLine[c] > cells[c];
            String title = columns.get(c).title();
            headers.add(broken ? twoLines(title) : title);
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
}
