package dev.stormwatch.base;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * UI14: what each series of every chart is, and which of the palette's eight colours (UI9) draws it: one mapping for
 * the Load lab's charts, the comparison's, the Diagnose tab's and the load report's PNG, so that "retries" is the same
 * colour wherever it is drawn. A series is known by the names the charts give it ("arrivals at the provider" in the
 * Load lab is "requests" in the Diagnose tab: both are what reached the provider).
 *
 * <p>The window takes each slot's colour from the stylesheet ({@code -sw-chart-N}, from the theme's variables); the
 * PNG, which is always light, takes {@link #lightRgb()}, the light theme's value of the same slot.
 */
public enum ChartSeries {

    /** What reached the provider: its arrivals, or the requests of a log. */
    ARRIVALS(1, "arrivals at the provider", "requests", "arrivals"),
    /** Answers that asked the client to slow down. */
    THROTTLED(2, "429", "429 and other throttled"),
    /** Answers that succeeded. */
    SUCCEEDED(3, "2xx"),
    /** Server errors and network failures. */
    FAILED(4, "5xx + network", "5xx"),
    /** Attempts after the first of a call; in a log, the retries that came too early. */
    RETRIES(5, "retries", "early retries"),
    /** Requests the clients put on the wire. */
    ATTEMPTS(6, "attempts sent", "attempts"),
    /** Requests the client-side limiter refused. */
    LIMITER_REFUSED(7, "refused by limiter"),
    /** Calls whose retry budget ran out. */
    EXHAUSTED(8, "exhausted budgets"),
    /** The provider's quota per second, a flat line. */
    QUOTA(8, "provider's quota per s"),
    /** A fault of the scenario at its second: a line, or a band's outline. */
    FAULT(4),
    /** The median latency. */
    P50(1, "p50", "p50 ms"),
    /** The 99th percentile of the service time. */
    P99(5, "p99", "p99 ms"),
    /** The 99th percentile from each request's intended start (CO1). */
    P99_FROM_INTENDED_START(7, "p99 from intended start", "p99 from intended start ms"),
    /** Answers that were neither throttled nor 2xx nor 5xx, or no answer (DG24). */
    OTHER_STATUS(7, "other statuses", "other");

    /** UI9's eight colours as the light theme (AtlantaFX Primer Light) gives them, slot 1 first. */
    private static final int[] LIGHT = {0x0969DA, 0x9A6700, 0x1A7F37, 0xCF222E, 0x8250DF, 0x1B7C83, 0xBC4C00, 0x57606A};

    private final int slot;
    private final List<String> names;

    ChartSeries(int slot, String... names) {
        this.slot = slot;
        this.names = List.of(names);
    }

    /** The palette's colour that draws it, 1 to 8 ({@code -sw-chart-1} ... {@code -sw-chart-8}). */
    public int slot() {
        return slot;
    }

    /** Its colour in the light theme, as 0xRRGGBB: what the PNG report draws it in. */
    public int lightRgb() {
        return LIGHT[slot - 1];
    }

    /**
     * The series a chart's series name stands for: one of its names, ignoring case; a fault marker is named
     * "{@code <fault> at t = <s> s}".
     */
    public static Optional<ChartSeries> named(String name) {
        String wanted = name.toLowerCase(Locale.ROOT).strip();
        for (ChartSeries series : values()) {
            if (series.names.contains(wanted)) {
                return Optional.of(series);
            }
        }
        return wanted.matches(".* at t = -?\\d+ s") ? Optional.of(FAULT) : Optional.empty();
    }
}
