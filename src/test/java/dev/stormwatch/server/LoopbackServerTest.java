package dev.stormwatch.server;

import static dev.stormwatch.server.RawSocket.readResponse;
import static dev.stormwatch.server.RawSocket.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.testing.FakeClock;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The raw HTTP/1.1 server, spoken to over plain sockets so that every byte (and every RST) is visible. */
class LoopbackServerTest {

    private LoopbackServer server;

    @BeforeEach
    void start() throws IOException {
        server = LoopbackServer.start(
                "test",
                ServerOptions.defaults().withMaxBodyBytes(1024).withClock(FakeClock.atNewYear()),
                Map.of(
                        "/echo", request -> Response.text(200, request.method() + " " + request.bodyText()),
                        "/reset", request -> Response.reset(),
                        "/boom",
                                request -> {
                                    throw new IllegalStateException("a bug");
                                }));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void servesSeveralRequestsOnOneKeepAliveConnection() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "GET /echo HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(readResponse(socket)).startsWith("HTTP/1.1 200 OK").endsWith("GET ");
            send(socket, "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello");
            assertThat(readResponse(socket)).startsWith("HTTP/1.1 200 OK").endsWith("POST hello");
        }
    }

    @Test
    void addsTheDateOfItsClock() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "GET /echo HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(readResponse(socket)).contains("Date: Thu, 01 Jan 2026 00:00:00 GMT\r\n");
        }
    }

    @Test
    void readsAChunkedBodyAndAnswersExpectContinue() throws IOException {
        try (Socket socket = connect()) {
            send(
                    socket,
                    "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n");
            send(socket, "3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n");
            String answer = readResponse(socket);
            assertThat(answer)
                    .startsWith("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK")
                    .endsWith("POST abcde");
        }
    }

    @Test
    void malformedRequestLineGets400AndTheServerKeepsServing() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "NONSENSE\r\n\r\n");
            assertThat(readResponse(socket))
                    .startsWith("HTTP/1.1 400 Bad Request")
                    .contains("invalid_request");
        }
        assertThat(getEcho()).startsWith("HTTP/1.1 200");
    }

    @Test
    void bodyOverTheLimitGets413WithoutBeingRead() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1025\r\n\r\n");
            assertThat(readResponse(socket)).startsWith("HTTP/1.1 413 Content Too Large");
        }
        assertThat(getEcho()).startsWith("HTTP/1.1 200");
    }

    @Test
    void bothContentLengthAndChunkedIsRefused() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n");
            assertThat(readResponse(socket)).startsWith("HTTP/1.1 400");
        }
    }

    @Test
    void unknownPathGets404() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(readResponse(socket)).startsWith("HTTP/1.1 404");
        }
    }

    @Test
    void aFailingHandlerGets500WithoutAStackTrace() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "GET /boom HTTP/1.1\r\nHost: x\r\n\r\n");
            String answer = readResponse(socket);
            assertThat(answer)
                    .startsWith("HTTP/1.1 500")
                    .doesNotContain("IllegalStateException")
                    .doesNotContain("at dev.");
        }
        assertThat(getEcho()).startsWith("HTTP/1.1 200");
    }

    @Test
    void resetDeliverySendsATcpResetNotAnOrderlyClose() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "GET /reset HTTP/1.1\r\nHost: x\r\n\r\n");
            // An orderly close (FIN) would make read() return -1; an RST makes it throw "Connection reset".
            assertThatThrownBy(() -> socket.getInputStream().read())
                    .isInstanceOf(SocketException.class)
                    .hasMessageContaining("reset");
        }
    }

    @Test
    void resetOpenConnectionsResetsIdleKeepAliveConnections() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "GET /echo HTTP/1.1\r\nHost: x\r\n\r\n");
            readResponse(socket);
            assertThat(server.resetOpenConnections()).isEqualTo(1);
            assertThatThrownBy(() -> socket.getInputStream().read()).isInstanceOf(SocketException.class);
        }
    }

    private String getEcho() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            return readResponse(socket);
        }
    }

    private Socket connect() throws IOException {
        return RawSocket.connect(server);
    }
}
