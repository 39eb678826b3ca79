package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Log formats as nginx and Apache write them, at the edges: every directive the diagnosis reads, the ways a format
 * is refused, and the reasons a line is.
 */
class LogFormatEdgesTest {

    private static final long T = Instant.parse("2026-12-01T10:00:00Z").toEpochMilli();

    private static LogFormat nginx(String format, String clientKey) throws DiagnoseException.BadOption {
        return LogFormat.compile(format, LogFormat.Dialect.NGINX, clientKey);
    }

    private static LogFormat apache(String format, String clientKey) throws DiagnoseException.BadOption {
        return LogFormat.compile(format, LogFormat.Dialect.APACHE, clientKey);
    }

    private static ObservedRequest accepted(LogFormat format, String line) {
        CollectingSink sink = new CollectingSink();
        assertThat(format.read(line, 1, sink)).as(line).isTrue();
        assertThat(sink.rejected).isEmpty();
        return sink.accepted.get(0);
    }

    private static String rejected(LogFormat format, String line) {
        CollectingSink sink = new CollectingSink();
        assertThat(format.read(line, 4, sink)).as(line).isFalse();
        assertThat(sink.accepted).isEmpty();
        assertThat(sink.rejected).singleElement().satisfies(r -> {
            assertThat(r.line()).isEqualTo(4);
            assertThat(r.text()).isEqualTo(line);
        });
        return sink.rejected.get(0).reason();
    }

    @Test
    @DisplayName("DG10: nginx variables in braces are read like bare ones, at the start of a format and between text")
    void nginxBracedVariables() throws Exception {
        LogFormat braced = nginx("${msec}|${status}x\"$request\"", null);
        assertThat(braced.variables()).containsExactly("msec", "status", "request");
        ObservedRequest r = accepted(braced, "1796119200.000|429x\"GET /a HTTP/1.1\"");
        assertThat(r.status()).isEqualTo(429);
        assertThat(r.uri()).isEqualTo("/a");
        assertThat(r.startMillis()).isEqualTo(T);
    }

    @Test
    @DisplayName("DG10: an Apache format as written in httpd.conf, its quotes escaped, and one ending in a backslash")
    void apacheEscapesInTheFormat() throws Exception {
        LogFormat escaped = apache("%h %t \\\"%r\\\" %>s", null);
        ObservedRequest r = accepted(escaped, "10.0.0.1 [01/Dec/2026:10:00:00 +0000] \"GET /a HTTP/1.1\" 503");
        assertThat(r.uri()).isEqualTo("/a");
        assertThat(r.status()).isEqualTo(503);
        LogFormat trailing = apache("%h %t \"%r\" %>s \\", null);
        assertThat(accepted(trailing, "10.0.0.1 [01/Dec/2026:10:00:00 +0000] \"GET /a HTTP/1.1\" 200 \\")
                        .status())
                .isEqualTo(200);
    }

    @Test
    @DisplayName("DG10: a request line without a protocol is a method and a target")
    void aRequestWithoutAProtocol() throws Exception {
        LogFormat format = nginx("$msec \"$request\" $status", null);
        ObservedRequest r = accepted(format, "1796119200.000 \"GET /a\" 200");
        assertThat(r.method()).isEqualTo("GET");
        assertThat(r.uri()).isEqualTo("/a");
    }

    @Test
    @DisplayName("DG10: a request field that starts with a space has no method, and an unquoted one without a space is"
            + " its target alone")
    void aRequestFieldWithoutAMethod() throws Exception {
        ObservedRequest leadingSpace =
                accepted(nginx("$msec \"$request\" $status", null), "1796119200.000 \" /a HTTP/1.1\" 200");
        assertThat(leadingSpace.method()).isNull();
        assertThat(leadingSpace.uri()).isEqualTo(" /a HTTP/1.1");

        ObservedRequest unquoted = accepted(nginx("$msec $request $status", null), "1796119200.000 /a 200");
        assertThat(unquoted.method()).isNull();
        assertThat(unquoted.uri()).isEqualTo("/a");
        assertThat(unquoted.status()).isEqualTo(200);
    }

    @Test
    @DisplayName("DG10: a request at exactly the epoch is read, not refused as before it")
    void theEpochIsAValidTime() throws Exception {
        assertThat(accepted(nginx("$msec \"$request\" $status", null), "0.000 \"GET /a HTTP/1.1\" 200")
                        .startMillis())
                .isZero();
    }

