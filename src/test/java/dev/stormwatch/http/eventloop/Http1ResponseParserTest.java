package dev.stormwatch.http.eventloop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.ProtocolException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.stream.Stream;
import okhttp3.Protocol;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The event loop's HTTP/1.1 response reader: the same answer whatever pieces the bytes arrive in (whole, one byte
 * at a time, random cuts), and a {@link ProtocolException} saying what was wrong for anything malformed (ST2: a
 * malformed response is MALFORMED_RESPONSE, as OkHttp reports it).
 */
class Http1ResponseParserTest {

    private static final int CAP = 1024;

    /** How the bytes of one response are cut into reads. */
    enum Cuts {
        WHOLE,
        ONE_BYTE_AT_A_TIME,
        RANDOM_PIECES;

        void feed(Http1ResponseParser parser, byte[] bytes) throws ProtocolException {
            switch (this) {
                case WHOLE -> parser.feed(ByteBuffer.wrap(bytes));
                case ONE_BYTE_AT_A_TIME -> {
                    for (byte b : bytes) {
                        parser.feed(ByteBuffer.wrap(new byte[] {b}));
                    }
                }
                case RANDOM_PIECES -> {
                    Random random = new Random(42);
                    int at = 0;
                    while (at < bytes.length) {
                        int length = Math.min(bytes.length - at, 1 + random.nextInt(7));
                        parser.feed(ByteBuffer.wrap(bytes, at, length).slice());
                        at += length;
                    }
                }
                default -> throw new IllegalStateException(name());
            }
        }
    }

    static Stream<Cuts> cuts() {
        return Stream.of(Cuts.values());
    }

    private static Http1ResponseParser parsed(Cuts cuts, String response) throws ProtocolException {
        return parsed(cuts, false, response);
    }

    private static Http1ResponseParser parsed(Cuts cuts, boolean head, String response) throws ProtocolException {
        Http1ResponseParser parser = new Http1ResponseParser(head, CAP);
        cuts.feed(parser, response.getBytes(StandardCharsets.ISO_8859_1));
        return parser;
    }

    private static ProtocolException refused(String response) {
        return refused(response, CAP);
    }

    private static ProtocolException refused(String response, int cap) {
        Http1ResponseParser parser = new Http1ResponseParser(false, cap);
        ProtocolException failure = catchThrowableOfType(
                ProtocolException.class, () -> Cuts.WHOLE.feed(parser, response.getBytes(StandardCharsets.ISO_8859_1)));
        assertThat(failure)
                .as("a ProtocolException for " + response.substring(0, Math.min(40, response.length())))
                .isNotNull();
        return failure;
    }

    private static String body(Http1ResponseParser parser) {
        return new String(parser.body(), StandardCharsets.ISO_8859_1);
    }

    @ParameterizedTest
    @MethodSource("cuts")
    void readsStatusLineHeadersAndAContentLengthBody(Cuts cuts) throws ProtocolException {
        Http1ResponseParser parser = parsed(
                cuts,
                "HTTP/1.1 503 Service Unavailable\r\n"
                        + "Retry-After: 120\r\nContent-Type: text/plain\r\nX-Two: a\r\nX-Two: b\r\nContent-Length: 5\r\n\r\nhello");

        assertThat(parser.done()).isTrue();
        assertThat(parser.protocol()).isEqualTo(Protocol.HTTP_1_1);
        assertThat(parser.code()).isEqualTo(503);
        assertThat(parser.message()).isEqualTo("Service Unavailable");
        assertThat(parser.headers().get("retry-after")).isEqualTo("120");
        assertThat(parser.headers().values("X-Two")).containsExactly("a", "b");
        assertThat(body(parser)).isEqualTo("hello");
        assertThat(parser.keepAlive()).isTrue();
    }

