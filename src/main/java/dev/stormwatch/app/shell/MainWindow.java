package dev.stormwatch.app.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.ToggleGroup;
import javafx.scene.image.Image;
import javafx.scene.layout.BorderPane;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The main window: a menu bar over one tab per area of the app. */
public final class MainWindow {

    public static final String TITLE = "Stormwatch";

    /** Each known area's icon; an area without one shows its title alone. */
    private static final Map<String, Ikon> AREA_ICONS = Map.of(
            "session",
            Feather.KEY,
            "load-lab",
            Feather.ACTIVITY,
            "provider-relay",
            Feather.SERVER,
            "diagnose",
            Feather.SEARCH);

    private final TabPane areas = new TabPane();
    private final BorderPane root = new BorderPane();
    private final Menu areaCommands = new Menu("_Session");
    private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(this, "theme", Theme.SYSTEM);
    private Stage stage;
    private PreferencesStore store = PreferencesStore.inMemory();
    private Theme systemPreference = Theme.LIGHT;

    public MainWindow(Node session, Node loadLab, Node servers, Node diagnose) {
        areas.setId("areas");
        areas.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        areas.getTabs()
                .addAll(
                        area("session", "Session", session),
                        area("load-lab", "Load lab", loadLab),
                        area("provider-relay", "Provider & relay", servers),
                        area("diagnose", "Diagnose", diagnose));
        root.setCenter(areas);
    }

    private static Tab area(String id, String title, Node content) {
        BorderPane frame = new BorderPane(content);
        BorderPane.setAlignment(content, Pos.TOP_LEFT);
        frame.getStyleClass().add("area");
        Tab tab = new Tab(title, frame);
        tab.setId(id);
        return tab;
    }

    public Parent root() {
        return root;
    }

    /** The commands of the Session menu (sign in, refresh...), given by the composition root. */
    public void sessionCommands(List<MenuCommand> commands) {
        areaCommands.setId("menu-session");
        areaCommands.getItems().setAll(commands.stream().map(MainWindow::item).toList());
    }

    /** Shows the area with this id, as the View menu's Ctrl+1, Ctrl+2... do. */
    public void select(String areaId) {
        areas.getTabs().stream()
                .filter(tab -> areaId.equals(tab.getId()))
                .findFirst()
                .ifPresent(tab -> areas.getSelectionModel().select(tab));
    }

    /** The theme chosen in View → Theme; setting it restyles the window and is remembered (UI1, UI2). */
    public ObjectProperty<Theme> themeProperty() {
        return theme;
    }

    public void show(Stage stage) {
        show(stage, PreferencesStore.inMemory(), SystemTheme.ofThisDesktop());
    }

    /** Shows the window where and as it was last closed (UI1), in the theme last chosen (UI2). */
    public void show(Stage stage, PreferencesStore preferences, SystemTheme system) {
        this.stage = stage;
        this.store = preferences;
        this.systemPreference = system.preference();
        WindowPreferences saved = preferences.load();
        theme.set(saved.theme());
        theme.get().resolve(systemPreference).applyResolved();
        theme.addListener((obs, was, now) -> {
            now.resolve(systemPreference).applyResolved();
            preferences.save(preferences.load().withTheme(now));
        });
        for (Tab tab : areas.getTabs()) {
            Ikon icon = AREA_ICONS.get(tab.getId());
            if (icon != null && tab.getGraphic() == null) {
                tab.setGraphic(new FontIcon(icon));
            }
        }
        root.setTop(menuBar());

        List<Rectangle2D> screens =
                Screen.getScreens().stream().map(Screen::getVisualBounds).toList();
        Scene scene = saved.placeOn(screens)
                .map(place -> {
                    stage.setX(place.getMinX());
                    stage.setY(place.getMinY());
                    return new Scene(root, place.getWidth(), place.getHeight());
                })
                .orElseGet(() -> new Scene(root, WindowPreferences.DEFAULT_WIDTH, WindowPreferences.DEFAULT_HEIGHT));
        scene.getStylesheets()
                .add(Objects.requireNonNull(MainWindow.class.getResource("/dev/stormwatch/app/stormwatch.css"))
                        .toExternalForm());
        stage.setTitle(TITLE);
        if (stage.getIcons().isEmpty()) {
            stage.getIcons()
                    .add(new Image(
                            Objects.requireNonNull(MainWindow.class.getResource("/dev/stormwatch/app/stormwatch.png"))
                                    .toExternalForm()));
        }
        stage.setMinWidth(Math.min(
                WindowPreferences.MIN_WIDTH,
                screens.isEmpty() ? Double.MAX_VALUE : screens.get(0).getWidth()));
        stage.setMinHeight(Math.min(
                WindowPreferences.MIN_HEIGHT,
                screens.isEmpty() ? Double.MAX_VALUE : screens.get(0).getHeight()));
        stage.setScene(scene);
        stage.setMaximized(saved.maximized() && saved.placeOn(screens).isPresent());
        stage.setOnHiding(event -> remember());
        stage.show();
    }

