package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.ChartSeries;
import java.awt.Color;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** UI14: the PNG report draws each series the window knows in that series' colour (the light theme's). */
class PngSeriesColoursTest {

    @Test
    @DisplayName(
            "UI14: every PNG line the window also draws has the window's colour for it; retries, 429 and 2xx included")
    void thePngUsesTheWindowsColours() {
        Map<String, Color> lines = PngChartWriter.lineColours();

        assertThat(lines).containsKeys("retries", "429", "2xx", "attempts", "arrivals at the provider");
        lines.forEach((name, colour) -> ChartSeries.named(name)
                .ifPresent(series ->
                        assertThat(colour.getRGB() & 0xFFFFFF).as(name).isEqualTo(series.lightRgb())));
        assertThat(lines.keySet().stream()
                        .filter(name -> ChartSeries.named(name).isPresent())
                        .count())
                .as("lines drawn from the mapping")
                .isGreaterThanOrEqualTo(9);
    }

    @Test
    @DisplayName(
            "UI24: every line of the PNG and its fault marker take their colour from ChartSeries, the inks outside the palette apart from it")
    void everyPngColourComesFromTheMapping() {
        Map<String, Color> lines = PngChartWriter.lineColours();

        assertThat(lines).containsKeys("network errors", "in flight (max)", "fault");
        lines.forEach((name, colour) -> assertThat(ChartSeries.named(name))
                .as("the series of the PNG's line '" + name + "'")
                .hasValueSatisfying(series ->
                        assertThat(colour.getRGB() & 0xFFFFFF).as(name).isEqualTo(series.lightRgb())));
        assertThat(PngChartWriter.FAULT_COLOUR.getRGB() & 0xFFFFFF).isEqualTo(ChartSeries.FAULT.lightRgb());
        java.util.Set<Integer> palette = new java.util.HashSet<>();
        java.util.Set<Integer> inks = new java.util.HashSet<>();
        for (ChartSeries series : ChartSeries.values()) {
            (series.inPalette() ? palette : inks).add(series.lightRgb());
        }
        assertThat(inks)
                .as("network errors, in flight and the fault each in an ink of its own")
                .hasSize(3)
                .doesNotContainAnyElementsOf(palette);
    }

    @Test
    @DisplayName("UI14: one name for each series: the Load lab's and the Diagnose tab's names map to one series")
    void namesMapToOneSeries() {
        assertThat(ChartSeries.named("requests")).contains(ChartSeries.ARRIVALS);
        assertThat(ChartSeries.named("arrivals at the provider")).contains(ChartSeries.ARRIVALS);
        assertThat(ChartSeries.named("early retries")).contains(ChartSeries.RETRIES);
        assertThat(ChartSeries.named("429 and other throttled")).contains(ChartSeries.THROTTLED);
        assertThat(ChartSeries.named("reset connections at t = 10 s")).contains(ChartSeries.FAULT);
        assertThat(ChartSeries.named("something else")).isEmpty();
    }
}
