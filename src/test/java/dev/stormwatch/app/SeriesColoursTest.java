package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.stormwatch.app.common.SeriesColours;
import dev.stormwatch.app.shell.MainWindow;
import dev.stormwatch.app.shell.PreferencesStore;
import dev.stormwatch.app.shell.SystemTheme;
import dev.stormwatch.app.shell.Theme;
import dev.stormwatch.base.ChartSeries;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
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

/**
 * UI14: a series has one colour in every chart, whatever its place there, in the real window and stylesheet; and
 * the light theme's colour of each is the one the PNG report draws it in.
 */
@ExtendWith(ApplicationExtension.class)
class SeriesColoursTest {

    private MainWindow window;
    /** The Load lab's throughput chart's series, in its order. */
    private LineChart<Number, Number> throughput;
    /** The trouble chart's: retries third, after two series the throughput chart does not have. */
    private LineChart<Number, Number> trouble;
    /** The Diagnose tab's: its requests are the provider's arrivals, its early retries are retries. */
    private LineChart<Number, Number> diagnose;

    @Start
    void start(Stage stage) {
        throughput = chart(
                "arrivals at the provider",
                "attempts sent",
                "2xx",
                "retries",
                "provider's quota per s",
                "reset connections at t = 10 s");
        trouble = chart("429", "5xx + network", "retries", "refused by limiter", "exhausted budgets");
        diagnose = chart("requests", "429 and other throttled", "early retries");
        window = new MainWindow(
                new HBox(throughput, trouble, diagnose),
                new Label("load lab"),
                new Label("servers"),
                new Label("diagnose"));
        window.show(
                stage, PreferencesStore.inMemory(), new SystemTheme(Map.of(), "Linux", command -> Optional.empty()));
    }

    @AfterEach
    void lightAgain() {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
    }

    private static LineChart<Number, Number> chart(String... names) {
        LineChart<Number, Number> chart = new LineChart<>(new NumberAxis(), new NumberAxis());
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        SeriesColours.install(chart);
        for (int s = 0; s < names.length; s++) {
            XYChart.Series<Number, Number> series = new XYChart.Series<>();
            series.setName(names[s]);
            for (int t = 0; t < 4; t++) {
                series.getData().add(new XYChart.Data<>(t, s * 5 + t));
            }
            chart.getData().add(series);
        }
        return chart;
    }

    @Test
    @DisplayName(
            "UI14: retries, 429 and the arrivals are one colour each in every chart, line and legend, in light and dark")
    void oneSeriesHasOneColourInEveryChart(FxRobot robot) {
        for (Theme theme : List.of(Theme.LIGHT, Theme.DARK)) {
            robot.interact(() -> window.themeProperty().set(theme));
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> {
                throughput.getScene().getRoot().applyCss();
                throughput.getScene().getRoot().layout();
            });

            assertThat(stroke(trouble, "retries"))
                    .as(theme + ": retries, trouble against throughput")
                    .isEqualTo(stroke(throughput, "retries"));
            assertThat(stroke(diagnose, "early retries"))
                    .as(theme + ": early retries in Diagnose")
                    .isEqualTo(stroke(throughput, "retries"));
            assertThat(stroke(diagnose, "429 and other throttled"))
                    .as(theme + ": throttled in Diagnose")
                    .isEqualTo(stroke(trouble, "429"));
            assertThat(stroke(diagnose, "requests"))
                    .as(theme + ": requests in Diagnose are arrivals")
                    .isEqualTo(stroke(throughput, "arrivals at the provider"));
            for (LineChart<Number, Number> chart : List.of(throughput, trouble, diagnose)) {
                for (XYChart.Series<Number, Number> series : chart.getData()) {
                    assertThat(legendMark(chart, series.getName()))
                            .as(theme + ": legend of " + series.getName())
                            .isEqualTo(stroke(chart, series.getName()));
                }
                assertThat(chart.getData().stream()
                                .map(s -> stroke(chart, s.getName()))
                                .distinct()
                                .count())
                        .as(theme + ": the series of one chart are told apart (UI9)")
                        .isEqualTo(chart.getData().size());
            }
        }
    }

    @Test
    @DisplayName("UI14: in the light theme each series is drawn in the colour the PNG report gives it")
    void theLightColoursAreThePngsColours(FxRobot robot) {
        robot.interact(() -> window.themeProperty().set(Theme.LIGHT));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> throughput.getScene().getRoot().applyCss());
        for (LineChart<Number, Number> chart : List.of(throughput, trouble, diagnose)) {
            for (XYChart.Series<Number, Number> series : chart.getData()) {
                ChartSeries known = ChartSeries.named(series.getName()).orElseThrow();
                Color drawn = stroke(chart, series.getName());
                assertThat(rgb(drawn)).as(series.getName() + " drawn " + drawn).isEqualTo(known.lightRgb());
            }
        }
    }

    private static Color stroke(LineChart<Number, Number> chart, String name) {
        return chart.getData().stream()
                .filter(s -> s.getName().equals(name))
                .findFirst()
                .map(s -> (Color) ((Path) s.getNode()).getStroke())
                .orElseThrow();
    }

    private static Color legendMark(LineChart<Number, Number> chart, String name) {
        for (Node item : chart.lookupAll(".chart-legend-item")) {
            if (item instanceof Label label && name.equals(label.getText())) {
                return (Color) ((Region) label.getGraphic())
                        .getBackground()
                        .getFills()
                        .get(0)
                        .getFill();
            }
        }
        throw new AssertionError("no legend item " + name);
    }

    private static int rgb(Color c) {
        return ((int) Math.round(c.getRed() * 255) << 16)
                | ((int) Math.round(c.getGreen() * 255) << 8)
                | (int) Math.round(c.getBlue() * 255);
    }
}
