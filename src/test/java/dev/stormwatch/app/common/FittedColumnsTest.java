package dev.stormwatch.app.common;

import static dev.stormwatch.testing.ShownArea.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.DrawnText;
import dev.stormwatch.testing.FxThread;
import dev.stormwatch.testing.ShownArea;
import java.util.List;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.SortedList;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.StackPane;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The one executor of the tables' column fits on a real JavaFX toolkit: a small table of two-text rows, fitted as the
 * timeline's, the comparison's and the Diagnose tab's tables are (UI8, UI13, UI22, UI28).
 */
@ExtendWith(ApplicationExtension.class)
class FittedColumnsTest {

    @RegisterExtension
    final ShownArea area = new ShownArea();

    record Row(String name, String value) {}

    private final ObservableList<Row> rows = FXCollections.observableArrayList();

    private static TableColumn<Row, String> column(String title, java.util.function.Function<Row, String> value) {
        TableColumn<Row, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        return column;
    }

    /** A table of a name column, a value column and a third, "Then", shown 900 × 300 and fitted by keep(). */
    private TableView<Row> shownKept(FittedColumns.Last last) throws Exception {
        TableView<Row> table = new TableView<>(rows);
        table.getColumns().add(FittedColumns.least(column("name", Row::name), 40));
        table.getColumns().add(FittedColumns.least(column("a rather long value title", Row::value), 60));
        table.getColumns().add(FittedColumns.least(column("Then", Row::value), 130));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        FittedColumns.keep(table, last);
        show(table);
        return table;
    }

    /** Shows {@code table} alone, 900 × 300, and waits for its skin. */
    private void show(TableView<Row> table) throws Exception {
        FxThread.run(() -> area.show(new StackPane(table), 900, 300));
        await(() -> table.getSkin() != null);
    }

    private static List<Double> widths(TableView<Row> table) throws Exception {
        return FxThread.call(
                () -> table.getColumns().stream().map(TableColumn::getPrefWidth).toList());
    }

    private static List<String> cut(TableView<Row> table) throws Exception {
        return FxThread.call(() -> {
            table.layout();
            return DrawnText.cut(table);
        });
    }

    @Test
    @DisplayName(
            "UI8: once styled, every header of a kept table is drawn whole, and a column is never narrower than its"
                    + " least width; a column whose title is shorter keeps that width")
    void onceStyledEveryHeaderIsWhole() throws Exception {
        TableView<Row> table = shownKept(FittedColumns.Last.FITTED);

        await(() -> table.getColumns().get(1).getPrefWidth() > 60);
        assertThat(cut(table)).isEmpty();
        List<Double> widths = widths(table);
        assertThat(widths.get(0)).isGreaterThanOrEqualTo(40);
        assertThat(widths.get(1)).as("its title is wider than 60 px").isGreaterThan(60);
        assertThat(widths.get(2)).as("\"Then\" needs less than 130 px").isEqualTo(130);
        assertThat(table.getColumns())
                .allSatisfy(c -> assertThat(c.getMinWidth()).isEqualTo(c.getPrefWidth()));
    }

    @Test
    @DisplayName("UI22: a row's long text widens its column so that it is drawn whole, and after the rows are cleared"
            + " the column narrows again to what its title needs")
    void columnsFollowTheRowsBothWays() throws Exception {
        TableView<Row> table = shownKept(FittedColumns.Last.FITTED);
        await(() -> table.getColumns().get(1).getPrefWidth() > 60);
        List<Double> empty = widths(table);

        FxThread.run(() -> rows.setAll(
                new Row("a client name that is long", "1"), new Row("b", "a value far longer than its title is")));

        List<Double> filled = widths(table);
        assertThat(filled.get(0)).isGreaterThan(empty.get(0));
        assertThat(filled.get(1)).isGreaterThan(empty.get(1));
        assertThat(cut(table)).as("no header or cell cut to ...").isEmpty();

        FxThread.run(rows::clear);

        assertThat(widths(table)).isEqualTo(empty);
    }

    @Test
    @DisplayName("UI22: a table whose last column takes the rest leaves that column as its view set it")
    void theLastColumnCanTakeTheRest() throws Exception {
        TableView<Row> table = shownKept(FittedColumns.Last.TAKES_THE_REST);
        await(() -> table.getColumns().get(1).getPrefWidth() > 60);

        FxThread.run(() -> rows.setAll(new Row("a", "a value far longer than the last column's 130 pixels")));

        List<Double> widths = widths(table);
        assertThat(widths.get(1)).isGreaterThan(130);
        assertThat(widths.get(2)).isEqualTo(130);
        assertThat(table.getColumns().get(2).getMinWidth()).isEqualTo(130);
    }

