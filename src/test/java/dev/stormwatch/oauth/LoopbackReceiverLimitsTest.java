package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.stormwatch.base.Secret;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The loopback receiver's limits, on real sockets: how many connections may read their head at once, the head's
 * deadline, and the refusal when the address the redirect URI names cannot be listened on.
 */
class LoopbackReceiverLimitsTest {

    private final Secret state = Secret.of("expected-state");
    private LoopbackReceiver receiver;
    private final List<Socket> clients = new ArrayList<>();

    @AfterEach
    void close() throws IOException {
        for (Socket client : clients) {
            client.close();
        }
        if (receiver != null) {
            receiver.close();
        }
    }

    @Test
    @DisplayName("Past 32 connections reading their head, the oldest is dropped unanswered; the next oldest is still"
            + " read, and an answered request no longer counts")
    void theThirtyThirdConnectionDropsOnlyTheOldest() throws Exception {
        receiver = LoopbackReceiver.open(state);
        // An answered request is done: it must not take a place among the connections still reading.
        assertThat(send("GET /callback?code=stolen&state=attacker HTTP/1.1\r\nHost: 127.0.0.1:" + receiver.port()
                        + "\r\n\r\n"))
                .startsWith("HTTP/1.1 400");

        long start = System.nanoTime();
        for (int k = 0; k <= LoopbackReceiver.MAX_PENDING_CONNECTIONS; k++) {
            Socket idle = new Socket("127.0.0.1", receiver.port());
            idle.setSoTimeout(15_000);
            clients.add(idle);
            // The listener's backlog is 8: connecting faster than it accepts would park connections in the kernel,
            // each then retried a second later.
            Thread.sleep(10);
        }
        // What is judged needs all 33 in place before the oldest's 2 s head deadline; a machine too busy for that
        // proves nothing either way.
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofMillis(1500)) < 0,
                "connecting 33 sockets took longer than 1.5 s");

        // The oldest is closed as soon as the 33rd arrives, with nothing written to it: its read ends empty.
        assertThat(readToEnd(clients.get(0))).isEmpty();
        // The second oldest kept its place: at the 2 s head deadline it gets the refusal page, not a silent close.
        assertThat(readToEnd(clients.get(1))).startsWith("HTTP/1.1 414");
        // And the redirect still ends the wait.
        CompletableFuture<String> browser = CompletableFuture.supplyAsync(
                () -> send("GET /callback?code=c&state=expected-state HTTP/1.1\r\nHost: 127.0.0.1:" + receiver.port()
                        + "\r\n\r\n"));
        assertThat(receiver.await(Duration.ofSeconds(10)).code()).contains(Secret.of("c"));
        receiver.respond(SignInPage.succeeded());
        assertThat(browser.get(10, TimeUnit.SECONDS)).startsWith("HTTP/1.1 200");
    }

    @Test
    @DisplayName("HD1: a connection that sends nothing is given up at its head deadline, not waited on for ever")
    @SuppressWarnings("try") // the client is only held open, sending nothing
    void anIdleConnectionEndsAtTheDeadline() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                Socket accepted = server.accept()) {
            long start = System.nanoTime();
            var head = assertTimeoutPreemptively(
                    Duration.ofSeconds(20),
                    () -> LoopbackReceiver.readHead(
                            accepted, System.nanoTime() + Duration.ofMillis(300).toNanos()));
            assertThat(head).isEmpty();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(250));
        }
    }

    @Test
    @DisplayName("HD1: a head deadline with under a millisecond left reads nothing more and never waits without end")
    @SuppressWarnings("try") // the client is only held open, sending nothing
    void lessThanAMillisecondLeftReadsNothing() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                Socket accepted = server.accept()) {
            // Under a millisecond left rounds down to 0 ms, which as a socket timeout would mean "no timeout at all".
            var head = assertTimeoutPreemptively(
                    Duration.ofSeconds(20), () -> LoopbackReceiver.readHead(accepted, System.nanoTime() + 900_000));
            assertThat(head).isEmpty();
        }
    }

    @Test
    @DisplayName("A head that arrives whole before its deadline is read, and a closed connection ends the reading")
    void aWholeHeadIsReadAndAnEndedConnectionIsNot() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 2, InetAddress.getLoopbackAddress())) {
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                    Socket accepted = server.accept()) {
                client.getOutputStream()
                        .write("GET /callback HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                var head = LoopbackReceiver.readHead(
                        accepted, System.nanoTime() + Duration.ofSeconds(10).toNanos());
                assertThat(head).hasValueSatisfying(h -> {
                    assertThat(h.requestLine()).isEqualTo("GET /callback HTTP/1.1");
                    assertThat(h.headers()).containsExactly("Host: 127.0.0.1");
                });
            }
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                    Socket accepted = server.accept()) {
                client.getOutputStream().write("GET /callback HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII));
                client.shutdownOutput();
                long start = System.nanoTime();
                var head = assertTimeoutPreemptively(
                        Duration.ofSeconds(20),
                        () -> LoopbackReceiver.readHead(
                                accepted,
                                System.nanoTime() + Duration.ofSeconds(10).toNanos()));
                assertThat(head).isEmpty();
                // It ended with the connection, long before the 10 s deadline.
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
            }
        }
    }

    @Test
    @DisplayName("AR3: when [::1] cannot be listened on, the error names it and says to use --redirect-host 127.0.0.1")
    void aTakenIpv6PortNamesTheIpv4Way() throws Exception {
        InetAddress v6 = InetAddress.getByName("::1");
        try (ServerSocket taken = new ServerSocket()) {
            try {
                taken.bind(new InetSocketAddress(v6, 0));
            } catch (IOException noIpv6) {
                org.junit.jupiter.api.Assumptions.abort("this machine has no IPv6 loopback");
            }
            RedirectChoice choice = new RedirectChoice(RedirectChoice.Host.IPV6, taken.getLocalPort());

            assertThatThrownBy(() -> LoopbackReceiver.open(state, choice, LoopbackReceiver.CALLBACK_PATH))
                    .hasMessageContaining(
                            "cannot listen for the browser's redirect on [::1] port " + taken.getLocalPort())
                    .hasMessageContaining("use --redirect-host 127.0.0.1");
        }
    }

    @Test
    @DisplayName("AR2: when 127.0.0.1 cannot be listened on, the error names it and gives no IPv6 advice")
    void aTakenIpv4PortGivesNoIpv6Advice() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            RedirectChoice choice = new RedirectChoice(RedirectChoice.Host.IPV4, taken.getLocalPort());

            assertThatThrownBy(() -> LoopbackReceiver.open(state, choice, LoopbackReceiver.CALLBACK_PATH))
                    .hasMessageContaining(
                            "cannot listen for the browser's redirect on 127.0.0.1 port " + taken.getLocalPort())
                    .message()
                    .doesNotContain("--redirect-host");
        }
    }

    /** Reads what the receiver writes until it closes the connection. */
    private static String readToEnd(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    private String send(String request) {
        try (Socket socket = new Socket("127.0.0.1", receiver.port())) {
            socket.setSoTimeout(15_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return readToEnd(socket);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
