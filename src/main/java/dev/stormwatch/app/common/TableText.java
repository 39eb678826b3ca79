package dev.stormwatch.app.common;

import java.util.Optional;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * UI8, UI13, UI22: texts measured as a table's stylesheet draws them, so that a column fitted to its widest text is
 * fitted in the theme's fonts, not the toolkit's default: the fonts the stylesheet gave a part, and a text's width in
 * one. Every table that fits its columns (the comparison, the timeline, {@link WholeHeaders}) measures here.
 */
public final class TableText {

    /** Room a header needs beside its title: its padding and the sort arrow's place. */
    public static final double HEADER_ROOM = 24;

    private TableText() {}

    /** The font of the first labelled part of {@code parent} that {@code selector} finds, once styled; none before. */
    public static Optional<Font> fontOf(Parent parent, String selector) {
        return parent.lookupAll(selector).stream()
                .filter(Labeled.class::isInstance)
                .map(node -> ((Labeled) node).getFont())
                .findFirst();
    }

    /** The width {@code text} takes drawn in {@code font}. */
    public static double width(String text, Font font) {
        Text probe = new Text(text);
        probe.setFont(font);
        return probe.getLayoutBounds().getWidth();
    }
}
