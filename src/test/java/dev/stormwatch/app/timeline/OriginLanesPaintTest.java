package dev.stormwatch.app.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.timeline.LanesPicture.Ink;
import dev.stormwatch.http.AttemptEvent.Verdict;
import dev.stormwatch.testing.FxThread;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Scene;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.PixelReader;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The lanes painted by a real JavaFX toolkit (Monocle, software rendering), read back pixel by pixel from a snapshot:
 * each shape of {@link LanesPicture} lands where the picture says, in the colour the stylesheet gives its ink.
 */
@ExtendWith(ApplicationExtension.class)
class OriginLanesPaintTest {

    private static final Instant T0 = Instant.parse("2026-11-30T09:00:00Z");
    private static final String IDP = "https://idp.example:443";
    private static final String API = "https://api.example:443";
    // The inks in colours far apart, so that a pixel says which one painted it.
    private static final String THEME = "-sw-lane-background: #ffffff; -sw-lane-text: #000000;"
            + " -sw-lane-grid: #808080; -sw-lane-ok: #00c000; -sw-lane-throttled: #0000ff;"
            + " -sw-lane-failed: #ff0000; -sw-lane-refused: #ff00ff;";

    private final ObservableList<TimelineRow> rows = FXCollections.observableArrayList();
    private OriginLanes lanes;

    @Start
    void start(Stage stage) {
        lanes = new OriginLanes(rows);
        lanes.setStyle(THEME);
        // 826 px wide: a plot of 600 px, as in LanesPictureTest.
        stage.setScene(new Scene(new StackPane(lanes), 826, 120));
        // The toolkit's one stage may still have the size an earlier test class gave it.
        stage.sizeToScene();
        stage.show();
    }

    private static TimelineRow row(long millis, String origin, int status, Verdict verdict, Optional<Instant> pause) {
        return TimelineRow.of(
                millis,
                Attempts.attempt(T0.plusMillis(millis), origin, OptionalInt.of(status), verdict, pause, List.of()));
    }

    private void show(Runnable change) throws Exception {
        FxThread.run(change);
    }

    private PixelReader paint() throws Exception {
        return FxThread.call(() -> {
            SnapshotParameters transparent = new SnapshotParameters();
            transparent.setFill(Color.TRANSPARENT);
            return lanes.snapshot(transparent, null).getPixelReader();
        });
    }

    private static boolean near(Color painted, Color expected) {
        return Math.abs(painted.getRed() - expected.getRed()) < 0.03
                && Math.abs(painted.getGreen() - expected.getGreen()) < 0.03
                && Math.abs(painted.getBlue() - expected.getBlue()) < 0.03
                && Math.abs(painted.getOpacity() - expected.getOpacity()) < 0.03;
    }

