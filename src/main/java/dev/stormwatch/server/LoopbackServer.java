package dev.stormwatch.server;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An HTTP/1.1 server (RFC 9112) on 127.0.0.1, one thread per connection, with exact-path routes.
 *
 * <p>Why not the JDK's {@code com.sun.net.httpserver}: it always sets its own {@code Date} header and can only close a
 * connection with a FIN, so it cannot simulate a skewed or missing {@code Date}, a TCP reset, or a network hiccup that
 * resets idle keep-alive connections. Raw sockets can; see {@link Delivery.Reset} and {@link #resetOpenConnections()}.
 */
public final class LoopbackServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LoopbackServer.class);

    /** How long, and how much, an error answer waits for a client that is still sending its body. */
    private static final int LINGER_MILLIS = 500;

    private static final long LINGER_MAX_BYTES = 4L * 1024 * 1024;

    private final ServerSocket listener;
    private final Map<String, Handler> routes;
    private final ServerOptions options;
    private final ThreadPoolExecutor workers;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Map<String, LongAdder> received = new ConcurrentHashMap<>();
    private final LongAdder accepted = new LongAdder();
    private final CachedHttpDate date = new CachedHttpDate();
    private final Thread acceptor;
    private volatile boolean closed;

    private LoopbackServer(ServerSocket listener, Map<String, Handler> routes, ServerOptions options, String name) {
        this.listener = listener;
        this.routes = Map.copyOf(routes);
        this.options = options;
        AtomicInteger ids = new AtomicInteger();
        this.workers = new ThreadPoolExecutor(
                0, options.maxConnections(), 30, TimeUnit.SECONDS, new SynchronousQueue<>(), runnable -> {
                    Thread thread = new Thread(runnable, name + "-conn-" + ids.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        this.acceptor = new Thread(this::acceptLoop, name + "-accept");
        this.acceptor.setDaemon(true);
    }

    /**
     * Listens on 127.0.0.1 and serves {@code routes} (exact paths) until closed.
     *
     * @throws IOException when the port cannot be bound (for example, it is in use)
     */
    public static LoopbackServer start(String name, ServerOptions options, Map<String, Handler> routes)
            throws IOException {
        return start(name, options, baseUri -> routes);
    }

    /**
     * Like {@link #start(String, ServerOptions, Map)}, for routes that must know the server's own base URI (an issuer
     * on a free port): the port is bound first, then {@code routesFor} is called with {@code http://127.0.0.1:PORT}.
     *
     * @throws IOException when the port cannot be bound (for example, it is in use)
     */
    public static LoopbackServer start(
            String name, ServerOptions options, Function<URI, Map<String, Handler>> routesFor) throws IOException {
        ServerSocket listener = new ServerSocket();
        listener.setReuseAddress(true);
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), options.port()), 1024);
        Map<String, Handler> routes;
        try {
            routes = routesFor.apply(URI.create("http://127.0.0.1:" + listener.getLocalPort()));
        } catch (RuntimeException e) {
            listener.close();
            throw e;
        }
        LoopbackServer server = new LoopbackServer(listener, routes, options, name);
        server.acceptor.start();
        return server;
    }

    /** The port it listens on (the free port chosen when 0 was asked). */
    public int port() {
        return listener.getLocalPort();
    }

    /** {@code http://127.0.0.1:PORT}, without a trailing slash. */
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + port());
    }

    /** How many connections are open now. */
    public int openConnections() {
        return open.size();
    }

    /** How many connections it has accepted since it started. */
    public long acceptedConnections() {
        return accepted.sum();
    }

    /**
     * How many requests with this method and path it has read whole since it started, answered or not: the server's
     * own record, which says whether a client sent a request twice.
     */
    public long requestsReceived(String method, String path) {
        LongAdder count = received.get(method + " " + path);
        return count == null ? 0 : count.sum();
    }

    /** Resets (TCP RST) every open connection, idle or busy: a network hiccup. Returns how many were reset. */
    public int resetOpenConnections() {
        int count = 0;
        for (Socket socket : open) {
            reset(socket);
            count++;
        }
        return count;
    }

    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException e) {
            LOG.debug("closing the listener", e);
        }
        for (Socket socket : open) {
            closeQuietly(socket);
        }
        workers.shutdownNow();
        try {
            acceptor.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void acceptLoop() {
        while (!closed) {
            Socket socket;
            try {
                socket = listener.accept();
            } catch (IOException e) {
                if (!closed) {
                    LOG.warn("accept failed: {}", e.toString());
                }
                continue;
            }
            accepted.increment();
            try {
                workers.execute(() -> serve(socket));
            } catch (RejectedExecutionException tooManyConnections) {
                // Over maxConnections: refuse this one rather than queue it where no thread will ever read it.
                reset(socket);
            }
        }
    }

    private void serve(Socket socket) {
        open.add(socket);
        try {
            socket.setTcpNoDelay(true);
            // Keep-alive connections idle longer than this are closed (with a FIN), as every server does.
            socket.setSoTimeout((int) options.keepAlive().toMillis());
            InputStream in = socket.getInputStream();
            OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 8192);
            RequestReader reader = new RequestReader(in, out, options.maxBodyBytes());
            ResponseWriter writer = new ResponseWriter(out, options.clock(), options.sleeper(), date);
            while (!closed) {
                Optional<Request> next;
                try {
                    next = reader.next();
                } catch (MalformedRequestException e) {
                    // The framing is unknown after a bad request, so answer and close (RFC 9112 §9.6 allows it).
                    writer.write(
                            Response.json(
                                    e.status(),
                                    Map.of("error", "invalid_request", "error_description", e.getMessage())),
                            false,
                            true);
                    lingeringClose(socket, in);
                    return;
                }
                if (next.isEmpty()) {
                    return;
                }
                Request request = next.get();
                received.computeIfAbsent(request.method() + " " + request.path(), key -> new LongAdder())
                        .increment();
                Response response = dispatch(request);
                if (response.delivery() instanceof Delivery.Reset) {
                    reset(socket);
                    return;
                }
                boolean close = request.header("Connection")
                        .map(v -> v.equalsIgnoreCase("close"))
                        .orElse(false);
                writer.write(response, request.method().equals("HEAD"), close);
                if (close) {
                    return;
                }
            }
        } catch (IOException e) {
            // The peer went away, the idle timeout struck, or a hiccup reset the socket: nothing to answer.
            LOG.trace("connection ended: {}", e.toString());
        } finally {
            open.remove(socket);
            closeQuietly(socket);
        }
    }

    /**
     * Lets an error answer reach a client that is still sending (a body over the limit is refused from its
     * Content-Length, before it is read): closing at once would reset the connection and destroy the answer in
     * flight. Half-closes, then discards what still arrives, for a moment and a bounded number of bytes.
     */
    private static void lingeringClose(Socket socket, InputStream in) {
        try {
            socket.shutdownOutput();
            socket.setSoTimeout(LINGER_MILLIS);
            byte[] sink = new byte[8192];
            long deadline = System.nanoTime() + LINGER_MILLIS * 1_000_000L;
            long drained = 0;
            int read;
            while (drained < LINGER_MAX_BYTES && System.nanoTime() < deadline && (read = in.read(sink)) >= 0) {
                drained += read;
            }
        } catch (IOException e) {
            // The client closed or went quiet: nothing more to wait for.
        }
    }

    private Response dispatch(Request request) {
        Handler handler = routes.get(request.path());
        if (handler == null) {
            return Response.json(404, Map.of("error", "not_found", "error_description", "no such endpoint"));
        }
        try {
            return handler.handle(request);
        } catch (RuntimeException e) {
            // A bug must not take the server down nor show a stack trace to the client.
            LOG.error("handler for {} failed", request.path(), e);
            return Response.json(500, Map.of("error", "server_error", "error_description", "internal error"));
        }
    }

    private static void reset(Socket socket) {
        try {
            socket.setSoLinger(true, 0);
        } catch (SocketException alreadyClosed) {
            return;
        }
        closeQuietly(socket);
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            LOG.trace("closing a socket", e);
        }
    }
}
