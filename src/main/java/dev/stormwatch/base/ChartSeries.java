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
    /**
     * A fault of the scenario at its second: a line, or a band's outline. UI24: an ink of its own, outside the
     * palette, so that a marker never reads as one of the eight series of the PNG's counts panel (5xx is slot 4).
     */
    FAULT(0, 0x5E35B1, "fault"),
    /** The median latency. */
    P50(1, "p50", "p50 ms"),
    /** The 99th percentile of the service time. */
    P99(5, "p99", "p99 ms"),
    /** The 99th percentile from each request's intended start (CO1). */
    P99_FROM_INTENDED_START(7, "p99 from intended start", "p99 from intended start ms"),
    /** UI24: attempts that got no answer (the PNG draws them apart from 5xx); an ink of its own, outside the palette. */
    NETWORK_ERRORS(0, 0x6639BA, "network errors"),
    /** UI24: the most requests in flight at once in a bucket; an ink of its own, outside the palette. */
    IN_FLIGHT(0, 0x6E7781, "in flight (max)"),
    /** Answers that were neither throttled nor 2xx nor 5xx, or no answer (DG24). */
    OTHER_STATUS(7, "other statuses", "other");

    /** UI9's eight colours as the light theme (AtlantaFX Primer Light) gives them, slot 1 first. */
    private static final int[] LIGHT = {0x0969DA, 0x9A6700, 0x1A7F37, 0xCF222E, 0x8250DF, 0x1B7C83, 0xBC4C00, 0x57606A};

    private final int slot;
    private final int ink;
    private final List<String> names;

    ChartSeries(int slot, String... names) {
        this(slot, 0, names); // the palette's colour, read in lightRgb(): the constants come before LIGHT
    }

    /** A series drawn in {@code ink} (0xRRGGBB, its light-theme value) instead of a slot of the palette (slot 0). */
    ChartSeries(int slot, int ink, String... names) {
        this.slot = slot;
        this.ink = ink;
        this.names = List.of(names);
    }

    /**
     * The palette's colour that draws it, 1 to 8 ({@code -sw-chart-1} ... {@code -sw-chart-8}); 0 for a series with
     * an ink of its own ({@link #inPalette()}).
     */
    public int slot() {
        return slot;
    }

    /** Whether one of the palette's eight colours draws it; else an ink of its own ({@code -sw-ink-NAME}). */
    public boolean inPalette() {
        return slot > 0;
    }

    /** Its colour in the light theme, as 0xRRGGBB: what the PNG report draws it in. */
    public int lightRgb() {
        return inPalette() ? LIGHT[slot - 1] : ink;
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
