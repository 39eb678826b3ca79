package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.stormwatch.base.Secret;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The loopback receiver's edges on real sockets: a head at its size limit however its bytes are split (HD4), the
 * head deadline on an injected clock (HD1), its handler threads, the descriptors of a refused bind, and the one-time
 * page's reading of the request line (SX8).
 */
class LoopbackReceiverEdgesTest {

    private static final int LIMIT = LoopbackReceiver.MAX_REQUEST_HEAD_BYTES;
    private final Secret state = Secret.of("expected-state");
    private LoopbackReceiver receiver;

    @AfterEach
    void close() {
        if (receiver != null) {
            receiver.close();
        }
    }

    @Test
    @DisplayName("HD4: a head of exactly 16 KiB is read when its blank line comes in a later read than its last byte")
    void aHeadAtTheLimitIsReadWhenItsBlankLineComesLater() throws Exception {
        String head = padded("GET /callback HTTP/1.1\r\nX: ", LIMIT);

        Optional<LoopbackReceiver.RequestHead> read = readSentInTwo(head, "\r\n\r\n", Duration.ofSeconds(10));

        assertThat(read).hasValueSatisfying(h -> {
            assertThat(h.requestLine()).isEqualTo("GET /callback HTTP/1.1");
            assertThat(h.headers()).singleElement().asString().hasSize(LIMIT - "GET /callback HTTP/1.1\r\n".length());
        });
    }

    @Test
    @DisplayName("HD4: a head whose blank line starts at the limit is read when the blank line's last byte comes later")
    void aBlankLineSplitAtTheLimitIsStillFound() throws Exception {
        String head = padded("GET /callback HTTP/1.1\r\nX: ", LIMIT) + "\r\n\r";

        assertThat(readSentInTwo(head, "\n", Duration.ofSeconds(10)))
                .hasValueSatisfying(h -> assertThat(h.requestLine()).isEqualTo("GET /callback HTTP/1.1"));
    }

    @Test
    @DisplayName("HD4: a head one byte over 16 KiB is refused whether it comes at once or its blank line comes later")
    void aHeadOverTheLimitIsRefusedEitherWay() throws Exception {
        String head = padded("GET /callback HTTP/1.1\r\nX: ", LIMIT + 1);

        assertThat(LoopbackReceiver.completeHead((head + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1)))
                .isEmpty();
        assertThat(readSentInTwo(head, "\r\n\r\n", Duration.ofSeconds(10))).isEmpty();
    }

    @Test
    @DisplayName("HD4: a head without a blank line is refused as soon as 16 KiB and four bytes have come, not at its"
            + " deadline")
    void aHeadThatCannotEndWithinTheLimitIsRefusedAtOnce() throws Exception {
        String head = padded("GET /callback HTTP/1.1\r\nX: ", LIMIT + 4);
        try (SocketPair pair = SocketPair.open()) {
            pair.client().getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
            long start = System.nanoTime();
            // The deadline is a minute away: only the size may end the reading before the 20 s guard.
            var read = assertTimeoutPreemptively(
                    Duration.ofSeconds(20),
                    () -> LoopbackReceiver.readHead(
                            pair.accepted(),
                            System.nanoTime() + Duration.ofMinutes(1).toNanos()));
            assertThat(read).isEmpty();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
        }
    }

