package dev.stormwatch.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** The raw server's tests speak HTTP/1.1 over a plain socket, so that every byte (and every RST) is visible. */
final class RawSocket {

    /** Long enough for a loaded machine, short enough that a server that never answers fails the test. */
    private static final int READ_TIMEOUT_MILLIS = 10_000;

    private RawSocket() {}

    static Socket connect(LoopbackServer server) throws IOException {
        Socket socket = new Socket("127.0.0.1", server.port());
        socket.setSoTimeout(READ_TIMEOUT_MILLIS);
        return socket;
    }

    static void send(Socket socket, String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
    }

    /** Reads one response: the head, then exactly Content-Length bytes of body. */
    static String readResponse(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        int contentLength = -1;
        while (true) {
            int b = in.read();
            if (b < 0) {
                return all.toString(StandardCharsets.ISO_8859_1);
            }
            all.write(b);
            String text = all.toString(StandardCharsets.ISO_8859_1);
            if (text.endsWith("\r\n\r\n") && !text.endsWith("100 Continue\r\n\r\n")) {
                int at = text.toLowerCase().lastIndexOf("content-length: ");
                contentLength = Integer.parseInt(
                        text.substring(at + 16, text.indexOf("\r\n", at)).trim());
                break;
            }
        }
        byte[] body = in.readNBytes(contentLength);
        all.write(body);
        return all.toString(StandardCharsets.ISO_8859_1);
    }
}
