package dev.stormwatch.diagnose;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An nginx {@code log_format} or Apache {@code LogFormat} compiled into literals and variables, and the matcher that
 * reads one line with it. Compiled here rather than through a log-format library because the benchmark goal (two
 * million lines at least as fast as GoAccess) needs a matcher that does one pass over the line with
 * {@code indexOf} and no regular expression (docs/decisions/0007-access-log-format-compiled-here.md).
 *
 * <p>Variables the diagnosis uses: the time ({@code $time_local}, {@code $time_iso8601}, {@code $msec}; Apache
 * {@code %t}), the request ({@code $request}, or {@code $request_method} with {@code $request_uri}), {@code $status},
 * the duration ({@code $request_time}; Apache {@code %D}, {@code %T}), the response's {@code Retry-After} and
 * {@code Date} ({@code $sent_http_retry_after}, {@code $sent_http_date}; Apache {@code %{Retry-After}o}) and the
 * request's {@code Idempotency-Key}. Any variable can be the client key. Everything else is skipped.
 */
public final class LogFormat {

    /** Which server wrote the log: it decides the syntax of the format and whether the time is the start or end. */
    public enum Dialect {
        /** nginx: {@code $variable}; {@code $time_local} and {@code $msec} are written when the request ends. */
        NGINX,
        /** Apache httpd: {@code %directive}; {@code %t} is when the request was received. */
        APACHE
    }

    /** The nginx {@code combined} format, built into nginx. */
    public static final String NGINX_COMBINED = "$remote_addr - $remote_user [$time_local] \"$request\" $status"
            + " $body_bytes_sent \"$http_referer\" \"$http_user_agent\"";
    /** The Common Log Format as nginx variables. */
    public static final String NGINX_COMMON =
            "$remote_addr - $remote_user [$time_local] \"$request\" $status" + " $body_bytes_sent";
    /** Apache's {@code combined} nickname from the stock httpd.conf. */
    public static final String APACHE_COMBINED = "%h %l %u %t \"%r\" %>s %b \"%{Referer}i\" \"%{User-Agent}i\"";
    /** Apache's {@code common} nickname from the stock httpd.conf. */
    public static final String APACHE_COMMON = "%h %l %u %t \"%r\" %>s %b";

    // What a variable means to the diagnosis.
    private static final int SKIP = 0;
    private static final int TIME_LOCAL = 1;
    private static final int TIME_ISO = 2;
    private static final int MSEC = 3;
    private static final int REQUEST = 4;
    private static final int METHOD = 5;
    private static final int URI = 6;
    private static final int STATUS = 7;
    private static final int DURATION_SECONDS = 8;
    private static final int DURATION_MICROS = 9;
    private static final int RETRY_AFTER = 10;
    private static final int DATE = 11;
    private static final int IDEMPOTENCY = 12;
    private static final int REMOTE_ADDR = 13;
    private static final int USER_AGENT = 14;

    private final String source;
    private final String[] literals;
    private final int[] roles;
    private final String[] names;
    private final int clientIndex;
    private final boolean timeIsEnd;

    private LogFormat(
            String source, String[] literals, int[] roles, String[] names, int clientIndex, boolean timeIsEnd) {
        this.source = source;
        this.literals = literals;
        this.roles = roles;
        this.names = names;
        this.clientIndex = clientIndex;
        this.timeIsEnd = timeIsEnd;
    }

    /** The format as given (after presets were expanded). */
    public String source() {
        return source;
    }

    /** The variable names, nginx style ({@code remote_addr}, {@code http_x_client_id}). */
    public List<String> variables() {
        return List.of(names);
    }

