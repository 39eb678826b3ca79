package dev.stormwatch.oauth;

import dev.stormwatch.base.Secret;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * The loopback redirect receiver of a native app (RFC 8252 §7.3, §8.3): listens on 127.0.0.1 (and on [::1] at the
 * same port when the machine has it) on an ephemeral port, never on a wildcard address, and consumes only the GET
 * on the callback path that carries the expected {@code state}. Anything else gets an error page and waiting goes on.
 */
public final class LoopbackReceiver implements AutoCloseable {

    /** The path of the redirect URI. */
    public static final String CALLBACK_PATH = "/callback";

    /** The path of the post-logout redirect URI (OpenID RP-Initiated Logout 1.0 §3, SX1). */
    public static final String LOGGED_OUT_PATH = "/logged-out";

    /**
     * The prefix of the one-time end-session page's path (SX8); a random, unguessable part follows it, so the address
     * the browser opens names no token.
     */
    public static final String END_SESSION_PAGE_PREFIX = "/end-session/";

    /** Default wait for the user in the browser. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);

    /** A request line and headers longer than this are refused: a redirect is a few hundred bytes (hostile input). */
    static final int MAX_REQUEST_HEAD_BYTES = 16 * 1024;

    /**
     * How long one connection may take to send its whole request head, however it trickles in: a per-read timeout
     * would let a client sending one byte a second hold a handler for minutes (slow loris). A browser sends its
     * redirect in one packet, within milliseconds.
     */
    static final Duration HEAD_DEADLINE = Duration.ofSeconds(2);

    /**
     * Connections reading their head at once. Each has its own thread, so slow ones cannot queue the redirect behind
     * them; past this many, the oldest is dropped for the newest, which is where the browser's redirect is.
     */
    static final int MAX_PENDING_CONNECTIONS = 32;

    private final Secret expectedState;
    private final String path;
    private final List<ServerSocket> listeners;
    /** The request that ended the wait: its open connection and its parameters. */
    private record Consumed(Socket socket, AuthorizationRedirect redirect) {}

    private final CompletableFuture<Consumed> consumed = new CompletableFuture<>();
    /** Whether the browser that carried the redirect was answered (its connection then is closed). */
    private final AtomicBoolean answered = new AtomicBoolean();

    /** What a browser sees when the login ended without saying how: it must not wait on an open connection. */
    private static final SignInPage UNANSWERED = SignInPage.failed(
            "Stormwatch stopped before the sign-in finished. Go back to Stormwatch and sign in again.");
    /**
     * Connections are read in parallel, one thread each: browsers open speculative connections that send nothing, and
     * local processes may send slowly on purpose; none of them may hold up the redirect. The number of threads is
     * bounded by {@link #MAX_PENDING_CONNECTIONS}, since each connection is in {@link #pending} while it reads.
     */
    private final ExecutorService handlers;
    /** Connections still reading their head, oldest first. */
    private final java.util.Deque<Socket> pending = new java.util.ArrayDeque<>();
    /** SX8: the page served once at its path, then gone; null when none is (left) to serve. */
    private final java.util.concurrent.atomic.AtomicReference<OneTimePage> oneTimePage =
            new java.util.concurrent.atomic.AtomicReference<>();

    private record OneTimePage(String path, byte[] response) {}

