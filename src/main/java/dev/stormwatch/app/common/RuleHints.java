package dev.stormwatch.app.common;

import javafx.scene.control.Labeled;
import javafx.scene.control.Tooltip;

/** Gives a label that mentions rule IDs a tooltip saying what each rule is, kept in step with its text. */
public final class RuleHints {

    private RuleHints() {}

    /** The label's tooltip becomes its text followed by the meaning of each rule it names, or none if it names none. */
    public static <T extends Labeled> T explain(T label) {
        Runnable update = () -> {
            String legend = RuleCatalogue.spec().legendFor(label.getText());
            if (legend.isEmpty()) {
                label.setTooltip(null);
                return;
            }
            Tooltip tip = new Tooltip(label.getText() + "\n\n" + legend);
            tip.setWrapText(true);
            tip.setMaxWidth(480);
            label.setTooltip(tip);
        };
        label.textProperty().addListener((obs, old, now) -> update.run());
        update.run();
        return label;
    }
}
