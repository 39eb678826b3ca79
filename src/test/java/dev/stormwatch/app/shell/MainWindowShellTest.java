package dev.stormwatch.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FxThread;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The window's shell on a real JavaFX toolkit, around four plain areas (no view model, no server): where it opens and
 * what it remembers (UI1), its theme (UI2), its menus and shortcuts (UI4) and its areas' icons (UI10).
 */
@ExtendWith(ApplicationExtension.class)
class MainWindowShellTest {

    private static final SystemTheme LIGHT_DESKTOP = new SystemTheme(Map.of(), "Linux", command -> Optional.empty());

    private final PreferencesStore store = PreferencesStore.inMemory();
    private MainWindow window;
    private Stage stage;

    /** The window is built on the toolkit's thread; each test shows it on a stage of its own. */
    @Start
    void build(Stage primary) {
        window = new MainWindow(new Label("session"), new Label("load"), new Label("servers"), new Label("diagnose"));
    }

    @AfterEach
    void closeAndGoBackToLight() throws Exception {
        FxThread.call(() -> {
            if (stage != null) {
                stage.close();
            }
            Theme.LIGHT.applyResolved();
            return null;
        });
    }

    private void show() throws Exception {
        FxThread.call(() -> {
            stage = new Stage();
            window.show(stage, store, LIGHT_DESKTOP);
            return null;
        });
    }

    private MenuBar bar() {
        return (MenuBar) ((BorderPane) window.root()).getTop();
    }

    private Menu menu(String text) {
        return bar().getMenus().stream()
                .filter(m -> m.getText().equals(text))
                .findFirst()
                .orElseThrow();
    }

    private TabPane areas() {
        return (TabPane) ((BorderPane) window.root()).getCenter();
    }

    @Test
    @DisplayName("UI1, UI10: a first run opens at the default size, titled, with the app's icon, its four areas in"
            + " order, each with its icon and none closable, and never smaller than the screen allows")
    void aFirstRunOpensAtTheDefaultSize() throws Exception {
        show();

        assertThat(stage.getTitle()).isEqualTo("Stormwatch");
        assertThat(stage.getIcons()).hasSize(1);
        assertThat(stage.getScene().getWidth()).isEqualTo(WindowPreferences.DEFAULT_WIDTH);
        assertThat(stage.getScene().getHeight()).isEqualTo(WindowPreferences.DEFAULT_HEIGHT);
        Rectangle2D screen = Screen.getScreens().get(0).getVisualBounds();
        assertThat(stage.getMinWidth()).isEqualTo(Math.min(WindowPreferences.MIN_WIDTH, screen.getWidth()));
        assertThat(stage.getMinHeight()).isEqualTo(Math.min(WindowPreferences.MIN_HEIGHT, screen.getHeight()));
        assertThat(stage.isMaximized()).isFalse();
        assertThat(stage.getScene().getStylesheets()).singleElement().asString().endsWith("stormwatch.css");
        assertThat(areas().getTabs())
                .extracting(Tab::getId)
                .containsExactly("session", "load-lab", "provider-relay", "diagnose");
        assertThat(areas().getTabs())
                .extracting(Tab::getText)
                .containsExactly("Session", "Load lab", "Provider & relay", "Diagnose");
        assertThat(areas().getTabs())
                .allSatisfy(tab -> assertThat(tab.getGraphic()).isInstanceOf(FontIcon.class));
        assertThat(((FontIcon) areas().getTabs().get(0).getGraphic()).getIconCode())
                .isEqualTo(Feather.KEY);
        assertThat(areas().getTabClosingPolicy()).isEqualTo(TabPane.TabClosingPolicy.UNAVAILABLE);
        assertThat(areas().getId()).isEqualTo("areas");
        BorderPane frame = (BorderPane) areas().getTabs().get(0).getContent();
        assertThat(frame.getStyleClass()).contains("area");
        assertThat(BorderPane.getAlignment(frame.getCenter())).isEqualTo(javafx.geometry.Pos.TOP_LEFT);
    }

    @Test
    @DisplayName("UI1: a remembered place on the screen is where the window opens; closing it remembers where it is"
            + " then, and the theme")
    void theWindowOpensWhereItWasAndRemembersWhereItIs() throws Exception {
        store.save(new WindowPreferences(Optional.of(new Rectangle2D(10, 20, 1100, 720)), false, Theme.LIGHT));
        show();

        assertThat(stage.getX()).isEqualTo(10);
        assertThat(stage.getY()).isEqualTo(20);
        assertThat(stage.getScene().getWidth()).isEqualTo(1100);
        assertThat(stage.getScene().getHeight()).isEqualTo(720);

        FxThread.call(() -> {
            stage.setX(30);
            stage.setY(40);
            stage.setWidth(1050);
            stage.setHeight(710);
            stage.hide();
            return null;
        });

        assertThat(store.load())
                .isEqualTo(new WindowPreferences(Optional.of(new Rectangle2D(30, 40, 1050, 710)), false, Theme.LIGHT));
    }

