package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.common.FxTicker;
import dev.stormwatch.app.session.SessionViewModel.Phase;
import dev.stormwatch.embedded.EmbeddedStack;
import dev.stormwatch.load.engine.SimulatedEngine;
import dev.stormwatch.load.scenario.ScenarioPresets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.chart.Axis;
import javafx.scene.chart.Chart;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
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
 * UI3, UI8: the window at its smallest size, 1024×700, each area in the state that fills it most: the Session area
 * signed in with its claims, the settings with every field refused, the Load lab after a run with its charts drawn,
 * the Provider & relay area with every fault's description, the Diagnose tab with a real nginx log read.
 */
@ExtendWith(ApplicationExtension.class)
class WindowAtSmallestSizeTest {

    private Stage stage;
    private Composition composition;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        // The Load lab's run on simulated time, its relay in process (decision 0039): the storm's 20 s in moments.
        composition = new Composition(new Composition.Parts(
                Clock.systemUTC(),
                new SignInPageBrowser(),
                new FxTicker(),
                EmbeddedStack::start,
                SimulatedEngine.perRun(Instant.parse("2026-12-01T03:00:00.300Z"))));
        // A desktop that says nothing: no gsettings processes to wait for in @Start on a busy machine.
        composition
                .window()
                .show(
                        stage,
                        dev.stormwatch.app.shell.PreferencesStore.inMemory(),
                        new dev.stormwatch.app.shell.SystemTheme(
                                java.util.Map.of(), "Linux", command -> java.util.Optional.empty()));
        stage.setWidth(1024);
        stage.setHeight(700);
    }

    @AfterEach
    void close() {
        composition.close();
    }

    private void awaitServers() throws Exception {
        TestWindows.awaitServers(composition);
        assertThat(stage.getScene().getWidth()).isLessThanOrEqualTo(1024);
        assertThat(stage.getScene().getHeight()).isLessThanOrEqualTo(700);
    }

    @Test
    @DisplayName(
            "UI3: at 1024x700 no text on the Session area is cut without a tooltip, every control is in the window, and the claims box shows five lines of claims")
    void nothingIsCutOnTheSessionArea(FxRobot robot) throws Exception {
        awaitServers();
        robot.interact(() -> composition.session().signIn());
        WaitForAsyncUtils.waitFor(
                40,
                TimeUnit.SECONDS,
                () -> composition.session().phaseProperty().get() == Phase.SIGNED_IN);
        robot.interact(() -> composition.session().loadUserInfo());
        WaitForAsyncUtils.waitFor(
                40,
                TimeUnit.SECONDS,
                () -> !composition.session().userInfoProperty().get().isEmpty());
        List<String> problems = walk(robot, "session");

        // The claims box: the ID token's claims take at least five lines and half the session pane's width.
        TabPane tokens = robot.lookup("#tokens").queryAs(TabPane.class);
        robot.interact(() -> tokens.getSelectionModel().select(0));
        WaitForAsyncUtils.waitForFxEvents();
        TextArea claims = (TextArea)
                tokens.getSelectionModel().getSelectedItem().getContent().lookup("#token-claims");
        double lineHeight = claims.getFont().getSize() * 1.3;
        assertThat(claims.getHeight()).as("the claims box's height at 1024x700").isGreaterThanOrEqualTo(5 * lineHeight);
        assertThat(claims.getWidth()).as("the claims box's width at 1024x700").isGreaterThanOrEqualTo(300);
        // The timeline's headers are read whole, tooltip or not: the table scrolls sideways instead.
        javafx.scene.control.TableView<?> timeline =
                robot.lookup("#timeline-table").queryAs(javafx.scene.control.TableView.class);
        List<String> cutHeaders = new java.util.ArrayList<>();
        robot.interact(() -> timeline.getColumns().forEach(column -> {
            if (column.getGraphic() instanceof Labeled header && isCut(header)) {
                cutHeaders.add(header.getText());
            }
        }));
        assertThat(cutHeaders).as("timeline headers cut at 1024x700").isEmpty();
        assertThat(problems).as("cut or outside the window at 1024x700").isEmpty();
    }

    @Test
    @DisplayName("UI8: at 1024x700 a paused origin's countdown wraps below the actions; no action button is cut")
    void thePausedActionsAreReadWhole(FxRobot robot) throws Exception {
        awaitServers();
        robot.interact(() -> composition.session().signIn());
        WaitForAsyncUtils.waitFor(
                40,
                TimeUnit.SECONDS,
                () -> composition.session().phaseProperty().get() == Phase.SIGNED_IN
                        && !composition.session().busyProperty().get());
        // P1: a Retry-After longer than the budget pauses the origin, and the countdown with Retry joins the actions.
        composition
                .stack()
                .orElseThrow()
                .provider()
                .faults()
                .inject(
                        "/token",
                        dev.stormwatch.server.Fault.Throttle.seconds(429, java.time.Duration.ofSeconds(45)),
                        1);
        robot.interact(() -> composition.session().refresh());
        WaitForAsyncUtils.waitFor(
                40,
                TimeUnit.SECONDS,
                () -> composition.session().countdown().runningProperty().get()
                        && !composition.session().busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        List<String> cut = new ArrayList<>();
        robot.interact(() -> collectCutButtons(robot.lookup("#session").query(), cut));
        assertThat(robot.lookup("#pause-countdown").queryLabeled().isVisible())
                .as("the countdown shows")
                .isTrue();
        assertThat(cut).as("action buttons cut while paused at 1024x700").isEmpty();
    }

    @Test
    @DisplayName(
            "UI12: at 1024x700 with the origin paused, the claims box keeps five lines and the timeline four rows; the column scrolls")
    void thePausedSessionKeepsItsClaimsAndTimelineUsable(FxRobot robot) throws Exception {
        awaitServers();
        robot.interact(() -> composition.session().signIn());
        WaitForAsyncUtils.waitFor(
                40,
                TimeUnit.SECONDS,
                () -> composition.session().phaseProperty().get() == Phase.SIGNED_IN
                        && !composition.session().busyProperty().get());
        // P1: a Retry-After longer than the budget pauses the origin: the countdown, its message and Retry show.
        composition
                .stack()
                .orElseThrow()
                .provider()
                .faults()
                .inject(
                        "/token",
                        dev.stormwatch.server.Fault.Throttle.seconds(429, java.time.Duration.ofSeconds(45)),
                        1);
        robot.interact(() -> composition.session().refresh());
        WaitForAsyncUtils.waitFor(
                40,
                TimeUnit.SECONDS,
                () -> composition.session().countdown().runningProperty().get()
                        && !composition.session().busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#pause-countdown").queryLabeled().isVisible())
                .as("the countdown shows")
                .isTrue();

        TabPane tokens = robot.lookup("#tokens").queryAs(TabPane.class);
        robot.interact(() -> tokens.getSelectionModel().select(0));
        WaitForAsyncUtils.waitForFxEvents();
        TextArea claims = (TextArea)
                tokens.getSelectionModel().getSelectedItem().getContent().lookup("#token-claims");
        double lineHeight = claims.getFont().getSize() * 1.3;
        assertThat(claims.getHeight())
                .as("the claims box's height, paused at 1024x700")
                .isGreaterThanOrEqualTo(5 * lineHeight);
        javafx.scene.control.TableView<?> timeline =
                robot.lookup("#timeline-table").queryAs(javafx.scene.control.TableView.class);
        Node header = timeline.lookup(".column-header-background");
        // UI22: the rows are one line each, as high as the first row that shows (the header's height before any).
        double rowHeight = timeline.lookupAll(".table-row-cell").stream()
                .filter(node -> node instanceof javafx.scene.control.TableRow<?> row && !row.isEmpty())
                .mapToDouble(node -> node.getBoundsInLocal().getHeight())
                .max()
                .orElse(header.getBoundsInLocal().getHeight());
        assertThat(timeline.getHeight() - header.getBoundsInLocal().getHeight())
                .as("the timeline table's room for rows, paused at 1024x700")
                .isGreaterThanOrEqualTo(4 * rowHeight);
        ScrollPane column = robot.lookup("#session-column").queryAs(ScrollPane.class);
        assertThat(column.getContent().getBoundsInLocal().getHeight())
                .as("the column is taller than its viewport: it scrolls")
                .isGreaterThan(column.getViewportBounds().getHeight());
    }

    private static void collectCutButtons(Node node, List<String> cut) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof javafx.scene.control.Button button && isCut(button)) {
            cut.add(button.getText());
        }
        if (node instanceof Parent parent) {
            parent.getChildrenUnmodifiable().forEach(child -> collectCutButtons(child, cut));
        }
    }

    @Test
    @DisplayName("UI8: at 1024x700 the settings with every field refused show each reason whole")
    void nothingIsCutInTheRefusedSettings(FxRobot robot) throws Exception {
        awaitServers();
        robot.interact(() -> {
            composition.session().settings().issuerProperty().set("not a url");
            composition.session().settings().maxAttemptsPerOriginProperty().set("0");
            composition.session().settings().totalBudgetMsProperty().set("99999999999");
            composition.session().applySettings();
        });
        assertThat(walk(robot, "session"))
                .as("cut or outside the window at 1024x700")
                .isEmpty();
    }

    @Test
    @DisplayName(
            "UI8: at 1024x700 the Load lab after a run cuts no text, its axis labels do not overlap, and Run stays in the window")
    void nothingIsCutOnTheLoadLab(FxRobot robot) throws Exception {
        awaitServers();
        robot.interact(() -> {
            robot.lookup("#areas").queryAs(TabPane.class).getSelectionModel().select(1);
            // The storm: a fault marker in the legend beside the four series and the longest verdict.
            composition.loadLab().scenarioProperty().set(ScenarioPresets.THREE_AM_STORM);
            composition.loadLab().clientsProperty().set("64");
            // The preset's shortest run (LB3), not its 30 s default: the reset at t = 10 s, its marker and its verdict
            // are all there, 10 s sooner.
            composition
                    .loadLab()
                    .durationProperty()
                    .set(ScenarioPresets.THREE_AM_STORM.minimumDuration().toSeconds() + "s");
            composition.loadLab().start();
        });
        WaitForAsyncUtils.waitFor(
                120,
                TimeUnit.SECONDS,
                () -> composition.loadLab().reportReadyProperty().get());
        assertThat(walk(robot, "load-lab"))
                .as("cut or outside the window at 1024x700")
                .isEmpty();
    }

    @Test
    @DisplayName("UI8: at 1024x700 the Provider & relay area shows every fault's description whole or scrolls to it")
    void nothingIsCutOnTheProviderAndRelayArea(FxRobot robot) throws Exception {
        awaitServers();
        assertThat(walk(robot, "provider-relay"))
                .as("cut or outside the window at 1024x700")
                .isEmpty();
    }

    @Test
    @DisplayName(
            "UI8: at 1024x700 the Diagnose tab with a real nginx log read cuts no text and its axis labels do not overlap")
    void nothingIsCutOnTheDiagnoseTab(FxRobot robot) throws Exception {
        awaitServers();
        Path log = Path.of(
                getClass().getResource("/diagnose/nginx/storm-access.log").toURI());
        robot.interact(() -> {
            robot.lookup("#areas").queryAs(TabPane.class).getSelectionModel().select(3);
            composition.diagnose().addFiles(List.of(log));
            composition
                    .diagnose()
                    .logFormatProperty()
                    .set(
                            "$remote_addr [$time_local] $msec $request_time"
                                    + " \"$request\" $status \"$sent_http_retry_after\" \"$http_x_client_id\" \"$http_authorization\"");
            composition.diagnose().clientKeyProperty().set("$http_x_client_id");
            composition.diagnose().diagnose();
        });
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> composition.diagnose().readyProperty().get());
        assertThat(walk(robot, "diagnose"))
                .as("cut or outside the window at 1024x700")
                .isEmpty();
    }

    /** Shows the area, lets it lay out, and lists what is cut, outside the window or overlapping on a chart. */
    private List<String> walk(FxRobot robot, String areaId) {
        TabPane areas = robot.lookup("#areas").queryAs(TabPane.class);
        Tab area = areas.getTabs().stream()
                .filter(tab -> areaId.equals(tab.getId()))
                .findFirst()
                .orElseThrow();
        robot.interact(() -> areas.getSelectionModel().select(area));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> problems = new ArrayList<>();
        onFx(() -> guarded(problems, () -> stage.getScene().getRoot().layout()));
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        onFx(() ->
                guarded(problems, () -> check(area.getText(), stage.getScene().getRoot(), false, problems)));
        return problems;
    }

    /** Runs on the FX thread and waits for it, up to a minute on a busy machine. */
    private static void onFx(Runnable action) {
        java.util.concurrent.CompletableFuture<Void> done = new java.util.concurrent.CompletableFuture<>();
        javafx.application.Platform.runLater(() -> {
            action.run();
            done.complete(null);
        });
        try {
            done.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("the FX thread did not answer", e);
        }
    }

    /** An exception on the FX thread is a problem to report, not a wait that never ends. */
    private static void guarded(List<String> problems, Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            java.io.StringWriter trace = new java.io.StringWriter();
            e.printStackTrace(new java.io.PrintWriter(trace));
            problems.add(
                    "failed: " + trace.toString().lines().limit(12).collect(java.util.stream.Collectors.joining("\n")));
        }
    }

    /** Walks what is shown: cut texts without a tooltip, controls outside the window (not in a scroll pane), charts. */
    private void check(String area, Node node, boolean scrolled, List<String> problems) {
        if (!node.isVisible() || node.getScene() == null) {
            return;
        }
        if (node instanceof Labeled labeled
                && labeled.getText() != null
                && !labeled.getText().isBlank()
                && isCut(labeled)
                && !hasFullTextInTooltip(labeled)) {
            problems.add(area + ": \"" + labeled.getText() + "\" is cut (" + describe(node) + ")");
        }
        if (!scrolled && node instanceof Control && node.isManaged()) {
            Bounds b = node.localToScene(node.getBoundsInLocal());
            double w = stage.getScene().getWidth();
            double h = stage.getScene().getHeight();
            if (b.getWidth() > 0
                    && (b.getMinX() < -1 || b.getMaxX() > w + 1 || b.getMinY() < -1 || b.getMaxY() > h + 1)) {
                problems.add(area + ": " + describe(node) + " lies outside the window, at " + b);
            }
        }
        if (node instanceof Chart chart) {
            overlappingTexts(area, chart, problems);
        }
        if (node instanceof Parent parent) {
            // A table scrolls sideways by itself: its columns past the right edge are reached with its scroll bar.
            boolean inside = scrolled
                    || node instanceof ScrollPane
                    || node instanceof javafx.scene.control.TableView
                    || node.getStyleClass().contains("virtual-flow");
            for (Node child : parent.getChildrenUnmodifiable()) {
                check(area, child, inside, problems);
            }
        }
    }

    /** A chart's visible words (title, axis labels, tick labels, legend) must not lie on each other. */
    private static void overlappingTexts(String area, Chart chart, List<String> problems) {
        List<Text> texts = new ArrayList<>();
        collectTexts(chart, texts);
        for (int i = 0; i < texts.size(); i++) {
            for (int j = i + 1; j < texts.size(); j++) {
                Bounds a = texts.get(i).localToScene(texts.get(i).getBoundsInLocal());
                Bounds b = texts.get(j).localToScene(texts.get(j).getBoundsInLocal());
                // One pixel of slack: touching glyph boxes are not overlapping words.
                if (a.getMinX() + 1 < b.getMaxX()
                        && b.getMinX() + 1 < a.getMaxX()
                        && a.getMinY() + 1 < b.getMaxY()
                        && b.getMinY() + 1 < a.getMaxY()) {
                    problems.add(area + ": on " + describe(chart) + " \""
                            + texts.get(i).getText() + "\" overlaps \""
                            + texts.get(j).getText() + "\"");
                }
            }
        }
        for (Text text : texts) {
            Bounds t = text.localToScene(text.getBoundsInLocal());
            Bounds c = chart.localToScene(chart.getBoundsInLocal());
            if (t.getMinX() < c.getMinX() - 1
                    || t.getMaxX() > c.getMaxX() + 1
                    || t.getMinY() < c.getMinY() - 1
                    || t.getMaxY() > c.getMaxY() + 1) {
                problems.add(area + ": on " + describe(chart) + " \"" + text.getText() + "\" lies outside the chart");
            }
        }
    }

    private static void collectTexts(Node node, List<Text> texts) {
        if (!node.isVisible() || node.getOpacity() == 0) {
            return;
        }
        if (node instanceof Text text && !text.getText().isBlank()) {
            texts.add(text);
        }
        if (node instanceof Axis<?> axis && !axis.isTickLabelsVisible()) {
            return;
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                collectTexts(child, texts);
            }
        }
    }

    /** A Labeled shows its text through one Text node; an elided one shows less than its text. */
    private static boolean isCut(Labeled labeled) {
        for (Node child : labeled.getChildrenUnmodifiable()) {
            if (child instanceof Text shown && child.getStyleClass().contains("text")) {
                // "_File" shows as "File": the underscore marks the mnemonic.
                String full = labeled.isMnemonicParsing() ? labeled.getText().replaceFirst("_", "") : labeled.getText();
                return !shown.getText().equals(full);
            }
        }
        return false;
    }

    private static boolean hasFullTextInTooltip(Labeled labeled) {
        Tooltip tip = labeled.getTooltip();
        return tip != null && tip.getText() != null && tip.getText().contains(labeled.getText());
    }

    private static String describe(Node node) {
        return node.getClass().getSimpleName() + (node.getId() == null ? "" : "#" + node.getId());
    }
}
