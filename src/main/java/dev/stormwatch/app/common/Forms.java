package dev.stormwatch.app.common;

import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** Layouts that the areas' forms share. */
public final class Forms {

    private Forms() {}

    /**
     * A form that scrolls above its actions, which stay in view however far the form scrolls: the button a person came
     * for (Run, Diagnose) is never below the window's edge.
     */
    public static VBox pinnedBelow(ScrollPane form, Node actions) {
        VBox.setVgrow(form, Priority.ALWAYS);
        actions.getStyleClass().add("pinned-actions");
        VBox column = new VBox(form, actions);
        column.getStyleClass().add("settings");
        return column;
    }
}
