package dev.stormwatch.app.shell;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

/** A placeholder for an area that is not built yet: it says what will come there, so nobody mistakes it for a bug. */
final class PlannedArea extends VBox {

    PlannedArea(String heading, String whatWillCome) {
        Label title = new Label(heading);
        title.getStyleClass().add("planned-title");
        Label body = new Label(whatWillCome);
        body.setWrapText(true);
        body.getStyleClass().add("planned-body");
        getChildren().addAll(title, body);
        getStyleClass().add("planned-area");
        setAlignment(Pos.TOP_LEFT);
        setSpacing(12);
        setMaxWidth(720);
    }
}