    private LoopbackReceiver(Secret expectedState, String path, List<ServerSocket> listeners) {
        this.expectedState = expectedState;
        this.path = path;
        this.listeners = listeners;
        // Named with the port, so the threads of one receiver can be told from another's; daemons, so a waiting
        // handler never keeps the process alive after the sign-in ended.
        String name = "loopback-redirect-handler-" + port();
        this.handlers = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Opens the receiver on an ephemeral port. */
    public static LoopbackReceiver open(Secret expectedState) {
        return open(expectedState, 0);
    }

    /**
     * Opens the receiver on {@code port} (0 for an ephemeral one).
     *
     * @throws RuntimeException a Configuration error when 127.0.0.1 cannot be bound on that port
     */
    public static LoopbackReceiver open(Secret expectedState, int port) {
        return open(expectedState, new RedirectChoice(RedirectChoice.Host.IPV4, port), CALLBACK_PATH);
    }

    /**
     * Opens the receiver for the redirect URI {@code choice} names, waiting on {@code path} ({@link #CALLBACK_PATH}
     * for a sign-in, {@link #LOGGED_OUT_PATH} after an RP-initiated logout). The family the URI names is required
     * (AR3: {@code [::1]} binds ::1 first, or fails); the other family is best effort on the same port.
     *
     * @throws RuntimeException a Configuration error when the named address cannot be bound on that port
     */
    static LoopbackReceiver open(Secret expectedState, RedirectChoice choice, String path) {
        int port = choice.port();
        List<ServerSocket> listeners = new ArrayList<>();
        boolean v6First = choice.host() == RedirectChoice.Host.IPV6;
        String name = v6First ? "[::1]" : "127.0.0.1";
        ServerSocket first = bind(v6First ? loopback6() : loopback4(), port)
                .orElseThrow(() -> Failures.configuration("cannot listen for the browser's redirect on " + name
                        + " port " + port
                        + ": the port is taken or local connections are blocked; free the port or allow loopback sockets"
                        + (v6First ? " (or the machine has no IPv6 loopback: use --redirect-host 127.0.0.1)" : "")));
        listeners.add(first);
        // RFC 8252 §8.3: a browser may resolve to either loopback family; the other one is best effort on the same
        // port.
        bind(v6First ? loopback4() : loopback6(), first.getLocalPort()).ifPresent(listeners::add);
        LoopbackReceiver receiver = new LoopbackReceiver(expectedState, path, List.copyOf(listeners));
        receiver.startAccepting();
        return receiver;
    }

    /** The redirect URI to register and send: the literal IP, never "localhost" (RFC 8252 §7.3, §8.3). */
    public URI redirectUri() {
        return URI.create("http://127.0.0.1:" + port() + CALLBACK_PATH);
    }

    /** The port all listeners share. */
    public int port() {
        return listeners.get(0).getLocalPort();
    }

    /** The addresses listened on (for tests and diagnostics). */
    public List<InetSocketAddress> boundAddresses() {
        return listeners.stream()
                .map(s -> (InetSocketAddress) s.getLocalSocketAddress())
                .toList();
    }

    /**
     * Waits for the redirect with the expected state. The listeners are closed as soon as it arrives; the browser's
     * connection stays open until {@link #respond(SignInPage)} says how sign-in ended.
     *
     * @throws CancellationException when {@link #cancel()} was called
     * @throws TimeoutException when nothing arrived in time (the receiver is then closed)
     */
    public AuthorizationRedirect await(Duration timeout) throws TimeoutException, InterruptedException {
        try {
            return consumed.get(timeout.toMillis(), TimeUnit.MILLISECONDS).redirect();
        } catch (TimeoutException e) {
            close();
            throw e;
        } catch (ExecutionException e) {
            close();
            throw new CancellationException("the sign-in was cancelled");
        } catch (InterruptedException e) {
            close();
            throw e;
        }
    }

    /** Stops waiting: the waiting thread gets a {@link CancellationException}, the port closes. */
    public void cancel() {
        consumed.completeExceptionally(new CancellationException("the sign-in was cancelled"));
        close();
    }

    /** Answers the browser that carried the redirect, then closes its connection (once; later calls do nothing). */
    public void respond(SignInPage page) {
        Consumed done = consumed.isCompletedExceptionally() ? null : consumed.getNow(null);
        // Only the first answer is written: close() answers a browser that nobody answered, never one twice.
        if (done == null || !answered.compareAndSet(false, true)) {
            return;
        }
        try (Socket socket = done.socket()) {
            // A socket's stream is unbuffered: what is written is sent, and closing the socket ends the page.
            socket.getOutputStream().write(page.toHttpResponse());
        } catch (IOException e) {
            // The browser went away: nothing to tell it.
        }
    }

    /**
     * Closes the listeners (idempotent), and a consumed browser connection that {@link #respond(SignInPage)} never
     * answered (the login ended in an unexpected error): it gets a failure page, so no socket stays open (RFC 8252 §8.3).
     */
    @Override
    public void close() {
        closeListenersOnly();
        consumed.completeExceptionally(new CancellationException("closed"));
        handlers.shutdown();
        respond(UNANSWERED);
    }

    /**
     * SX8: answers the first GET of {@code path} (addressed to this receiver) with {@code response}, and every later
     * request for it with 404: another local process must not fetch it after the browser did. The page may hold a
     * token; it is written to that one connection and nowhere else.
     */
    void serveOnce(String path, byte[] response) {
        oneTimePage.set(new OneTimePage(path, response.clone()));
    }

    /** The one-time page's response, when this request is the first fetch of it; else null (SX8). */
    private byte[] takeOneTimePage(RequestHead head, Optional<RedirectRequestCheck.RequestLine> line) {
        OneTimePage page = oneTimePage.get();
        if (page == null || line.isEmpty() || !line.get().method().equals("GET")) {
            return null;
        }
        String requested = line.get().path();
        List<String> hosts = head.values("Host");
        boolean toUs = hosts.size() == 1 && RedirectRequestCheck.isThisReceiver(hosts.get(0), port());
        if (!requested.equals(page.path()) || !toUs || !oneTimePage.compareAndSet(page, null)) {
            return null;
        }
        return page.response();
    }

    /** Whether every listener is closed. */
    public boolean isClosed() {
        return listeners.stream().allMatch(ServerSocket::isClosed);
    }

    private void startAccepting() {
        for (ServerSocket listener : listeners) {
            Thread thread =
                    new Thread(() -> acceptLoop(listener), "loopback-redirect-" + listener.getLocalSocketAddress());
            thread.setDaemon(true);
            thread.start();
        }
    }

    private void acceptLoop(ServerSocket listener) {
        while (!listener.isClosed() && !consumed.isDone()) {
            Socket socket;
            try {
                socket = listener.accept();
            } catch (IOException e) {
                return; // closed by success, cancel or timeout
            }
            Socket oldest = admit(socket);
            if (oldest != null) {
                closeQuietly(oldest); // its blocking read fails and frees its thread
            }
            try {
                handlers.execute(() -> handle(socket));
            } catch (java.util.concurrent.RejectedExecutionException e) {
                closeQuietly(socket); // the receiver is closing
                return;
            }
        }
    }

    /** Adds a connection to {@link #pending}; returns the oldest one to drop when there are too many. */
    private Socket admit(Socket socket) {
        synchronized (pending) {
            pending.addLast(socket);
            return pending.size() > MAX_PENDING_CONNECTIONS ? pending.pollFirst() : null;
        }
    }

    private void settled(Socket socket) {
        synchronized (pending) {
            pending.remove(socket);
        }
    }

    private static void closeQuietly(java.io.Closeable socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // nothing to do
        }
    }

