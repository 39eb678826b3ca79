package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.stormwatch.app.shell.PreferencesStore;
import dev.stormwatch.app.shell.Theme;
import dev.stormwatch.base.ProductVersion;
import javafx.application.Application;
import javafx.css.CssMetaData;
import javafx.css.Styleable;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The menu bar, its shortcuts and the theme, on the real window (servers left out: they are not what is tested). */
@ExtendWith(ApplicationExtension.class)
class MainWindowMenuTest {

    private Stage stage;
    private Composition composition;
    private final PreferencesStore store = PreferencesStore.inMemory();

    @Start
    void start(Stage stage) {
        this.stage = stage;
        composition = TestWindows.withoutServers();
        TestWindows.show(composition, stage, store);
    }

    @AfterEach
    void close() {
        TestWindows.close(composition);
    }

    @Test
    @DisplayName("UI4: Ctrl+1, Ctrl+2 and Ctrl+3 show the areas in their order")
    void numberShortcutsShowTheAreas(FxRobot robot) {
        TabPane areas = robot.lookup("#areas").queryAs(TabPane.class);
        robot.push(KeyCode.CONTROL, KeyCode.DIGIT2);
        assertThat(areas.getSelectionModel().getSelectedItem().getId()).isEqualTo("load-lab");
        robot.push(KeyCode.CONTROL, KeyCode.DIGIT3);
        assertThat(areas.getSelectionModel().getSelectedItem().getId()).isEqualTo("provider-relay");
        robot.push(KeyCode.CONTROL, KeyCode.DIGIT1);
        assertThat(areas.getSelectionModel().getSelectedItem().getId()).isEqualTo("session");
    }

    @Test
    @DisplayName("UI4: Ctrl+, shows the Session area with the keyboard in the issuer field")
    void settingsShortcutFocusesTheIssuer(FxRobot robot) {
        robot.push(KeyCode.CONTROL, KeyCode.DIGIT2);
        robot.push(KeyCode.CONTROL, KeyCode.COMMA);
        TabPane areas = robot.lookup("#areas").queryAs(TabPane.class);
        assertThat(areas.getSelectionModel().getSelectedItem().getId()).isEqualTo("session");
        assertThat(robot.lookup("#settings-issuer").queryAs(TextField.class).isFocused())
                .isTrue();
    }

    @Test
    @DisplayName(
            "UI4: the refresh key (KeyCode.F5) refreshes, and each Session menu entry is disabled exactly when its button is")
    void sessionMenuFollowsItsButtons(FxRobot robot) {
        MenuItem refresh = item(robot, "menu-refresh");
        assertThat(refresh.getAccelerator()).isEqualTo(new javafx.scene.input.KeyCodeCombination(KeyCode.F5));
        for (String[] pair : new String[][] {
            {"menu-refresh", "#refresh"},
            {"menu-userinfo", "#userinfo"},
            {"menu-sign-out", "#sign-out"},
            {"menu-sign-in", "#sign-in"}
        }) {
            assertThat(item(robot, pair[0]).isDisable())
                    .as(pair[0])
                    .isEqualTo(robot.lookup(pair[1]).queryAs(Button.class).isDisabled());
        }
        // No session yet: nothing to refresh.
        assertThat(refresh.isDisable()).isTrue();
        robot.interact(() -> composition.session().settings().issuerProperty().set("http://127.0.0.1:9/"));
        robot.interact(() -> composition.session().applySettings());
        assertThat(item(robot, "menu-sign-in").isDisable())
                .isEqualTo(robot.lookup("#sign-in").queryAs(Button.class).isDisabled())
                .isFalse();
    }