    /** Whether any pixel of the box [x0, x1) × [y0, y1) is painted in other than the white background. */
    private static boolean inked(PixelReader pixels, int x0, int x1, int y0, int y1) {
        for (int x = x0; x < x1; x++) {
            for (int y = y0; y < y1; y++) {
                if (!near(pixels.getColor(x, y), Color.WHITE)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    @DisplayName("UI30, UI2: each attempt's mark and its pause band are painted where the picture puts them, in the"
            + " stylesheet's colours, over the stylesheet's background")
    void marksAndBandsArePaintedInTheThemesColours() throws Exception {
        show(() -> rows.setAll(
                row(0, IDP, 200, Verdict.DELIVER, Optional.empty()),
                row(500, API, 429, Verdict.STOP, Optional.of(T0.plusMillis(3_500)))));

        PixelReader pixels = paint();

        // The axis spans 4 s over 600 px; the lanes' middles are at 39 and 73 (LanesPictureTest).
        assertThat(pixels.getColor(210, 39)).matches(c -> near(c, Color.web("#00c000")), "the OK mark");
        assertThat(pixels.getColor(285, 73)).matches(c -> near(c, Color.web("#0000ff")), "the throttled mark");
        Color band = Color.WHITE.interpolate(Color.web("#0000ff"), 0.18);
        assertThat(pixels.getColor(500, 65)).matches(c -> near(c, band), "the pause band, faint");
        assertThat(pixels.getColor(560, 100)).matches(c -> near(c, Color.WHITE), "the background");
        assertThat(pixels.getColor(760, 65)).matches(c -> near(c, Color.WHITE), "past the pause's end");
        // A tick's line, 1 px wide on the pixels' edge at x = 310: half of each pixel beside it, in the grid's colour.
        Color halfGrid = Color.WHITE.interpolate(Color.web("#808080"), 0.5);
        assertThat(pixels.getColor(310, 100)).matches(c -> near(c, halfGrid), "the second tick's line");
    }

    @Test
    @DisplayName("UI2: every ink of the picture is the colour the stylesheet gives it now; the pause band is the"
            + " throttled colour at 18%")
    void everyInkIsTheStylesheetsColour() throws Exception {
        show(() -> lanes.setStyle(THEME.replace("#000000", "#101010")));
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(lanes.colour(Ink.BACKGROUND)).isEqualTo(Color.web("#ffffff"));
        assertThat(lanes.colour(Ink.TEXT)).isEqualTo(Color.web("#101010"));
        assertThat(lanes.colour(Ink.GRID)).isEqualTo(Color.web("#808080"));
        assertThat(lanes.colour(Ink.OK)).isEqualTo(Color.web("#00c000"));
        assertThat(lanes.colour(Ink.THROTTLED)).isEqualTo(Color.web("#0000ff"));
        assertThat(lanes.colour(Ink.FAILED)).isEqualTo(Color.web("#ff0000"));
        assertThat(lanes.colour(Ink.REFUSED)).isEqualTo(Color.web("#ff00ff"));
        assertThat(lanes.colour(Ink.PAUSE_BAND)).isEqualTo(Color.web("#0000ff", 0.18));
    }

    @Test
    @DisplayName("UI2: a theme changed while the lanes show repaints them in the new colours")
    void aThemeChangedRepaintsTheLanes() throws Exception {
        show(() -> rows.setAll(row(0, IDP, 200, Verdict.DELIVER, Optional.empty())));
        assertThat(paint().getColor(210, 39)).matches(c -> near(c, Color.web("#00c000")), "the OK mark");

        show(() -> lanes.setStyle(THEME.replace("#00c000", "#ff8000")));

        assertThat(paint().getColor(210, 39)).matches(c -> near(c, Color.web("#ff8000")), "the OK mark, repainted");
    }

    @Test
    @DisplayName("UI30: an origin's name is written from the lane's left and squeezed into its column, never over the"
            + " plot")
    void anOriginsNameStaysInItsColumn() throws Exception {
        String longOrigin = "https://" + "a-very-long-host-name.".repeat(6) + "example:443";
        show(() -> rows.setAll(row(0, longOrigin, 200, Verdict.DELIVER, Optional.empty())));

        PixelReader pixels = paint();

        // The name ends at 202 (8 + 194); the first mark starts at 205 (210 - 5).
        assertThat(inked(pixels, 8, 60, 30, 48)).as("the name's first letters").isTrue();
        assertThat(inked(pixels, 0, 7, 24, 54)).as("left of the name").isFalse();
        assertThat(inked(pixels, 203, 205, 24, 54))
                .as("between the name's column and the plot")
                .isFalse();
    }

    @Test
    @DisplayName("UI30: the axis's labels hang from the top, each centred on its tick")
    void theAxisLabelsHangFromTheTopCentredOnTheirTicks() throws Exception {
        show(() -> rows.setAll(row(0, IDP, 200, Verdict.DELIVER, Optional.empty())));

        PixelReader pixels = paint();

        // "+0 ms" on the first tick, at x = 210: half of it left of the tick, all of it below the top.
        assertThat(inked(pixels, 190, 209, 0, 18))
                .as("the first label, left of its tick")
                .isTrue();
        assertThat(inked(pixels, 190, 209, 10, 18))
                .as("the first label's lower half")
                .isTrue();
    }

    @Test
    @DisplayName("UI30: when the rows are cleared the lanes are repainted from nothing: the last frame's marks are"
            + " gone, even on a transparent background, and the sentence for no attempts shows")
    void clearedRowsRepaintFromNothing() throws Exception {
        show(() -> {
            lanes.setStyle(THEME.replace("-sw-lane-background: #ffffff", "-sw-lane-background: transparent"));
            rows.setAll(row(0, IDP, 200, Verdict.DELIVER, Optional.empty()));
        });
        assertThat(paint().getColor(210, 39)).matches(c -> near(c, Color.web("#00c000")), "the OK mark");

        show(rows::clear);
        PixelReader pixels = paint();

        assertThat(pixels.getColor(210, 39).getOpacity())
                .as("where the mark was")
                .isLessThan(0.03);
        boolean sentence = false;
        for (int x = 12; x < 300 && !sentence; x++) {
            for (int y = 52; y < 68 && !sentence; y++) {
                sentence = near(pixels.getColor(x, y), Color.web("#ff00ff"));
            }
        }
        assertThat(sentence)
                .as("the sentence, in the not-sent colour, across the middle")
                .isTrue();
    }

    @Test
    @DisplayName("UI22, UI30: the lanes ask for the height their origins take, and never less than two lanes")
    void theLanesAskForTheHeightTheirOriginsTake() throws Exception {
        assertThat(lanes.getMinHeight()).isEqualTo(22 + 2 * 34);

        show(() -> rows.setAll(
                row(0, IDP, 200, Verdict.DELIVER, Optional.empty()),
                row(1, API, 200, Verdict.DELIVER, Optional.empty()),
                row(2, "https://third.example:443", 200, Verdict.DELIVER, Optional.empty())));

        assertThat(FxThread.call(() -> lanes.prefHeight(-1))).isEqualTo(LanesPicture.height(3));
    }
}
