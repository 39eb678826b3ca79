package dev.stormwatch.diagnose;

import java.util.Locale;

/** The evidence formats {@code stormwatch diagnose} reads. */
public enum InputFormat {
    /** Decided per file from its first bytes: a HAR, JSON lines, or an access log. */
    AUTO,
    /** HAR 1.2 from browser DevTools or HAR tools; one file is one client unless a client key is given. */
    HAR,
    /** An nginx access log in any {@code log_format} (default {@code combined}). */
    NGINX,
    /** An Apache access log in any {@code LogFormat} (default {@code combined}). */
    APACHE,
    /** JSON lines from a gateway, read through a field mapping. */
    JSONL,
    /** OpenTelemetry traces as OTLP/JSON: client spans with HTTP attributes. */
    OTLP,
    /** A Stormwatch load report ({@code stormwatch load --report x.json}): a lab run shown beside the evidence. */
    REPORT;

    /** The lower-case name used on the command line and in reports. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * DG18: every format a file may be in, in the words of {@code --format} (each value with what it reads), for the
     * messages about a file that is none of them.
     */
    public static String readable() {
        return "one of the formats --format reads: har (a HAR from browser DevTools), nginx or apache (an access"
                + " log), jsonl (JSON lines from a gateway), otlp (OpenTelemetry traces as OTLP/JSON) or report (a"
                + " Stormwatch load report), plain or gzip-compressed";
    }
}
