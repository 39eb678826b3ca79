package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HarEntryReaderTest {

    static String entry(String time, String url, int status, String retryAfter) {
        return "{\"startedDateTime\":\"" + time + "\",\"time\":-1,\"_priority\":\"High\","
                + "\"request\":{\"method\":\"GET\",\"url\":\"" + url + "\",\"httpVersion\":\"h2\",\"headers\":[],"
                + "\"queryString\":[],\"cookies\":[],\"headersSize\":-1,\"bodySize\":0},"
                + "\"response\":{\"status\":" + status + ",\"statusText\":\"\",\"httpVersion\":\"h2\",\"headers\":["
                + (retryAfter == null ? "" : "{\"name\":\"retry-after\",\"value\":\"" + retryAfter + "\"}")
                + "],\"cookies\":[],\"content\":{\"size\":0,\"mimeType\":\"x-unknown\"},\"redirectURL\":\"\","
                + "\"headersSize\":-1,\"bodySize\":-1,\"_transferSize\":0},\"cache\":{},"
                + "\"timings\":{\"blocked\":-1,\"dns\":-1,\"ssl\":-1,\"connect\":-1,\"send\":0.5,\"wait\":20,"
                + "\"receive\":1.5}}";
    }

    static String har(String... entries) {
        return "{\"log\":{\"version\":\"1.2\",\"creator\":{\"name\":\"test\",\"version\":\"1\"},\"pages\":[],"
                + "\"entries\":[" + String.join(",", entries) + "]}}";
    }

    private static CollectingSink read(String text) throws Exception {
        CollectingSink sink = new CollectingSink();
        new HarEntryReader(null).read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "alice", sink);
        return sink;
    }

    @Test
    void entriesWithCustomFieldsAndMinusOneTimingsAreRead() throws Exception {
        CollectingSink sink = read(har(
                entry("2026-12-01T10:00:00.000Z", "https://api.example/v1/x?code=s3cr3t", 429, "2"),
                entry("2026-12-01T10:00:02.100Z", "https://api.example/v1/x?code=s3cr3t", 200, null)));
        assertThat(sink.rejected).isEmpty();
        assertThat(sink.accepted).hasSize(2);
        ObservedRequest first = sink.accepted.get(0);
        assertThat(first.client()).isEqualTo("alice");
        assertThat(first.retryAfter()).isEqualTo("2");
        assertThat(first.uri()).isEqualTo("https://api.example/v1/x?code=s3cr3t");
        assertThat(first.durationMillis())
                .as("-1 total time: the known timings are summed")
                .isEqualTo(21);
    }

    @Test
    void aTruncatedHarKeepsTheEntriesBeforeTheBreak() throws Exception {
        String whole = har(
                entry("2026-12-01T10:00:00.000Z", "https://a/x", 429, "1"),
                entry("2026-12-01T10:00:01.000Z", "https://a/x", 200, null));
        CollectingSink sink = read(whole.substring(0, whole.length() - 200));
        assertThat(sink.accepted).hasSize(1);
        assertThat(sink.rejected).singleElement().satisfies(r -> {
            assertThat(r.line()).isEqualTo(2);
            assertThat(r.reason()).contains("breaks off");
        });
    }

    @Test
    void anEntryWithoutAStartIsRejectedWithItsNumber() throws Exception {
        CollectingSink sink = read(har(entry("not a date", "https://a/x", 200, null)));
        assertThat(sink.rejected)
                .singleElement()
                .satisfies(r -> assertThat(r.line()).isEqualTo(1));
    }

    @Test
    void jsonThatIsNotAHarIsRejected() throws Exception {
        CollectingSink sink = read("{\"hello\":1}");
        assertThat(sink.rejected)
                .singleElement()
                .satisfies(r -> assertThat(r.reason()).contains("log.entries"));
    }
}