    @Test
    @DisplayName("UI2: choosing Dark restyles the window, the timeline's lanes included, and is remembered")
    void darkThemeRestylesEverythingAndIsRemembered(FxRobot robot) {
        assertThat(Application.getUserAgentStylesheet()).isEqualTo(new PrimerLight().getUserAgentStylesheet());
        Node lanes = robot.lookup(".origin-lanes").query();
        double lightText = laneColour(lanes, "-sw-lane-text").getBrightness();
        double lightBackground = laneColour(lanes, "-sw-lane-background").getBrightness();

        robot.interact(() -> item(robot, "menu-theme-dark").fire());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(Application.getUserAgentStylesheet()).isEqualTo(new PrimerDark().getUserAgentStylesheet());
        assertThat(store.load().theme()).isEqualTo(Theme.DARK);
        double darkText = laneColour(lanes, "-sw-lane-text").getBrightness();
        double darkBackground = laneColour(lanes, "-sw-lane-background").getBrightness();
        assertThat(lightText).isLessThan(lightBackground);
        assertThat(darkText).isGreaterThan(darkBackground);
        assertThat(darkBackground).isLessThan(lightBackground);
    }

    @Test
    @DisplayName("UI1: Ctrl+Q closes the window and remembers its place and size")
    void quitRemembersThePlace(FxRobot robot) {
        robot.interact(() -> {
            stage.setX(40);
            stage.setY(30);
            stage.setWidth(1100);
            stage.setHeight(760);
        });
        robot.push(KeyCode.CONTROL, KeyCode.Q);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(stage.isShowing()).isFalse();
        assertThat(store.load().bounds()).hasValueSatisfying(place -> {
            assertThat(place.getMinX()).isEqualTo(40);
            assertThat(place.getMinY()).isEqualTo(30);
            assertThat(place.getWidth()).isEqualTo(1100);
            assertThat(place.getHeight()).isEqualTo(760);
        });
    }

    @Test
    @DisplayName("UI4: Help, About names the version the build wrote")
    void aboutNamesTheVersion(FxRobot robot) {
        robot.interact(() -> item(robot, "menu-about").fire());
        DialogPane about = robot.lookup("#about-dialog").queryAs(DialogPane.class);
        assertThat(ProductVersion.current())
                .isNotEqualTo(ProductVersion.UNKNOWN)
                .matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(about.getHeaderText()).isEqualTo("Stormwatch " + ProductVersion.current());
        robot.interact(() -> ((Stage) about.getScene().getWindow()).close());
    }

    @Test
    @DisplayName("UI10: each area's tab and its View menu entry carry an icon")
    void everyAreaHasAnIcon(FxRobot robot) {
        TabPane areas = robot.lookup("#areas").queryAs(TabPane.class);
        assertThat(areas.getTabs())
                .extracting(javafx.scene.control.Tab::getId)
                .containsExactly("session", "load-lab", "provider-relay", "diagnose");
        for (javafx.scene.control.Tab tab : areas.getTabs()) {
            assertThat(tab.getGraphic()).as(tab.getId()).isInstanceOf(org.kordamp.ikonli.javafx.FontIcon.class);
            assertThat(item(robot, "menu-area-" + tab.getId()).getGraphic())
                    .as("View > " + tab.getText())
                    .isInstanceOf(org.kordamp.ikonli.javafx.FontIcon.class);
        }
    }

    private static MenuItem item(FxRobot robot, String id) {
        MenuBar bar = robot.lookup("#menu-bar").queryAs(MenuBar.class);
        return bar.getMenus().stream()
                .flatMap(menu -> menu.getItems().stream()
                        .flatMap(item -> item instanceof javafx.scene.control.Menu sub
                                ? java.util.stream.Stream.concat(
                                        java.util.stream.Stream.of(item), sub.getItems().stream())
                                : java.util.stream.Stream.of(item)))
                .filter(item -> id.equals(item.getId()))
                .findFirst()
                .orElseThrow(() -> new AssertionError(id));
    }

    @SuppressWarnings("unchecked")
    private static Color laneColour(Node lanes, String property) {
        for (CssMetaData<? extends Styleable, ?> meta : lanes.getCssMetaData()) {
            if (meta.getProperty().equals(property)) {
                return (Color) ((CssMetaData<Styleable, ?>) meta)
                        .getStyleableProperty(lanes)
                        .getValue();
            }
        }
        throw new AssertionError("no CSS property " + property + " on " + lanes);
    }
}
