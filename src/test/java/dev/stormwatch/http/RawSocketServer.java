package dev.stormwatch.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback server with faults MockWebServer does not have: it reads each request's headers, then either stalls
 * (never answers) or resets the connection (RST, via SO_LINGER 0).
 */
final class RawSocketServer implements AutoCloseable {

    enum Fault {
        /** Reads the request, then never answers: the client's read timeout fires. */
        STALL,
        /** Reads the request, then aborts the connection with a TCP reset. */
        RESET_AFTER_READING_REQUEST
    }

    private final ServerSocket server;
    private final Fault fault;
    private final AtomicInteger requests = new AtomicInteger();
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    RawSocketServer(Fault fault) throws IOException {
        this.fault = fault;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::acceptLoop, "raw-socket-server-" + fault);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getLocalPort() + path;
    }

    /** Requests whose headers were read completely. */
    int requests() {
        return requests.get();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                open.add(socket);
                readRequestHeaders(socket.getInputStream());
                requests.incrementAndGet();
                if (fault == Fault.RESET_AFTER_READING_REQUEST) {
                    socket.setSoLinger(true, 0);
                    socket.close();
                }
            } catch (IOException e) {
                return; // closed by the test
            }
        }
    }

    private static void readRequestHeaders(InputStream in) throws IOException {
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            seen.write(b);
            if (seen.toString(java.nio.charset.StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                return;
            }
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
