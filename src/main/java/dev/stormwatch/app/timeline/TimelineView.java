package dev.stormwatch.app.timeline;

import dev.stormwatch.app.common.ClipboardText;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.geometry.Orientation;

/** The request timeline: lanes per origin above, every attempt in a table below; a row copies as ticket text. */
public final class TimelineView extends BorderPane {

    public TimelineView(TimelineViewModel model) {
        setId("timeline");
        TableView<TimelineRow> table = new TableView<>(model.rows());
        table.setId("timeline-table");
        table.setPlaceholder(new Label("No requests yet."));
        table.getColumns().add(column("Time (UTC)", TimelineRow::time, 100));
        table.getColumns().add(column("Origin", TimelineRow::origin, 190));
        table.getColumns().add(column("Step", TimelineRow::step, 90));
        table.getColumns().add(column("#", TimelineRow::attempt, 34));
        table.getColumns().add(column("Result", TimelineRow::result, 120));
        table.getColumns().add(column("Retry-After (raw)", TimelineRow::retryAfterRaw, 120));
        table.getColumns().add(column("Retry-After", TimelineRow::retryAfter, 80));
        table.getColumns().add(column("Delay", TimelineRow::delay, 70));
        table.getColumns().add(column("Jitter", TimelineRow::jitter, 70));
        table.getColumns().add(column("Budget left", TimelineRow::budgetLeft, 140));
        table.getColumns().add(column("Then", TimelineRow::verdict, 220));
        table.setRowFactory(t -> {
            TableRow<TimelineRow> row = new TableRow<>();
            MenuItem copy = new MenuItem("Copy for a ticket");
            copy.setOnAction(e -> ClipboardText.put(model.ticketText(row.getItem())));
            row.contextMenuProperty().bind(row.emptyProperty().map(empty -> empty ? null : new ContextMenu(copy)));
            return row;
        });
        model.rows().addListener((javafx.collections.ListChangeListener<TimelineRow>) c -> table.scrollTo(model.rows().size() - 1));

        Button copySelected = new Button("Copy selected row");
        copySelected.setId("timeline-copy");
        copySelected.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        copySelected.setOnAction(e -> ClipboardText.put(model.ticketText(table.getSelectionModel().getSelectedItem())));
        Button clear = new Button("Clear");
        clear.setOnAction(e -> model.clear());
        Label title = new Label("Request timeline");
        title.getStyleClass().add("section-title");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(8, title, spacer, copySelected, clear);
        bar.setPadding(new Insets(0, 0, 6, 0));

        SplitPane split = new SplitPane(new OriginLanes(model.rows()), table);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.35);
        setTop(bar);
        setCenter(split);
    }

    private static TableColumn<TimelineRow, String> column(String title, Function<TimelineRow, String> value,
            double width) {
        TableColumn<TimelineRow, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        column.setPrefWidth(width);
        column.setSortable(false);
        return column;
    }

}