    @Test
    @DisplayName("UI22: a column whose title is a label (one with a tooltip) is fitted to that label's words, and keeps"
            + " no second title beside it")
    void aTitleGivenAsALabelIsRead() throws Exception {
        TableView<Row> table = new TableView<>(rows);
        TableColumn<Row, String> labelled = new TableColumn<>();
        labelled.setGraphic(new Label("Budget left for the origin"));
        labelled.setCellValueFactory(
                cell -> new ReadOnlyStringWrapper(cell.getValue().value()));
        table.getColumns().add(FittedColumns.least(labelled, 30));
        show(table);

        ColumnFit fit = FxThread.call(() -> FittedColumns.fit(table, FittedColumns.Last.FITTED, 900));

        assertThat(fit.headers()).containsExactly("Budget left for the origin");
        assertThat(labelled.getText()).isNullOrEmpty();
        double drawn = FxThread.call(() -> ((Label) labelled.getGraphic()).prefWidth(-1));
        assertThat(labelled.getPrefWidth())
                .as("as wide as the label draws itself")
                .isEqualTo(Math.ceil(drawn + 24));
        assertThat(cut(table)).isEmpty();
    }

    @Test
    @DisplayName("UI28: fitted into less room than the columns need, a header wider than its cells takes two lines"
            + " (the first column's never); given the room again, it is one line, its title unchanged")
    void aNarrowRoomBreaksHeadersAndRoomMendsThem() throws Exception {
        TableView<Row> table = new TableView<>(rows);
        table.getColumns().add(column("what was measured", Row::name));
        table.getColumns().add(column("one shared limiter", Row::value));
        rows.setAll(new Row("amplification", "1.2"));
        show(table);

        FxThread.run(() -> FittedColumns.fit(table, FittedColumns.Last.FITTED, 50));
        assertThat(table.getColumns().stream().map(TableColumn::getText))
                .containsExactly("what was measured", "one shared\nlimiter");
        double broken = table.getColumns().get(1).getPrefWidth();

        FxThread.run(() -> FittedColumns.fit(table, FittedColumns.Last.FITTED, Double.POSITIVE_INFINITY));
        assertThat(table.getColumns().stream().map(TableColumn::getText))
                .containsExactly("what was measured", "one shared limiter");
        assertThat(table.getColumns().get(1).getPrefWidth()).isGreaterThan(broken);
        assertThat(cut(table)).isEmpty();
    }

    @Test
    @DisplayName("UI8: a sorted table stays fitted when a click sorts it the other way")
    void aSortedTableStaysFitted() throws Exception {
        rows.setAll(new Row("b", "2"), new Row("a client name that is long", "1"));
        SortedList<Row> sorted = new SortedList<>(rows);
        TableView<Row> table = new TableView<>(sorted);
        sorted.comparatorProperty().bind(table.comparatorProperty());
        TableColumn<Row, String> name = FittedColumns.least(column("name", Row::name), 40);
        table.getColumns().add(name);
        FittedColumns.keep(table, FittedColumns.Last.FITTED);
        show(table);
        await(() -> name.getPrefWidth() > 40);
        double fitted = name.getPrefWidth();

        FxThread.run(() -> {
            name.setSortType(TableColumn.SortType.DESCENDING);
            table.getSortOrder().setAll(List.of(name));
        });

        assertThat(table.getItems().get(0).name()).isEqualTo("b");
        assertThat(name.getPrefWidth()).isEqualTo(fitted);
        assertThat(cut(table)).isEmpty();
    }

    @Test
    @DisplayName("UI8: rows that come before their cells exist are measured in the font the stylesheet gives the table,"
            + " and a style set just before a fit counts in it")
    void aFitReadsTheStyleOfTheMoment() throws Exception {
        TableView<Row> table = new TableView<>(rows);
        TableColumn<Row, String> name = column("name", Row::name);
        table.getColumns().add(name);
        FittedColumns.keep(table, FittedColumns.Last.FITTED);
        show(table);
        String text = "a name that is long enough";

        double fitted = FxThread.call(() -> {
            table.setStyle("-fx-font-size: 17px;");
            rows.setAll(new Row(text, "1")); // fitted at once, before a pulse makes the row's cells
            return name.getPrefWidth();
        });

        javafx.scene.text.Text probe = new javafx.scene.text.Text(text);
        probe.setFont(
                javafx.scene.text.Font.font(javafx.scene.text.Font.getDefault().getFamily(), 17));
        assertThat(fitted)
                .isGreaterThanOrEqualTo(Math.ceil(probe.getLayoutBounds().getWidth() + 20));
        assertThat(cut(table)).isEmpty();
    }
}