    @Test
    @DisplayName("HD4: a redirect whose head is exactly 16 KiB, its blank line sent a moment later, ends the wait")
    void aRedirectAtTheLimitSentInTwoPartsEndsTheWait() throws Exception {
        receiver = LoopbackReceiver.open(state);
        String head = padded(
                "GET /callback?code=c&state=expected-state HTTP/1.1\r\nHost: 127.0.0.1:" + receiver.port() + "\r\nX: ",
                LIMIT);
        try (Socket browser = new Socket("127.0.0.1", receiver.port())) {
            browser.setSoTimeout(15_000);
            OutputStream out = browser.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            Thread.sleep(300);
            out.write("\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));

            assertThat(receiver.await(Duration.ofSeconds(15)).code()).contains(Secret.of("c"));
            receiver.respond(SignInPage.succeeded());
            assertThat(new String(browser.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
                    .startsWith("HTTP/1.1 200");
        }
    }

    @Test
    @DisplayName("HD1: a head that is only its blank line has no request line and is refused at once, not at its"
            + " deadline")
    void aBareBlankLineIsRefusedAtOnce() throws Exception {
        try (SocketPair pair = SocketPair.open()) {
            pair.client().getOutputStream().write("\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            var read = assertTimeoutPreemptively(
                    Duration.ofSeconds(20),
                    () -> LoopbackReceiver.readHead(
                            pair.accepted(),
                            System.nanoTime() + Duration.ofMinutes(1).toNanos()));
            assertThat(read).isEmpty();
        }
    }

    @Test
    @DisplayName("HD1: with under a millisecond left on the head's clock, nothing is read and the reading ends at once")
    void underAMillisecondLeftOnTheClockEndsTheReading() throws Exception {
        try (SocketPair pair = SocketPair.open()) {
            long deadline = 5_000_000_000L;
            // The clock stands 0.5 ms before the deadline: as a socket timeout that rounds to 0, which means "none".
            var read = assertTimeoutPreemptively(
                    Duration.ofSeconds(20),
                    () -> LoopbackReceiver.readHead(pair.accepted(), deadline, () -> deadline - 500_000));
            assertThat(read).isEmpty();
        }
    }

    @Test
    @DisplayName("HD1: a head that has not ended when its clock passes the deadline is given up, whatever came so far")
    void aHeadStillOpenWhenTheClockPassesTheDeadlineIsGivenUp() throws Exception {
        try (SocketPair pair = SocketPair.open()) {
            pair.client().getOutputStream().write("GET /callback HTTP/1.1\r\n".getBytes(StandardCharsets.ISO_8859_1));
            long[] now = {0};
            long deadline = Duration.ofSeconds(10).toNanos();
            var read = assertTimeoutPreemptively(
                    Duration.ofSeconds(20),
                    () -> LoopbackReceiver.readHead(pair.accepted(), deadline, () -> {
                        long at = now[0];
                        now[0] = deadline; // the first read took all the time there was
                        return at;
                    }));
            assertThat(read).isEmpty();
        }
    }

    @Test
    @DisplayName("A connection's handler thread carries the receiver's port in its name and never keeps the process"
            + " alive")
    @SuppressWarnings("try") // the connection is only held open, sending nothing
    void handlerThreadsAreNamedForThePortAndAreDaemons() throws Exception {
        receiver = LoopbackReceiver.open(state);
        try (Socket idle = new Socket("127.0.0.1", receiver.port())) {
            List<Thread> handlers = awaitHandlers(receiver.port(), true);

            assertThat(handlers)
                    .isNotEmpty()
                    .allSatisfy(thread -> assertThat(thread.isDaemon()).isTrue());
        }
    }

    @Test
    @DisplayName("The threads that accept connections never keep the process alive, even when a non-daemon thread"
            + " opened the receiver")
    void acceptingThreadsAreDaemons() throws Exception {
        // A thread inherits its creator's daemon flag: open from a non-daemon thread, as the app's and CLI's are.
        Thread opener = new Thread(() -> receiver = LoopbackReceiver.open(state), "non-daemon-opener");
        opener.setDaemon(false);
        opener.start();
        opener.join(20_000);
        assertThat(receiver).as("the receiver opened").isNotNull();
        String port = ":" + receiver.port();

        // One per listener, named for its address: "loopback-redirect-" then the address and the port.
        List<Thread> accepting = Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith("loopback-redirect-")
                        && !thread.getName().startsWith("loopback-redirect-handler")
                        && thread.getName().endsWith(port))
                .toList();

        assertThat(accepting)
                .isNotEmpty()
                .allSatisfy(thread -> assertThat(thread.isDaemon()).isTrue());
    }

    @Test
    @DisplayName("Closing the receiver ends its idle handler threads, not a minute later")
    void closingEndsTheIdleHandlerThreads() throws Exception {
        receiver = LoopbackReceiver.open(state);
        int port = receiver.port();
        assertThat(send("GET /elsewhere HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n\r\n"))
                .startsWith("HTTP/1.1 404");
        assertThat(awaitHandlers(port, true))
                .as("the handler that answered waits for work")
                .isNotEmpty();

        receiver.close();

        assertThat(awaitHandlers(port, false))
                .as("handler threads alive 20 s after close")
                .isEmpty();
    }

    @Test
    @DisplayName("AR2: opening on a taken port, refused again and again, leaves no file descriptor open")
    void refusedOpensLeaveNoDescriptorOpen() throws Exception {
        Assumptions.assumeTrue(
                ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean,
                "counting descriptors needs a Unix JVM");
        var os = (com.sun.management.UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            int port = taken.getLocalPort();
            long before = os.getOpenFileDescriptorCount();
            for (int k = 0; k < 300; k++) {
                assertThatThrownBy(() -> LoopbackReceiver.open(state, port))
                        .hasMessageContaining("cannot listen for the browser's redirect on 127.0.0.1 port " + port);
            }
            // Each refused bind would leave one descriptor until a garbage collection; tests in the other lane may
            // open a few meanwhile, never a hundred.
            assertThat(os.getOpenFileDescriptorCount() - before).isLessThan(100);
        }
    }

    @Test
    @DisplayName("SX8: the one-time page is served to a GET of its path with a query, never to another method or a"
            + " line that is no HTTP request, and those leave it in place")
    void theOneTimePageReadsTheRequestLineOnce() {
        receiver = LoopbackReceiver.open(state, RedirectChoice.DEFAULT, LoopbackReceiver.LOGGED_OUT_PATH);
        String path = LoopbackReceiver.END_SESSION_PAGE_PREFIX + "unguessable";
        String host = "\r\nHost: 127.0.0.1:" + receiver.port() + "\r\n\r\n";
        receiver.serveOnce(
                path, "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\npage".getBytes(StandardCharsets.US_ASCII));

        assertThat(send("POST " + path + " HTTP/1.1" + host)).startsWith("HTTP/1.1 405");
        assertThat(send("GET " + path + " FTP/1.0" + host)).startsWith("HTTP/1.1 400");
        assertThat(send("GET " + path + "x HTTP/1.1" + host)).startsWith("HTTP/1.1 404");
        assertThat(send("GET " + path + "?from=browser HTTP/1.1" + host))
                .isEqualTo("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\npage");
        assertThat(send("GET " + path + " HTTP/1.1" + host)).as("served once").startsWith("HTTP/1.1 404");
    }

    @Test
    @DisplayName("A request line's method, target and version are read once; anything but three parts with an HTTP"
            + " version is none")
    void aRequestLineHasThreePartsAndAnHttpVersion() {
        assertThat(RedirectRequestCheck.RequestLine.parse("GET /a?b=c HTTP/1.1"))
                .hasValue(new RedirectRequestCheck.RequestLine("GET", "/a?b=c", "HTTP/1.1"))
                .hasValueSatisfying(line -> assertThat(line.path()).isEqualTo("/a"));
        assertThat(RedirectRequestCheck.RequestLine.parse("GET /a HTTP/1.1")
                        .orElseThrow()
                        .path())
                .isEqualTo("/a");
        assertThat(RedirectRequestCheck.RequestLine.parse("GET /a")).isEmpty();
        assertThat(RedirectRequestCheck.RequestLine.parse("GET /a b HTTP/1.1")).isEmpty();
        assertThat(RedirectRequestCheck.RequestLine.parse("GET /a SIP/2.0")).isEmpty();
    }

    /** A head of exactly {@code size} bytes: {@code start} followed by letters. */
    private static String padded(String start, int size) {
        return start + "a".repeat(size - start.length());
    }

    /**
     * Sends {@code first}, then {@code rest} 300 ms later, and reads the head on the accepting side meanwhile, with
     * {@code deadline} to spare.
     */
    private static Optional<LoopbackReceiver.RequestHead> readSentInTwo(String first, String rest, Duration deadline)
            throws Exception {
        try (SocketPair pair = SocketPair.open()) {
            CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> {
                try {
                    OutputStream out = pair.client().getOutputStream();
                    out.write(first.getBytes(StandardCharsets.ISO_8859_1));
                    Thread.sleep(300);
                    out.write(rest.getBytes(StandardCharsets.ISO_8859_1));
                } catch (IOException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            var read = assertTimeoutPreemptively(
                    Duration.ofSeconds(30),
                    () -> LoopbackReceiver.readHead(pair.accepted(), System.nanoTime() + deadline.toNanos()));
            sender.get(10, TimeUnit.SECONDS);
            return read;
        }
    }

    /** Waits up to 20 s for this port's handler threads to be there ({@code present}) or gone; returns them. */
    private static List<Thread> awaitHandlers(int port, boolean present) throws InterruptedException {
        String name = "loopback-redirect-handler-" + port;
        long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            List<Thread> alive = Thread.getAllStackTraces().keySet().stream()
                    .filter(thread -> thread.getName().equals(name) && thread.isAlive())
                    .toList();
            if (alive.isEmpty() != present || System.nanoTime() > end) {
                return alive;
            }
            Thread.sleep(20);
        }
    }

    private String send(String request) {
        try (Socket socket = new Socket("127.0.0.1", receiver.port())) {
            socket.setSoTimeout(15_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A connected pair of loopback sockets: the client's end and the accepted one. */
    private record SocketPair(ServerSocket server, Socket client, Socket accepted) implements AutoCloseable {

        static SocketPair open() throws IOException {
            ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
            Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
            return new SocketPair(server, client, server.accept());
        }

        @Override
        public void close() throws IOException {
            try (server;
                    client;
                    accepted) {
                // closes all three
            }
        }
    }
}
