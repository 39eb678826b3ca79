package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Field mappings for JSON lines at their edges: units, alternatives, presets, refusals and how they read back. */
class FieldMappingEdgesTest {

    private static ObservedRequest read(String mapping, String line) throws Exception {
        CollectingSink sink = new CollectingSink();
        new JsonLinesReader(FieldMapping.parse(mapping)).read(new BufferedReader(new StringReader(line)), sink);
        assertThat(sink.rejected).isEmpty();
        return sink.accepted.get(0);
    }

    @Test
    @DisplayName("DG1: time=F:end makes the logged time an end, less the duration; duration=F:s is in seconds,"
            + " :ms and :start say the defaults")
    void units() throws Exception {
        String line = "{\"t\":1764583202,\"d\":1.5,\"u\":\"/a\",\"s\":200}";
        ObservedRequest end = read("time=t:end,duration=d:s,uri=u,status=s", line);
        assertThat(end.startMillis()).isEqualTo(1_764_583_200_500L);
        assertThat(end.durationMillis()).isEqualTo(1_500);
        ObservedRequest start = read("time=t:start,duration=d:ms,uri=u,status=s", line);
        assertThat(start.startMillis()).isEqualTo(1_764_583_202_000L);
        assertThat(start.durationMillis()).isEqualTo(2);
        assertThat(FieldMapping.parse("time=:end,uri=u,status=s").timeIsEnd())
                .as("a colon that starts the field is part of its name")
                .isFalse();
        ObservedRequest instant = read("time=t:end,duration=d,uri=u,status=s", line.replace("1.5", "0"));
        assertThat(instant.startMillis()).as("no duration to take off").isEqualTo(1_764_583_202_000L);
    }

    @Test
    @DisplayName("DG2: a|b takes the first field present; a dotted path reads nested objects; client:address drops"
            + " the port (DG19)")
    void alternativesPathsAndAddresses() throws Exception {
        FieldMapping m = FieldMapping.parse("time=t,uri=u,status=s,client=x_forwarded_for|peer.address:address");
        assertThat(m.clientIsAddress()).isTrue();
        assertThat(m.describe("client")).isEqualTo("x_forwarded_for|peer.address");
        assertThat(read(
                                "time=t,uri=u,status=s,client=x_forwarded_for|peer.address:address",
                                "{\"t\":1764583200,\"u\":\"/a\",\"s\":200,\"peer\":{\"address\":\"10.0.0.1:5\"}}")
                        .client())
                .isEqualTo("10.0.0.1");
        ObservedRequest first = read(
                "time=t,uri=u,status=s,client=x_forwarded_for|peer.address:address",
                "{\"t\":1764583200,\"u\":\"/a\",\"s\":200,\"x_forwarded_for\":\"203.0.113.7, 10.0.0.1\","
                        + "\"peer\":{\"address\":\"10.0.0.1:5\"}}");
        assertThat(first.client()).isEqualTo("203.0.113.7");
        ObservedRequest plain = read(
                "time=t,uri=u,status=s,client=peer.address",
                "{\"t\":1764583200,\"u\":\"/a\",\"s\":200,\"peer\":{\"address\":\"10.0.0.1:5\"}}");
        assertThat(plain.client()).as("not mapped as an address").isEqualTo("10.0.0.1:5");
    }

    @Test
    @DisplayName(
            "DG19: an address in brackets loses them, an empty pair of brackets stays, a leading colon is no" + " port")
    void addressEdges() {
        assertThat(FieldMapping.clientAddress("[::1]")).isEqualTo("::1");
        assertThat(FieldMapping.clientAddress("[]:80")).isEqualTo("[]:80");
        assertThat(FieldMapping.clientAddress("[x")).isEqualTo("[x");
        assertThat(FieldMapping.clientAddress(":80")).isEqualTo(":80");
        assertThat(FieldMapping.clientAddress("a:1,b:2")).isEqualTo("a");
        assertThat(FieldMapping.clientAddress(",10.0.0.1")).isEmpty();
        assertThat(FieldMapping.clientAddress(null)).isNull();
    }

    @Test
    @DisplayName("DG2: the presets expand by name, in any case, and pairs after them replace their roles")
    void presets() throws Exception {
        assertThat(FieldMapping.parse("Kong").describe("uri")).isEqualTo("request.uri");
        assertThat(FieldMapping.parse("relay")).isEqualTo(FieldMapping.parse(FieldMapping.STORMWATCH_RELAY));
        assertThat(FieldMapping.parse("stormwatch-relay")).isEqualTo(FieldMapping.parse("relay"));
        FieldMapping envoy = FieldMapping.parse("envoy,client=x_client_id");
        assertThat(envoy.describe("client")).isEqualTo("x_client_id");
        assertThat(envoy.clientIsAddress()).isFalse();
        assertThat(envoy.throttleMarks()).extracting(Object::toString).containsExactly("response_flags=RL");
        assertThat(FieldMapping.parse("envoy").clientIsAddress()).isTrue();
        assertThat(envoy.describe("date")).isEqualTo("(not mapped)");
    }