    @ParameterizedTest
    @MethodSource("cuts")
    void isNotDoneOneByteBeforeTheEndOfTheBody(Cuts cuts) throws ProtocolException {
        Http1ResponseParser parser = parsed(cuts, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhell");

        assertThat(parser.done()).isFalse();
        parser.feed(ByteBuffer.wrap(new byte[] {'o'}));
        assertThat(parser.done()).isTrue();
        assertThat(body(parser)).isEqualTo("hello");
    }

    @ParameterizedTest
    @MethodSource("cuts")
    void aStatusLineWithoutReasonAndBareLineFeedsIsRead(Cuts cuts) throws ProtocolException {
        Http1ResponseParser parser = parsed(cuts, "HTTP/1.1 200\nContent-Length: 0\n\n");

        assertThat(parser.done()).isTrue();
        assertThat(parser.code()).isEqualTo(200);
        assertThat(parser.message()).isEmpty();
        assertThat(parser.body()).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("cuts")
    void readsAChunkedBodyWithExtensionsAndTrailers(Cuts cuts) throws ProtocolException {
        Http1ResponseParser parser = parsed(
                cuts,
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "5;name=value\r\nhello\r\n" + "1 ; x\r\n,\r\n" + "A\r\n0123456789\r\n"
                        + "0\r\nX-Trailer: yes\r\nX-Other: too\r\n\r\n");

        assertThat(parser.done()).isTrue();
        assertThat(body(parser)).isEqualTo("hello,0123456789");
        assertThat(parser.keepAlive()).isTrue();
    }

    @Test
    void aChunkedBodyIsNotDoneBeforeTheLineThatEndsItsTrailers() throws ProtocolException {
        Http1ResponseParser parser =
                parsed(Cuts.WHOLE, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + "2\r\nok\r\n0\r\n");

        assertThat(parser.done()).isFalse();
        parser.feed(ByteBuffer.wrap("\r\n".getBytes(StandardCharsets.ISO_8859_1)));
        assertThat(parser.done()).isTrue();
        assertThat(body(parser)).isEqualTo("ok");
    }

    // Regression: every chunk-size line used to count against the 256 KiB limit of the response's head, so a
    // streamed answer of many small chunks (an SSE feed, a token stream) failed as "head too long" after ~50k chunks.
    @Test
    void manySmallChunksAreNotMistakenForAnOverlongHead() throws ProtocolException {
        int chunks = 100_000;
        StringBuilder response = new StringBuilder("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
        for (int i = 0; i < chunks; i++) {
            response.append("1;chunk-extension-of-some-length\r\nx\r\n");
        }
        response.append("0\r\n\r\n");
        Http1ResponseParser parser = new Http1ResponseParser(false, chunks);

        Cuts.WHOLE.feed(parser, response.toString().getBytes(StandardCharsets.ISO_8859_1));

        assertThat(parser.done()).isTrue();
        assertThat(parser.body()).hasSize(chunks);
    }

    @ParameterizedTest
    @MethodSource("cuts")
    void aBodyWithoutLengthIsReadToTheEndOfTheStreamAndEndsTheConnection(Cuts cuts) throws ProtocolException {
        Http1ResponseParser parser = parsed(cuts, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end");

        assertThat(parser.done()).isFalse();
        assertThat(parser.endOfStream())
                .as("the end of the stream ends this response")
                .isTrue();
        assertThat(parser.done()).isTrue();
        assertThat(body(parser)).isEqualTo("until the end");
        assertThat(parser.keepAlive()).isFalse();
    }

    @Test
    void theEndOfTheStreamBeforeTheBodyEndsIsNotAResponse() throws ProtocolException {
        Http1ResponseParser parser = parsed(Cuts.WHOLE, "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort");

        assertThat(parser.endOfStream()).isFalse();
        assertThat(parser.done()).isFalse();
    }

    @Test
    void aHeadAnswerHasNoBodyWhateverItsContentLengthSays() throws ProtocolException {
        Http1ResponseParser parser =
                parsed(Cuts.ONE_BYTE_AT_A_TIME, true, "HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n");

        assertThat(parser.done()).isTrue();
        assertThat(parser.body()).isEmpty();
        assertThat(parser.keepAlive()).isTrue();
    }

    @ParameterizedTest
    @MethodSource("cuts")
    void noContentAndNotModifiedHaveNoBody(Cuts cuts) throws ProtocolException {
        for (String status : new String[] {"204 No Content", "304 Not Modified"}) {
            Http1ResponseParser parser = parsed(cuts, "HTTP/1.1 " + status + "\r\nETag: \"x\"\r\n\r\n");

            assertThat(parser.done()).as(status).isTrue();
            assertThat(parser.body()).as(status).isEmpty();
            assertThat(parser.keepAlive()).as(status).isTrue();
        }
    }

    @ParameterizedTest
    @MethodSource("cuts")
    @DisplayName("A 304 that frames a body anyway has it read, as OkHttp honours the framing headers over the status")
    void aNotModifiedWithALengthHasItsBodyRead(Cuts cuts) throws ProtocolException {
        Http1ResponseParser parser = parsed(cuts, "HTTP/1.1 304 Not Modified\r\nContent-Length: 5\r\n\r\nhello");

        assertThat(parser.done()).isTrue();
        assertThat(body(parser)).isEqualTo("hello");
    }

    @Test
    @DisplayName("ST2: a 204 or 205 with a non-zero Content-Length is malformed, as OkHttp refuses it")
    void aNoContentWithALengthIsRefused() {
        for (String status : new String[] {"204 No Content", "205 Reset Content"}) {
            assertThat(refused("HTTP/1.1 " + status + "\r\nContent-Length: 500\r\n\r\n"))
                    .as(status)
                    .hasMessageContaining("non-zero Content-Length: 500");
        }
    }

    @Test
    @DisplayName("A header name with a space before its colon is no header OkHttp could look up: not Retry-After")
    void aNameWithASpaceIsNotTheHeader() throws ProtocolException {
        Http1ResponseParser parser =
                parsed(Cuts.WHOLE, "HTTP/1.1 503 Busy\r\nRetry-After : 7\r\nContent-Length : 2\r\n\r\nok");

        assertThat(parser.headers().get("Retry-After")).isNull();
        assertThat(parser.done())
                .as("no length either: the body runs to the end of the stream")
                .isFalse();
        assertThat(parser.endOfStream()).isTrue();
        assertThat(body(parser)).isEqualTo("ok");
    }

    @Test
    @DisplayName("Only a Transfer-Encoding of exactly \"chunked\" is chunked, as OkHttp reads it")
    void onlyExactlyChunkedIsChunked() throws ProtocolException {
        Http1ResponseParser parser =
                parsed(Cuts.WHOLE, "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n");

        assertThat(parser.done()).isFalse();
        assertThat(parser.endOfStream()).isTrue();
        assertThat(body(parser)).isEqualTo("2\r\nok\r\n0\r\n\r\n");
    }

    @ParameterizedTest
    @MethodSource("cuts")
    void interimContinueAnswersAreSkipped(Cuts cuts) throws ProtocolException {
        Http1ResponseParser parser = parsed(
                cuts,
                "HTTP/1.1 100 Continue\r\n\r\n"
                        + "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n"
                        + "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok");

        assertThat(parser.done()).isTrue();
        assertThat(parser.code()).isEqualTo(201);
        assertThat(parser.headers().get("Link"))
                .as("an interim answer's headers are not the response's")
                .isNull();
        assertThat(body(parser)).isEqualTo("ok");
    }

    @Test
    void connectionCloseMeansTheConnectionIsNotReused() throws ProtocolException {
        Http1ResponseParser parser =
                parsed(Cuts.WHOLE, "HTTP/1.1 200 OK\r\nConnection: Close\r\nContent-Length: 0\r\n\r\n");

        assertThat(parser.done()).isTrue();
        assertThat(parser.keepAlive()).isFalse();
    }

    @Test
    void http10IsReusedOnlyWhenItSaysKeepAlive() throws ProtocolException {
        Http1ResponseParser plain = parsed(Cuts.WHOLE, "HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok");
        Http1ResponseParser kept =
                parsed(Cuts.WHOLE, "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nok");

        assertThat(plain.protocol()).isEqualTo(Protocol.HTTP_1_0);
        assertThat(plain.done()).isTrue();
        assertThat(plain.keepAlive()).isFalse();
        assertThat(kept.keepAlive()).isTrue();
    }

    @Test
    void bytesAfterTheResponseMakeTheConnectionUnusable() throws ProtocolException {
        Http1ResponseParser parser =
                parsed(Cuts.WHOLE, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\n");
        Http1ResponseParser later = parsed(Cuts.WHOLE, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
        later.feed(ByteBuffer.wrap(new byte[] {'x'}));

        assertThat(parser.done()).isTrue();
        assertThat(body(parser)).isEqualTo("ok");
        assertThat(parser.keepAlive()).isFalse();
        assertThat(later.keepAlive()).isFalse();
    }

    @Test
    void aMalformedStatusLineIsRefused() {
        for (String status : new String[] {
            "HTTP/2 200 OK", "HTTP/1.1 20", "HTTP/1.1 2000 OK", "HTTP/1.1 abc OK", "HTTP/1.1 099 Low", "ICY 200 OK", ""
        }) {
            assertThat(refused(status + "\r\n\r\n")).as(status).hasMessageContaining("Unexpected status line");
        }
    }

    @Test
    @DisplayName("ST2: a header line OkHttp reads leniently is skipped, not a malformed response: the status stands")
    void headerLinesOkHttpWouldNotRefuseAreSkipped() throws ProtocolException {
        for (String line : new String[] {"no colon here", ": empty name", " folded: value", "bad name: x"}) {
            Http1ResponseParser parser = parsed(
                    Cuts.WHOLE, "HTTP/1.1 503 Busy\r\n" + line + "\r\nRetry-After: 7\r\nContent-Length: 2\r\n\r\nok");

            assertThat(parser.done()).as(line).isTrue();
            assertThat(parser.code()).isEqualTo(503);
            assertThat(parser.headers().get("Retry-After")).isEqualTo("7");
            assertThat(body(parser)).isEqualTo("ok");
        }
    }

    @Test
    @DisplayName("A Content-Length OkHttp cannot read is no length: the body runs to the end of the stream")
    void anUnreadableContentLengthReadsToTheEndOfTheStream() throws ProtocolException {
        for (String length : new String[] {"abc", "-1", "1.5", "99999999999999999999"}) {
            Http1ResponseParser parser =
                    parsed(Cuts.WHOLE, "HTTP/1.1 200 OK\r\nContent-Length: " + length + "\r\n\r\nhello");

            assertThat(parser.done()).as(length).isFalse();
            assertThat(parser.endOfStream()).isTrue();
            assertThat(body(parser)).isEqualTo("hello");
            assertThat(parser.keepAlive()).isFalse();
        }
    }

    @Test
    void aBadChunkSizeIsRefused() {
        for (String size : new String[] {"xyz", "", "-1", "ffffffffffffffffff"}) {
            assertThat(refused("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + size + "\r\n"))
                    .as(size)
                    .hasMessageContaining("malformed chunk size");
        }
    }

    @Test
    void aChunkLongerThanItsSizeIsRefused() {
        assertThat(refused("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n"))
                .hasMessageContaining("expected the end of a chunk");
    }

    @Test
    void aBodyOverTheCapIsRefusedWhateverItsFraming() {
        String over = "x".repeat(CAP + 1);

        assertThat(refused("HTTP/1.1 200 OK\r\nContent-Length: " + (CAP + 1) + "\r\n\r\n"))
                .hasMessageContaining("larger than " + CAP + " bytes");
        assertThat(refused("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(CAP) + "\r\n"
                        + "x".repeat(CAP) + "\r\n1\r\n"))
                .hasMessageContaining("larger than " + CAP + " bytes");
        // Regression: a body read to the end of the stream past the cap threw BufferUnderflowException, a
        // RuntimeException that stopped the whole event loop and failed every attempt in flight.
        assertThat(refused("HTTP/1.1 200 OK\r\n\r\n" + over)).hasMessageContaining("larger than " + CAP + " bytes");
    }

    @Test
    void aBodyExactlyAtTheCapIsRead() throws ProtocolException {
        String at = "x".repeat(CAP);

        Http1ResponseParser fixed = parsed(Cuts.WHOLE, "HTTP/1.1 200 OK\r\nContent-Length: " + CAP + "\r\n\r\n" + at);
        Http1ResponseParser untilEnd = parsed(Cuts.RANDOM_PIECES, "HTTP/1.1 200 OK\r\n\r\n" + at);

        assertThat(fixed.body()).hasSize(CAP);
        assertThat(untilEnd.endOfStream()).isTrue();
        assertThat(untilEnd.body()).hasSize(CAP);
    }

    @Test
    void aHeadLineOver64KiBIsRefused() {
        String header = "X-Big: " + "a".repeat(64 * 1024);

        assertThat(refused("HTTP/1.1 200 OK\r\n" + header + "\r\n\r\n"))
                .hasMessageContaining("longer than 65536 bytes");
    }

    @Test
    void aHeadOver256KiBInShortLinesIsRefused() {
        // OkHttp's limit for a response's head (Http1ExchangeCodec HEADER_LIMIT) is 256 KiB in all.
        String lines = "X-Many: " + "a".repeat(1000) + "\r\n";

        assertThat(refused("HTTP/1.1 200 OK\r\n" + lines.repeat(270) + "\r\n"))
                .hasMessageContaining("longer than 262144 bytes");
    }

    @Test
    @DisplayName("A refusal names what was wrong without echoing control characters or an endless line")
    void theMessageShowsABoundedPrintableExcerpt() {
        ProtocolException failure = refused("HTTP/1.1 2\u0001" + "y".repeat(200) + "\r\n\r\n");

        assertThat(failure)
                .hasMessageContaining("Unexpected status line: HTTP/1.1 2?yyy")
                .hasMessageEndingWith("...");
        assertThat(failure.getMessage()).hasSizeLessThan(140);
    }
}
