package dev.stormwatch.diagnose;

import static dev.stormwatch.diagnose.HarEntryReaderTest.entry;
import static dev.stormwatch.diagnose.HarEntryReaderTest.har;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HarEntryReaderEdgesTest {

    private static final String START = "2026-12-01T10:00:00.000Z";

    @TempDir
    Path dir;

    private CollectingSink read(String text) throws Exception {
        Path file = Files.writeString(dir.resolve("alice.har"), text);
        CollectingSink sink = new CollectingSink();
        try (InputStream in = Files.newInputStream(file)) {
            new HarEntryReader(null).read(in, "alice", sink);
        }
        return sink;
    }

    /** One entry of the shared fixture with its total time and timings replaced. */
    private static String timed(String time, String timings) {
        String withTime = entry(START, "https://a/x", 429, "1").replace("\"time\":-1", "\"time\":" + time);
        return withTime.substring(0, withTime.indexOf("\"timings\":")) + "\"timings\":" + timings + "}";
    }

    @Test
    @DisplayName("DG1: a HAR entry's own total time is its duration, a zero one included")
    void theEntrysTotalTimeIsItsDuration() throws Exception {
        CollectingSink sink = read(har(
                timed("50", "{\"send\":1,\"wait\":2,\"receive\":3}"),
                timed("0", "{\"send\":1,\"wait\":2,\"receive\":3}")));
        assertThat(sink.accepted).extracting(ObservedRequest::durationMillis).containsExactly(50L, 0L);
    }

    @Test
    @DisplayName("DG1: with time -1, a timing of 0 is known and sums to 0; none known is an unknown duration")
    void zeroTimingsAreKnownAndMinusOnesAreNot() throws Exception {
        CollectingSink sink = read(har(
                timed("-1", "{\"blocked\":-1,\"dns\":-1,\"connect\":-1,\"send\":0,\"wait\":-1,\"receive\":-1}"),
                timed("-1", "{\"blocked\":-1,\"dns\":-1,\"connect\":-1,\"send\":-1,\"wait\":-1,\"receive\":-1}")));
        assertThat(sink.accepted).extracting(ObservedRequest::durationMillis).containsExactly(0L, -1L);
    }

    @Test
    @DisplayName("DG8: an answer without Retry-After or Date header has none, not an empty one")
    void absentHeadersAreNull() throws Exception {
        CollectingSink sink = read(har(entry(START, "https://a/x", 429, null)));
        assertThat(sink.accepted).singleElement().satisfies(r -> {
            assertThat(r.retryAfter()).isNull();
            assertThat(r.date()).isNull();
            assertThat(r.idempotencyKey()).isNull();
        });
    }

    @Test
    @DisplayName("DG10: an entry without a valid start is rejected with its method and URL as its text")
    void aRejectedEntryShowsItsRequest() throws Exception {
        CollectingSink sink = read(har(entry("not a date", "https://a/x", 200, null)));
        assertThat(sink.rejected)
                .singleElement()
                .satisfies(r -> assertThat(r.text()).isEqualTo("GET https://a/x"));
    }

    @Test
    @DisplayName("DG10: an entry without request.url is rejected with its number, the next one still read")
    void anEntryWithoutAUrlIsRejected() throws Exception {
        String noUrl = entry(START, "https://a/x", 200, null).replace("\"url\":\"https://a/x\",", "");
        CollectingSink sink = read(har(noUrl, entry(START, "https://a/y", 200, null)));
        assertThat(sink.rejected).singleElement().satisfies(r -> {
            assertThat(r.line()).isEqualTo(1);
            assertThat(r.reason()).isEqualTo("entry 1 has no request.url");
        });
        assertThat(sink.acceptedLines).containsExactly(2L);
    }

    @Test
    @DisplayName("DG10: log.entries found only in a second JSON document of the file is no HAR")
    void entriesOutsideTheLogAreNotAHar() throws Exception {
        CollectingSink sink =
                read("{\"creator\":\"x\"} {\"entries\":[" + entry(START, "https://a/x", 200, null) + "]}");
        assertThat(sink.accepted).isEmpty();
        assertThat(sink.rejected)
                .singleElement()
                .satisfies(r -> assertThat(r.reason()).contains("log.entries"));
    }

    @Test
    @DisplayName("DG2: a method outside HTTP's usual ones keeps its name; an entry without one has none")
    void methodsAreTakenAsWritten() throws Exception {
        String purge = entry(START, "https://a/x", 200, null).replace("\"method\":\"GET\"", "\"method\":\"PURGE\"");
        String none = entry(START, "https://a/x", 200, null).replace("\"method\":\"GET\",", "");
        CollectingSink sink = read(har(purge, none));
        assertThat(sink.rejected).isEmpty();
        assertThat(sink.accepted).extracting(ObservedRequest::method).containsExactly("PURGE", null);
    }

    @Test
    @DisplayName("DG2: a URL that is not a valid URI is its own target, without its fragment")
    void anInvalidUrlIsItsOwnTarget() throws Exception {
        CollectingSink sink = read(har(entry(START, "https://a/x y?q=1#frag", 200, null)));
        assertThat(sink.accepted).extracting(ObservedRequest::uri).containsExactly("https://a/x y?q=1");
    }
}
