package dev.stormwatch.app.shell;

import java.util.Objects;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/** The main window: one tab per area of the app. */
public final class MainWindow {

    public static final String TITLE = "Stormwatch";

    private final TabPane areas = new TabPane();

    public MainWindow(Node session, Node loadLab, Node servers, Node diagnose) {
        areas.setId("areas");
        areas.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        areas.getTabs().addAll(
                area("session", "Session", session),
                area("load-lab", "Load lab", loadLab),
                area("provider-relay", "Provider & relay", servers),
                area("diagnose", "Diagnose", diagnose));
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
        return areas;
    }

    public void show(Stage stage) {
        Scene scene = new Scene(areas, 1280, 820);
        scene.getStylesheets().add(Objects.requireNonNull(
                MainWindow.class.getResource("/dev/stormwatch/app/stormwatch.css")).toExternalForm());
        stage.setTitle(TITLE);
        stage.setScene(scene);
        stage.show();
    }
}
