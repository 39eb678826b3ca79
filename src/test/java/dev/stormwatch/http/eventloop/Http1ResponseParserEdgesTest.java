package dev.stormwatch.http.eventloop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.ProtocolException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The edges of the event loop's response reader that {@link Http1ResponseParserTest} leaves open: the exact bound of
 * a response's head, a 204 that says its length is zero, and which answers end their connection whatever else they
 * say (ST2: the same answer gets the same decision as with OkHttp; HD1: every input is a response or a refusal).
 */
class Http1ResponseParserEdgesTest {

    /** OkHttp's HEADER_LIMIT, the parser's bound on a response's head. */
    private static final int MAX_HEAD = 256 * 1024;

    private static Http1ResponseParser fed(boolean head, String response) throws ProtocolException {
        Http1ResponseParser parser = new Http1ResponseParser(head, 1024);
        parser.feed(ByteBuffer.wrap(response.getBytes(StandardCharsets.ISO_8859_1)));
        return parser;
    }

    /** A response head of exactly {@code bytes} bytes: status line, filler headers, blank line; no line over 64 KiB. */
    private static String headOf(int bytes) {
        StringBuilder head = new StringBuilder("HTTP/1.1 200 OK\r\n");
        String end = "Content-Length: 0\r\n\r\n";
        int room = bytes - head.length() - end.length();
        while (room > 0) {
            // One filler line, "X-F: " + value + CRLF, is its value and 7 bytes; leave room for a last one.
            int line = Math.min(60_007, room);
            if (room - line > 0 && room - line < 7) {
                line -= 7;
            }
            head.append("X-F: ").append("a".repeat(line - 7)).append("\r\n");
            room -= line;
        }
        head.append(end);
        assertThat(head.length()).as("the head's size").isEqualTo(bytes);
        return head.toString();
    }

    @Test
    @DisplayName("ST2, HD1: a head of 256 KiB before its last line feed is read; one byte more is refused, as OkHttp")
    void theHeadsBoundIsExact() throws ProtocolException {
        // Every byte up to the blank line's carriage return counts; its line feed ends the head.
        Http1ResponseParser atTheBound = fed(false, headOf(MAX_HEAD + 1));

        assertThat(atTheBound.done()).isTrue();
        assertThat(atTheBound.code()).isEqualTo(200);
        ProtocolException over = catchThrowableOfType(ProtocolException.class, () -> fed(false, headOf(MAX_HEAD + 2)));
        assertThat(over).hasMessageContaining("head is longer than " + MAX_HEAD + " bytes");
    }

    @Test
    @DisplayName("ST2: a 204 or 205 whose Content-Length is 0 is an ordinary answer with no body, kept alive")
    void aNoContentWithALengthOfZeroIsRead() throws ProtocolException {
        for (String status : new String[] {"204 No Content", "205 Reset Content"}) {
            Http1ResponseParser parser = fed(false, "HTTP/1.1 " + status + "\r\nContent-Length: 0\r\n\r\n");

            assertThat(parser.done()).as(status).isTrue();
            assertThat(parser.headParsed()).as(status).isTrue();
            assertThat(parser.body()).as(status).isEmpty();
            assertThat(parser.keepAlive()).as(status).isTrue();
        }
    }

    @Test
    @DisplayName("ST2: a 101 ends the response at its head and its connection is never reused for HTTP")
    void switchingProtocolsEndsTheConnection() throws ProtocolException {
        Http1ResponseParser parser =
                fed(false, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n");

        assertThat(parser.done()).isTrue();
        assertThat(parser.code()).as("a 101 is final, not an interim answer").isEqualTo(101);
        assertThat(parser.keepAlive()).isFalse();
    }

    @Test
    @DisplayName("ST2: an answer without a body that says Connection: close still ends its connection")
    void aBodilessAnswerSayingCloseIsNotReused() throws ProtocolException {
        Http1ResponseParser head = fed(true, "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 9\r\n\r\n");
        Http1ResponseParser noContent = fed(false, "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n");
        Http1ResponseParser notModified = fed(false, "HTTP/1.1 304 Not Modified\r\nConnection: close\r\n\r\n");

        for (Http1ResponseParser parser : new Http1ResponseParser[] {head, noContent, notModified}) {
            assertThat(parser.done()).isTrue();
            assertThat(parser.keepAlive()).isFalse();
        }
    }

    @Test
    @DisplayName("HD1: a refused line of 80 characters is shown whole; from 81 on it is cut to 80 and marked")
    void theExcerptIsCutAfterEightyCharacters() {
        String eighty = "HTTP/1.1 2x" + "y".repeat(69);
        String longer = eighty + "z";

        ProtocolException whole = catchThrowableOfType(ProtocolException.class, () -> fed(false, eighty + "\r\n"));
        ProtocolException cut = catchThrowableOfType(ProtocolException.class, () -> fed(false, longer + "\r\n"));

        assertThat(eighty).hasSize(80);
        assertThat(whole).hasMessage("Unexpected status line: " + eighty);
        assertThat(cut).hasMessage("Unexpected status line: " + eighty + "...");
    }
}