    /**
     * Compiles a format: a preset name ({@code combined}, {@code common}) or the format string pasted from the
     * server's configuration.
     *
     * @param clientKey the variable that names the client ({@code $http_x_client_id}, {@code %{X-Client-Id}i}), or
     *     null for the remote address with the User-Agent when the format has them (DG2)
     * @throws DiagnoseException.BadOption when the format cannot be read or lacks the time, the status or the request
     */
    public static LogFormat compile(String format, Dialect dialect, String clientKey)
            throws DiagnoseException.BadOption {
        String text = expandPreset(format == null ? "combined" : format, dialect);
        List<String> literals = new ArrayList<>();
        List<String> names = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        if (dialect == Dialect.NGINX) {
            scanNginx(text, literals, names, literal);
        } else {
            scanApache(text, literals, names, literal);
        }
        literals.add(literal.toString());
        for (int k = 1; k < literals.size() - 1; k++) {
            if (literals.get(k).isEmpty()) {
                throw new DiagnoseException.BadOption("the log format has two variables with nothing between them ($"
                        + names.get(k - 1) + "$" + names.get(k) + "): a line cannot be split there");
            }
        }
        int[] roles = new int[names.size()];
        boolean time = false;
        boolean status = false;
        boolean request = false;
        for (int k = 0; k < roles.length; k++) {
            roles[k] = role(names.get(k));
            time |= roles[k] == TIME_LOCAL || roles[k] == TIME_ISO || roles[k] == MSEC;
            status |= roles[k] == STATUS;
            request |= roles[k] == REQUEST || roles[k] == URI;
        }
        String missing = !time
                ? "a time field ($time_local, $time_iso8601 or $msec; Apache %t)"
                : !status
                        ? "a status field ($status; Apache %>s)"
                        : !request ? "a request field ($request or $request_uri; Apache %r)" : null;
        if (missing != null) {
            throw new DiagnoseException.BadOption(
                    "the log format '" + text + "' lacks " + missing + ", which a diagnosis needs");
        }
        int client = -1;
        if (clientKey != null) {
            String wanted = variableName(clientKey, dialect);
            client = names.indexOf(wanted);
            if (client < 0) {
                throw new DiagnoseException.BadOption("the client key '" + clientKey + "' is not a variable of the"
                        + " log format; its variables are " + names);
            }
        }
        return new LogFormat(
                text,
                literals.toArray(String[]::new),
                roles,
                names.toArray(String[]::new),
                client,
                dialect == Dialect.NGINX);
    }

    private static String expandPreset(String format, Dialect dialect) {
        String name = format.strip().toLowerCase(Locale.ROOT);
        if (name.equals("combined")) {
            return dialect == Dialect.NGINX ? NGINX_COMBINED : APACHE_COMBINED;
        }
        if (name.equals("common")) {
            return dialect == Dialect.NGINX ? NGINX_COMMON : APACHE_COMMON;
        }
        return format;
    }

    private static void scanNginx(String text, List<String> literals, List<String> names, StringBuilder literal)
            throws DiagnoseException.BadOption {
        int k = 0;
        while (k < text.length()) {
            char c = text.charAt(k);
            if (c != '$') {
                literal.append(c);
                k++;
                continue;
            }
            int from = k + 1;
            boolean braced = from < text.length() && text.charAt(from) == '{';
            int start = braced ? from + 1 : from;
            int end = start;
            while (end < text.length() && isNameChar(text.charAt(end))) {
                end++;
            }
            if (end == start || braced && (end >= text.length() || text.charAt(end) != '}')) {
                throw new DiagnoseException.BadOption(
                        "the log format has a '$' without a variable name at column " + (k + 1) + ": '" + text + "'");
            }
            literals.add(literal.toString());
            literal.setLength(0);
            names.add(text.substring(start, end).toLowerCase(Locale.ROOT));
            k = braced ? end + 1 : end;
        }
    }

    private static void scanApache(String text, List<String> literals, List<String> names, StringBuilder literal)
            throws DiagnoseException.BadOption {
        int k = 0;
        while (k < text.length()) {
            char c = text.charAt(k);
            if (c == '\\' && k + 1 < text.length()) {
                // The format as written in httpd.conf escapes its quotes: \" is a quote.
                char next = text.charAt(k + 1);
                literal.append(next == 'n' ? '\n' : next == 't' ? '\t' : next);
                k += 2;
                continue;
            }
            if (c != '%') {
                literal.append(c);
                k++;
                continue;
            }
            k++;
            String argument = null;
            // Modifiers such as %>s, %<s, %400,501{...}i are read past; the status modifiers do not change the value.
            while (k < text.length()
                    && (text.charAt(k) == '>'
                            || text.charAt(k) == '<'
                            || text.charAt(k) == '!'
                            || text.charAt(k) == ','
                            || Character.isDigit(text.charAt(k)))) {
                k++;
            }
            if (k < text.length() && text.charAt(k) == '{') {
                int close = text.indexOf('}', k);
                if (close < 0) {
                    throw new DiagnoseException.BadOption("the log format has an unclosed '{' at column " + (k + 1));
                }
                argument = text.substring(k + 1, close);
                k = close + 1;
            }
            if (k >= text.length()) {
                throw new DiagnoseException.BadOption("the log format ends with a lone '%'");
            }
            char directive = text.charAt(k++);
            if (directive == '%') {
                literal.append('%');
                continue;
            }
            if (directive == 't' && argument == null) {
                // %t is [$time_local] with its brackets.
                literal.append('[');
                literals.add(literal.toString());
                literal.setLength(0);
                names.add("time_local_start");
                literal.append(']');
                continue;
            }
            literals.add(literal.toString());
            literal.setLength(0);
            names.add(apacheName(directive, argument));
        }
    }

