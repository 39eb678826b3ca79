package dev.stormwatch.server;

import static dev.stormwatch.server.RawSocket.readResponse;
import static dev.stormwatch.server.RawSocket.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.testing.FakeClock;
import dev.stormwatch.testing.RecordingSleeper;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * HD1: the raw server's edges on plain sockets, byte by byte: what closes a connection and what keeps it, each
 * refusal of a bad head or body with its status, the reason phrases, the Date it writes, slow bodies, and the limits
 * on connections and idle time.
 */
class LoopbackServerEdgesTest {

    private final FakeClock clock = FakeClock.atNewYear();
    private final RecordingSleeper sleeper = new RecordingSleeper();
    private LoopbackServer server;

    private void start(ServerOptions options) throws IOException {
        server = LoopbackServer.start(
                "edges",
                options,
                Map.of(
                        "/echo", request -> Response.text(200, request.method() + " " + request.bodyText()),
                        "/status",
                                request -> Response.empty(Integer.parseInt(
                                        request.queryParameters().get("code").get(0))),
                        "/slow",
                                request -> Response.text(200, "abc")
                                        .withDelivery(new Delivery.Slowly(Duration.ofMillis(300))),
                        "/dated",
                                request -> Response.text(200, "x").withHeader("date", "Mon, 01 Jan 2024 00:00:00 GMT"),
                        "/undated", request -> Response.text(200, "x").withoutAutoDate()));
    }

