package dev.stormwatch.app.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.common.RuleCatalogue;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.http.AttemptEvent.Verdict;
import dev.stormwatch.testing.DrawnText;
import dev.stormwatch.testing.FxThread;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollToEvent;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.Clipboard;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The request timeline's view on a real JavaFX toolkit, on its own (no window around it): its columns and what each
 * cell says and tips, the widths the table fits to its text (UI22), copying a row for a ticket, and Clear.
 */
@ExtendWith(ApplicationExtension.class)
class TimelineViewTest {

    private static final Instant T0 = Instant.parse("2026-11-30T09:00:00Z");
    private static final List<String> TITLES =
            List.of("Time", "Origin", "Step", "#", "Result", "Sent", "Wait", "Delay", "Jitter", "Budget left", "Then");

    private final TimelineViewModel model = new TimelineViewModel(Runnable::run);
    private TimelineView view;

    @Start
    void start(Stage stage) {
        view = new TimelineView(model);
        stage.setScene(new Scene(view, 1280, 420));
        // The toolkit's one stage may still have the size an earlier test class gave it.
        stage.sizeToScene();
        stage.show();
    }

    private static AttemptEvent event(int n, OptionalInt status, Verdict verdict, List<String> retryAfter) {
        return Attempts.attempt(
                T0.plusSeconds(n), "https://idp.example", status, verdict, Optional.empty(), retryAfter);
    }

    private static AttemptEvent delivered(int n) {
        return event(n, OptionalInt.of(200), Verdict.DELIVER, List.of());
    }

    private void add(AttemptEvent... events) throws Exception {
        FxThread.call(() -> {
            for (AttemptEvent e : events) {
                model.onAttempt(e);
            }
            return null;
        });
    }

    @SuppressWarnings("unchecked")
    private TableView<TimelineRow> table() {
        return (TableView<TimelineRow>) view.lookup("#timeline-table");
    }

    private static String title(TableColumn<TimelineRow, ?> column) {
        return ((Label) column.getGraphic()).getText();
    }

    private TableColumn<TimelineRow, ?> column(String title) {
        return table().getColumns().stream()
                .filter(c -> title(c).equals(title))
                .findFirst()
                .orElseThrow();
    }

    /** The shown, non-empty cells of a column, with their texts. */
    private List<TableCell<?, ?>> cells(String title) throws Exception {
        return FxThread.call(() -> {
            List<TableCell<?, ?>> cells = new ArrayList<>();
            for (Node node : table().lookupAll(".table-cell")) {
                if (node instanceof TableCell<?, ?> cell
                        && !cell.isEmpty()
                        && cell.getTableColumn() == column(title)
                        && cell.getIndex() < table().getItems().size()) {
                    cells.add(cell);
                }
            }
            return cells;
        });
    }

    private static double width(String text, Font font) {
        Text probe = new Text(text);
        probe.setFont(font);
        return probe.getLayoutBounds().getWidth();
    }

