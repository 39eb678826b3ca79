package dev.stormwatch.app.shell;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;

/** The window's look: AtlantaFX's Primer, light or dark; {@link #SYSTEM} follows the desktop where it says (UI2). */
public enum Theme {
    LIGHT("Light"),
    DARK("Dark"),
    SYSTEM("Follow system");

    private final String label;

    Theme(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** LIGHT or DARK: this choice with {@link #SYSTEM} replaced by what the desktop prefers. */
    public Theme resolve(Theme systemPreference) {
        return this == SYSTEM ? (systemPreference == DARK ? DARK : LIGHT) : this;
    }

    /** Sets the user-agent stylesheet of every window of the app; stormwatch.css builds on its colour variables. */
    void applyResolved() {
        Application.setUserAgentStylesheet(
                this == DARK ? new PrimerDark().getUserAgentStylesheet() : new PrimerLight().getUserAgentStylesheet());
    }
}
