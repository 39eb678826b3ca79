package dev.stormwatch.testing;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;

/**
 * UI8: what the window draws of its texts, read as a person reads them: a label's whole text, or the text cut to
 * "..." that its skin draws when it has too little room. Read on the FX thread.
 */
public final class DrawnText {

    private DrawnText() {}

    /** The text {@code labeled}'s skin draws (its whole text, or a cut one ending in "..."), or none before a skin. */
    public static String drawn(Labeled labeled) {
        for (Node part : labeled.getChildrenUnmodifiable()) {
            if (part instanceof Text text) {
                return text.getText();
            }
        }
        return null;
    }

    /**
     * Every text shown in {@code parent} that is not drawn whole, as "text shown as drawn in #id". Of a chart's own
     * texts, the axes' labels (the words of the values) are read; its title and legend are the chart's to lay out.
     */
    public static List<String> cut(Parent parent) {
        List<String> cut = new ArrayList<>();
        collect(parent, cut);
        return cut;
    }

    private static void collect(Parent parent, List<String> cut) {
        for (Node child : parent.getChildrenUnmodifiable()) {
            if (!child.isVisible()) {
                continue;
            }
            if (child instanceof XYChart<?, ?> chart) {
                for (Node axisLabel : chart.lookupAll(".axis-label")) {
                    check((Labeled) axisLabel, cut);
                }
                continue;
            }
            if (child instanceof Labeled labeled) {
                check(labeled, cut);
            }
            if (child instanceof Parent inner) {
                collect(inner, cut);
            }
        }
    }

    private static void check(Labeled labeled, List<String> cut) {
        String whole = labeled.getText();
        String drawn = drawn(labeled);
        if (whole != null && !whole.isEmpty() && drawn != null && !drawn.equals(whole)) {
            cut.add(whole + " shown as " + drawn + " in " + within(labeled));
        }
    }

    /** The id of the nearest part around {@code node} that has one. */
    private static String within(Node node) {
        for (Node up = node; up != null; up = up.getParent()) {
            if (up.getId() != null) {
                return "#" + up.getId();
            }
        }
        return "the area";
    }
}
