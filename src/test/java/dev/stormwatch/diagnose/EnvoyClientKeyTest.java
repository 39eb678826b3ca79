package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DG19: the {@code envoy} preset names a client by the address that sent the request, not by its connection, and
 * does not take Envoy's {@code request_id} for an idempotency key. The lines are written here with the keys of
 * Envoy's documented JSON access-log example (Istio's default JSON encoding), as Envoy fills them: a new
 * {@code x-request-id} for every request from outside, and the downstream address with the port of the connection.
 * They are not a log recorded by Envoy (no Envoy binary can be installed here: it is not in Debian).
 */
class EnvoyClientKeyTest {

    @TempDir
    Path dir;

    /** One line in the keys of Envoy's JSON access log. */
    private static String line(
            String start,
            String remote,
            String forwardedFor,
            String requestId,
            String path,
            int status,
            String retryAfter) {
        return "{\"start_time\":\"" + start + "\",\"method\":\"GET\",\"path\":\"" + path
                + "\",\"protocol\":\"HTTP/1.1\","
                + "\"response_code\":" + status + ",\"response_flags\":\"-\",\"duration\":3,"
                + "\"x_forwarded_for\":" + (forwardedFor == null ? "null" : "\"" + forwardedFor + "\"") + ","
                + "\"user_agent\":\"python-httpx/0.27.0\",\"request_id\":\"" + requestId + "\","
                + "\"authority\":\"api.internal:10000\",\"downstream_remote_address\":\"" + remote + "\","
                + "\"retry_after\":" + (retryAfter == null ? "null" : "\"" + retryAfter + "\"") + "}";
    }

    /**
     * A client at 10.0.0.9 that opens a new connection for each attempt (ports 40001-40003) and retries one request
     * twice after 429s; two clients behind a proxy at 10.0.0.1 named by X-Forwarded-For, one of them sending over two
     * connections; an IPv6 client on two connections.
     */
    private Path log() throws Exception {
        List<String> lines = List.of(
                line("2026-12-01T10:00:00.000Z", "10.0.0.9:40001", null, "id-1", "/v1/x", 429, "1"),
                line("2026-12-01T10:00:00.100Z", "10.0.0.1:50001", "203.0.113.7, 10.0.0.1", "id-2", "/v1/y", 429, "1"),
                line("2026-12-01T10:00:00.200Z", "10.0.0.9:40002", null, "id-3", "/v1/x", 429, "1"),
                line("2026-12-01T10:00:00.300Z", "10.0.0.1:50002", "203.0.113.7", "id-4", "/v1/y", 200, null),
                line("2026-12-01T10:00:00.400Z", "10.0.0.9:40003", null, "id-5", "/v1/x", 200, null),
                line(
                        "2026-12-01T10:00:00.500Z",
                        "10.0.0.1:50001",
                        "198.51.100.2, 10.0.0.1",
                        "id-6",
                        "/v1/y",
                        200,
                        null),
                line("2026-12-01T10:00:00.600Z", "[2001:db8::5]:41000", null, "id-7", "/v1/z", 429, "1"),
                line("2026-12-01T10:00:00.700Z", "[2001:db8::5]:41001", null, "id-8", "/v1/z", 200, null));
        return Files.write(dir.resolve("envoy.jsonl"), lines);
    }

    private Diagnosis diagnose(String fields) throws Exception {
        return new DiagnoseService()
                .diagnose(
                        new DiagnoseRequest(
                                List.of(log()), InputFormat.JSONL, null, fields, null, DiagnosisOptions.DEFAULTS),
                        p -> {},
                        () -> false);
    }

    private static Map<String, Diagnosis.ClientDiagnosis> byClient(Diagnosis d) {
        return d.clients().stream().collect(Collectors.toMap(Diagnosis.ClientDiagnosis::client, c -> c));
    }

    @Test
    @DisplayName("DG19: the envoy preset keys a client on X-Forwarded-For's first address or the downstream address"
            + " without its port, and finds retries by method and path, not by Envoy's per-request request_id")
    void oneClientOverManyConnectionsIsOneClientWithItsRetries() throws Exception {
        Diagnosis d = diagnose("envoy");

        assertThat(d.evidence().unparsed()).isZero();
        Map<String, Diagnosis.ClientDiagnosis> clients = byClient(d);
        assertThat(clients).containsOnlyKeys("10.0.0.9", "203.0.113.7", "198.51.100.2", "2001:db8::5");
        Diagnosis.ClientDiagnosis nine = clients.get("10.0.0.9");
        assertThat(nine.requests()).isEqualTo(3);
        assertThat(nine.logicalRequests()).isEqualTo(1);
        assertThat(nine.retries()).isEqualTo(2);
        assertThat(clients.get("203.0.113.7").retries())
                .as("behind the proxy, over two connections")
                .isEqualTo(1);
        assertThat(clients.get("198.51.100.2").requests()).isEqualTo(1);
        assertThat(clients.get("2001:db8::5").retries()).isEqualTo(1);
        assertThat(d.requests()).isEqualTo(8);
        assertThat(d.logicalRequests()).isEqualTo(4);
    }

    @Test
    @DisplayName("DG19: keyed on the address with its port and on request_id, as the preset did, the same storm"
            + " splits into one client per connection and shows no retry")
    void theConnectionAndTheRequestIdSplitTheSameStorm() throws Exception {
        Diagnosis old = diagnose("time=start_time,duration=duration,client=x_forwarded_for|downstream_remote_address,"
                + "method=method,uri=path,status=response_code,retry_after=retry_after,idempotency_key=request_id");

        assertThat(old.clients()).hasSize(8);
        assertThat(old.logicalRequests()).isEqualTo(8);
        assertThat(old.clients().stream()
                        .mapToLong(Diagnosis.ClientDiagnosis::retries)
                        .sum())
                .isZero();
    }

    @Test
    @DisplayName("DG19: pairs after the preset's name replace its roles: a mapped header names the client, and a"
            + " request id the client keeps may be mapped back")
    void pairsAfterThePresetReplaceItsRoles() throws Exception {
        Diagnosis byAgent = diagnose("envoy,client=user_agent");
        assertThat(byAgent.clients())
                .extracting(Diagnosis.ClientDiagnosis::client)
                .containsExactly("python-httpx/0.27.0");
        assertThat(byAgent.logicalRequests()).isEqualTo(4);

        Diagnosis byId = diagnose("envoy,idempotency_key=request_id");
        assertThat(byId.clients()).hasSize(4);
        assertThat(byId.logicalRequests()).as("every attempt has its own id").isEqualTo(8);
    }

    @Test
    @DisplayName("DG19: an address loses its port and keeps the first of a list; a bare IPv6 address keeps its colons")
    void anAddressIsTheHostWithoutItsPort() {
        assertThat(FieldMapping.clientAddress("10.0.0.1:51124")).isEqualTo("10.0.0.1");
        assertThat(FieldMapping.clientAddress("10.0.0.1")).isEqualTo("10.0.0.1");
        assertThat(FieldMapping.clientAddress("[2001:db8::1]:443")).isEqualTo("2001:db8::1");
        assertThat(FieldMapping.clientAddress("2001:db8::1")).isEqualTo("2001:db8::1");
        assertThat(FieldMapping.clientAddress("203.0.113.7, 10.0.0.1:80")).isEqualTo("203.0.113.7");
        assertThat(FieldMapping.clientAddress(" 203.0.113.7 ")).isEqualTo("203.0.113.7");
        assertThat(FieldMapping.clientAddress(null)).isNull();
    }
}