    @Test
    @DisplayName("DG10: a quoted field that starts the line ends at its quote, after an escaped backslash too, and an"
            + " empty one is read as empty")
    void aFieldAtTheStartOfTheLineEndsAtItsQuote() throws Exception {
        LogFormat format = nginx("$request_uri\" $status $msec", null);
        ObservedRequest backslash = accepted(format, "/a\\\\\" 200 1796119200.000");
        assertThat(backslash.uri()).isEqualTo("/a\\\\");
        assertThat(backslash.status()).isEqualTo(200);
        ObservedRequest onlyBackslashes = accepted(format, "\\\\\" 201 1796119200.000");
        assertThat(onlyBackslashes.uri()).isEqualTo("\\\\");
        assertThat(onlyBackslashes.status()).isEqualTo(201);
        ObservedRequest empty = accepted(format, "\" 202 1796119200.000");
        assertThat(empty.status()).isEqualTo(202);
    }

    @Test
    @DisplayName("DG1: nginx's $msec and $time_local are when the request ended: its start is that less"
            + " $request_time; $time_iso8601 too")
    void nginxTimesAreEnds() throws Exception {
        LogFormat local = nginx("[$time_local] $request_time \"$request\" $status", null);
        ObservedRequest r = accepted(local, "[01/Dec/2026:10:00:02 +0000] 1.5 \"GET /a HTTP/1.1\" 200");
        assertThat(r.startMillis()).isEqualTo(T + 500);
        assertThat(r.durationMillis()).isEqualTo(1_500);

        LogFormat iso = nginx("$time_iso8601 $request_time \"$request\" $status", null);
        r = accepted(iso, "2026-12-01T10:00:02+00:00 0.25 \"GET /a HTTP/1.1\" 200");
        assertThat(r.startMillis()).isEqualTo(T + 1_750);
        assertThat(r.durationMillis()).isEqualTo(250);

        // A duration of 0 and one not logged leave the time as it is.
        LogFormat msec = nginx("$msec $request_time \"$request\" $status", null);
        assertThat(accepted(msec, "1764583202.000 0.000 \"GET /a HTTP/1.1\" 200")
                        .startMillis())
                .isEqualTo(1_764_583_202_000L);
        ObservedRequest unknown = accepted(msec, "1764583202.000 - \"GET /a HTTP/1.1\" 200");
        assertThat(unknown.startMillis()).isEqualTo(1_764_583_202_000L);
        assertThat(unknown.durationMillis()).isEqualTo(-1);
    }

    @Test
    @DisplayName("DG1: $msec keeps milliseconds: fewer digits are tenths or hundredths, more are cut")
    void msecFractions() throws Exception {
        LogFormat msec = nginx("$msec \"$request\" $status", null);
        assertThat(accepted(msec, "1764583200.5 \"GET / HTTP/1.1\" 200").startMillis())
                .isEqualTo(1_764_583_200_500L);
        assertThat(accepted(msec, "1764583200.25 \"GET / HTTP/1.1\" 200").startMillis())
                .isEqualTo(1_764_583_200_250L);
        assertThat(accepted(msec, "1764583200.123987 \"GET / HTTP/1.1\" 200").startMillis())
                .isEqualTo(1_764_583_200_123L);
        assertThat(accepted(msec, "1764583200 \"GET / HTTP/1.1\" 200").startMillis())
                .isEqualTo(1_764_583_200_000L);
        assertThat(rejected(msec, "1764583200.1.2 \"GET / HTTP/1.1\" 200")).startsWith("the time is not a valid");
        assertThat(rejected(msec, "- \"GET / HTTP/1.1\" 200")).startsWith("the time is not a valid");
        assertThat(rejected(msec, " \"GET / HTTP/1.1\" 200")).startsWith("the time is not a valid");
    }

