package dev.stormwatch.diagnose;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which JSON field holds each value of a request, for JSON-lines evidence: {@code time=...,duration=...,client=...,
 * method=...,uri=...,status=...,retry_after=...,date=...,idempotency_key=...}. A field is a dotted path into nested
 * objects ({@code response.headers.retry-after}); {@code a|b} takes the first that is present. {@code time=F:end}
 * says the time is when the request ended; {@code duration=F:s} that the duration is in seconds (default ms);
 * {@code client=F:address} that the client is a network address: the first of a comma list ({@code X-Forwarded-For}),
 * without its port (DG19).
 * {@code throttled=F=V} (DG16) marks a request throttled whatever its status when field F holds V, alone or in a
 * comma list (Envoy's {@code response_flags=RL}); it may be given more than once.
 *
 * @param fields the JSON path(s) per role, alternatives in order
 * @param throttleMarks the throttle marks (DG16)
 * @param clientIsAddress whether the client field is a network address, read by {@link #clientAddress} (DG19)
 */
public record FieldMapping(
        Map<String, List<String[]>> fields,
        boolean timeIsEnd,
        boolean durationInSeconds,
        List<ThrottleMark> throttleMarks,
        boolean clientIsAddress) {

    /** The roles a mapping may name. */
    public static final List<String> ROLES = List.of(
            "time",
            "duration",
            "client",
            "method",
            "uri",
            "status",
            "retry_after",
            "date",
            "idempotency_key",
            "throttled");

    /**
     * DG16: a field whose value, alone or as one item of a comma list, says the request was throttled.
     *
     * @param path the dotted path of the field
     * @param value the value that means throttled, compared exactly
     */
    public record ThrottleMark(String[] path, String value) {
        /** {@code FIELD=VALUE}, as {@code --throttled} and the {@code throttled} role take it. */
        public static ThrottleMark parse(String text, String option) throws DiagnoseException.BadOption {
            int eq = text.lastIndexOf('=');
            if (eq <= 0 || eq == text.length() - 1) {
                throw new DiagnoseException.BadOption(option + " names a field and the value that means throttled,"
                        + " such as response_flags=RL; '" + text + "' is not one");
            }
            return new ThrottleMark(
                    text.substring(0, eq).strip().split("\\."),
                    text.substring(eq + 1).strip());
        }

        /** Whether the field's text holds the value, alone or in a comma list. */
        public boolean matches(String fieldText) {
            if (fieldText == null) {
                return false;
            }
            for (String item : fieldText.split(",")) {
                if (item.strip().equals(value)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String toString() {
            return String.join(".", path) + "=" + value;
        }
    }

    /**
     * Envoy's JSON access log with the keys of its documented example (and Istio's default JSON format). DG19: the
     * client is the address that sent the request (the first of {@code X-Forwarded-For}, else the downstream remote
     * address) without its port, which changes with every connection; {@code request_id} is not an idempotency key,
     * for Envoy makes a new {@code x-request-id} for every request from outside, retries included, so retries are
     * found by method and path (DG2).
     */
    public static final String ENVOY = "time=start_time,duration=duration,"
            + "client=x_forwarded_for|downstream_remote_address:address,method=method,uri=path,status=response_code,"
            + "retry_after=retry_after,throttled=response_flags=RL";
    /** Kong's http-log / file-log plugins. */
    public static final String KONG = "time=started_at,duration=latencies.request,client=consumer.username|consumer.id"
            + "|client_ip,method=request.method,uri=request.uri,status=response.status,"
            + "retry_after=response.headers.retry-after,date=response.headers.date";
    /** Stormwatch's own relay record ({@code GET /admin/requests}, one record per line). */
    public static final String STORMWATCH_RELAY =
            "time=at,duration=latency_ms,client=principal,uri=endpoint,status=status";

    public FieldMapping {
        fields = Map.copyOf(fields);
        throttleMarks = List.copyOf(throttleMarks);
    }

    /** DG16: this mapping with more throttle marks ({@code --throttled FIELD=VALUE}). */
    public FieldMapping withThrottleMarks(List<ThrottleMark> more) {
        List<ThrottleMark> all = new ArrayList<>(throttleMarks);
        all.addAll(more);
        return new FieldMapping(fields, timeIsEnd, durationInSeconds, all, clientIsAddress);
    }

    /**
     * A preset name ({@code envoy}, {@code kong}, {@code stormwatch-relay}) or a mapping text; a preset may be
     * followed by pairs that replace its roles ({@code envoy,client=x_client_id,idempotency_key=request_id}).
     */
    public static FieldMapping parse(String text) throws DiagnoseException.BadOption {
        if (text == null || text.isBlank()) {
            throw new DiagnoseException.BadOption("JSON lines need a field mapping: --fields time=...,status=...,"
                    + "uri=... or a preset (envoy, kong, stormwatch-relay)");
        }
        int comma = text.indexOf(',');
        String first = (comma < 0 ? text : text.substring(0, comma)).strip().toLowerCase(Locale.ROOT);
        String rest = comma < 0 ? "" : text.substring(comma);
        String expanded = switch (first) {
            case "envoy" -> ENVOY + rest;
            case "kong" -> KONG + rest;
            case "stormwatch-relay", "relay" -> STORMWATCH_RELAY + rest;
            default -> text;
        };
        Map<String, List<String[]>> fields = new LinkedHashMap<>();
        Map<String, Boolean> addresses = new LinkedHashMap<>();
        boolean timeIsEnd = false;
        boolean seconds = false;
        List<ThrottleMark> marks = new ArrayList<>();
        for (String pair : expanded.split(",")) {
            int eq = pair.indexOf('=');
            if (eq <= 0 || eq == pair.length() - 1) {
                throw new DiagnoseException.BadOption("--fields expects role=field pairs separated by commas,"
                        + " e.g. time=ts,status=code; '" + pair + "' is not one");
            }
            String role = pair.substring(0, eq).strip().toLowerCase(Locale.ROOT);
            String path = pair.substring(eq + 1).strip();
            if (!ROLES.contains(role)) {
                throw new DiagnoseException.BadOption("--fields: unknown role '" + role + "'; the roles are " + ROLES);
            }
            if (role.equals("throttled")) {
                marks.add(ThrottleMark.parse(path, "--fields throttled"));
                continue;
            }
            int colon = path.lastIndexOf(':');
            addresses.put(role, false);
            if (colon > 0) {
                String unit = path.substring(colon + 1);
                path = path.substring(0, colon);
                if (role.equals("client") && unit.equals("address")) {
                    addresses.put(role, true);
                } else if (role.equals("time") && unit.equals("end")) {
                    timeIsEnd = true;
                } else if (role.equals("duration") && unit.equals("s")) {
                    seconds = true;
                } else if (!(role.equals("time") && unit.equals("start")
                        || role.equals("duration") && unit.equals("ms"))) {
                    throw new DiagnoseException.BadOption("--fields: '" + unit + "' is not a unit of " + role
                            + " (time takes :start or :end, duration :ms or :s, client :address)");
                }
            }
            List<String[]> alternatives = new ArrayList<>();
            for (String alternative : path.split("\\|")) {
                alternatives.add(alternative.strip().split("\\."));
            }
            fields.put(role, alternatives);
        }
        for (String required : List.of("time", "status")) {
            if (!fields.containsKey(required)) {
                throw new DiagnoseException.BadOption(
                        "--fields must map '" + required + "'; it maps " + fields.keySet());
            }
        }
        if (!fields.containsKey("uri")) {
            throw new DiagnoseException.BadOption("--fields must map 'uri' (the request path), so that retries of one"
                    + " request can be told apart from new requests; it maps " + fields.keySet());
        }
        return new FieldMapping(fields, timeIsEnd, seconds, marks, addresses.getOrDefault("client", false));
    }

    /**
     * DG19: a client's network address as one client: the first address of a comma list (the original client of an
     * {@code X-Forwarded-For}), without the port ({@code 10.0.0.1:51124}, {@code [2001:db8::1]:51124}); a bare IPv6
     * address keeps its colons. Null stays null.
     */
    public static String clientAddress(String text) {
        if (text == null) {
            return null;
        }
        int comma = text.indexOf(',');
        String first = (comma < 0 ? text : text.substring(0, comma)).strip();
        if (first.startsWith("[")) {
            int close = first.indexOf(']');
            return close > 1 ? first.substring(1, close) : first;
        }
        int colon = first.indexOf(':');
        // One colon is host and port; more are an IPv6 address without brackets, which has no port.
        return colon > 0 && colon == first.lastIndexOf(':') ? first.substring(0, colon) : first;
    }

    /** The mapping as text, for messages. */
    public String describe(String role) {
        List<String[]> paths = fields.get(role);
        if (paths == null) {
            return "(not mapped)";
        }
        List<String> out = new ArrayList<>();
        for (String[] path : paths) {
            out.add(String.join(".", path));
        }
        return String.join("|", out);
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        // In the order of ROLES, then any other role by name: Map.copyOf keeps no order, and equals reads this text.
        List<String> roles = new ArrayList<>(ROLES);
        roles.retainAll(fields.keySet());
        fields.keySet().stream().filter(role -> !ROLES.contains(role)).sorted().forEach(roles::add);
        roles.forEach(role -> out.append(out.length() == 0 ? "" : ",")
                .append(role)
                .append('=')
                .append(describe(role)));
        throttleMarks.forEach(mark -> out.append(",throttled=").append(mark));
        if (clientIsAddress) {
            out.append(",client:address");
        }
        return out.toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FieldMapping m
                && m.toString().equals(toString())
                && m.timeIsEnd == timeIsEnd
                && m.durationInSeconds == durationInSeconds;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(new Object[] {toString(), timeIsEnd, durationInSeconds});
    }
}
