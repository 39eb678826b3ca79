package dev.stormwatch.app.session;

import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * UI11: Tab leaves a text area for the next control, as in every other field, instead of typing a tab (none of the
 * session area's text areas needs one); JavaFX's text area moves focus on Ctrl+Tab, so Tab is passed on as that.
 */
final class TabLeavesTextArea {

    private TabLeavesTextArea() {}

    static void on(TextArea area) {
        area.addEventFilter(KeyEvent.KEY_PRESSED, key -> {
            if (key.getCode() == KeyCode.TAB && !key.isControlDown()) {
                key.consume();
                area.fireEvent(new KeyEvent(
                        key.getSource(),
                        key.getTarget(),
                        key.getEventType(),
                        key.getCharacter(),
                        key.getText(),
                        key.getCode(),
                        key.isShiftDown(),
                        true,
                        key.isAltDown(),
                        key.isMetaDown()));
            }
        });
    }
}
