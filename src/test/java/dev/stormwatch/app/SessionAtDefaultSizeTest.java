package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.common.FxTicker;
import dev.stormwatch.app.session.SessionViewModel.Phase;
import dev.stormwatch.embedded.EmbeddedStack;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * UI21–UI23: the Session area at the window's default size, 1280×800: signed in with no scrollbar, a claims box of five
 * lines and six rows of the timeline, none of their cells cut; signed out, a token inspector whose header and claims
 * are usable without scrolling, and (UI26) still three lines each at the smallest size, 1024×700.
 */
@ExtendWith(ApplicationExtension.class)
class SessionAtDefaultSizeTest {

    private Stage stage;
    private Composition composition;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        composition = new Composition(new Composition.Parts(
                Clock.systemUTC(), new SignInPageBrowser(), new FxTicker(), EmbeddedStack::start));
        composition
                .window()
                .show(
                        stage,
                        dev.stormwatch.app.shell.PreferencesStore.inMemory(),
                        new dev.stormwatch.app.shell.SystemTheme(
                                java.util.Map.of(), "Linux", command -> java.util.Optional.empty()));
        stage.setWidth(1280);
        stage.setHeight(800);
    }

    @AfterEach
    void close() {
        composition.close();
    }

    @Test
    @DisplayName(
            "UI21: at 1280x800 signed in, the Session column has no scrollbar, the claims box shows five lines and the timeline six rows")
    void signedInAtTheDefaultSizeEverythingFitsWithoutScrolling(FxRobot robot) throws Exception {
        signInAndRefresh(robot);

        ScrollPane column = robot.lookup("#session-column").queryAs(ScrollPane.class);
        assertThat(column.getContent().getBoundsInLocal().getHeight())
                .as("the column's content against its viewport: no scrollbar")
                .isLessThanOrEqualTo(column.getViewportBounds().getHeight() + 0.5);
        TabPane tokens = robot.lookup("#tokens").queryAs(TabPane.class);
        robot.interact(() -> tokens.getSelectionModel().select(0));
        WaitForAsyncUtils.waitForFxEvents();
        TextArea claims = (TextArea)
                tokens.getSelectionModel().getSelectedItem().getContent().lookup("#token-claims");
        assertThat(visibleLines(claims)).as("lines of claims in view").isGreaterThanOrEqualTo(5);
        TableView<?> timeline = robot.lookup("#timeline-table").queryAs(TableView.class);
        assertThat(rowsInView(timeline, column))
                .as("rows of the timeline in view")
                .isGreaterThanOrEqualTo(6);
    }

    @Test
    @DisplayName(
            "UI22: at 1280x800 no cell of the timeline but Then is cut, every row is one line, and Then says all on hover")
    void theTimelinesCellsFitTheirTextOnOneLine(FxRobot robot) throws Exception {
        signInAndRefresh(robot);

        TableView<?> timeline = robot.lookup("#timeline-table").queryAs(TableView.class);
        List<String> cut = new ArrayList<>();
        List<String> thenTips = new ArrayList<>();
        List<Double> rowHeights = new ArrayList<>();
        robot.interact(() -> {
            int last = timeline.getColumns().size() - 1;
            for (Node node : timeline.lookupAll(".table-cell")) {
                if (!(node instanceof TableCell<?, ?> cell) || cell.isEmpty() || cell.getText() == null) {
                    continue;
                }
                int index = timeline.getColumns().indexOf(cell.getTableColumn());
                if (index == last) {
                    thenTips.add(
                            cell.getTooltip() == null ? "" : cell.getTooltip().getText());
                    assertThat(cell.getTooltip().getText()).startsWith(cell.getText());
                } else if (isCut(cell)) {
                    cut.add(cell.getText());
                }
            }
            for (Node node : timeline.lookupAll(".table-row-cell")) {
                if (node instanceof TableRow<?> row && !row.isEmpty() && row.isVisible()) {
                    rowHeights.add(row.getHeight());
                }
            }
        });
        assertThat(cut).as("cells cut with an ellipsis, Then aside").isEmpty();
        assertThat(thenTips)
                .as("Then's cells, each with its whole text on hover")
                .isNotEmpty();
        double oneLine =
                timeline.lookup(".column-header-background").getBoundsInLocal().getHeight();
        assertThat(rowHeights)
                .isNotEmpty()
                .allSatisfy(height -> assertThat(height)
                        .as("a row one line high, as the header")
                        .isLessThanOrEqualTo(oneLine + 1));
    }

    @Test
    @DisplayName(
            "UI23: at 1280x800 signed out, the token inspector's header and claims show five lines each without scrolling,"
                    + " and the timeline's title bar shows whole")
    void signedOutTheInspectorsHeaderAndClaimsAreUsable(FxRobot robot) throws Exception {
        awaitServers();

        ScrollPane column = robot.lookup("#session-column").queryAs(ScrollPane.class);
        assertThat(column.getContent().getBoundsInLocal().getHeight())
                .as("the column needs no scrolling")
                .isLessThanOrEqualTo(column.getViewportBounds().getHeight() + 0.5);
        for (String id : List.of("#inspector-header", "#inspector-claims")) {
            TextArea area = robot.lookup(id).queryAs(TextArea.class);
            assertThat(visibleLines(area)).as(id + ": lines in view").isGreaterThanOrEqualTo(5);
            Bounds inScene = area.localToScene(area.getBoundsInLocal());
            assertThat(inScene.getMaxY())
                    .as(id + " lies inside the column's viewport")
                    .isLessThanOrEqualTo(
                            column.localToScene(column.getBoundsInLocal()).getMaxY());
        }
        assertTimelineBarWhole(robot);
    }

    @Test
    @DisplayName(
            "UI26: at 1280x800 signed out, the checks table's placeholder shows whole, below its header and in view")
    void signedOutTheChecksPlaceholderShowsWhole(FxRobot robot) throws Exception {
        awaitServers();
        robot.interact(() -> stage.getScene().getRoot().layout());
        WaitForAsyncUtils.waitForFxEvents();

        assertPlaceholderWhole(robot);
    }

    @Test
    @DisplayName("UI26, UI23: at 1024x700 signed out, the token inspector's header and claims show three lines each in"
            + " view, and the timeline's title bar shows whole")
    void signedOutAtTheSmallestSizeTheInspectorsHeaderAndClaimsAreUsable(FxRobot robot) throws Exception {
        awaitServers();
        robot.interact(() -> {
            stage.setWidth(1024);
            stage.setHeight(700);
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> stage.getScene().getRoot().layout());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(stage.getScene().getHeight()).isLessThanOrEqualTo(700);

        ScrollPane column = robot.lookup("#session-column").queryAs(ScrollPane.class);
        for (String id : List.of("#inspector-header", "#inspector-claims")) {
            TextArea area = robot.lookup(id).queryAs(TextArea.class);
            assertThat(visibleLines(area)).as(id + ": lines in view").isGreaterThanOrEqualTo(3);
            Bounds inScene = area.localToScene(area.getBoundsInLocal());
            assertThat(inScene.getMaxY())
                    .as(id + " lies inside the column's viewport")
                    .isLessThanOrEqualTo(
                            column.localToScene(column.getBoundsInLocal()).getMaxY());
        }
        assertPlaceholderWhole(robot);
        assertTimelineBarWhole(robot);
    }

    /**
     * UI23: the timeline's title bar keeps its full height: its Copy and Clear buttons lie whole above the lanes and
     * inside the Session column's view.
     */
    private static void assertTimelineBarWhole(FxRobot robot) {
        ScrollPane column = robot.lookup("#session-column").queryAs(ScrollPane.class);
        double viewBottom = column.localToScene(column.getBoundsInLocal()).getMaxY();
        for (String id : List.of("#timeline-copy", "#timeline-clear")) {
            javafx.scene.control.Button button = robot.lookup(id).queryAs(javafx.scene.control.Button.class);
            javafx.scene.layout.BorderPane timeline =
                    (javafx.scene.layout.BorderPane) button.getParent().getParent();
            Bounds shown = button.localToScene(button.getBoundsInLocal());
            Bounds below =
                    timeline.getCenter().localToScene(timeline.getCenter().getBoundsInLocal());
            assertThat(button.getHeight()).as(id + ": its full height").isGreaterThanOrEqualTo(button.prefHeight(-1));
            assertThat(shown.getMaxY()).as(id + " above the lanes").isLessThanOrEqualTo(below.getMinY() + 0.5);
            assertThat(shown.getMaxY()).as(id + " inside the column's view").isLessThanOrEqualTo(viewBottom);
        }
    }

    /**
     * UI26: the checks table's placeholder line lies whole in the table's body: below its header, above its bottom
     * edge, inside the Session column's view, and its text is not cut.
     */
    private static void assertPlaceholderWhole(FxRobot robot) {
        TableView<?> checks = robot.lookup("#inspector-checks").queryAs(TableView.class);
        assertThat(checks.getItems()).as("nothing inspected yet").isEmpty();
        Labeled placeholder = (Labeled) checks.getPlaceholder();
        Text shown = (Text) placeholder.lookup(".text");
        assertThat(shown.getText()).as("the placeholder's text, uncut").isEqualTo("Paste a token and press Inspect.");
        Bounds text = shown.localToScene(shown.getBoundsInLocal());
        Node header = checks.lookup(".column-header-background");
        Bounds headerBounds = header.localToScene(header.getBoundsInLocal());
        Bounds table = checks.localToScene(checks.getBoundsInLocal());
        ScrollPane column = robot.lookup("#session-column").queryAs(ScrollPane.class);
        Bounds view = column.localToScene(column.getBoundsInLocal());
        assertThat(text.getMinY())
                .as("the placeholder's top, against the header's bottom")
                .isGreaterThanOrEqualTo(headerBounds.getMaxY() - 0.5);
        assertThat(text.getMaxY())
                .as("the placeholder's bottom, against the table's body")
                .isLessThanOrEqualTo(table.getMaxY() - checks.snappedBottomInset() + 0.5);
        assertThat(text.getMaxY())
                .as("the placeholder's bottom, against the column's view")
                .isLessThanOrEqualTo(view.getMaxY());
        assertThat(text.getMinX()).isGreaterThanOrEqualTo(table.getMinX());
        assertThat(text.getMaxX()).isLessThanOrEqualTo(table.getMaxX());
    }

    private void awaitServers() throws Exception {
        TestWindows.awaitServers(composition);
        assertThat(stage.getScene().getWidth()).isLessThanOrEqualTo(1280);
        assertThat(stage.getScene().getHeight()).isLessThanOrEqualTo(800);
    }

    /** Signs in and refreshes until the timeline holds more rows than six. */
    private void signInAndRefresh(FxRobot robot) throws Exception {
        awaitServers();
        robot.interact(() -> composition.session().signIn());
        WaitForAsyncUtils.waitFor(
                40,
                TimeUnit.SECONDS,
                () -> composition.session().phaseProperty().get() == Phase.SIGNED_IN
                        && !composition.session().busyProperty().get());
        TableView<?> timeline = robot.lookup("#timeline-table").queryAs(TableView.class);
        while (timeline.getItems().size() < 8) {
            robot.interact(() -> composition.session().refresh());
            WaitForAsyncUtils.waitFor(
                    40,
                    TimeUnit.SECONDS,
                    () -> !composition.session().busyProperty().get());
        }
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> stage.getScene().getRoot().layout());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Whole lines of the area's font that its viewport shows (its own scrollbars left out). */
    private static int visibleLines(TextArea area) {
        ScrollPane inner = (ScrollPane) area.lookup(".scroll-pane");
        Text probe = new Text("{X");
        probe.setFont(area.getFont());
        double line = probe.getLayoutBounds().getHeight();
        return (int) Math.floor(inner.getViewportBounds().getHeight() / line);
    }

    /** Rows wholly inside both the table's body and the column's viewport. */
    private static int rowsInView(TableView<?> table, ScrollPane column) {
        Node flow = table.lookup(".virtual-flow");
        Bounds body = flow.localToScene(flow.getBoundsInLocal());
        Bounds view = column.localToScene(column.getBoundsInLocal());
        double top = Math.max(body.getMinY(), view.getMinY());
        double bottom = Math.min(body.getMaxY(), view.getMaxY());
        int rows = 0;
        for (Node node : table.lookupAll(".table-row-cell")) {
            if (node instanceof TableRow<?> row && !row.isEmpty() && row.isVisible()) {
                Bounds bounds = row.localToScene(row.getBoundsInLocal());
                if (bounds.getMinY() >= top - 0.5 && bounds.getMaxY() <= bottom + 0.5) {
                    rows++;
                }
            }
        }
        return rows;
    }

    /** The skin shows less than the cell's text: it was cut with an ellipsis. */
    private static boolean isCut(Labeled labeled) {
        Node shown = labeled.lookup(".text");
        return shown instanceof Text text && !labeled.getText().equals(text.getText());
    }
}