    @Test
    @DisplayName("DG1: Apache's %t is when the request was received and %D its duration in microseconds, %T in"
            + " whole seconds; %{msec}t is a start in epoch seconds")
    void apacheTimesAreStarts() throws Exception {
        LogFormat micros = apache("%t %D \"%r\" %>s", null);
        ObservedRequest r = accepted(micros, "[01/Dec/2026:10:00:00 +0000] 1500999 \"GET /a HTTP/1.1\" 200");
        assertThat(r.startMillis()).isEqualTo(T);
        assertThat(r.durationMillis()).isEqualTo(1_500);
        assertThat(accepted(micros, "[01/Dec/2026:10:00:00 +0000] - \"GET /a HTTP/1.1\" 200")
                        .durationMillis())
                .isEqualTo(-1);
        assertThat(accepted(micros, "[01/Dec/2026:10:00:00 +0000] 12345678901 \"GET /a HTTP/1.1\" 200")
                        .durationMillis())
                .as("more digits than a duration has")
                .isEqualTo(-1);

        assertThat(accepted(micros, "[01/Dec/2026:10:00:00 +0000] 0 \"GET /a HTTP/1.1\" 200")
                        .durationMillis())
                .isZero();
        assertThat(accepted(micros, "[01/Dec/2026:10:00:00 +0000] 999999999 \"GET /a HTTP/1.1\" 200")
                        .durationMillis())
                .as("nine digits, the most a duration has")
                .isEqualTo(999_999);

        LogFormat whole = apache("%t %T \"%r\" %s", null);
        r = accepted(whole, "[01/Dec/2026:10:00:00 +0000] 2 \"GET /a HTTP/1.1\" 200");
        assertThat(r.startMillis()).isEqualTo(T);
        assertThat(r.durationMillis()).isEqualTo(2_000);

        LogFormat msec = apache("%{msec}t %T \"%r\" %s", null);
        r = accepted(msec, "1764583200.000 2 \"GET /a HTTP/1.1\" 200");
        assertThat(r.startMillis()).isEqualTo(1_764_583_200_000L);
        assertThat(r.endMillis()).isEqualTo(1_764_583_202_000L);
    }

    @Test
    @DisplayName("DG2: method and target come from $request, or from $request_method and $request_uri; a request"
            + " without a protocol or a method still gives its target")
    void methodAndTarget() throws Exception {
        LogFormat request = nginx("$msec \"$request\" $status", null);
        ObservedRequest r = accepted(request, "1764583200 \"POST /a?b=c\" 200");
        assertThat(r.method()).isEqualTo("POST");
        assertThat(r.uri()).isEqualTo("/a?b=c");
        r = accepted(request, "1764583200 \"/bare\" 200");
        assertThat(r.method()).isNull();
        assertThat(r.uri()).isEqualTo("/bare");
        r = accepted(request, "1764583200 \"-\" 200");
        assertThat(r.uri()).isNull();

        LogFormat parts = nginx("$msec $request_method $request_uri $status", null);
        r = accepted(parts, "1764583200 PUT /x 204");
        assertThat(r.method()).isEqualTo("PUT");
        assertThat(r.uri()).isEqualTo("/x");
        r = accepted(parts, "1764583200 - - 204");
        assertThat(r.method()).isNull();
        assertThat(r.uri()).isNull();
    }

    @Test
    @DisplayName("DG2 DG8: Retry-After, Date and the idempotency key are read; '-' is a value not logged; a status of"
            + " '-' is no answer")
    void headersAndAbsentValues() throws Exception {
        LogFormat format = nginx(
                "$msec \"$request\" $status \"$sent_http_retry_after\" \"$sent_http_date\" \"$http_idempotency_key\"",
                null);
        ObservedRequest r =
                accepted(format, "1764583200 \"GET / HTTP/1.1\" 429 \"5\" \"Tue, 01 Dec 2026 10:00:00 GMT\" \"k-1\"");
        assertThat(r.retryAfter()).isEqualTo("5");
        assertThat(r.date()).isEqualTo("Tue, 01 Dec 2026 10:00:00 GMT");
        assertThat(r.idempotencyKey()).isEqualTo("k-1");
        r = accepted(format, "1764583200 \"GET / HTTP/1.1\" - \"-\" \"-\" \"\"");
        assertThat(r.status()).isZero();
        assertThat(r.retryAfter()).isNull();
        assertThat(r.date()).isNull();
        assertThat(r.idempotencyKey()).isNull();
        assertThat(r.client()).isNull();
    }

    @Test
    @DisplayName("DG2: without a client key the client is the remote address with the User-Agent, or whichever of"
            + " them is logged")
    void theDefaultClient() throws Exception {
        LogFormat format = nginx("$remote_addr $msec \"$request\" $status \"$http_user_agent\"", null);
        assertThat(format.clientKeyName()).isEqualTo("remote_addr+http_user_agent");
        assertThat(accepted(format, "10.0.0.1 1764583200 \"GET / HTTP/1.1\" 200 \"curl\"")
                        .client())
                .isEqualTo("10.0.0.1 curl");
        assertThat(accepted(format, "- 1764583200 \"GET / HTTP/1.1\" 200 \"curl\"")
                        .client())
                .isEqualTo("curl");
        assertThat(accepted(format, "10.0.0.1 1764583200 \"GET / HTTP/1.1\" 200 \"-\"")
                        .client())
                .isEqualTo("10.0.0.1");
    }