    /** Saves the place and size the window has now; a maximised window keeps the place it had before. */
    private void remember() {
        WindowPreferences now = store.load().withTheme(theme.get());
        if (stage.isMaximized()) {
            store.save(new WindowPreferences(now.bounds(), true, now.theme()));
        } else {
            store.save(now.withPlace(
                    new Rectangle2D(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight()), false));
        }
    }

    private MenuBar menuBar() {
        MenuItem quit = item(MenuCommand.always("menu-quit", "_Quit", "Shortcut+Q", Feather.POWER, () -> stage.hide()));
        Menu file = new Menu("_File", null, quit);

        Menu view = new Menu("_View");
        List<MenuItem> viewItems = new ArrayList<>();
        for (int i = 0; i < areas.getTabs().size(); i++) {
            Tab tab = areas.getTabs().get(i);
            viewItems.add(item(MenuCommand.always(
                    "menu-area-" + tab.getId(),
                    tab.getText(),
                    i < 9 ? "Shortcut+" + (i + 1) : null,
                    AREA_ICONS.get(tab.getId()),
                    () -> areas.getSelectionModel().select(tab))));
        }
        viewItems.add(new SeparatorMenuItem());
        Menu themes = new Menu("_Theme");
        themes.setId("menu-theme");
        ToggleGroup group = new ToggleGroup();
        Map<Theme, Ikon> themeIcons =
                Map.of(Theme.LIGHT, Feather.SUN, Theme.DARK, Feather.MOON, Theme.SYSTEM, Feather.MONITOR);
        for (Theme choice : Theme.values()) {
            RadioMenuItem option = new RadioMenuItem(choice.label(), new FontIcon(themeIcons.get(choice)));
            option.setId("menu-theme-" + choice.name().toLowerCase(java.util.Locale.ROOT));
            option.setToggleGroup(group);
            option.setSelected(theme.get() == choice);
            option.setOnAction(event -> theme.set(choice));
            theme.addListener((obs, was, now) -> option.setSelected(now == choice));
            themes.getItems().add(option);
        }
        viewItems.add(themes);
        view.getItems().setAll(viewItems);

        MenuItem about = item(MenuCommand.always(
                "menu-about",
                "_About Stormwatch",
                null,
                Feather.INFO,
                () -> AboutDialog.create(stage).show()));
        Menu help = new Menu("_Help", null, about);

        MenuBar bar = new MenuBar(file, areaCommands, view, help);
        bar.setId("menu-bar");
        if (areaCommands.getItems().isEmpty()) {
            bar.getMenus().remove(areaCommands);
        }
        return bar;
    }

    private static MenuItem item(MenuCommand command) {
        MenuItem item = new MenuItem(command.text());
        item.setId(command.id());
        // A menu item parses its mnemonic (the _ of "_Quit") by default.
        command.shortcut().ifPresent(item::setAccelerator);
        command.icon().ifPresent(icon -> item.setGraphic(new FontIcon(icon)));
        item.setOnAction(event -> command.action().run());
        item.disableProperty().bind(javafx.beans.binding.Bindings.not(command.enabled()));
        return item;
    }
}