    private void handle(Socket socket) {
        boolean keepOpen = false;
        try {
            Optional<RequestHead> head = readHead(socket, System.nanoTime() + HEAD_DEADLINE.toNanos());
            settled(socket);
            if (head.isEmpty()) {
                reply(socket, SignInPage.rejected(414, "The request was too long or incomplete."));
                return;
            }
            // The request line is read once, for the one-time page and for the redirect alike.
            Optional<RedirectRequestCheck.RequestLine> line =
                    RedirectRequestCheck.RequestLine.parse(head.get().requestLine());
            byte[] once = takeOneTimePage(head.get(), line);
            if (once != null) {
                socket.getOutputStream().write(once);
                return;
            }
            RedirectRequestCheck.Verdict verdict =
                    RedirectRequestCheck.judge(head.get(), line, port(), expectedState, path);
            if (verdict instanceof RedirectRequestCheck.Verdict.Rejected rejected) {
                reply(socket, SignInPage.rejected(rejected.status(), rejected.reason()));
                return;
            }
            AuthorizationRedirect redirect = ((RedirectRequestCheck.Verdict.Accepted) verdict).redirect();
            // The port closes at once: nothing else may reach it after the redirect (RFC 8252 §8.3).
            closeListenersOnly();
            // Only one request may end the login; the first to complete the future wins.
            keepOpen = consumed.complete(new Consumed(socket, redirect));
        } catch (IOException e) {
            // A broken or idle connection is not a sign-in: keep waiting.
        } finally {
            settled(socket);
            if (!keepOpen) {
                try {
                    socket.close();
                } catch (IOException e) {
                    // nothing to do
                }
            }
        }
    }

    private void closeListenersOnly() {
        for (ServerSocket listener : listeners) {
            try {
                listener.close();
            } catch (IOException e) {
                // nothing to do
            }
        }
    }

    private static void reply(Socket socket, SignInPage page) throws IOException {
        socket.getOutputStream().write(page.toHttpResponse());
    }

    /**
     * A request head: its first line and its header lines, as sent.
     *
     * @param requestLine e.g. {@code GET /callback?... HTTP/1.1}
     * @param headers     the header lines after it, unparsed
     */
    record RequestHead(String requestLine, List<String> headers) {

