package dev.stormwatch.http.eventloop;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback server on a real socket that answers each request with the bytes a test scripts, exactly as written
 * (MockWebServer frames its answers itself): a status line OkHttp would refuse, a 101, a body read to the end of the
 * stream, an answer in two parts. It records each request's head and body and counts the connections it accepted.
 */
final class ScriptedServer implements AutoCloseable {

    /** What the server does with one request on its connection. */
    interface Answer {
        /** Answers on {@code socket}; false when the connection is over (closed or left to the test). */
        boolean answer(Socket socket) throws IOException;
    }

    /** Writes {@code response} as it is and keeps the connection for the next request. */
    static Answer bytes(String response) {
        return socket -> {
            write(socket, response);
            return true;
        };
    }

    /** Writes {@code response} as it is, then closes the connection. */
    static Answer bytesThenClose(String response) {
        return socket -> {
            write(socket, response);
            socket.close();
            return false;
        };
    }

    /** Writes {@code first}, waits {@code millis}, writes {@code second}, and keeps the connection. */
    static Answer inTwoParts(String first, long millis, String second) {
        return socket -> {
            write(socket, first);
            sleep(millis);
            write(socket, second);
            return true;
        };
    }

    /** Writes {@code response} as it is, then resets the connection (a TCP RST, via SO_LINGER 0). */
    static Answer bytesThenReset(String response) {
        return socket -> {
            write(socket, response);
            socket.setSoLinger(true, 0);
            socket.close();
            return false;
        };
    }

    /** Reads the request and never answers; the connection stays open until the server closes. */
    static Answer silence() {
        return socket -> {
            while (socket.getInputStream().read() != -1) {
                // wait for the client to give up
            }
            return false;
        };
    }

    private final ServerSocket server;
    private final BlockingQueue<Answer> answers = new LinkedBlockingQueue<>();
    private final List<String> heads = new CopyOnWriteArrayList<>();
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger ended = new AtomicInteger();

    ScriptedServer() throws IOException {
        this(InetAddress.getLoopbackAddress());
    }

    ScriptedServer(InetAddress address) throws IOException {
        server = new ServerSocket(0, 50, address);
        Thread acceptor = new Thread(this::acceptLoop, "scripted-server-" + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Queues the answer to the next request, on whichever connection it comes. */
    ScriptedServer then(Answer answer) {
        answers.add(answer);
        return this;
    }

    int port() {
        return server.getLocalPort();
    }

    String url(String path) {
        return "http://127.0.0.1:" + port() + path;
    }

    /** The heads of the requests read so far, each up to its blank line. */
    List<String> heads() {
        return heads;
    }

    /** The bodies of the requests read so far, by their Content-Length. */
    List<String> bodies() {
        return bodies;
    }

    int connections() {
        return connections.get();
    }

    /** Connections that ended: the client closed them, or an answer did. */
    int endedConnections() {
        return ended.get();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                connections.incrementAndGet();
                open.add(socket);
                Thread handler = new Thread(() -> serve(socket), "scripted-server-connection");
                handler.setDaemon(true);
                handler.start();
            } catch (IOException e) {
                return; // closed by the test
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = socket.getInputStream();
            while (true) {
                String head = readHead(in);
                if (head == null) {
                    return;
                }
                heads.add(head);
                bodies.add(readBody(in, contentLength(head)));
                Answer answer = answers.poll(5, TimeUnit.SECONDS);
                if (answer == null || !answer.answer(socket)) {
                    return;
                }
            }
        } catch (IOException | InterruptedException e) {
            // the client or the test closed the connection
        } finally {
            ended.incrementAndGet();
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            seen.write(b);
            if (seen.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                return seen.toString(StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                return Integer.parseInt(line.substring(15).trim());
            }
        }
        return 0;
    }

    private static String readBody(InputStream in, int length) throws IOException {
        byte[] body = in.readNBytes(length);
        return new String(body, StandardCharsets.UTF_8);
    }

    private static void write(Socket socket, String text) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SocketException("interrupted");
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : open) {
            socket.close();
        }
    }
}
