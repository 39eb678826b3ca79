package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.stormwatch.app.shell.MainWindow;
import dev.stormwatch.app.shell.PreferencesStore;
import dev.stormwatch.app.shell.SystemTheme;
import dev.stormwatch.app.shell.Theme;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.shape.Path;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** UI9: the charts' palette, on a chart of eight series in the real window and stylesheet, in both themes. */
@ExtendWith(ApplicationExtension.class)
class ChartPaletteTest {

    private MainWindow window;
    private LineChart<Number, Number> chart;

    @Start
    void start(Stage stage) {
        NumberAxis time = new NumberAxis();
        time.setLabel("seconds since the start");
        NumberAxis values = new NumberAxis();
        values.setLabel("requests / s");
        chart = new LineChart<>(time, values);
        chart.setTitle("Eight series");
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        for (int s = 0; s < 8; s++) {
            XYChart.Series<Number, Number> series = new XYChart.Series<>();
            series.setName("series " + (s + 1));
            for (int t = 0; t < 5; t++) {
                series.getData().add(new XYChart.Data<>(t, s * 10 + t));
            }
            chart.getData().add(series);
        }
        window = new MainWindow(chart, new Label("load lab"), new Label("servers"), new Label("diagnose"));
        window.show(
                stage, PreferencesStore.inMemory(), new SystemTheme(Map.of(), "Linux", command -> Optional.empty()));
    }

    @AfterEach
    void lightAgain() {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
    }

    @Test
    @DisplayName(
            "UI9: in light and in dark every series, tick label and axis label reads at 3:1 or more on the plot, and the series differ")
    void everySeriesReadsInBothThemes(FxRobot robot) {
        for (Theme theme : List.of(Theme.LIGHT, Theme.DARK)) {
            robot.interact(() -> window.themeProperty().set(theme));
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> {
                chart.getScene().getRoot().applyCss();
                chart.getScene().getRoot().layout();
            });
            Color background = plotBackground(robot);
            Set<Color> strokes = new HashSet<>();
            for (XYChart.Series<Number, Number> series : chart.getData()) {
                Color stroke = (Color) ((Path) series.getNode()).getStroke();
                assertThat(contrast(stroke, background))
                        .as(theme + ": " + series.getName() + " " + stroke)
                        .isGreaterThanOrEqualTo(3.0);
                strokes.add(stroke);
            }
            assertThat(strokes).as(theme + ": eight series, eight colours").hasSize(8);
            for (NumberAxis axis : List.of((NumberAxis) chart.getXAxis(), (NumberAxis) chart.getYAxis())) {
                assertThat(contrast((Color) axis.getTickLabelFill(), background))
                        .as(theme + " tick labels")
                        .isGreaterThanOrEqualTo(3.0);
                Label name = (Label) axis.lookup(".axis-label");
                assertThat(contrast((Color) name.getTextFill(), background))
                        .as(theme + " axis label")
                        .isGreaterThanOrEqualTo(3.0);
            }
            List<Color> legendMarks = new ArrayList<>();
            for (Node mark : chart.lookupAll(".chart-legend-item-symbol")) {
                legendMarks.add((Color)
                        ((Region) mark).getBackground().getFills().get(0).getFill());
            }
            assertThat(legendMarks)
                    .as(theme + ": the legend's marks are the lines' colours")
                    .containsExactlyInAnyOrderElementsOf(strokes);
        }
    }

    @Test
    @DisplayName(
            "UI9: the palette is named once in the stylesheet, from the theme's variables, and the theme's fixed chart colours are not used")
    void thePaletteIsNamedOnce() throws IOException {
        String css;
        try (InputStream in = MainWindow.class.getResourceAsStream("/dev/stormwatch/app/stormwatch.css")) {
            css = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (int n = 1; n <= 8; n++) {
            Matcher definitions = Pattern.compile("-sw-chart-" + n + ":").matcher(css);
            int count = 0;
            while (definitions.find()) {
                count++;
            }
            assertThat(count).as("definitions of -sw-chart-" + n).isEqualTo(1);
        }
        assertThat(css).doesNotContain("-color-chart-");
    }

    private Color plotBackground(FxRobot robot) {
        Region plot = (Region) chart.lookup(".chart-plot-background");
        return (Color) plot.getBackground().getFills().get(0).getFill();
    }

    /** WCAG 2's contrast ratio of two opaque colours. */
    private static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(double channel) {
        return channel <= 0.03928 ? channel / 12.92 : Math.pow((channel + 0.055) / 1.055, 2.4);
    }
}