    @Test
    @DisplayName("UI1: a window closed maximised opens maximised and keeps the place it had before")
    void aMaximisedWindowKeepsItsPlaceBefore() throws Exception {
        Rectangle2D before = new Rectangle2D(10, 20, 1100, 720);
        store.save(new WindowPreferences(Optional.of(before), true, Theme.DARK));
        show();

        assertThat(stage.isMaximized()).isTrue();
        assertThat(window.themeProperty().get()).isEqualTo(Theme.DARK);
        assertThat(javafx.application.Application.getUserAgentStylesheet()).containsIgnoringCase("dark");
        // Whatever the store says meanwhile, the window closed maximised is remembered so.
        store.save(new WindowPreferences(Optional.of(before), false, Theme.DARK));
        FxThread.call(() -> {
            stage.hide();
            return null;
        });

        assertThat(store.load()).isEqualTo(new WindowPreferences(Optional.of(before), true, Theme.DARK));
    }

    @Test
    @DisplayName("UI1: a maximised window with no place remembered opens at the default size, not maximised")
    void maximisedWithNoPlaceOpensAtTheDefaultSize() throws Exception {
        store.save(new WindowPreferences(Optional.empty(), true, Theme.LIGHT));
        show();

        assertThat(stage.isMaximized()).isFalse();
    }

    @Test
    @DisplayName("UI2, UI4: View holds each area with Ctrl+1 to Ctrl+4, then the themes, the one chosen ticked;"
            + " choosing one restyles and remembers it at once, and the ticks follow the theme")
    void theViewMenuShowsTheAreasAndTheThemes() throws Exception {
        show();
        Menu view = menu("_View");

        assertThat(view.getItems()).hasSize(6);
        assertThat(view.getItems().subList(0, 4))
                .extracting(MenuItem::getId)
                .containsExactly(
                        "menu-area-session", "menu-area-load-lab", "menu-area-provider-relay", "menu-area-diagnose");
        assertThat(view.getItems().subList(0, 4))
                .extracting(MenuItem::getAccelerator)
                .containsExactly(
                        KeyCombination.valueOf("Shortcut+1"),
                        KeyCombination.valueOf("Shortcut+2"),
                        KeyCombination.valueOf("Shortcut+3"),
                        KeyCombination.valueOf("Shortcut+4"));
        assertThat(view.getItems().get(0).getGraphic()).isInstanceOf(FontIcon.class);
        assertThat(view.getItems().get(4)).isInstanceOf(SeparatorMenuItem.class);
        Menu themes = (Menu) view.getItems().get(5);
        assertThat(themes.getId()).isEqualTo("menu-theme");
        javafx.scene.control.ToggleGroup group =
                ((RadioMenuItem) themes.getItems().get(0)).getToggleGroup();
        assertThat(group).isNotNull();
        assertThat(themes.getItems())
                .allSatisfy(item ->
                        assertThat(((RadioMenuItem) item).getToggleGroup()).isSameAs(group));
        assertThat(themes.getItems())
                .extracting(MenuItem::getId)
                .containsExactly("menu-theme-light", "menu-theme-dark", "menu-theme-system");
        assertThat(themes.getItems()).extracting(MenuItem::getText).containsExactly("Light", "Dark", "Follow system");
        assertThat(themes.getItems())
                .extracting(item -> ((RadioMenuItem) item).isSelected())
                .containsExactly(false, false, true);

        FxThread.call(() -> {
            view.getItems().get(3).fire();
            themes.getItems().get(1).fire();
            return null;
        });

        assertThat(areas().getSelectionModel().getSelectedItem().getId()).isEqualTo("diagnose");
        assertThat(window.themeProperty().get()).isEqualTo(Theme.DARK);
        assertThat(store.load().theme()).isEqualTo(Theme.DARK);
        assertThat(javafx.application.Application.getUserAgentStylesheet()).containsIgnoringCase("dark");

        FxThread.call(() -> {
            window.themeProperty().set(Theme.LIGHT);
            return null;
        });
        assertThat(themes.getItems())
                .extracting(item -> ((RadioMenuItem) item).isSelected())
                .containsExactly(true, false, false);
        assertThat(javafx.application.Application.getUserAgentStylesheet()).containsIgnoringCase("light");
    }