    private static String apacheName(char directive, String argument) throws DiagnoseException.BadOption {
        return switch (directive) {
            case 'h', 'a' -> "remote_addr";
            case 'l' -> "remote_ident";
            case 'u' -> "remote_user";
            case 'r' -> "request";
            case 's' -> "status";
            case 'b', 'B' -> "body_bytes_sent";
            case 'D' -> "request_time_us";
            case 'T' -> "request_time_whole_s";
            case 'm' -> "request_method";
            case 'U' -> "uri";
            case 'q' -> "args";
            case 'H' -> "server_protocol";
            case 'v', 'V' -> "server_name";
            case 'i' -> "http_" + headerVariable(argument);
            case 'o' -> "sent_http_" + headerVariable(argument);
            case 'e', 'n', 'C' -> "other_" + headerVariable(argument);
            case 't' -> "msec".equals(argument) ? "msec_start" : "time_custom";
            default -> "apache_" + directive;
        };
    }

    private static String headerVariable(String header) {
        return header == null ? "" : header.toLowerCase(Locale.ROOT).replace('-', '_');
    }

    /** A client key as a variable name: {@code $http_x_client_id}, {@code http_x_client_id} or {@code %{X}i}. */
    static String variableName(String key, Dialect dialect) throws DiagnoseException.BadOption {
        String k = key.strip();
        if (k.startsWith("%")) {
            List<String> literals = new ArrayList<>();
            List<String> names = new ArrayList<>();
            scanApache(k, literals, names, new StringBuilder());
            if (names.size() != 1) {
                throw new DiagnoseException.BadOption("the client key '" + key + "' is not one Apache directive");
            }
            return names.get(0);
        }
        if (k.startsWith("$")) {
            k = k.substring(1);
        }
        if (k.startsWith("{") && k.endsWith("}")) {
            k = k.substring(1, k.length() - 1);
        }
        return k.toLowerCase(Locale.ROOT);
    }