        /** The values of every header with this name (case-insensitive), trimmed. */
        List<String> values(String name) {
            List<String> values = new ArrayList<>();
            for (String line : headers) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).equalsIgnoreCase(name)) {
                    values.add(line.substring(colon + 1).trim());
                }
            }
            return values;
        }
    }

    /** The blank line that ends a request head: CR LF CR LF. */
    private static final int BLANK_LINE_BYTES = 4;

    /**
     * Reads the whole request head (up to the blank line) from a socket, bounded in size and in time: the whole head
     * must arrive before {@code deadlineNanos} ({@link System#nanoTime()}), however slowly its bytes trickle in.
     */
    static Optional<RequestHead> readHead(Socket socket, long deadlineNanos) throws IOException {
        return readHead(socket, deadlineNanos, System::nanoTime);
    }

    /**
     * The same on the clock {@code nanoTime}. HD4: a head of up to {@link #MAX_REQUEST_HEAD_BYTES} before its blank
     * line is read however its bytes are split across reads, as {@link #completeHead(byte[])} reads it at once; it
     * is refused at once only when its blank line can no longer start within the limit.
     */
    static Optional<RequestHead> readHead(Socket socket, long deadlineNanos, LongSupplier nanoTime) throws IOException {
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        byte[] chunk = new byte[1024];
        try {
            while (true) {
                long remainingMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - nanoTime.getAsLong());
                if (remainingMillis <= 0) {
                    return Optional.empty(); // the whole head was not there in time: a slow or idle client
                }
                socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, remainingMillis));
                int read = in.read(chunk);
                if (read < 0) {
                    break;
                }
                // The blank line may straddle the last read: look again only from its last three bytes on.
                int from = Math.max(0, head.size() - (BLANK_LINE_BYTES - 1));
                head.write(chunk, 0, read);
                byte[] bytes = head.toByteArray();
                if (indexOfBlankLine(bytes, from) >= 0) {
                    return completeHead(bytes);
                }
                if (head.size() >= MAX_REQUEST_HEAD_BYTES + BLANK_LINE_BYTES) {
                    return Optional.empty(); // no blank line can start within the limit any more (HD4)
                }
            }
        } catch (SocketTimeoutException e) {
            return Optional.empty();
        }
        return Optional.empty(); // the connection ended before the blank line
    }

    /**
     * The request head in {@code bytes}, which hold a blank line: empty when the head before it is too large or has no
     * request line. Whatever follows the blank line is ignored.
     */
    static Optional<RequestHead> completeHead(byte[] bytes) {
        int end = indexOfBlankLine(bytes, 0);
        if (end < 0 || end > MAX_REQUEST_HEAD_BYTES) {
            return Optional.empty();
        }
        return parseHead(new String(bytes, 0, end, StandardCharsets.ISO_8859_1));
    }

    /** Where the first blank line at or after {@code from} starts, or -1. */
    private static int indexOfBlankLine(byte[] bytes, int from) {
        for (int i = from; i + 3 < bytes.length; i++) {
            if (bytes[i] == '\r' && bytes[i + 1] == '\n' && bytes[i + 2] == '\r' && bytes[i + 3] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static Optional<RequestHead> parseHead(String text) {
        String[] lines = text.split("\r\n", -1);
        if (lines.length == 0 || lines[0].isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new RequestHead(lines[0], List.of(lines).subList(1, lines.length)));
    }

    static Map<String, List<String>> parseQuery(String rawQuery) {
        Map<String, List<String>> params = new HashMap<>();
        // An empty query splits into one empty pair, skipped below: one way out for every query.
        for (String pair : rawQuery == null ? new String[0] : rawQuery.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = decode(eq < 0 ? "" : pair.substring(eq + 1));
            params.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
        return params;
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return "\uFFFD"; // a malformed escape never matches an expected value
        }
    }

    private static final boolean WINDOWS = System.getProperty("os.name", "").startsWith("Windows");

    private static Optional<ServerSocket> bind(InetAddress address, int port) {
        if (address == null) {
            return Optional.empty();
        }
        ServerSocket socket;
        try {
            socket = new ServerSocket();
        } catch (IOException e) {
            return Optional.empty();
        }
        try {
            // AR4: the receiver answers and closes first, so its side of the browser's connection waits in TIME_WAIT
            // for a minute; without SO_REUSEADDR a second sign-in (or a post-logout redirect) on a fixed port within
            // that minute found the port "taken". On Linux and macOS the option never lets two listeners share a port;
            // on Windows it would (port stealing), so there it stays off.
            socket.setReuseAddress(!WINDOWS);
            socket.bind(new InetSocketAddress(address, port), 8);
            return Optional.of(socket);
        } catch (IOException e) {
            closeQuietly(socket); // a refused bind leaves no descriptor open
            return Optional.empty();
        }
    }

    private static InetAddress loopback4() {
        try {
            return Inet4Address.getByAddress("127.0.0.1", new byte[] {127, 0, 0, 1});
        } catch (IOException e) {
            throw new IllegalStateException(e); // a 4-byte literal cannot fail
        }
    }

    private static InetAddress loopback6() {
        try {
            byte[] one = new byte[16];
            one[15] = 1;
            return Inet6Address.getByAddress("::1", one);
        } catch (IOException e) {
            return null;
        }
    }
}