    @Test
    @DisplayName("UI4: File → Quit (Ctrl+Q) closes the window and remembers it; Help → About is there")
    void quitClosesAndRemembers() throws Exception {
        show();
        MenuItem quit = menu("_File").getItems().get(0);
        assertThat(quit.getId()).isEqualTo("menu-quit");
        assertThat(quit.getAccelerator()).isEqualTo(KeyCombination.valueOf("Shortcut+Q"));
        assertThat(quit.isMnemonicParsing()).isTrue();
        assertThat(menu("_Help").getItems()).extracting(MenuItem::getId).containsExactly("menu-about");
        assertThat(bar().getMenus()).extracting(Menu::getText).containsExactly("_File", "_View", "_Help");
        assertThat(bar().getId()).isEqualTo("menu-bar");

        FxThread.call(() -> {
            quit.fire();
            return null;
        });

        assertThat(stage.isShowing()).isFalse();
        assertThat(store.load().bounds()).isPresent();
    }

    @Test
    @DisplayName("UI4: the Session menu holds the commands given, each enabled exactly when its command can run")
    void theSessionMenuHoldsTheCommandsGiven() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        SimpleBooleanProperty canRefresh = new SimpleBooleanProperty(false);
        window.sessionCommands(List.of(
                MenuCommand.of(
                        "menu-refresh",
                        "_Refresh",
                        "Shortcut+R",
                        Feather.REFRESH_CW,
                        runs::incrementAndGet,
                        canRefresh),
                MenuCommand.always("menu-plain", "Plain", null, null, () -> {})));
        show();

        assertThat(bar().getMenus()).extracting(Menu::getText).containsExactly("_File", "_Session", "_View", "_Help");
        Menu session = menu("_Session");
        assertThat(session.getId()).isEqualTo("menu-session");
        MenuItem refresh = session.getItems().get(0);
        assertThat(refresh.getId()).isEqualTo("menu-refresh");
        assertThat(refresh.getText()).isEqualTo("_Refresh");
        assertThat(refresh.getAccelerator()).isEqualTo(KeyCombination.valueOf("Shortcut+R"));
        assertThat(refresh.getGraphic()).isInstanceOf(FontIcon.class);
        assertThat(refresh.isDisable()).isTrue();
        MenuItem plain = session.getItems().get(1);
        assertThat(plain.getAccelerator()).isNull();
        assertThat(plain.getGraphic()).isNull();
        assertThat(plain.isDisable()).isFalse();

        FxThread.call(() -> {
            canRefresh.set(true);
            refresh.fire();
            return null;
        });
        assertThat(refresh.isDisable()).isFalse();
        assertThat(runs).hasValue(1);
    }

    @Test
    @DisplayName("UI4: Help → About opens the About dialog over the window")
    void aboutOpensTheDialogOverTheWindow() throws Exception {
        show();

        javafx.stage.Window dialog = FxThread.call(() -> {
            menu("_Help").getItems().get(0).fire();
            return javafx.stage.Window.getWindows().stream()
                    .filter(w -> w.getScene() != null
                            && w.getScene().getRoot() != null
                            && "about-dialog".equals(w.getScene().getRoot().getId()))
                    .findFirst()
                    .orElse(null);
        });

        assertThat(dialog).isNotNull();
        assertThat(dialog.isShowing()).isTrue();
        assertThat(((Stage) dialog).getOwner()).isSameAs(stage);
        FxThread.call(() -> {
            dialog.hide();
            return null;
        });
    }

    @Test
    @DisplayName("UI1: shown without a store, the window opens at the default size on this desktop's theme")
    void shownWithoutAStoreOpensAtTheDefaultSize() throws Exception {
        FxThread.call(() -> {
            stage = new Stage();
            window.show(stage);
            return null;
        });

        assertThat(stage.isShowing()).isTrue();
        assertThat(stage.getScene().getWidth()).isEqualTo(WindowPreferences.DEFAULT_WIDTH);
        assertThat(window.themeProperty().get()).isEqualTo(Theme.SYSTEM);
    }

    @Test
    @DisplayName("UI4: select shows the area with that id, and an unknown id changes nothing")
    void selectShowsTheAreaWithThatId() throws Exception {
        show();

        FxThread.call(() -> {
            window.select("provider-relay");
            return null;
        });
        assertThat(areas().getSelectionModel().getSelectedItem().getId()).isEqualTo("provider-relay");
        FxThread.call(() -> {
            window.select("nowhere");
            return null;
        });
        assertThat(areas().getSelectionModel().getSelectedItem().getId()).isEqualTo("provider-relay");
    }
}