    private static boolean isNameChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
    }

    private static int role(String name) {
        return switch (name) {
            case "time_local", "time_local_start" -> TIME_LOCAL;
            case "time_iso8601" -> TIME_ISO;
            case "msec", "msec_start" -> MSEC;
            case "request" -> REQUEST;
            case "request_method" -> METHOD;
            case "request_uri" -> URI;
            case "status" -> STATUS;
            case "request_time", "request_time_whole_s" -> DURATION_SECONDS;
            case "request_time_us" -> DURATION_MICROS;
            case "sent_http_retry_after", "upstream_http_retry_after" -> RETRY_AFTER;
            case "sent_http_date", "upstream_http_date" -> DATE;
            case "http_idempotency_key", "http_x_request_id", "request_id" -> IDEMPOTENCY;
            case "remote_addr" -> REMOTE_ADDR;
            case "http_user_agent" -> USER_AGENT;
            default -> SKIP;
        };
    }

    /** The name the client key has in reports: the variable, so that a credential can be recognised by its name. */
    public String clientKeyName() {
        return clientIndex < 0 ? "remote_addr+http_user_agent" : names[clientIndex];
    }

    /**
     * Reads one line; hands a request or the reason it failed to the sink. Never throws on a bad line.
     *
     * @return true when the line parsed
     */
    public boolean read(String line, long lineNumber, EvidenceSink sink) {
        String first = literals[0];
        if (!line.startsWith(first)) {
            sink.reject(lineNumber, "expected '" + first + "' at column 1 of the log format '" + source + "'", line);
            return false;
        }
        int pos = first.length();
        long time = Timestamps.INVALID;
        boolean timeAtEnd = timeIsEnd;
        long durationMillis = -1;
        int status = -1;
        String method = null;
        String uri = null;
        String retryAfter = null;
        String date = null;
        String idempotency = null;
        String remote = null;
        String agent = null;
        String client = null;
        for (int k = 0; k < roles.length; k++) {
            String next = literals[k + 1];
            int end;
            if (next.isEmpty()) {
                end = line.length();
            } else {
                end = find(line, next, pos);
                if (end < 0) {
                    sink.reject(
                            lineNumber,
                            "expected '" + printable(next) + "' after $" + names[k] + " (column " + (pos + 1)
                                    + ") as the log format '" + source + "' says",
                            line);
                    return false;
                }
            }
            int role = roles[k];
            boolean absent = end - pos == 1 && line.charAt(pos) == '-' || end == pos;
            if (k == clientIndex && !absent) {
                client = line.substring(pos, end);
            }
            switch (role) {
                case TIME_LOCAL -> {
                    time = Timestamps.timeLocal(line, pos, end);
                    timeAtEnd = timeIsEnd && names[k].equals("time_local");
                }
                case TIME_ISO -> time = Timestamps.parse(line.substring(pos, end));
                case MSEC -> {
                    time = seconds(line, pos, end);
                    timeAtEnd = names[k].equals("msec");
                }
                case REQUEST -> {
                    int space = line.indexOf(' ', pos);
                    if (space > pos && space < end) {
                        method = line.substring(pos, space);
                        int second = line.lastIndexOf(' ', end - 1);
                        uri = second > space ? line.substring(space + 1, second) : line.substring(space + 1, end);
                    } else if (!absent) {
                        uri = line.substring(pos, end);
                    }
                }
                case METHOD -> method = absent ? null : line.substring(pos, end);
                case URI -> uri = absent ? null : line.substring(pos, end);
                case STATUS -> status = absent ? 0 : wholeNumber(line, pos, end);
                case DURATION_SECONDS -> durationMillis = absent ? -1 : seconds(line, pos, end);
                case DURATION_MICROS -> {
                    long micros = absent ? -1 : wholeNumber(line, pos, end);
                    durationMillis = micros < 0 ? -1 : micros / 1000;
                }
                case RETRY_AFTER -> retryAfter = absent ? null : line.substring(pos, end);
                case DATE -> date = absent ? null : line.substring(pos, end);
                case IDEMPOTENCY -> idempotency = absent ? null : line.substring(pos, end);
                case REMOTE_ADDR -> remote = absent ? null : line.substring(pos, end);
                case USER_AGENT -> agent = absent ? null : line.substring(pos, end);
                default -> {}
            }
            pos = end + next.length();
        }
        if (pos < line.length() && !line.substring(pos).isBlank()) {
            sink.reject(
                    lineNumber, "text after the end of the log format '" + source + "' at column " + (pos + 1), line);
            return false;
        }
        if (time == Timestamps.INVALID || time < 0) {
            sink.reject(
                    lineNumber,
                    "the time is not a valid timestamp (expected e.g. 10/Oct/2026:13:55:36 +0000,"
                            + " an ISO 8601 instant or epoch seconds)",
                    line);
            return false;
        }
        if (status < 0 || status > 999) {
            sink.reject(lineNumber, "the status is not a number", line);
            return false;
        }
        if (clientIndex < 0) {
            client = remote == null ? agent : agent == null ? remote : remote + " " + agent;
        }
        long start = timeAtEnd && durationMillis > 0 ? time - durationMillis : time;
        sink.accept(
                new ObservedRequest(start, durationMillis, client, method, uri, status, retryAfter, date, idempotency),
                lineNumber);
        return true;
    }

    /** The next occurrence of {@code literal} from {@code from}, skipping quotes escaped with a backslash. */
    private static int find(String line, String literal, int from) {
        int at = line.indexOf(literal, from);
        while (at > from
                && literal.charAt(0) == '"'
                && line.charAt(at - 1) == '\\'
                && !escapedBackslash(line, at - 1)) {
            at = line.indexOf(literal, at + 1);
        }
        return at;
    }

    private static boolean escapedBackslash(String line, int at) {
        int count = 0;
        for (int k = at; k >= 0 && line.charAt(k) == '\\'; k--) {
            count++;
        }
        return count % 2 == 0;
    }

    private static String printable(String literal) {
        return literal.replace("\t", "\\t");
    }

    private static int wholeNumber(String s, int from, int to) {
        if (to <= from || to - from > 9) {
            return -1;
        }
        int value = 0;
        for (int k = from; k < to; k++) {
            int d = s.charAt(k) - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            value = value * 10 + d;
        }
        return value;
    }

    /** Seconds with an optional fraction ({@code 0.123}, {@code 1700000000.123}) as milliseconds, or INVALID. */
    private static long seconds(String s, int from, int to) {
        long whole = 0;
        long fraction = 0;
        int fractionDigits = 0;
        boolean point = false;
        if (to <= from) {
            return Timestamps.INVALID;
        }
        for (int k = from; k < to; k++) {
            char c = s.charAt(k);
            if (c == '.' && !point) {
                point = true;
            } else if (c >= '0' && c <= '9') {
                if (!point) {
                    whole = whole * 10 + (c - '0');
                } else if (fractionDigits < 3) {
                    fraction = fraction * 10 + (c - '0');
                    fractionDigits++;
                }
            } else {
                return Timestamps.INVALID;
            }
        }
        while (fractionDigits++ < 3) {
            fraction *= 10;
        }
        return whole * 1000 + fraction;
    }
}
