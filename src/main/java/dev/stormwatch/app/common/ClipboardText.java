package dev.stormwatch.app.common;

import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/** Puts text on the system clipboard: the copy buttons of the window (authorization URL, ticket text). */
public final class ClipboardText {

    private ClipboardText() {}

    public static void put(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }
}