    @Test
    @DisplayName("DG16: the mapping reads back as text with its marks and its address unit, and two mappings are"
            + " equal when they read alike and their time and duration units agree")
    void textAndEquality() throws Exception {
        FieldMapping m = FieldMapping.parse("time=t,uri=u,status=s,client=c:address,throttled=a.b=RL");
        // The roles come in the map's order; the marks and the address unit after them.
        assertThat(m.toString())
                .contains("time=t", "uri=u", "status=s", "client=c")
                .endsWith(",throttled=a.b=RL,client:address");
        assertThat(m.throttleMarks().get(0).path()).containsExactly("a", "b");
        FieldMapping same = FieldMapping.parse(" time = t , uri=u,status=s,client=c:address,throttled=a.b=RL");
        assertThat(same).isEqualTo(m).hasSameHashCodeAs(m);
        FieldMapping end = FieldMapping.parse("time=t:end,uri=u,status=s");
        FieldMapping start = FieldMapping.parse("time=t,uri=u,status=s");
        FieldMapping seconds = FieldMapping.parse("time=t,uri=u,status=s,duration=d:s");
        FieldMapping millis = FieldMapping.parse("time=t,uri=u,status=s,duration=d");
        assertThat(end.toString()).isEqualTo(start.toString());
        assertThat(end).isNotEqualTo(start);
        assertThat(end.hashCode()).isNotEqualTo(start.hashCode());
        assertThat(seconds).isNotEqualTo(millis);
        assertThat(seconds.hashCode()).isNotEqualTo(millis.hashCode());
        assertThat(start).isNotEqualTo("time=t,uri=u,status=s");
        FieldMapping marked = start.withThrottleMarks(List.of(FieldMapping.ThrottleMark.parse("f=x", "--throttled")));
        assertThat(marked.toString()).isEqualTo(start + ",throttled=f=x");
        assertThat(marked.timeIsEnd()).isFalse();
        assertThat(end.withThrottleMarks(List.of()).timeIsEnd()).isTrue();
        assertThat(seconds.withThrottleMarks(List.of()).durationInSeconds()).isTrue();
        FieldMapping address = FieldMapping.parse("time=t,uri=u,status=s,client=c:address");
        assertThat(address.withThrottleMarks(List.of()).clientIsAddress()).isTrue();
    }

    @Test
    @DisplayName("DG16: a throttle mark splits at its last '=', and matches its value alone or in a comma list")
    void marks() throws Exception {
        FieldMapping.ThrottleMark mark = FieldMapping.ThrottleMark.parse(" tags.kind = a=b ", "--throttled");
        assertThat(mark.path()).containsExactly("tags", "kind = a");
        assertThat(mark.value()).isEqualTo("b");
        FieldMapping.ThrottleMark rl = FieldMapping.ThrottleMark.parse("flags=RL", "--throttled");
        assertThat(rl.matches("UF, RL")).isTrue();
        assertThat(rl.matches("RLX,UF")).isFalse();
        assertThat(rl.matches("")).isFalse();
        assertThat(rl.matches(null)).isFalse();
        for (String bad : new String[] {"=RL", "flags=", "flags"}) {
            assertThatThrownBy(() -> FieldMapping.ThrottleMark.parse(bad, "the Throttled field"))
                    .isInstanceOf(DiagnoseException.BadOption.class)
                    .hasMessage("the Throttled field names a field and the value that means throttled, such as"
                            + " response_flags=RL; '" + bad + "' is not one");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  "})
    @DisplayName("DG10: no mapping at all is refused, naming the presets")
    void noMapping(String text) {
        assertThatThrownBy(() -> FieldMapping.parse(text))
                .isInstanceOf(DiagnoseException.BadOption.class)
                .hasMessage("JSON lines need a field mapping: --fields time=...,status=...,uri=... or a preset"
                        + " (envoy, kong, stormwatch-relay)");
        assertThatThrownBy(() -> FieldMapping.parse(null)).isInstanceOf(DiagnoseException.BadOption.class);
    }

    @Test
    @DisplayName("DG10: a pair that is not role=field, an unknown unit and a missing time, status or uri are refused"
            + " in the words of --fields")
    void refusals() {
        for (String pair : new String[] {"time", "=t", "time="}) {
            assertThatThrownBy(() -> FieldMapping.parse(pair + ",uri=u,status=s"))
                    .hasMessage("--fields expects role=field pairs separated by commas, e.g. time=ts,status=code; '"
                            + pair + "' is not one");
        }
        assertThatThrownBy(() -> FieldMapping.parse("time=t,uri=u,status=s,duration=d:h"))
                .hasMessage("--fields: 'h' is not a unit of duration (time takes :start or :end, duration :ms or :s,"
                        + " client :address)");
        for (String unit : new String[] {"time=t:s", "time=t:ms", "time=t:address", "client=c:end", "uri=u:start"}) {
            assertThatThrownBy(() -> FieldMapping.parse(unit + ",time=t,uri=u,status=s"))
                    .as(unit)
                    .hasMessageContaining("is not a unit of");
        }
        assertThatThrownBy(() -> FieldMapping.parse("time=t,uri=u"))
                .hasMessage("--fields must map 'status'; it maps [time, uri]");
        assertThatThrownBy(() -> FieldMapping.parse("time=t,status=s"))
                .hasMessage("--fields must map 'uri' (the request path), so that retries of one request can be told"
                        + " apart from new requests; it maps [time, status]");
        assertThatThrownBy(() -> FieldMapping.parse("TIME=t,uri=u,status=s,colour=c"))
                .hasMessage("--fields: unknown role 'colour'; the roles are " + FieldMapping.ROLES);
    }

    @Test
    @DisplayName(
            "DG2: one mapping written in two orders is one mapping, and prints its roles in the order of the roles")
    void theOrderOfThePairsDoesNotMatter() throws Exception {
        FieldMapping one = FieldMapping.parse("status=s,uri=u,time=t,client=c,method=m,duration=d");
        FieldMapping other = FieldMapping.parse("duration=d,method=m,client=c,time=t,uri=u,status=s");

        assertThat(one).isEqualTo(other).hasSameHashCodeAs(other);
        assertThat(one.toString()).isEqualTo(other.toString()).startsWith("time=t,duration=d,client=c,");
    }
}