    private void start() throws IOException {
        start(ServerOptions.defaults().withMaxBodyBytes(1024).withClock(clock).withSleeper(sleeper));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private Socket connect() throws IOException {
        return RawSocket.connect(server);
    }

    private String exchange(String text) throws IOException {
        try (Socket socket = connect()) {
            send(socket, text);
            return readResponse(socket);
        }
    }

    @Test
    @DisplayName("HD1: HTTP/1.0 closes after its answer unless it asks to keep alive; Connection: close closes too")
    void whatClosesAConnection() throws IOException {
        start();
        try (Socket socket = connect()) {
            send(socket, "GET /echo HTTP/1.0\r\n\r\n");
            assertThat(readResponse(socket)).contains("Connection: close\r\n");
            assertThat(socket.getInputStream().read()).as("closed with a FIN").isEqualTo(-1);
        }
        try (Socket socket = connect()) {
            send(socket, "GET /echo HTTP/1.1\r\nConnection: Close\r\n\r\n");
            assertThat(readResponse(socket)).contains("Connection: close\r\n");
            assertThat(socket.getInputStream().read()).isEqualTo(-1);
        }
        try (Socket socket = connect()) {
            send(socket, "GET /echo HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
            assertThat(readResponse(socket)).doesNotContain("Connection: close");
            send(socket, "\r\n\r\nPOST /echo HTTP/1.1\nContent-Length: 2\n\nhi");
            assertThat(readResponse(socket))
                    .as("empty lines before a request line are skipped; bare LFs end lines")
                    .startsWith("HTTP/1.1 200 OK")
                    .endsWith("POST hi");
        }
        assertThat(server.requestsReceived("GET", "/echo")).isEqualTo(3);
        assertThat(server.requestsReceived("POST", "/echo")).isEqualTo(1);
        assertThat(server.requestsReceived("PUT", "/echo")).isZero();
        assertThat(server.acceptedConnections()).isEqualTo(3);
    }

    @Test
    @DisplayName("HD1: a HEAD answer says the body's length and sends none of it")
    void headSendsNoBody() throws IOException {
        start();
        String head = exchange("HEAD /echo HTTP/1.1\r\nConnection: close\r\n\r\n");
        assertThat(head)
                .startsWith("HTTP/1.1 200 OK")
                .contains("Content-Length: 5\r\n")
                .endsWith("\r\n\r\n");
    }

    @ParameterizedTest(name = "HD1: {0} is refused with {1}")
    @CsvSource(delimiter = '|', textBlock = """
            GET /echo HTTP/2.0                                    | 400 Bad Request
            ' /echo HTTP/1.1'                                     | 400 Bad Request
            GET /echo                                             | 400 Bad Request
            GET http://127.0.0.1/echo HTTP/1.1                    | 400 Bad Request
            GET /echo HTTP/1.1\\r\\nHost : x                      | 400 Bad Request
            GET /echo HTTP/1.1\\r\\nHost: x\\r\\n folded          | 400 Bad Request
            GET /echo HTTP/1.1\\r\\n\\tfolded: x                  | 400 Bad Request
            GET /echo HTTP/1.1\\r\\nno colon                      | 400 Bad Request
            GET /echo HTTP/1.1\\r\\n: no name                     | 400 Bad Request
            POST /echo HTTP/1.1\\r\\nTransfer-Encoding: gzip      | 501 Not Implemented
            POST /echo HTTP/1.1\\r\\nContent-Length: abc          | 400 Bad Request
            POST /echo HTTP/1.1\\r\\nContent-Length: -1           | 400 Bad Request
            POST /echo HTTP/1.1\\r\\nContent-Length: 1\\r\\nContent-Length: 2 | 400 Bad Request
            """)
    void badHeadsAreRefused(String head, String status) throws IOException {
        start();
        String text = head.replace("\\r", "\r").replace("\\n", "\n").replace("\\t", "\t") + "\r\n\r\n";
        assertThat(exchange(text)).startsWith("HTTP/1.1 " + status).contains("Connection: close");
    }

    @Test
    @DisplayName("HD1: a head over 16 KiB is refused with 431, a request line over it with 414")
    void longHeads() throws IOException {
        start();
        String field = "X-Long: " + "a".repeat(8_000) + "\r\n";
        assertThat(exchange("GET /echo HTTP/1.1\r\n" + field + field + field + "\r\n"))
                .startsWith("HTTP/1.1 431 Request Header Fields Too Large");
        // 16 KiB with the line's CR, which counts.
        String exactly = "X: " + "a".repeat(RequestReader.MAX_HEAD - 4) + "\r\n";
        assertThat(exchange("GET /echo HTTP/1.1\r\n" + exactly + "\r\n"))
                .as("a field line of exactly 16 KiB")
                .startsWith("HTTP/1.1 200 OK");
        assertThat(exchange("GET /" + "a".repeat(RequestReader.MAX_HEAD) + " HTTP/1.1\r\n\r\n"))
                .startsWith("HTTP/1.1 414 URI Too Long");
    }

    @Test
    @DisplayName("HD1: a chunked body with extensions and trailers, and one Content-Length sent twice, are read")
    void bodiesThatAreRead() throws IOException {
        start();
        assertThat(exchange("POST /echo HTTP/1.1\r\nTransfer-Encoding: Chunked\r\n\r\n"
                        + "3;name=value\r\nabc\r\n0\r\nX-Trailer: 1\r\nX-Other: 2\r\n\r\n"))
                .endsWith("POST abc");
        assertThat(exchange("POST /echo HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3 \r\n\r\nxyz"))
                .endsWith("POST xyz");
        assertThat(exchange("POST /echo HTTP/1.1\r\nContent-Length: 1024\r\n\r\n" + "b".repeat(1024)))
                .as("a body of exactly the limit")
                .startsWith("HTTP/1.1 200 OK");
        assertThat(exchange("POST /echo HTTP/1.1\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\nxyz"))
                .startsWith("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK")
                .endsWith("POST xyz");
    }

    @Test
    @DisplayName("HD1: bad chunk sizes, a chunked body over the limit and a connection closed mid-request are refused")
    void bodiesThatAreRefused() throws IOException {
        start();
        assertThat(exchange("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"))
                .startsWith("HTTP/1.1 400");
        assertThat(exchange("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n"))
                .startsWith("HTTP/1.1 413");
        assertThat(exchange("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n400\r\n" + "c".repeat(1024)
                        + "\r\n1\r\n"))
                .startsWith("HTTP/1.1 413");
        assertThat(halfClosed("POST /echo HTTP/1.1\r\nContent-Length: 5\r\n\r\nab"))
                .startsWith("HTTP/1.1 400");
        assertThat(halfClosed("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab"))
                .startsWith("HTTP/1.1 400");
        assertThat(halfClosed("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"))
                .startsWith("HTTP/1.1 400");
        assertThat(halfClosed("GET /echo HTTP/1.1\r\nHost: x\r\n")).startsWith("HTTP/1.1 400");
    }

    /** Sends {@code text}, closes the sending side, and reads the answer. */
    private String halfClosed(String text) throws IOException {
        try (Socket socket = connect()) {
            send(socket, text);
            socket.shutdownOutput();
            return readResponse(socket);
        }
    }

    @Test
    @DisplayName("HD1: a body refused for its length still gets its 413 while the client goes on sending it")
    void aRefusedBodyStillGetsItsAnswer() throws IOException {
        start();
        try (Socket socket = connect()) {
            send(socket, "POST /echo HTTP/1.1\r\nContent-Length: 200000\r\n\r\n" + "d".repeat(200_000));
            assertThat(readResponse(socket)).startsWith("HTTP/1.1 413 Content Too Large");
            assertThat(socket.getInputStream().read())
                    .as("then it closes, within a moment, not after the keep-alive")
                    .isEqualTo(-1);
        }
    }

    @Test
    @DisplayName(
            "HD1: heads of exactly 16 KiB in all, chunked bodies of exactly the limit and long bodies are read whole")
    void exactLimitsAndLongBodies() throws IOException {
        start();
        String half = "X: " + "a".repeat(RequestReader.MAX_HEAD / 2 - 3) + "\r\n";
        assertThat(exchange("GET /echo HTTP/1.1\r\n" + half + half + "\r\n")).startsWith("HTTP/1.1 200 OK");
        assertThat(exchange("GET /echo HTTP/1.1\r\nX: " + "a".repeat(RequestReader.MAX_HEAD) + "\r\n\r\n"))
                .startsWith("HTTP/1.1 431")
                .contains("line too long");
        assertThat(exchange("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n400\r\n" + "c".repeat(1024)
                        + "\r\n0\r\n\r\n"))
                .startsWith("HTTP/1.1 200 OK");
        server.close();

        start(ServerOptions.defaults().withMaxBodyBytes(64 * 1024));
        StringBuilder body = new StringBuilder();
        for (int i = 0; body.length() < 30_000; i++) {
            body.append(i).append(',');
        }
        assertThat(exchange("POST /echo HTTP/1.1\r\nContent-Length: " + body.length() + "\r\n\r\n" + body))
                .endsWith("POST " + body);
        assertThat(exchange("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\n\r\n"))
                .endsWith("POST " + body);
    }

    @Test
    @DisplayName("HD1: a client that waits for 100 Continue before its body gets it before anything else")
    void continueComesBeforeTheBody() throws IOException {
        start();
        try (Socket socket = connect()) {
            socket.setSoTimeout(5_000);
            send(socket, "POST /echo HTTP/1.1\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n");
            byte[] interim = socket.getInputStream().readNBytes("HTTP/1.1 100 Continue\r\n\r\n".length());
            assertThat(new String(interim, StandardCharsets.ISO_8859_1)).isEqualTo("HTTP/1.1 100 Continue\r\n\r\n");
            send(socket, "xyz");
            assertThat(readResponse(socket)).endsWith("POST xyz");
        }
    }

    @Test
    @DisplayName("HD1: an Expect other than 100-continue gets no interim answer, only the final one")
    void onlyOneHundredContinueIsAnsweredWithContinue() throws IOException {
        start();
        String answer = exchange("POST /echo HTTP/1.1\r\nContent-Length: 3\r\nExpect: something-else\r\n\r\nxyz");
        assertThat(answer)
                .startsWith("HTTP/1.1 200 OK\r\n")
                .endsWith("POST xyz")
                .doesNotContain("100 Continue");
    }

    @Test
    @DisplayName(
            "HD1: trailers after a chunked body are read and skipped; the next request on the connection is served")
    void chunkedTrailersAreSkipped() throws IOException {
        start();
        try (Socket socket = connect()) {
            send(
                    socket,
                    "POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                            + "3\r\nabc\r\n0\r\nX-Checksum: 1\r\nX-Other: 2\r\n\r\n"
                            + "POST /echo HTTP/1.1\r\nContent-Length: 2\r\n\r\nhi");
            assertThat(readResponse(socket)).startsWith("HTTP/1.1 200 OK").endsWith("POST abc");
            assertThat(readResponse(socket)).startsWith("HTTP/1.1 200 OK").endsWith("POST hi");
        }
        assertThat(server.requestsReceived("POST", "/echo")).isEqualTo(2);
    }

    @Test
    @DisplayName("HD1: a chunked body whose sender stops after the last chunk, before the empty line, is still served")
    void chunkedBodyEndingAtTheLastChunkIsServed() throws IOException {
        start();
        try (Socket socket = connect()) {
            send(socket, "POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n");
            socket.shutdownOutput();
            assertThat(readResponse(socket)).startsWith("HTTP/1.1 200 OK").endsWith("POST abc");
        }
    }

    @Test
    @DisplayName("HD1: after a slow body the connection is kept and serves the next request")
    void aSlowBodyKeepsTheConnection() throws IOException {
        start();
        try (Socket socket = connect()) {
            send(socket, "GET /slow HTTP/1.1\r\n\r\n");
            assertThat(readResponse(socket)).endsWith("\r\n\r\nabc");
            send(socket, "GET /echo HTTP/1.1\r\n\r\n");
            assertThat(readResponse(socket)).startsWith("HTTP/1.1 200 OK").endsWith("GET ");
        }
        assertThat(server.acceptedConnections()).isEqualTo(1);
        assertThat(sleeper.waits()).hasSize(2);
    }

    @Test
    @DisplayName("HD1: the server's threads never hold the JVM open, and it counts its open connections")
    void threadsAndOpenConnections() throws Exception {
        start();
        try (Socket socket = connect()) {
            send(socket, "GET /echo HTTP/1.1\r\n\r\n");
            readResponse(socket);
            assertThat(server.openConnections()).isEqualTo(1);
            assertThat(Thread.getAllStackTraces().keySet())
                    .filteredOn(thread -> thread.getName().startsWith("edges-"))
                    .extracting(Thread::getName)
                    .contains("edges-accept");
            assertThat(Thread.getAllStackTraces().keySet())
                    .filteredOn(thread -> thread.getName().startsWith("edges-"))
                    .hasSizeGreaterThanOrEqualTo(2)
                    .allMatch(Thread::isDaemon);
        }
    }

    @Test
    @DisplayName("HD1: when the routes cannot be made the port is given back at once")
    void aFailedStartFreesItsPort() throws IOException {
        int port;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        ServerOptions options = ServerOptions.defaults().withPort(port);
        assertThatThrownBy(() -> LoopbackServer.start("failing", options, baseUri -> {
                    throw new IllegalStateException("no routes for " + baseUri);
                }))
                .hasMessage("no routes for http://127.0.0.1:" + port);

        start(options);
        assertThat(server.port()).isEqualTo(port);
    }

    @ParameterizedTest(name = "HD1: status {0} reads {1}")
    @CsvSource(delimiter = '|', textBlock = """
            200 | OK
            201 | Created
            204 | No Content
            302 | Found
            303 | See Other
            400 | Bad Request
            401 | Unauthorized
            403 | Forbidden
            404 | Not Found
            405 | Method Not Allowed
            408 | Request Timeout
            413 | Content Too Large
            414 | URI Too Long
            415 | Unsupported Media Type
            429 | Too Many Requests
            431 | Request Header Fields Too Large
            500 | Internal Server Error
            501 | Not Implemented
            502 | Bad Gateway
            503 | Service Unavailable
            504 | Gateway Timeout
            418 | Status
            """)
    void reasonPhrases(int status, String phrase) throws IOException {
        start();
        assertThat(exchange("GET /status?code=" + status + " HTTP/1.1\r\n\r\n"))
                .startsWith("HTTP/1.1 " + status + " " + phrase + "\r\n");
    }

    @Test
    @DisplayName("HD1: the Date is the clock's current second, a handler's own Date wins, and one may send none")
    void theDateHeader() throws IOException {
        start();
        assertThat(exchange("GET /echo HTTP/1.1\r\n\r\n")).contains("Date: Thu, 01 Jan 2026 00:00:00 GMT\r\n");
        clock.advance(Duration.ofMillis(999));
        assertThat(exchange("GET /echo HTTP/1.1\r\n\r\n")).contains("Date: Thu, 01 Jan 2026 00:00:00 GMT\r\n");
        clock.advance(Duration.ofMillis(1));
        assertThat(exchange("GET /echo HTTP/1.1\r\n\r\n")).contains("Date: Thu, 01 Jan 2026 00:00:01 GMT\r\n");

        String dated = exchange("GET /dated HTTP/1.1\r\n\r\n");
        assertThat(dated).contains("date: Mon, 01 Jan 2024 00:00:00 GMT\r\n").doesNotContain("Date:");
        assertThat(exchange("GET /undated HTTP/1.1\r\n\r\n")).doesNotContainIgnoringCase("date:");
    }

    @Test
    @DisplayName("HD1: a slow body comes in pieces with a pause between each, and a HEAD answer of it without any")
    void slowBodies() throws IOException {
        start();
        assertThat(exchange("GET /slow HTTP/1.1\r\n\r\n")).endsWith("\r\n\r\nabc");
        assertThat(sleeper.waits()).containsExactly(Duration.ofMillis(100), Duration.ofMillis(100));

        assertThat(exchange("HEAD /slow HTTP/1.1\r\nConnection: close\r\n\r\n")).endsWith("\r\n\r\n");
        assertThat(sleeper.waits()).hasSize(2);
    }

    @Test
    @DisplayName("HD1: a connection idle past the keep-alive is closed with a FIN")
    void idleConnectionsAreClosed() throws IOException {
        start(ServerOptions.defaults().withKeepAlive(Duration.ofMillis(300)));
        try (Socket socket = connect()) {
            send(socket, "GET /echo HTTP/1.1\r\n\r\n");
            readResponse(socket);
            assertThat(socket.getInputStream().read()).isEqualTo(-1);
        }
    }

    @Test
    @DisplayName("HD1: a connection over the most the server serves at once is reset, not queued")
    void connectionsOverTheLimitAreReset() throws Exception {
        start(new ServerOptions(0, 1024, 1, clock, sleeper, ServerOptions.DEFAULT_KEEP_ALIVE));
        try (Socket first = connect()) {
            send(first, "GET /echo HTTP/1.1\r\n\r\n");
            readResponse(first);
            try (Socket second = connect()) {
                assertThatThrownBy(() -> {
                            send(second, "GET /echo HTTP/1.1\r\n\r\n");
                            second.getInputStream().read();
                        })
                        .isInstanceOf(SocketException.class);
            }
            send(first, "GET /echo HTTP/1.1\r\n\r\n");
            assertThat(readResponse(first)).as("the first is still served").startsWith("HTTP/1.1 200");
        }
    }

    @Test
    @DisplayName("HD1: closing the server closes its open connections and its port")
    void closeEndsEverything() throws IOException {
        start();
        try (Socket socket = connect()) {
            send(socket, "GET /echo HTTP/1.1\r\n\r\n");
            readResponse(socket);
            server.close();
            assertThat(socket.getInputStream().read()).isEqualTo(-1);
        }
        assertThatThrownBy(this::connect).isInstanceOf(IOException.class);
    }
}