    @Test
    @DisplayName("DG2: a client key is named as $var, ${var}, var or an Apache directive; a key not logged is no"
            + " client")
    void clientKeys() throws Exception {
        String format = "$msec \"$request\" $status \"$http_x_client_id\"";
        String line = "1764583200 \"GET / HTTP/1.1\" 200 \"tenant-7\"";
        for (String key : new String[] {"$http_x_client_id", "${http_x_client_id}", " HTTP_X_CLIENT_ID "}) {
            LogFormat compiled = nginx(format, key);
            assertThat(compiled.clientKeyName()).isEqualTo("http_x_client_id");
            assertThat(accepted(compiled, line).client()).as(key).isEqualTo("tenant-7");
        }
        LogFormat first = nginx("$http_x_client_id $msec \"$request\" $status", "$http_x_client_id");
        assertThat(first.clientKeyName()).isEqualTo("http_x_client_id");
        assertThat(accepted(first, "tenant-1 1764583200 \"GET / HTTP/1.1\" 200").client())
                .isEqualTo("tenant-1");
        LogFormat odd = nginx("$msec \"$request\" $status $http_zZ09aA_", "$HTTP_ZZ09AA_");
        assertThat(odd.variables()).containsExactly("msec", "request", "status", "http_zz09aa_");
        assertThat(accepted(odd, "1764583200 \"GET / HTTP/1.1\" 200 t-2").client())
                .isEqualTo("t-2");
        LogFormat withApacheKey = apache("%{msec}t \"%r\" %s \"%{X-Client-Id}i\"", "%{X-Client-Id}i");
        assertThat(withApacheKey.variables()).containsExactly("msec_start", "request", "status", "http_x_client_id");
        assertThat(accepted(withApacheKey, line).client()).isEqualTo("tenant-7");
        assertThat(accepted(withApacheKey, "1764583200 \"GET / HTTP/1.1\" 200 \"-\"")
                        .client())
                .isNull();
        assertThatThrownBy(() -> apache("combined", "%h %u"))
                .isInstanceOf(DiagnoseException.BadOption.class)
                .hasMessage("the client key '%h %u' is not one Apache directive");
        assertThatThrownBy(() -> nginx(format, "$remote_addr"))
                .hasMessage("the client key '$remote_addr' is not a variable of the log format; its variables are"
                        + " [msec, request, status, http_x_client_id]");
    }

    @Test
    @DisplayName("DG10: Apache's directives, modifiers, escapes and %% compile to the variables they name")
    void apacheDirectives() throws Exception {
        LogFormat format = apache(
                "%a %l %u %t \\\"%r\\\" %>s %400,501B %D %T %m %U %q %H %v %{Retry-After}o %{X}e %!200{Referer}i"
                        + " %{%s}t %% %z\\t%<s\\n",
                null);
        assertThat(format.variables())
                .containsExactly(
                        "remote_addr",
                        "remote_ident",
                        "remote_user",
                        "time_local_start",
                        "request",
                        "status",
                        "body_bytes_sent",
                        "request_time_us",
                        "request_time_whole_s",
                        "request_method",
                        "uri",
                        "args",
                        "server_protocol",
                        "server_name",
                        "sent_http_retry_after",
                        "other_x",
                        "http_referer",
                        "time_custom",
                        "apache_z",
                        "status");
        assertThat(apache("common", null).source()).isEqualTo(LogFormat.APACHE_COMMON);
        assertThat(apache(" Combined ", null).source()).isEqualTo(LogFormat.APACHE_COMBINED);
        assertThat(nginx("common", null).source()).isEqualTo(LogFormat.NGINX_COMMON);
        assertThat(nginx(null, null).source()).isEqualTo(LogFormat.NGINX_COMBINED);
    }

    @Test
    @DisplayName("DG10: an Apache line is read with the tab its format escapes, and %% as a percent sign")
    void apacheEscapesInTheLine() throws Exception {
        LogFormat format = apache("%t\\t%% \"%r\" %>s", null);
        ObservedRequest r = accepted(format, "[01/Dec/2026:10:00:00 +0000]\t% \"GET /a HTTP/1.1\" 200");
        assertThat(r.startMillis()).isEqualTo(T);
        assertThat(rejected(format, "[01/Dec/2026:10:00:00 +0000] % \"GET /a HTTP/1.1\" 200"))
                .isEqualTo("expected ']\\t% \"' after $time_local_start (column 2) as the log format '%t\\t%% \"%r\""
                        + " %>s' says");
    }

