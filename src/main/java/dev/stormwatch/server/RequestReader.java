package dev.stormwatch.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads HTTP/1.1 requests from one connection (RFC 9112): request line, header fields, and a body framed by
 * {@code Content-Length} or chunked transfer coding. Limits: {@value #MAX_HEAD} bytes of head, a configured body size.
 */
final class RequestReader {

    /** Generous for a request line plus headers; a larger head is refused with 431 (RFC 6585 §5). */
    static final int MAX_HEAD = 16 * 1024;

    private final InputStream in;
    private final OutputStream out;
    private final int maxBody;
    private final byte[] buffer = new byte[8192];
    private int pos;
    private int limit;

    RequestReader(InputStream in, OutputStream out, int maxBody) {
        this.in = in;
        this.out = out;
        this.maxBody = maxBody;
    }

    /** The next request, or empty when the peer closed the connection cleanly between requests. */
    Optional<Request> next() throws IOException, MalformedRequestException {
        String requestLine = readLine(true);
        while (requestLine != null && requestLine.isEmpty()) {
            // RFC 9112 §2.2: a server SHOULD ignore at least one empty line before the request line.
            requestLine = readLine(true);
        }
        if (requestLine == null) {
            return Optional.empty();
        }
        String[] parts = requestLine.split(" ", -1);
        if (parts.length != 3 || parts[0].isEmpty() || !parts[2].startsWith("HTTP/1.")) {
            throw new MalformedRequestException(400, "malformed request line");
        }
        String method = parts[0];
        String target = parts[1];
        if (!target.startsWith("/")) {
            throw new MalformedRequestException(400, "request target must be in origin form");
        }
        Map<String, List<String>> headers = readHeaders();
        byte[] body = readBody(headers);
        int q = target.indexOf('?');
        String path = q < 0 ? target : target.substring(0, q);
        String query = q < 0 ? "" : target.substring(q + 1);
        if (parts[2].equals("HTTP/1.0") && !headerIs(headers, "connection", "keep-alive")) {
            headers.computeIfAbsent("connection", k -> new ArrayList<>()).add("close");
        }
        return Optional.of(new Request(method, path, query, headers, body));
    }

    private Map<String, List<String>> readHeaders() throws IOException, MalformedRequestException {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        int headBytes = 0;
        while (true) {
            String line = readLine(false);
            if (line == null) {
                throw new MalformedRequestException(400, "connection closed inside the request head");
            }
            if (line.isEmpty()) {
                return headers;
            }
            headBytes += line.length();
            if (headBytes > MAX_HEAD) {
                throw new MalformedRequestException(431, "request header fields too large");
            }
            int colon = line.indexOf(':');
            if (colon <= 0 || line.charAt(colon - 1) == ' ' || line.charAt(0) == ' ' || line.charAt(0) == '\t') {
                // RFC 9112 §5.1: no whitespace before the colon; §5.2: obsolete line folding is rejected.
                throw new MalformedRequestException(400, "malformed header field");
            }
            String name = line.substring(0, colon).toLowerCase(Locale.ROOT);
            headers.computeIfAbsent(name, k -> new ArrayList<>())
                    .add(line.substring(colon + 1).trim());
        }
    }

    private byte[] readBody(Map<String, List<String>> headers) throws IOException, MalformedRequestException {
        List<String> encoding = headers.getOrDefault("transfer-encoding", List.of());
        List<String> length = headers.getOrDefault("content-length", List.of());
        if (!encoding.isEmpty()) {
            if (!length.isEmpty()) {
                // RFC 9112 §6.3: both framings at once is a smuggling attempt; refuse and close.
                throw new MalformedRequestException(400, "both Transfer-Encoding and Content-Length");
            }
            if (!String.join(",", encoding).trim().equalsIgnoreCase("chunked")) {
                throw new MalformedRequestException(501, "unsupported transfer coding");
            }
            continueIfExpected(headers);
            return readChunked();
        }
        if (length.isEmpty()) {
            return new byte[0];
        }
        long size;
        try {
            size = length.stream()
                    .map(String::trim)
                    .distinct()
                    .mapToLong(Long::parseLong)
                    .reduce((a, b) -> -1)
                    .orElse(-1);
        } catch (NumberFormatException e) {
            throw new MalformedRequestException(400, "invalid Content-Length");
        }
        if (size < 0) {
            throw new MalformedRequestException(400, "invalid Content-Length");
        }
        if (size > maxBody) {
            throw new MalformedRequestException(413, "request body larger than " + maxBody + " bytes");
        }
        continueIfExpected(headers);
        byte[] body = new byte[(int) size];
        readFully(body, 0, body.length);
        return body;
    }

    private void continueIfExpected(Map<String, List<String>> headers) throws IOException {
        if (headerIs(headers, "expect", "100-continue")) {
            // RFC 9110 §10.1.1: the client may wait for this before sending the body.
            out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }
    }

    private byte[] readChunked() throws IOException, MalformedRequestException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = readLine(false);
            if (sizeLine == null) {
                throw new MalformedRequestException(400, "connection closed inside a chunked body");
            }
            int size;
            try {
                size = Integer.parseInt(sizeLine.split(";", 2)[0].trim(), 16);
            } catch (NumberFormatException e) {
                throw new MalformedRequestException(400, "invalid chunk size");
            }
            if (size < 0 || body.size() + (long) size > maxBody) {
                throw new MalformedRequestException(413, "request body larger than " + maxBody + " bytes");
            }
            if (size == 0) {
                while (true) {
                    String trailer = readLine(false);
                    if (trailer == null || trailer.isEmpty()) {
                        return body.toByteArray();
                    }
                }
            }
            byte[] chunk = new byte[size];
            readFully(chunk, 0, size);
            body.write(chunk);
            readLine(false);
        }
    }

    private static boolean headerIs(Map<String, List<String>> headers, String name, String token) {
        return headers.getOrDefault(name, List.of()).stream()
                .anyMatch(v -> v.toLowerCase(Locale.ROOT).contains(token));
    }

    /** A line without its CRLF (a bare LF is accepted, RFC 9112 §2.2), or null at end of stream before any byte. */
    private String readLine(boolean atRequestStart) throws IOException, MalformedRequestException {
        StringBuilder line = null;
        int count = 0;
        while (true) {
            if (pos == limit && !fill()) {
                return line == null ? null : line.toString();
            }
            byte b = buffer[pos++];
            if (line == null) {
                line = new StringBuilder(64);
            }
            if (b == '\n') {
                int end = line.length();
                if (end > 0 && line.charAt(end - 1) == '\r') {
                    line.setLength(end - 1);
                }
                return line.toString();
            }
            if (++count > MAX_HEAD) {
                throw new MalformedRequestException(atRequestStart ? 414 : 431, "line too long");
            }
            line.append((char) (b & 0xff));
        }
    }

    private void readFully(byte[] target, int offset, int length) throws IOException, MalformedRequestException {
        int done = 0;
        while (done < length) {
            if (pos == limit && !fill()) {
                throw new MalformedRequestException(400, "connection closed inside the body");
            }
            int n = Math.min(length - done, limit - pos);
            System.arraycopy(buffer, pos, target, offset + done, n);
            pos += n;
            done += n;
        }
    }

    private boolean fill() throws IOException {
        int n = in.read(buffer, 0, buffer.length);
        if (n <= 0) {
            return false;
        }
        pos = 0;
        limit = n;
        return true;
    }
}
