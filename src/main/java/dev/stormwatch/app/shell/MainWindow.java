package dev.stormwatch.app.shell;

import java.util.Objects;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/** The main window: one tab per area of the app. */
public final class MainWindow {

    public static final String TITLE = "Stormwatch";

    private final TabPane areas = new TabPane();

    public MainWindow() {
        areas.setId("areas");
        areas.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        areas.getTabs().addAll(
                area("session", "Session", new PlannedArea("Session",
                        "Sign in through your browser with a loopback redirect, then see the session: its state, "
                                + "the tokens with their verified claims, expiry with a countdown, and every request "
                                + "the OAuth client sends, with what the provider answered and what the client did.")),
                area("load-lab", "Load lab", new PlannedArea("Load lab",
                        "Drive the retrying client against a relay through a distributed Redis rate limiter and "
                                + "watch it live: allowed, refused, 429s, retries, exhausted budgets and latency.")),
                area("provider-relay", "Provider & relay", new PlannedArea("Provider & relay",
                        "The embedded demo OpenID provider and model relay: their addresses, and switches that "
                                + "make them answer 429 with Retry-After, 503, an outage or a refresh that is "
                                + "processed and then lost.")));
    }

    private static Tab area(String id, String title, Node content) {
        BorderPane frame = new BorderPane(content);
        BorderPane.setAlignment(content, Pos.TOP_LEFT);
        frame.getStyleClass().add("area");
        Tab tab = new Tab(title, frame);
        tab.setId(id);
        return tab;
    }

    public void show(Stage stage) {
        Scene scene = new Scene(areas, 1200, 780);
        scene.getStylesheets().add(Objects.requireNonNull(
                MainWindow.class.getResource("/dev/stormwatch/app/stormwatch.css")).toExternalForm());
        stage.setTitle(TITLE);
        stage.setScene(scene);
        stage.show();
    }
}
