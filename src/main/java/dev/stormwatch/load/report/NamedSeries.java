package dev.stormwatch.load.report;

import dev.stormwatch.load.series.TimeSeries;

/**
 * A series in a report, with the name that says whose view it is ("client per second", "provider per 100 ms").
 *
 * @param name the name in the report and the chart legend
 * @param series the data
 */
public record NamedSeries(String name, TimeSeries series) {}
