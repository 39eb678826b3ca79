package dev.stormwatch.app.common;

import javafx.application.Platform;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;

/**
 * UI8: keeps every header of a table whole: once the table is styled, and again whenever its rows change, a column
 * narrower than its title in the header's own font (the theme's, often larger and bolder than the default) is widened
 * to it. A column already wide enough keeps its width; the table scrolls sideways when they do not fit.
 */
public final class WholeHeaders {

    private WholeHeaders() {}

    public static void keep(TableView<?> table) {
        table.skinProperty().addListener((obs, was, now) -> Platform.runLater(() -> widen(table)));
        table.getItems().addListener((javafx.collections.ListChangeListener<Object>) change -> widen(table));
    }

    /** Widens each column narrower than its title, as the header's font draws it. */
    static void widen(TableView<?> table) {
        if (table.getSkin() == null) {
            return;
        }
        table.applyCss();
        Font font = TableText.fontOf(table, ".column-header .label").orElse(Font.getDefault());
        for (TableColumn<?, ?> column : table.getColumns()) {
            double needs = Math.ceil(TableText.width(column.getText(), font) + TableText.HEADER_ROOM);
            if (column.getMinWidth() < needs) {
                column.setMinWidth(needs);
            }
            if (column.getPrefWidth() < needs) {
                column.setPrefWidth(needs);
            }
        }
    }
}
