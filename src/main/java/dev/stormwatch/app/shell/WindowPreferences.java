package dev.stormwatch.app.shell;

import java.util.List;
import java.util.Optional;
import javafx.geometry.Rectangle2D;

/**
 * What the window remembers between runs (UI1): its place and size, whether it was maximised, and the theme chosen.
 * A place is empty until the window was first closed.
 */
public record WindowPreferences(Optional<Rectangle2D> bounds, boolean maximized, Theme theme) {

    /** The size a first run opens with. */
    public static final double DEFAULT_WIDTH = 1280;

    public static final double DEFAULT_HEIGHT = 820;
    /** The smallest size the window is laid out for; a remembered size below it is raised to it. */
    public static final double MIN_WIDTH = 1024;

    public static final double MIN_HEIGHT = 700;
    /** How much of the title bar must lie on a screen for a remembered place to be used. */
    private static final double GRIP = 48;

    public static final WindowPreferences FIRST_RUN = new WindowPreferences(Optional.empty(), false, Theme.SYSTEM);

    public WindowPreferences withTheme(Theme chosen) {
        return new WindowPreferences(bounds, maximized, chosen);
    }

    public WindowPreferences withPlace(Rectangle2D place, boolean isMaximized) {
        return new WindowPreferences(Optional.of(place), isMaximized, theme);
    }

    /**
     * UI1: the remembered place when its title bar can still be grabbed on one of these screens (a monitor may have
     * gone since), its size cut to that screen and raised to the minimum; otherwise empty, and the window is centred.
     */
    public Optional<Rectangle2D> placeOn(List<Rectangle2D> screens) {
        if (bounds.isEmpty()) {
            return Optional.empty();
        }
        Rectangle2D b = bounds.get();
        Rectangle2D titleBar = new Rectangle2D(b.getMinX(), b.getMinY(), Math.max(1, b.getWidth()), GRIP);
        for (Rectangle2D screen : screens) {
            if (overlap(screen, titleBar) >= GRIP * Math.min(GRIP, b.getWidth()) / 2) {
                double width = Math.max(MIN_WIDTH, Math.min(b.getWidth(), screen.getWidth()));
                double height = Math.max(MIN_HEIGHT, Math.min(b.getHeight(), screen.getHeight()));
                return Optional.of(
                        new Rectangle2D(b.getMinX(), Math.max(screen.getMinY(), b.getMinY()), width, height));
            }
        }
        return Optional.empty();
    }

    private static double overlap(Rectangle2D a, Rectangle2D b) {
        double w = Math.min(a.getMaxX(), b.getMaxX()) - Math.max(a.getMinX(), b.getMinX());
        double h = Math.min(a.getMaxY(), b.getMaxY()) - Math.max(a.getMinY(), b.getMinY());
        return w > 0 && h > 0 ? w * h : 0;
    }
}
