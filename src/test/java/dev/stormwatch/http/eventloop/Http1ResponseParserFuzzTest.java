package dev.stormwatch.http.eventloop;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.net.ProtocolException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.DisplayName;

/**
 * HD1: the event-loop transport's response parser reads whatever a server sends, in whatever pieces the network cuts
 * it, into a response or a {@link ProtocolException}; never another exception. The first byte of an input says where
 * to cut the rest in two, so a seed exercises a head or a chunk split across reads. Corpus under
 * {@code Http1ResponseParserFuzzTestInputs/}; {@code JAZZER_FUZZ=1} fuzzes (see CONTRIBUTING.md).
 */
class Http1ResponseParserFuzzTest {

    private static final int CAP = 64 * 1024;

    @FuzzTest(maxDuration = "10m")
    @DisplayName("HD1: any bytes from a server, cut anywhere, are a response or a protocol error")
    void anyBytesCutAnywhereAreAResponseOrAProtocolError(byte[] bytes) {
        if (bytes.length == 0) {
            return;
        }
        int cut = 1 + Math.floorMod(bytes[0], Math.max(1, bytes.length - 1));
        Http1ResponseParser parser = new Http1ResponseParser(false, CAP);
        try {
            parser.feed(ByteBuffer.wrap(bytes, 1, cut - 1));
            parser.feed(ByteBuffer.wrap(bytes, cut, bytes.length - cut));
            parser.endOfStream();
        } catch (ProtocolException refused) {
            assertThat(refused.getMessage()).isNotBlank();
            return;
        }
        if (parser.done()) {
            assertThat(parser.code()).isBetween(100, 999);
            assertThat(parser.body().length).isLessThanOrEqualTo(CAP);
        }
    }
}