    @Test
    @DisplayName("DG10: a format that cannot split a line, or whose syntax is broken, is refused saying where")
    void brokenFormats() {
        assertThatThrownBy(() -> nginx("$msec$status \"$request\"", null))
                .isInstanceOf(DiagnoseException.BadOption.class)
                .hasMessage("the log format has two variables with nothing between them ($msec$status): a line cannot"
                        + " be split there");
        assertThatThrownBy(() -> nginx("$msec $ \"$request\" $status", null))
                .hasMessage("the log format has a '$' without a variable name at column 7: '$msec $ \"$request\""
                        + " $status'");
        assertThatThrownBy(() -> nginx("$msec ${status \"$request\"", null))
                .hasMessageStartingWith("the log format has a '$' without a variable name at column 7");
        assertThatThrownBy(() -> nginx("$msec \"$request\" ${status", null))
                .hasMessageStartingWith("the log format has a '$' without a variable name at column 18");
        assertThatThrownBy(() -> nginx("$msec \"$request\" $", null))
                .hasMessageStartingWith("the log format has a '$' without a variable name at column 18");
        assertThatThrownBy(() -> apache("%t \"%r\" %s %{Referer", null))
                .hasMessage("the log format has an unclosed '{' at column 13");
        assertThatThrownBy(() -> apache("%t \"%r\" %s %", null)).hasMessage("the log format ends with a lone '%'");
        assertThatThrownBy(() -> apache("%t \"%r\" %s %>", null)).hasMessage("the log format ends with a lone '%'");
        assertThatThrownBy(() -> nginx("$msec \"$request\"", null))
                .hasMessage("the log format '$msec \"$request\"' lacks a status field ($status; Apache %>s), which a"
                        + " diagnosis needs");
        assertThatThrownBy(() -> nginx("$msec $status", null))
                .hasMessage(
                        "the log format '$msec $status' lacks a request field ($request or $request_uri; Apache %r),"
                                + " which a diagnosis needs");
        assertThatThrownBy(() -> apache("%h \"%r\" %>s", null))
                .hasMessageContaining("lacks a time field ($time_local, $time_iso8601 or $msec; Apache %t)");
    }

    @Test
    @DisplayName("DG10: a line is refused for what it lacks or holds too much of, in the words of its format")
    void refusedLines() throws Exception {
        LogFormat format = nginx("[$msec] \"$request\" $status", null);
        assertThat(rejected(format, "1764583200 \"GET / HTTP/1.1\" 200"))
                .isEqualTo("expected '[' at column 1 of the log format '[$msec] \"$request\" $status'");
        assertThat(rejected(format, "[1764583200 \"GET / HTTP/1.1\" 200"))
                .isEqualTo("expected '] \"' after $msec (column 2) as the log format '[$msec] \"$request\" $status'"
                        + " says");
        assertThat(rejected(nginx("$msec \"$request\" $status ok", null), "1764583200 \"GET / HTTP/1.1\" 200 ok!"))
                .isEqualTo("text after the end of the log format '$msec \"$request\" $status ok' at column 35");
        assertThat(accepted(nginx("$msec \"$request\" $status ok", null), "1764583200 \"GET / HTTP/1.1\" 200 ok  ")
                        .status())
                .isEqualTo(200);
        assertThat(rejected(format, "[1764583200] \"GET / HTTP/1.1\" 1000")).isEqualTo("the status is not a number");
        assertThat(rejected(format, "[1764583200] \"GET / HTTP/1.1\" 20x")).isEqualTo("the status is not a number");
        assertThat(accepted(format, "[1764583200] \"GET / HTTP/1.1\" 999").status())
                .isEqualTo(999);
    }

    @Test
    @DisplayName("DG10: a quote escaped in a quoted field does not end it; an escaped backslash before a quote does")
    void escapedQuotes() throws Exception {
        LogFormat format = nginx("$msec \"$request\" $status \"$http_user_agent\"", "$http_user_agent");
        String head = "1764583200 \"GET / HTTP/1.1\" 200 ";
        assertThat(accepted(format, head + "\"a \\\"b\\\" c\"").client()).isEqualTo("a \\\"b\\\" c");
        assertThat(accepted(format, head + "\"a\\\\\"").client()).isEqualTo("a\\\\");
        assertThat(accepted(format, head + "\"\\\\\\\"a\"").client()).isEqualTo("\\\\\\\"a");
    }
}
