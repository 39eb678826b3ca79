package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.base.Secret;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class LoopbackReceiverTest {

    private final Secret state = Secret.of("expected-state");
    private LoopbackReceiver receiver;

    @AfterEach
    void close() {
        if (receiver != null) {
            receiver.close();
        }
    }

    @Test
    void listensOnLoopbackOnlyOnAnEphemeralPortAndRedirectsToTheLiteralIp() {
        receiver = LoopbackReceiver.open(state);

        assertThat(receiver.port()).isPositive();
        assertThat(receiver.boundAddresses()).isNotEmpty().allSatisfy(address -> {
            assertThat(address.getAddress().isLoopbackAddress()).isTrue();
            assertThat(address.getAddress().isAnyLocalAddress()).isFalse();
            assertThat(address.getPort()).isEqualTo(receiver.port());
        });
        assertThat(receiver.boundAddresses().get(0).getAddress().getHostAddress())
                .isEqualTo("127.0.0.1");
        assertThat(receiver.redirectUri().toString()).isEqualTo("http://127.0.0.1:" + receiver.port() + "/callback");
    }

    @Test
    void theRedirectWithTheExpectedStateEndsTheWaitAndThePortCloses() throws Exception {
        receiver = LoopbackReceiver.open(state);
        assertThat(receiverListensOn(receiver))
                .as("the check sees an open receiver")
                .isTrue();
        CompletableFuture<String> browser = CompletableFuture.supplyAsync(
                () -> get("/callback?code=the-code&state=expected-state&iss=https%3A%2F%2Fidp"));

        AuthorizationRedirect redirect = receiver.await(Duration.ofSeconds(5));
        receiver.respond(SignInPage.succeeded());

        assertThat(redirect.code()).contains(Secret.of("the-code"));
        assertThat(redirect.iss()).contains("https://idp");
        assertThat(browser.get(5, TimeUnit.SECONDS)).startsWith("HTTP/1.1 200").contains("Signed in");
        assertThat(receiver.isClosed()).isTrue();
        assertThat(receiverListensOn(receiver))
                .as("the receiver still listens on the redirect port")
                .isFalse();
    }

    @Test
    @org.junit.jupiter.api.DisplayName("UI5, UI20: the signed-in page says the tab can be closed and runs only its"
            + " address-cleaning and close script")
    void signedInPageOffersToCloseItsTab() throws Exception {
        receiver = LoopbackReceiver.open(state);
        CompletableFuture<String> browser =
                CompletableFuture.supplyAsync(() -> get("/callback?code=the-code&state=expected-state"));
        receiver.await(Duration.ofSeconds(5));
        receiver.respond(SignInPage.succeeded());
        String page = browser.get(5, TimeUnit.SECONDS);

        assertThat(page).contains("You can close this tab");
        java.util.regex.Matcher script =
                java.util.regex.Pattern.compile("<script>(.*?)</script>").matcher(page);
        assertThat(script.find()).isTrue();
        String code = script.group(1);
        assertThat(code).isEqualTo("history.replaceState(null, '', '/');window.close();");
        assertThat(script.find()).as("one script only").isFalse();
        String hash = java.util.Base64.getEncoder()
                .encodeToString(java.security.MessageDigest.getInstance("SHA-256")
                        .digest(code.getBytes(StandardCharsets.UTF_8)));
        // The policy lets exactly this script run, and nothing else.
        assertThat(page)
                .contains("Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; "
                        + "script-src 'sha256-" + hash + "'\r\n");
    }

    @Test
    @org.junit.jupiter.api.DisplayName(
            "UI5, UI20: a failed sign-in's page stays open: its one script only cleans the" + " address bar")
    void failedSignInPageHasNoScript() throws Exception {
        receiver = LoopbackReceiver.open(state);
        CompletableFuture<String> browser =
                CompletableFuture.supplyAsync(() -> get("/callback?code=the-code&state=expected-state"));
        receiver.await(Duration.ofSeconds(5));
        receiver.respond(SignInPage.failed("The provider said no."));

        String page = browser.get(5, TimeUnit.SECONDS);
        assertThat(page)
                .contains("The provider said no.")
                .doesNotContain("window.close")
                .contains("<script>history.replaceState(null, '', '/');</script>");
        String hash = java.util.Base64.getEncoder()
                .encodeToString(java.security.MessageDigest.getInstance("SHA-256")
                        .digest("history.replaceState(null, '', '/');".getBytes(StandardCharsets.UTF_8)));
        assertThat(page).contains("script-src 'sha256-" + hash + "'\r\n");
    }

    /**
     * Whether this receiver still answers on its port. A connect to a port nobody listens on can, rarely, succeed by
     * connecting to itself (TCP simultaneous open, when the kernel picks that same port as the source), which once
     * made this check flaky; such a socket is its own peer. And once the receiver has let the port go (AR4: at once,
     * TIME_WAIT or not), a receiver of a test running in the other lane may be given that port and answer a callback
     * just as this one would: so the check has this receiver serve a page of its own, once, under a fresh path
     * (SX8's one-time page), asks for it, and counts only that page's answer.
     */
    private static boolean receiverListensOn(LoopbackReceiver receiver) throws IOException {
        int port = receiver.port();
        String mark = "probe-" + java.util.UUID.randomUUID();
        receiver.serveOnce(
                "/" + mark,
                ("HTTP/1.1 200 OK\r\nContent-Length: " + mark.length() + "\r\nConnection: close\r\n\r\n" + mark)
                        .getBytes(StandardCharsets.US_ASCII));
        try (Socket probe = new Socket("127.0.0.1", port)) {
            if (probe.getLocalPort() == port) {
                return false;
            }
            // On a busy machine the receiver's handler may start seconds late; a foreign server that never answers
            // costs the wait and still reads as "not this receiver".
            probe.setSoTimeout(15_000);
            probe.getOutputStream()
                    .write(("GET /" + mark + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            String answer = new String(probe.getInputStream().readNBytes(8192), StandardCharsets.UTF_8);
            return answer.endsWith("\r\n\r\n" + mark);
        } catch (ConnectException | java.net.SocketTimeoutException e) {
            return false;
        }
    }

    // Regression: close() closed only the listeners, so a redirect nobody answered kept the browser's socket open.
    @Test
    void closingWithoutAnAnswerShowsAFailurePageAndClosesTheBrowsersConnection() throws Exception {
        receiver = LoopbackReceiver.open(state);
        CompletableFuture<String> browser =
                CompletableFuture.supplyAsync(() -> get("/callback?code=the-code&state=expected-state"));
        receiver.await(Duration.ofSeconds(5));

        receiver.close();

        // get() reads to the end of the stream: it returns only because the connection was closed.
        assertThat(browser.get(5, TimeUnit.SECONDS))
                .startsWith("HTTP/1.1 200")
                .contains("Sign-in failed")
                .contains("sign in again");
    }

    @Test
    void closingAfterTheAnswerDoesNotWriteASecondPage() throws Exception {
        receiver = LoopbackReceiver.open(state);
        CompletableFuture<String> browser =
                CompletableFuture.supplyAsync(() -> get("/callback?code=the-code&state=expected-state"));
        receiver.await(Duration.ofSeconds(5));

        receiver.respond(SignInPage.succeeded());
        receiver.close();

        assertThat(browser.get(5, TimeUnit.SECONDS)).contains("Signed in").doesNotContain("Sign-in failed");
    }

    @Test
    void aWrongStateGetsAnErrorPageAndTheLoginGoesOnWaiting() throws Exception {
        receiver = LoopbackReceiver.open(state);

        String answer = get("/callback?code=stolen&state=attacker");
        CompletableFuture<String> browser =
                CompletableFuture.supplyAsync(() -> get("/callback?code=good&state=expected-state"));
        AuthorizationRedirect redirect = receiver.await(Duration.ofSeconds(5));
        receiver.respond(SignInPage.succeeded());

        assertThat(answer).startsWith("HTTP/1.1 400").contains("still waiting");
        assertThat(redirect.code()).contains(Secret.of("good"));
        assertThat(browser.get(5, TimeUnit.SECONDS)).contains("Signed in");
    }

    @Test
    @SuppressWarnings("try") // the idle socket is only held open, as a browser's speculative connection is
    void anIdleSpeculativeConnectionDoesNotHoldUpTheRedirect() throws Exception {
        receiver = LoopbackReceiver.open(state);
        try (Socket idle = new Socket("127.0.0.1", receiver.port())) {
            CompletableFuture.runAsync(() -> get("/callback?code=c&state=expected-state"));

            // Well under the 2 s a silent connection may take to time out.
            assertThat(receiver.await(Duration.ofMillis(1500)).code()).contains(Secret.of("c"));
            receiver.respond(SignInPage.succeeded());
        }
    }

    @Test
    void hostileRequestsAreRefusedWithoutEndingTheLogin() throws Exception {
        receiver = LoopbackReceiver.open(state);

        assertThat(get("/callback?code=a&code=b&state=expected-state"))
                .startsWith("HTTP/1.1 400")
                .contains("more than once");
        assertThat(get("/callback?state=expected-state&state=expected-state&code=a"))
                .startsWith("HTTP/1.1 400");
        assertThat(get("/callback?code=a")).startsWith("HTTP/1.1 400").contains("no state");
        assertThat(get("/callback?state=expected-state"))
                .startsWith("HTTP/1.1 400")
                .contains("neither a code");
        assertThat(get("/other?code=a&state=expected-state")).startsWith("HTTP/1.1 404");
        assertThat(send("POST /callback?code=a&state=expected-state HTTP/1.1\r\nHost: 127.0.0.1:" + receiver.port()
                        + "\r\n\r\n"))
                .startsWith("HTTP/1.1 405");
        assertThat(get("/callback?state=expected-state&code=" + "x".repeat(20_000)))
                .startsWith("HTTP/1.1 414");
        assertThat(get("/favicon.ico")).startsWith("HTTP/1.1 404");

        assertThat(receiver.isClosed()).isFalse();
        CompletableFuture.runAsync(() -> get("/callback?code=ok&state=expected-state"));
        assertThat(receiver.await(Duration.ofSeconds(5)).code()).contains(Secret.of("ok"));
        receiver.respond(SignInPage.succeeded());
    }

    @Test
    void providerErrorsAreShownHtmlEscaped() throws Exception {
        receiver = LoopbackReceiver.open(state);
        CompletableFuture<String> browser = CompletableFuture.supplyAsync(
                () -> get(
                        "/callback?error=access_denied&error_description=%3Cscript%3Ealert(1)%3C%2Fscript%3E&state=expected-state"));

        AuthorizationRedirect redirect = receiver.await(Duration.ofSeconds(5));
        receiver.respond(SignInPage.failed(
                "The provider said: " + redirect.errorDescription().orElseThrow()));

        assertThat(redirect.error()).contains("access_denied");
        assertThat(browser.get(5, TimeUnit.SECONDS))
                .contains("Sign-in failed")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;")
                .doesNotContain("<script>alert");
    }

    @Test
    void timeoutClosesThePort() throws Exception {
        receiver = LoopbackReceiver.open(state);

        assertThatThrownBy(() -> receiver.await(Duration.ofMillis(50))).isInstanceOf(TimeoutException.class);

        assertThat(receiver.isClosed()).isTrue();
    }

    @Test
    void cancelEndsTheWaitAndClosesThePort() throws Exception {
        receiver = LoopbackReceiver.open(state);
        CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> {
            try {
                receiver.await(Duration.ofMinutes(5));
            } catch (TimeoutException | InterruptedException e) {
                throw new AssertionError(e);
            }
        });

        receiver.cancel();

        assertThatThrownBy(() -> waiting.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(CancellationException.class);
        assertThat(receiver.isClosed()).isTrue();
    }

    @Test
    void aPortThatCannotBeBoundIsItsOwnClearError() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));

            assertThatThrownBy(() -> LoopbackReceiver.open(state, taken.getLocalPort()))
                    .hasMessageContaining("cannot listen for the browser's redirect on 127.0.0.1");
        }
    }

    @Test
    @DisplayName("Eight slow-loris connections (a byte every 300 ms) do not keep the real redirect waiting")
    void slowLorisConnectionsDoNotStarveTheRedirect() throws Exception {
        receiver = LoopbackReceiver.open(state);
        List<Socket> slow = new ArrayList<>();
        ScheduledExecutorService trickle = Executors.newSingleThreadScheduledExecutor();
        try {
            for (int i = 0; i < 8; i++) {
                slow.add(new Socket("127.0.0.1", receiver.port()));
            }
            trickle.scheduleAtFixedRate(
                    () -> slow.forEach(socket -> {
                        try {
                            socket.getOutputStream().write('G');
                        } catch (IOException e) {
                            // dropped by the receiver: fine
                        }
                    }),
                    0,
                    300,
                    TimeUnit.MILLISECONDS);
            Thread.sleep(200); // the slow ones are being read when the browser comes

            long start = System.nanoTime();
            CompletableFuture.runAsync(() -> get("/callback?code=c&state=expected-state"));
            assertThat(receiver.await(Duration.ofSeconds(5)).code()).contains(Secret.of("c"));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            receiver.respond(SignInPage.succeeded());

            assertThat(took)
                    .as("well under the 2 s head deadline the slow ones may use")
                    .isLessThan(Duration.ofMillis(1000));
        } finally {
            trickle.shutdownNow();
            for (Socket socket : slow) {
                socket.close();
            }
        }
    }

    @Test
    @DisplayName("A head that trickles in a byte every 500 ms is dropped at the 2 s head deadline, not per read")
    void aTricklingHeadIsDroppedAtTheOverallDeadline() throws Exception {
        receiver = LoopbackReceiver.open(state);
        try (Socket slow = new Socket("127.0.0.1", receiver.port())) {
            slow.setSoTimeout(10_000);
            long start = System.nanoTime();
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                try {
                    for (int i = 0; i < 20; i++) {
                        slow.getOutputStream().write('G');
                        Thread.sleep(500);
                    }
                } catch (IOException | InterruptedException e) {
                    // dropped: expected
                }
            });
            String answer = new String(slow.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            writer.cancel(true);

            assertThat(answer).startsWith("HTTP/1.1 414");
            assertThat(took).isBetween(LoopbackReceiver.HEAD_DEADLINE.minusMillis(100), Duration.ofMillis(3500));
        }
    }

    @Test
    @DisplayName("A request whose Host is not this receiver (DNS rebinding) is refused and the login goes on")
    void aForeignHostIsRefusedAndTheLoginGoesOn() throws Exception {
        receiver = LoopbackReceiver.open(state);
        int port = receiver.port();
        String target = "/callback?code=c&state=expected-state";

        assertThat(send("GET " + target + " HTTP/1.1\r\nHost: attacker.example:" + port + "\r\n\r\n"))
                .startsWith("HTTP/1.1 400");
        assertThat(send("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
                .as("no port")
                .startsWith("HTTP/1.1 400");
        assertThat(send("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + (port + 1) + "\r\n\r\n"))
                .as("another port")
                .startsWith("HTTP/1.1 400");
        assertThat(send("GET " + target + " HTTP/1.1\r\n\r\n")).as("no Host").startsWith("HTTP/1.1 400");
        assertThat(send("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nHost: evil:" + port
                        + "\r\n\r\n"))
                .as("two Hosts")
                .startsWith("HTTP/1.1 400");
        assertThat(receiver.isClosed()).isFalse();

        CompletableFuture.runAsync(() -> send("GET " + target + " HTTP/1.1\r\nHost: LOCALHOST:" + port + "\r\n\r\n"));
        assertThat(receiver.await(Duration.ofSeconds(5)).code()).contains(Secret.of("c"));
        receiver.respond(SignInPage.succeeded());
    }

    @Test
    void theThreeLoopbackNamesWithThePortAreThisReceiver() {
        assertThat(RedirectRequestCheck.isThisReceiver("127.0.0.1:8080", 8080)).isTrue();
        assertThat(RedirectRequestCheck.isThisReceiver("[::1]:8080", 8080)).isTrue();
        assertThat(RedirectRequestCheck.isThisReceiver("localhost:8080", 8080)).isTrue();
        assertThat(RedirectRequestCheck.isThisReceiver("127.0.0.2:8080", 8080)).isFalse();
        assertThat(RedirectRequestCheck.isThisReceiver("x127.0.0.1:8080", 8080)).isFalse();
        assertThat(RedirectRequestCheck.isThisReceiver("127.0.0.1:18080", 8080)).isFalse();
        assertThat(RedirectRequestCheck.isThisReceiver("127.0.0.1:808", 8080)).isFalse();
    }

    private String get(String target) {
        return send("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + receiver.port() + "\r\n\r\n");
    }

    @Test
    @DisplayName("A request head of exactly 16 KiB before its blank line is read; one byte more is refused")
    void aHeadUpToTheLimitIsReadAndOneByteMoreIsNot() {
        String line = "GET /callback HTTP/1.1\r\nX: ";
        String atLimit = line + "a".repeat(LoopbackReceiver.MAX_REQUEST_HEAD_BYTES - line.length());

        assertThat(LoopbackReceiver.completeHead((atLimit + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1)))
                .hasValueSatisfying(head -> assertThat(head.requestLine()).isEqualTo("GET /callback HTTP/1.1"));
        assertThat(LoopbackReceiver.completeHead((atLimit + "a\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1)))
                .isEmpty();
        assertThat(LoopbackReceiver.completeHead("\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1)))
                .as("no request line")
                .isEmpty();
        assertThat(LoopbackReceiver.completeHead("GET / HTTP/1.1\r\n".getBytes(StandardCharsets.ISO_8859_1)))
                .as("no blank line")
                .isEmpty();
        assertThat(LoopbackReceiver.completeHead("GET / HTTP/1.1\r\n\r".getBytes(StandardCharsets.ISO_8859_1)))
                .as("a blank line cut off after its CR")
                .isEmpty();
    }

    @Test
    @DisplayName("On a machine with IPv6 loopback, [::1] listens too, on the same port (RFC 8252 §8.3)")
    void bothLoopbackFamiliesListenOnOnePort() throws Exception {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName("::1"))) {
            org.junit.jupiter.api.Assumptions.assumeTrue(probe.isBound(), "this machine has no IPv6 loopback");
        } catch (IOException e) {
            org.junit.jupiter.api.Assumptions.abort("this machine has no IPv6 loopback: " + e.getMessage());
        }
        receiver = LoopbackReceiver.open(state);

        assertThat(receiver.boundAddresses())
                .extracting(address -> address.getAddress().getHostAddress())
                .containsExactly("127.0.0.1", "0:0:0:0:0:0:0:1");
        assertThat(receiver.boundAddresses())
                .allSatisfy(address -> assertThat(address.getPort()).isEqualTo(receiver.port()));
        try (Socket v6 = new Socket(InetAddress.getByName("::1"), receiver.port())) {
            assertThat(v6.isConnected()).isTrue();
        }
    }

    @Test
    void theHeadEndsAtItsBlankLineAndKeepsEveryHeaderLine() {
        byte[] bytes =
                "GET /callback HTTP/1.1\r\nHost: 127.0.0.1:1\r\nhOsT:  [::1]:1 \r\nNoColon\r\n: empty\r\n\r\nbody"
                        .getBytes(StandardCharsets.ISO_8859_1);

        LoopbackReceiver.RequestHead head = LoopbackReceiver.completeHead(bytes).orElseThrow();

        assertThat(head.requestLine()).isEqualTo("GET /callback HTTP/1.1");
        assertThat(head.headers()).containsExactly("Host: 127.0.0.1:1", "hOsT:  [::1]:1 ", "NoColon", ": empty");
        assertThat(head.values("HOST")).as("any case, trimmed").containsExactly("127.0.0.1:1", "[::1]:1");
        assertThat(head.values("NoColon")).isEmpty();
        assertThat(head.values(""))
                .as("a line starting with ':' names no header")
                .isEmpty();
    }

    @Test
    void queryParametersAreDecodedAsABrowserEncodesThem() {
        Map<String, List<String>> query =
                LoopbackReceiver.parseQuery("code=a%2Fb+c&&state=s&flag&code=two&bad=%zz&=v&iss=https%3A%2F%2Fidp");

        assertThat(query.get("code")).containsExactly("a/b c", "two");
        assertThat(query.get("state")).containsExactly("s");
        assertThat(query.get("flag")).as("a name without '='").containsExactly("");
        assertThat(query.get("bad")).as("a malformed escape matches nothing").containsExactly("\uFFFD");
        assertThat(query.get("")).containsExactly("v");
        assertThat(query.get("iss")).containsExactly("https://idp");
        assertThat(query).hasSize(6);
        assertThat(LoopbackReceiver.parseQuery(null)).isEmpty();
        assertThat(LoopbackReceiver.parseQuery("")).isEmpty();
    }

    @Test
    void waitingAfterACancelIsCancelledAtOnce() {
        receiver = LoopbackReceiver.open(state);
        receiver.cancel();

        assertThatThrownBy(() -> receiver.await(Duration.ofMinutes(5))).isInstanceOf(CancellationException.class);
        assertThat(receiver.isClosed()).isTrue();
    }

    @Test
    void anInterruptedWaitClosesThePort() throws Exception {
        receiver = LoopbackReceiver.open(state);
        Thread.currentThread().interrupt();

        assertThatThrownBy(() -> receiver.await(Duration.ofMinutes(5))).isInstanceOf(InterruptedException.class);
        assertThat(receiver.isClosed()).isTrue();
    }

    private String send(String request) {
        try (Socket socket = new Socket("127.0.0.1", receiver.port())) {
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "failed: " + e;
        }
    }

    @Test
    @DisplayName("AR4: a fixed port is listened on again at once after a sign-in on it, although the receiver's side"
            + " of the browser's connection waits in TIME_WAIT")
    void aFixedPortCanBeListenedOnAgainRightAfterASignIn() throws Exception {
        int port;
        try (java.net.ServerSocket free =
                new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            port = free.getLocalPort();
        }
        receiver = LoopbackReceiver.open(state, port);
        CompletableFuture<String> browser =
                CompletableFuture.supplyAsync(() -> get("/callback?code=the-code&state=expected-state"));
        receiver.await(Duration.ofSeconds(5));
        receiver.respond(SignInPage.succeeded());
        // get() reads to the end of the stream: the receiver closed first, so its side is the one in TIME_WAIT.
        assertThat(browser.get(5, TimeUnit.SECONDS)).contains("Signed in");
        receiver.close();

        receiver = LoopbackReceiver.open(state, port);

        assertThat(receiver.port()).isEqualTo(port);
    }
}
