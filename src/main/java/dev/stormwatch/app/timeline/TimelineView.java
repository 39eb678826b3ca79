package dev.stormwatch.app.timeline;

import dev.stormwatch.app.common.ClipboardText;
import dev.stormwatch.app.common.FittedColumns;
import dev.stormwatch.app.common.RuleCatalogue;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/** The request timeline: lanes per origin above, every attempt in a table below; a row copies as ticket text. */
public final class TimelineView extends BorderPane {

    public TimelineView(TimelineViewModel model) {
        setId("timeline");
        TableView<TimelineRow> table = new TableView<>(model.rows());
        table.setId("timeline-table");
        table.setPlaceholder(new Label("No requests yet."));
        table.getStyleClass().add(atlantafx.base.theme.Styles.DENSE); // UI22: compact one-line rows
        // Widths that fit the Session area's centre at 1280 px; the last column takes what is left.
        table.getColumns().add(column("Time", "When the attempt ended, in UTC", TimelineRow::time, 94));
        table.getColumns()
                .add(column(
                        "Origin",
                        "Host and port (the scheme is in the tooltip and the ticket text): "
                                + "pauses and limits are per origin",
                        TimelineRow::shortOrigin,
                        118));
        table.getColumns().add(column("Step", "The request step of the visible call", TimelineRow::step, 76));
        table.getColumns().add(column("#", "Attempt of this step; – when nothing was sent", TimelineRow::attempt, 26));
        table.getColumns()
                .add(column(
                        "Result", "The status, the network failure, or why nothing was sent", TimelineRow::result, 76));
        table.getColumns()
                .add(column("Sent", "Retry-After exactly as the provider sent it", TimelineRow::retryAfterRaw, 44));
        table.getColumns()
                .add(column("Wait", "The wait that Retry-After asks for (RA1–RA7)", TimelineRow::retryAfter, 52));
        table.getColumns().add(column("Delay", "The sleep chosen before the next attempt", TimelineRow::delay, 60));
        table.getColumns().add(column("Jitter", "The random share of the delay (B3, RA3)", TimelineRow::jitter, 56));
        table.getColumns()
                .add(column(
                        "Budget left",
                        "Failed requests the origin may still make, and time left (B1)",
                        TimelineRow::budgetLeft,
                        126));
        // UI22: the longest texts (a new connection's reason, CN1) stay on one line, whole on hover, so that every
        // row is one line high and the table shows more of them.
        TableColumn<TimelineRow, String> then = column("Then", "What the client did next", TimelineRow::verdict, 130);
        then.setMinWidth(THEN_MIN_WIDTH);
        table.getColumns().add(then);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        // UI22: every column but the last as wide as its widest text, read in the table's own fonts.
        FittedColumns.keep(table, FittedColumns.Last.TAKES_THE_REST);
        table.setRowFactory(t -> {
            TableRow<TimelineRow> row = new TableRow<>();
            MenuItem copy = new MenuItem("Copy for a ticket");
            copy.setOnAction(e -> ClipboardText.put(model.ticketText(row.getItem())));
            row.contextMenuProperty().bind(row.emptyProperty().map(empty -> empty ? null : new ContextMenu(copy)));
            return row;
        });
        model.rows().addListener((javafx.collections.ListChangeListener<TimelineRow>) c -> followNewest(table, c));

        Button copySelected = new Button("Copy selected row");
        copySelected.setId("timeline-copy");
        copySelected
                .disableProperty()
                .bind(table.getSelectionModel().selectedItemProperty().isNull());
        copySelected.setOnAction(e ->
                ClipboardText.put(model.ticketText(table.getSelectionModel().getSelectedItem())));
        Button clear = new Button("Clear");
        clear.setId("timeline-clear");
        clear.setOnAction(e -> model.clear());
        Label title = new Label("Request timeline");
        title.getStyleClass().add("section-title");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(8, title, spacer, copySelected, clear);
        bar.setPadding(new Insets(0, 0, 6, 0));

        OriginLanes lanes = new OriginLanes(model.rows());
        // UI22: the lanes take no more than they draw; every other pixel goes to the table's rows.
        lanes.setMaxHeight(Region.USE_PREF_SIZE);
        SplitPane split = new SplitPane(lanes, table);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.28);
        // UI23: given only its least height (signed out), the timeline keeps its title bar and lanes whole and the
        // rows' table gives up its room: a split pane too small for its items' least heights draws over what is above.
        table.setMinHeight(0);
        setTop(bar);
        setCenter(split);
    }

    /**
     * Follows the newest row while the person watches the end of the table; once they scrolled back to read an
     * older row, new rows arrive without moving it.
     */
    private static void followNewest(
            TableView<TimelineRow> table, javafx.collections.ListChangeListener.Change<? extends TimelineRow> change) {
        int added = 0;
        while (change.next()) {
            added += change.getAddedSize();
        }
        int size = table.getItems().size();
        if (added == 0 || size == 0) {
            return;
        }
        int previousLast = size - 1 - added;
        VirtualFlow<?> flow = (VirtualFlow<?>) table.lookup(".virtual-flow");
        IndexedCell<?> lastShown = flow == null ? null : flow.getLastVisibleCell();
        // The flow has not laid out the new rows yet: its last visible cell is from before they came.
        boolean wasAtTheEnd = lastShown == null || lastShown.getIndex() < 0 || lastShown.getIndex() >= previousLast;
        if (wasAtTheEnd) {
            // Later, once the table's skin has counted the new rows: a scroll to a row it does not know is lost.
            // The flow's own scrollTo brings the row in at the bottom; the table's would put it at the top.
            Platform.runLater(() -> {
                int newest = table.getItems().size() - 1;
                if (flow == null) {
                    table.scrollTo(newest);
                } else {
                    table.layout(); // the skin counts the new rows in its layout pass
                    flow.scrollTo(newest);
                }
            });
        }
    }

    /** UI22: the last column, "Then", keeps at least this much of its text in view; the rest is on hover. */
    static final double THEN_MIN_WIDTH = 90;

    private static TableColumn<TimelineRow, String> column(
            String title, String explanation, Function<TimelineRow, String> value, double width) {
        TableColumn<TimelineRow, String> column = new TableColumn<>();
        Label header = new Label(title);
        header.setTooltip(new Tooltip(title + ": " + explanation));
        column.setGraphic(header);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        column.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String text, boolean empty) {
                super.updateItem(text, empty);
                setText(empty ? null : text);
                // A cut cell still says everything on hover.
                if (empty || text == null || text.isEmpty()) {
                    setTooltip(null);
                } else {
                    String legend = RuleCatalogue.spec().legendFor(text);
                    setTooltip(new Tooltip(legend.isEmpty() ? text : text + "\n\n" + legend));
                }
            }
        });
        // UI8: a header is never cut to "S…": each fit makes the column at least as wide as its title in the header's
        // font, and the table scrolls sideways when they do not fit.
        FittedColumns.least(column, width);
        column.setSortable(false);
        return column;
    }
}
