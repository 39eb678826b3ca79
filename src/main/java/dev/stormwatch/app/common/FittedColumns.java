package dev.stormwatch.app.common;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * UI8, UI13, UI22, UI28: every table that fits its columns to their texts does it here. It reads each column's title,
 * least width and cell texts, measures them in the fonts the table's stylesheet gave its header and cells (the theme's,
 * often larger and bolder than the toolkit's default), lets {@link ColumnFit} decide, and applies the widths and the
 * headers. A table whose columns together are wider than its room scrolls sideways.
 */
public final class FittedColumns {

    /** Whether a fit sets the last column too, or leaves it the room the others leave (the timeline's "Then"). */
    public enum Last {
        FITTED,
        TAKES_THE_REST
    }

    private static final String LEAST = "stormwatch.least-width";
    private static final String TITLE = "stormwatch.title";

    private FittedColumns() {}

    /**
     * Gives {@code column} the width it never goes under, whatever its texts (what its view expects them to need), and
     * shows it at that width until the first fit.
     */
    public static <C extends TableColumn<?, ?>> C least(C column, double least) {
        column.getProperties().put(LEAST, least);
        column.setMinWidth(least);
        column.setPrefWidth(least);
        return column;
    }

    /** Keeps {@code table}'s columns fitted: once the table is styled, and again whenever its rows change. */
    public static void keep(TableView<?> table, Last last) {
        table.skinProperty()
                .addListener((obs, was, now) -> Platform.runLater(() -> fit(table, last, Double.POSITIVE_INFINITY)));
        table.getItems().addListener((ListChangeListener<Object>) change -> fit(table, last, Double.POSITIVE_INFINITY));
    }

    /**
     * Fits {@code table}'s columns now.
     *
     * @param room the width the table has for its columns, under which a header wider than its cells takes two lines;
     *     {@link Double#POSITIVE_INFINITY} keeps every header on one line
     * @return what was decided and applied
     */
    public static ColumnFit fit(TableView<?> table, Last last, double room) {
        table.applyCss();
        Font header = fontOf(table, ".column-header .label").orElse(Font.getDefault());
        // Before the first rows have cells: the headers' family and size, which the stylesheet gives the cells too, in
        // the cells' regular weight (a header's is bold).
        Font cell = fontOf(table, ".table-cell").orElseGet(() -> Font.font(header.getFamily(), header.getSize()));
        List<? extends TableColumn<?, ?>> columns = table.getColumns();
        int fitted = last == Last.FITTED ? columns.size() : columns.size() - 1;
        List<ColumnFit.Column> read = new ArrayList<>();
        // A title given as a label (one with a tooltip) is as wide as that label draws itself, its padding included,
        // once it has a skin to draw with.
        Map<String, Double> labels = new HashMap<>();
        for (TableColumn<?, ?> column : columns.subList(0, fitted)) {
            if (column.getGraphic() instanceof Labeled label && label.getSkin() != null) {
                labels.put(label.getText(), label.prefWidth(-1));
            }
            List<String> cells = new ArrayList<>();
            for (int row = 0; row < table.getItems().size(); row++) {
                Object value = column.getCellData(row);
                if (value != null) {
                    cells.add(value.toString());
                }
            }
            read.add(new ColumnFit.Column(
                    titleOf(column), (Double) column.getProperties().getOrDefault(LEAST, 0.0), cells));
        }
        ColumnFit fit = ColumnFit.of(
                read,
                text -> labels.containsKey(text) ? labels.get(text) : width(text, header),
                text -> width(text, cell),
                room);
        for (int c = 0; c < fitted; c++) {
            TableColumn<?, ?> column = columns.get(c);
            if (column.getGraphic() == null) {
                column.setText(fit.headers().get(c));
            }
            column.setMinWidth(fit.widths().get(c));
            column.setPrefWidth(fit.widths().get(c));
        }
        return fit;
    }

    /**
     * A column's title in one line, whatever its header shows now: its text when first fitted, or its header label's
     * text where the title is a graphic (one with a tooltip).
     */
    private static String titleOf(TableColumn<?, ?> column) {
        Object kept = column.getProperties().get(TITLE);
        if (kept instanceof String title) {
            return title;
        }
        String title = column.getGraphic() instanceof Labeled label ? label.getText() : column.getText();
        column.getProperties().put(TITLE, title);
        return title;
    }

    /** The font of the first labelled part of {@code parent} that {@code selector} finds, once styled; none before. */
    private static Optional<Font> fontOf(Parent parent, String selector) {
        return parent.lookupAll(selector).stream()
                .filter(Labeled.class::isInstance)
                .map(node -> ((Labeled) node).getFont())
                .findFirst();
    }

    /** The width {@code text} takes drawn in {@code font}. */
    private static double width(String text, Font font) {
        Text probe = new Text(text);
        probe.setFont(font);
        return probe.getLayoutBounds().getWidth();
    }
}
