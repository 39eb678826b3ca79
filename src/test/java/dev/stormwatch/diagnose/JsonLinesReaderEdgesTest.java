package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonLinesReaderEdgesTest {

    private static final String MAPPING = "time=t,duration=d,uri=u,status=s";

    @TempDir
    Path dir;

    private CollectingSink read(String text) throws Exception {
        Path file = Files.writeString(dir.resolve("gateway.jsonl"), text);
        CollectingSink sink = new CollectingSink();
        try (BufferedReader in = Files.newBufferedReader(file)) {
            new JsonLinesReader(FieldMapping.parse(MAPPING)).read(in, sink);
        }
        return sink;
    }

    @Test
    @DisplayName("DG10: a line that repeats the line before it is counted and reported; a different one is not")
    void repeatedLinesAreReported() throws Exception {
        String line = "{\"t\":1764583200,\"u\":\"/a\",\"s\":200}\n";
        CollectingSink sink = read(line + line + "{\"t\":1764583201,\"u\":\"/a\",\"s\":200}\n" + line);
        assertThat(sink.accepted).hasSize(4);
        assertThat(sink.duplicates).containsExactly(2L);
    }

    @Test
    @DisplayName("DG10: a line without a time, with a bad time, without a target or with a bad duration is rejected")
    void eachMissingOrBadFieldIsRejectedInItsWords() throws Exception {
        CollectingSink sink = read("{\"u\":\"/a\",\"s\":200}\n"
                + "{\"t\":\"yesterday\",\"u\":\"/a\",\"s\":200}\n"
                + "{\"t\":1764583200,\"s\":200}\n"
                + "{\"t\":1764583200,\"u\":\"/a\",\"s\":200,\"d\":\"slow\"}\n");
        assertThat(sink.accepted).isEmpty();
        assertThat(sink.rejected).extracting(CollectingSink.Rejected::line).containsExactly(1L, 2L, 3L, 4L);
        assertThat(sink.rejected.get(0).reason()).isEqualTo("missing field 't' (mapped as time)");
        assertThat(sink.rejected.get(1).reason())
                .contains("field 't' is not a timestamp")
                .contains("'yesterday'");
        assertThat(sink.rejected.get(2).reason()).isEqualTo("missing field 'u' (mapped as uri)");
        assertThat(sink.rejected.get(3).reason()).isEqualTo("field 'd' is not a number: 'slow'");
    }

    @Test
    @DisplayName("DG10: statuses 0 (no answer) and 999 are statuses; -1 and 1000 are not")
    void statusBoundsAreInclusive() throws Exception {
        CollectingSink sink = read("{\"t\":1764583200,\"u\":\"/a\",\"s\":0}\n"
                + "{\"t\":1764583200,\"u\":\"/b\",\"s\":999}\n"
                + "{\"t\":1764583200,\"u\":\"/c\",\"s\":-1}\n"
                + "{\"t\":1764583200,\"u\":\"/d\",\"s\":1000}\n");
        assertThat(sink.accepted).extracting(ObservedRequest::status).containsExactly(0, 999);
        assertThat(sink.rejected).extracting(CollectingSink.Rejected::line).containsExactly(3L, 4L);
    }
}
