package dev.stormwatch.server;

import dev.stormwatch.base.DurationText;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads faults written as fields, shared by the admin endpoint (JSON) and the command line (text).
 *
 * <p>Text: {@code ENDPOINT=KIND[,key=value...]}, e.g. {@code /token=503,retry-after=30,form=http-date,date=skewed,skew=-90s,times=2},
 * {@code /v1/models=500}, {@code /token=process-then-reset}, {@code /userinfo=delay,for=2s}, {@code /jwks=slow-body,for=3s}.
 * KIND: 429, 503 (optionally with retry-after, form=seconds|http-date, date=correct|missing|skewed, skew), 500, 502,
 * 504, delay (for), reset, slow-body (for), malformed-json, process-then-reset; times defaults to 1. Durations
 * (retry-after, skew, for) are written in the one grammar of {@link DurationText}.
 */
public final class FaultSpec {

    private static final Set<String> KNOWN_KEYS =
            Set.of("endpoint", "fault", "times", "retry-after", "form", "date", "skew", "for");

    private FaultSpec() {}

    /** Parses the command-line form {@code ENDPOINT=KIND[,key=value...]}. */
    public static PlannedFault parseText(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0) {
            throw new InvalidFaultSpec("write a fault as ENDPOINT=KIND[,key=value...], e.g. /token=503,retry-after=5");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("endpoint", text.substring(0, eq).trim());
        String[] parts = text.substring(eq + 1).split(",");
        fields.put("fault", parts[0].trim());
        for (int i = 1; i < parts.length; i++) {
            int kv = parts[i].indexOf('=');
            if (kv <= 0) {
                throw new InvalidFaultSpec("expected key=value after the fault kind, got '" + parts[i] + "'");
            }
            fields.put(
                    parts[i].substring(0, kv).trim().toLowerCase(Locale.ROOT),
                    parts[i].substring(kv + 1).trim());
        }
        return parseFields(fields);
    }

    /** Parses named fields: {@code endpoint}, {@code fault} (the kind), {@code times} and the kind's own keys. */
    public static PlannedFault parseFields(Map<String, String> fields) {
        for (String key : fields.keySet()) {
            if (!KNOWN_KEYS.contains(key)) {
                throw new InvalidFaultSpec("unknown fault field '" + key + "'; known: " + KNOWN_KEYS);
            }
        }
        String endpoint = required(fields, "endpoint");
        String kind = required(fields, "fault").toLowerCase(Locale.ROOT);
        int times = parseTimes(fields.getOrDefault("times", "1"));
        if (!endpoint.startsWith("/")) {
            throw new InvalidFaultSpec("an endpoint is a path starting with '/', e.g. /token, not " + endpoint);
        }
        if (times < 1) {
            throw new InvalidFaultSpec("times must be at least 1, was " + times);
        }
        return new PlannedFault(endpoint, fault(kind, fields), times);
    }

    private static Fault fault(String kind, Map<String, String> fields) {
        switch (kind) {
            case "429":
            case "503":
                return throttle(Integer.parseInt(kind), fields);
            case "500":
            case "502":
            case "504":
                return new Fault.ServerError(Integer.parseInt(kind));
            case "delay":
                return new Fault.Delay(duration(fields, "for"));
            case "reset":
                return new Fault.ResetBeforeResponse();
            case "slow-body":
                return new Fault.SlowBody(duration(fields, "for"));
            case "malformed-json":
                return new Fault.MalformedJson();
            case "process-then-reset":
                return new Fault.ProcessThenReset();
            default:
                throw new InvalidFaultSpec("unknown fault '" + kind + "'; known: 429, 503, 500, 502, 504, delay, "
                        + "reset, slow-body, malformed-json, process-then-reset");
        }
    }

    private static Fault.Throttle throttle(int status, Map<String, String> fields) {
        Optional<Duration> retryAfter =
                fields.containsKey("retry-after") ? Optional.of(duration(fields, "retry-after")) : Optional.empty();
        Fault.RetryAfterForm form =
                switch (fields.getOrDefault("form", "seconds").toLowerCase(Locale.ROOT)) {
                    case "seconds" -> Fault.RetryAfterForm.SECONDS;
                    case "http-date", "date" -> Fault.RetryAfterForm.HTTP_DATE;
                    default -> throw new InvalidFaultSpec("form is 'seconds' or 'http-date'");
                };
        Fault.DateHeader date = switch (fields.getOrDefault("date", "correct").toLowerCase(Locale.ROOT)) {
            case "correct" -> Fault.DateHeader.CORRECT;
            case "missing" -> Fault.DateHeader.MISSING;
            case "skewed" -> Fault.DateHeader.skewed(duration(fields, "skew"));
            default -> throw new InvalidFaultSpec("date is 'correct', 'missing' or 'skewed' (with skew=...)");
        };
        return new Fault.Throttle(status, retryAfter, form, date);
    }

    private static int parseTimes(String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new InvalidFaultSpec("times must be a whole number, was '" + text + "'");
        }
    }

    /** The field as a duration of the one grammar ({@link DurationText}); a bad or too long one is a bad fault. */
    private static Duration duration(Map<String, String> fields, String key) {
        try {
            return DurationText.parse(required(fields, key));
        } catch (DurationText.Invalid e) {
            throw new InvalidFaultSpec(key + ": " + e.getMessage());
        }
    }

    private static String required(Map<String, String> fields, String key) {
        String value = fields.get(key);
        if (value == null || value.isBlank()) {
            throw new InvalidFaultSpec("the fault needs '" + key + "'");
        }
        return value;
    }

    /** The fields that describe {@code planned}, the inverse of {@link #parseFields} (for the admin listing). */
    public static Map<String, Object> describe(PlannedFault planned) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("endpoint", planned.endpoint());
        out.put("fault", planned.fault().kind());
        out.put("times", planned.remaining());
        Fault fault = planned.fault();
        if (fault instanceof Fault.Throttle t) {
            t.retryAfter().ifPresent(d -> out.put("retry-after", d.toString()));
            out.put("form", t.form() == Fault.RetryAfterForm.SECONDS ? "seconds" : "http-date");
            out.put("date", t.date().mode().name().toLowerCase(Locale.ROOT));
            if (t.date().mode() == Fault.DateHeader.Mode.SKEWED) {
                out.put("skew", t.date().skew().toString());
            }
        } else if (fault instanceof Fault.Delay d) {
            out.put("for", d.delay().toString());
        } else if (fault instanceof Fault.SlowBody s) {
            out.put("for", s.total().toString());
        }
        return out;
    }
}