    @Test
    @DisplayName("UI22: one column per field of an attempt, each titled, explained on hover, and never sorted (the"
            + " order is the attempts')")
    void oneColumnPerFieldEachExplainedOnHover() throws Exception {
        TableView<TimelineRow> table = table();

        assertThat(table.getColumns()).extracting(TimelineViewTest::title).containsExactlyElementsOf(TITLES);
        assertThat(table.getColumns()).allSatisfy(column -> {
            assertThat(column.isSortable()).isFalse();
            assertThat(((Label) column.getGraphic()).getTooltip().getText()).startsWith(title(column) + ": ");
            // UI8: never narrower than its title.
            assertThat(column.getMinWidth()).isGreaterThan(width(title(column), Font.getDefault()));
        });
        assertThat(((Label) column("Sent").getGraphic()).getTooltip().getText())
                .isEqualTo("Sent: Retry-After exactly as the provider sent it");
        assertThat(((Label) table.getPlaceholder()).getText()).isEqualTo("No requests yet.");
        assertThat(table.getColumnResizePolicy()).isSameAs(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        assertThat(column("Then").getMinWidth()).isEqualTo(TimelineView.THEN_MIN_WIDTH);
    }

    @Test
    @DisplayName("UI22: each cell says its field of the row and, on hover, its whole text and the rules it names;"
            + " a cell with nothing to say has no tip")
    void eachCellSaysItsFieldAndTipsTheRulesItNames() throws Exception {
        add(event(0, OptionalInt.of(429), Verdict.RETRY, List.of("2")), delivered(1));
        TimelineRow retried = model.rows().get(0);

        assertThat(table().getColumns())
                .extracting(column -> (Object) column.getCellData(retried))
                .containsExactly(
                        retried.time(),
                        retried.shortOrigin(),
                        retried.step(),
                        retried.attempt(),
                        retried.result(),
                        retried.retryAfterRaw(),
                        retried.retryAfter(),
                        retried.delay(),
                        retried.jitter(),
                        retried.budgetLeft(),
                        retried.verdict());
        assertThat(cells("Result")).extracting(TableCell::getText).containsExactly("429", "200");
        TableCell<?, ?> wait = cells("Wait").get(0);
        assertThat(wait.getText()).isEqualTo(retried.retryAfter());
        assertThat(wait.getTooltip().getText()).isEqualTo(retried.retryAfter());
        TableCell<?, ?> budget = cells("Budget left").get(0);
        String legend = RuleCatalogue.spec().legendFor(budget.getText());
        assertThat(legend).as("a text that names no rule").isEmpty();
        assertThat(budget.getTooltip().getText()).isEqualTo(budget.getText());
        // "Sent" is empty for the delivered row: no tip.
        assertThat(cells("Sent").get(1).getText()).isEmpty();
        assertThat(cells("Sent").get(1).getTooltip()).isNull();
        // An empty row of the table below the rows shows nothing and tips nothing.
        List<TableCell<?, ?>> empty = FxThread.call(() -> {
            List<TableCell<?, ?>> found = new ArrayList<>();
            for (Node node : table().lookupAll(".table-cell")) {
                if (node instanceof TableCell<?, ?> cell && cell.isEmpty()) {
                    found.add(cell);
                }
            }
            return found;
        });
        assertThat(empty).isNotEmpty().allSatisfy(cell -> {
            assertThat(cell.getText()).isNull();
            assertThat(cell.getTooltip()).isNull();
        });
    }

    @Test
    @DisplayName("UI22: a cell that names a rule tips its text and that rule's first sentence")
    void aCellNamingARuleTipsTheRule() throws Exception {
        add(event(0, OptionalInt.of(404), Verdict.DELIVER, List.of()));

        TableCell<?, ?> then = cells("Then").get(0);
        assertThat(then.getText()).contains("(ST3)").doesNotContain("\n");
        assertThat(then.getTooltip().getText())
                .isEqualTo(then.getText() + "\n\n" + RuleCatalogue.spec().legendFor(then.getText()))
                .contains("ST3: ");
    }

    @Test
    @DisplayName("UI22: every column but the last is fitted to its widest text, its title's or a cell's, as the"
            + " rows come, and again when they are cleared")
    void everyColumnButTheLastIsFittedToItsWidestText() throws Exception {
        TableColumn<TimelineRow, ?> result = column("Result");
        TableColumn<TimelineRow, ?> number = column("#");
        // The theme's cells are in a font other than the toolkit's default: the widths are measured in theirs.
        FxThread.call(() -> {
            table().setStyle("-fx-font-size: 19px;");
            return null;
        });
        // A row come and gone: fitted to the titles (each at least as wide as its header draws it) in that font.
        add(delivered(0));
        FxThread.run(model::clear);
        double numberAlone = FxThread.call(number::getPrefWidth);
        double resultAlone = FxThread.call(result::getPrefWidth);
        assertThat(number.getMinWidth()).isEqualTo(numberAlone);
        Label numberTitle = (Label) number.getGraphic();
        assertThat(numberTitle.getFont().getSize()).isEqualTo(19);
        assertThat(numberAlone)
                .as("\"#\" as its label draws it, and the header's padding")
                .isEqualTo(Math.ceil(FxThread.call(() -> numberTitle.prefWidth(-1)) + 24));
        assertThat(FxThread.call(() -> DrawnText.drawn(numberTitle))).isEqualTo("#");

        add(delivered(0), event(1, OptionalInt.empty(), Verdict.REFUSED_BY_PAUSE, List.of()));

        Font cellFont = cells("Result").get(0).getFont();
        assertThat(cellFont.getSize()).isEqualTo(19);
        double widest = width("not sent: origin paused", cellFont);
        assertThat(FxThread.call(result::getPrefWidth))
                .as("the widest result, with the cell's padding")
                .isEqualTo(Math.ceil(widest + 20))
                .isGreaterThan(resultAlone);
        assertThat(result.getMinWidth()).isEqualTo(result.getPrefWidth());
        assertThat(FxThread.call(result::getWidth)).isGreaterThanOrEqualTo(widest + 20);
        assertThat(cells("Result"))
                .extracting(TableCell::getText)
                .containsExactlyInAnyOrder("200", "not sent: origin paused");
        assertThat(number.getPrefWidth()).as("a title wider than its cells").isEqualTo(numberAlone);
        assertThat(table().getColumns().subList(0, TITLES.size() - 1))
                .allSatisfy(column -> assertThat(column.getMinWidth()).isEqualTo(column.getPrefWidth()));

        // Cleared, the columns are fitted to their titles again: none stays as wide as a row that is gone.
        FxThread.run(model::clear);
        assertThat(FxThread.call(result::getPrefWidth)).isEqualTo(resultAlone);
        assertThat(FxThread.call(number::getPrefWidth)).isEqualTo(numberAlone);
    }

    @Test
    @DisplayName("Copy selected row puts the row's ticket text on the clipboard; so does a row's own menu; Clear"
            + " empties the timeline")
    void aRowCopiesAsTicketTextAndClearEmptiesTheTimeline() throws Exception {
        add(delivered(0), event(1, OptionalInt.of(429), Verdict.RETRY, List.of("2")));
        Button copy = (Button) view.lookup("#timeline-copy");
        assertThat(copy.isDisable()).as("nothing selected").isTrue();

        FxThread.call(() -> {
            table().getSelectionModel().select(1);
            copy.fire();
            return null;
        });
        assertThat(copy.isDisable()).isFalse();
        assertThat(FxThread.call(() -> Clipboard.getSystemClipboard().getString()))
                .isEqualTo(model.rows().get(1).asTicketText());

        FxThread.call(() -> {
            for (Node node : table().lookupAll(".table-row-cell")) {
                if (node instanceof TableRow<?> row && !row.isEmpty() && row.getIndex() == 0) {
                    assertThat(row.getContextMenu().getItems()).hasSize(1);
                    assertThat(row.getContextMenu().getItems().get(0).getText()).isEqualTo("Copy for a ticket");
                    row.getContextMenu().getItems().get(0).fire();
                } else if (node instanceof TableRow<?> row && row.isEmpty()) {
                    assertThat(row.getContextMenu()).as("an empty row").isNull();
                }
            }
            return null;
        });
        assertThat(FxThread.call(() -> Clipboard.getSystemClipboard().getString()))
                .isEqualTo(model.rows().get(0).asTicketText());

        FxThread.call(() -> {
            ((Button) view.lookup("#timeline-clear")).fire();
            return null;
        });
        assertThat(model.rows()).isEmpty();
        assertThat(model.startProperty().get()).isNull();
    }

    @Test
    @DisplayName("UI22, UI23: the title bar above with its buttons at the right, the lanes over the rows, the lanes no"
            + " taller than they draw and the rows' table the first to give up its room")
    void theBarIsAboveAndTheLanesOverTheRows() throws Exception {
        HBox bar = (HBox) view.getTop();
        assertThat(bar.getChildren())
                .extracting(node -> node.getId() == null ? node.getClass().getSimpleName() : node.getId())
                .containsExactly("Label", "Region", "timeline-copy", "timeline-clear");
        assertThat(HBox.getHgrow(bar.getChildren().get(1))).isEqualTo(Priority.ALWAYS);
        assertThat(bar.getPadding().getBottom()).isEqualTo(6);
        SplitPane split = (SplitPane) view.getCenter();
        assertThat(split.getOrientation()).isEqualTo(Orientation.VERTICAL);
        assertThat(split.getItems().get(0)).isInstanceOf(OriginLanes.class);
        assertThat(split.getItems().get(1)).isSameAs(table());
        assertThat(((Region) split.getItems().get(0)).getMaxHeight()).isEqualTo(Region.USE_PREF_SIZE);
        assertThat(table().getMinHeight()).isZero();
        assertThat(split.getDividerPositions()[0]).isBetween(0.0, 0.5);
        assertThat(FxThread.call(() -> split.getItems().get(0).getLayoutBounds().getHeight()))
                .as("the lanes at the height they draw, the rest to the table")
                .isLessThanOrEqualTo(LanesPicture.height(1) + 1);
    }

    @Test
    @DisplayName("Rows that arrive before the table is shown scroll it to the newest once it is")
    void rowsBeforeTheTableIsShownAskForTheNewest() throws Exception {
        TimelineViewModel unseen = new TimelineViewModel(Runnable::run);
        List<Integer> scrolledTo = new ArrayList<>();
        FxThread.call(() -> {
            TimelineView offscreen = new TimelineView(unseen);
            TableView<?> table = (TableView<?>)
                    ((SplitPane) offscreen.getCenter()).getItems().get(1);
            table.addEventHandler(ScrollToEvent.scrollToTopIndex(), e -> scrolledTo.add(e.getScrollTarget()));
            unseen.onAttempt(delivered(0));
            unseen.onAttempt(delivered(1));
            assertThat(scrolledTo).as("no skin yet to scroll").isEmpty();
            // UI8: fitted before any stylesheet, in the toolkit's default font: a column is as wide as its title and
            // its padding, or as its cells, or as wide as asked where that is more.
            TableColumn<?, ?> budget = table.getColumns().get(9);
            assertThat(budget.getPrefWidth()).isGreaterThanOrEqualTo(126);
            assertThat(budget.getMinWidth()).isEqualTo(budget.getPrefWidth());
            TableColumn<?, ?> number = table.getColumns().get(3);
            assertThat(number.getMinWidth())
                    .isEqualTo(number.getPrefWidth())
                    .isGreaterThanOrEqualTo(Math.ceil(width("#", Font.getDefault()) + 24))
                    .isGreaterThan(26);
            assertThat(table.getColumns().get(1).getPrefWidth()).isGreaterThanOrEqualTo(118);
            Stage shown = new Stage();
            shown.setScene(new Scene(offscreen, 800, 300));
            shown.show();
            return shown;
        });
        WaitForAsyncUtils.waitForFxEvents();

        // Each scroll asks for the newest row when it runs: by then, both rows are in.
        assertThat(scrolledTo).containsExactly(1, 1);
    }
}
