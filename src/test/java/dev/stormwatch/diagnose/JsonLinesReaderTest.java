package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.StringReader;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class JsonLinesReaderTest {

    private static CollectingSink read(String mapping, String text) throws Exception {
        CollectingSink sink = new CollectingSink();
        new JsonLinesReader(FieldMapping.parse(mapping)).read(new BufferedReader(new StringReader(text)), sink);
        return sink;
    }

    @Test
    void numbersAsStringsAndEpochSecondsWithFractionsAsNginxEscapeJsonWritesThem() throws Exception {
        CollectingSink sink = read(
                "time=msec:end,duration=request_time:s,client=client,method=m,uri=u,status=s," + "retry_after=ra",
                "{\"msec\":\"1764583200.500\",\"request_time\":\"0.250\",\"client\":\"c1\","
                        + "\"m\":\"GET\",\"u\":\"/x\",\"s\":\"429\",\"ra\":\"\"}\n");
        ObservedRequest r = sink.accepted.get(0);
        assertThat(r.startMillis()).isEqualTo(1_764_583_200_250L);
        assertThat(r.status()).isEqualTo(429);
        assertThat(r.retryAfter()).as("an empty string is absent").isNull();
    }

    // Regression: an unquoted fraction was read as a double and its text (1.764583200123E9) was no timestamp.
    @Test
    void epochSecondsWithFractionsAsUnquotedJsonNumbersAreTimes() throws Exception {
        CollectingSink sink = read(
                "time=t,duration=d:s,uri=u,status=s",
                "{\"t\":1764583200.123,\"d\":0.25,\"u\":\"/a\",\"s\":200}\n{\"t\":1764583201.0,\"u\":\"/a\",\"s\":200}\n");
        assertThat(sink.rejected).isEmpty();
        assertThat(sink.accepted.get(0).startMillis()).isEqualTo(1_764_583_200_123L);
        assertThat(sink.accepted.get(0).durationMillis()).isEqualTo(250);
        assertThat(sink.accepted.get(1).startMillis()).isEqualTo(1_764_583_201_000L);
    }

    @Test
    void epochMillisAndIso8601AreBothTimes() throws Exception {
        CollectingSink sink = read(
                "time=t,uri=u,status=s",
                "{\"t\":1764583200123,\"u\":\"/a\",\"s\":200}\n"
                        + "{\"t\":\"2026-12-01T10:00:00.5+01:00\",\"u\":\"/a\",\"s\":200}\n");
        assertThat(sink.accepted.get(0).startMillis()).isEqualTo(1_764_583_200_123L);
        assertThat(sink.accepted.get(1).startMillis())
                .isEqualTo(Instant.parse("2026-12-01T09:00:00.5Z").toEpochMilli());
    }

    @Test
    void aMissingFieldOrABrokenLineIsRejectedWithItsLineNumber() throws Exception {
        CollectingSink sink = read(
                "time=t,uri=u,status=s",
                "{\"t\":1764583200,\"u\":\"/a\",\"s\":200}\n"
                        + "{\"t\":1764583200,\"u\":\"/a\"}\n{\"t\":17645\n[1,2]\n");
        assertThat(sink.accepted).hasSize(1);
        assertThat(sink.rejected).extracting(CollectingSink.Rejected::line).containsExactly(2L, 3L, 4L);
        assertThat(sink.rejected.get(0).reason()).contains("missing field 's'");
    }

    @Test
    void kongPresetReadsNestedFields() throws Exception {
        CollectingSink sink = read(
                "kong",
                "{\"started_at\":1764583200000,\"client_ip\":\"10.0.0.1\","
                        + "\"request\":{\"method\":\"GET\",\"uri\":\"/v1/models\"},\"response\":{\"status\":429,"
                        + "\"headers\":{\"retry-after\":\"2\"}},\"latencies\":{\"request\":15}}\n");
        ObservedRequest r = sink.accepted.get(0);
        assertThat(r.client()).isEqualTo("10.0.0.1");
        assertThat(r.retryAfter()).isEqualTo("2");
        assertThat(r.durationMillis()).isEqualTo(15);
    }

    @Test
    void envoyAndRelayPresetsMapTheirOwnKeys() throws Exception {
        CollectingSink envoy = read(
                "envoy",
                "{\"start_time\":\"2026-12-01T10:00:00.000Z\",\"method\":\"GET\","
                        + "\"path\":\"/a\",\"response_code\":429,\"duration\":3,\"x_forwarded_for\":\"1.1.1.1\"}\n");
        assertThat(envoy.accepted.get(0).status()).isEqualTo(429);
        CollectingSink relay = read(
                "stormwatch-relay",
                "{\"sequence\":0,\"at\":\"2026-12-01T10:00:00Z\","
                        + "\"principal\":\"key:abc\",\"endpoint\":\"/v1/models\",\"outcome\":\"QUOTA\",\"status\":429,"
                        + "\"latency_ms\":0.4}\n");
        assertThat(relay.accepted.get(0).client()).isEqualTo("key:abc");
    }

    @Test
    void aMappingWithoutTimeOrStatusOrUnknownRolesIsRefused() {
        assertThatThrownBy(() -> FieldMapping.parse("uri=u,status=s")).hasMessageContaining("'time'");
        assertThatThrownBy(() -> FieldMapping.parse("time=t,uri=u,status=s,colour=c"))
                .hasMessageContaining("colour");
    }
}
