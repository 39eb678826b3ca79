package dev.stormwatch.server;

import dev.stormwatch.base.Sleeper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/** Writes responses on one connection (RFC 9112 §4, §6): status line, headers, {@code Content-Length}, body. */
final class ResponseWriter {

    /** How many pieces a slow body is cut into; enough for a client's read timeout to notice. */
    private static final int SLOW_PIECES = 10;

    private final OutputStream out;
    private final Clock clock;
    private final Sleeper sleeper;
    private final CachedHttpDate date;

    ResponseWriter(OutputStream out, Clock clock, Sleeper sleeper, CachedHttpDate date) {
        this.out = out;
        this.clock = clock;
        this.sleeper = sleeper;
        this.date = date;
    }

    void write(Response response, boolean headRequest, boolean close) throws IOException {
        StringBuilder head = new StringBuilder(256);
        head.append("HTTP/1.1 ")
                .append(response.status())
                .append(' ')
                .append(ReasonPhrases.of(response.status()))
                .append("\r\n");
        boolean hasDate = false;
        for (Map.Entry<String, String> header : response.headers()) {
            hasDate |= header.getKey().equalsIgnoreCase("Date");
            head.append(header.getKey()).append(": ").append(header.getValue()).append("\r\n");
        }
        if (!hasDate && response.autoDate()) {
            head.append("Date: ").append(date.format(clock.instant())).append("\r\n");
        }
        head.append("Content-Length: ").append(response.body().length).append("\r\n");
        if (close) {
            head.append("Connection: close\r\n");
        }
        head.append("\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        byte[] body = headRequest ? new byte[0] : response.body();
        if (response.delivery() instanceof Delivery.Slowly slowly && body.length > 0) {
            writeSlowly(body, slowly.total());
        } else {
            out.write(body);
        }
        out.flush();
    }

    private void writeSlowly(byte[] body, Duration total) throws IOException {
        int pieces = Math.min(SLOW_PIECES, body.length);
        Duration pause = total.dividedBy(pieces);
        int written = 0;
        for (int i = 0; i < pieces; i++) {
            int end = (int) ((long) body.length * (i + 1) / pieces);
            out.write(body, written, end - written);
            out.flush();
            written = end;
            if (i < pieces - 1) {
                sleeper.sleepUnlessInterrupted(pause);
            }
        }
    }
}
