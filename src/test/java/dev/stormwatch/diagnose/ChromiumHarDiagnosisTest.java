package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.diagnose.Diagnosis.ClientDiagnosis;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** HARs exported by a real Chromium through its DevTools protocol, checked against what the page's clients recorded. */
@WaitsBesideOtherTests
class ChromiumHarDiagnosisTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    @DisplayName("DG1 DG2 DG3: the committed Chromium HAR gives each client's requests, retries and early retries")
    void committedChromiumHarMatchesWhatThePageRecorded() throws Exception {
        Path har = Path.of(
                getClass().getResource("/diagnose/har/chromium-storm.har").toURI());
        Path truth = Path.of(getClass()
                .getResource("/diagnose/har/chromium-storm.truth.json")
                .toURI());
        assertDiagnosisMatches(har, JSON.readTree(truth.toFile()));
    }

    @Test
    @Tag("slow")
    @DisplayName("DG1 DG2 DG3: a HAR that Chromium records now gives what its page's clients recorded")
    void freshChromiumHarMatchesWhatThePageRecorded() throws Exception {
        Optional<Path> chromium = ChromiumHarRecorder.chromium();
        assumeTrue(
                chromium.isPresent(),
                "chromium is not installed (apt-get install chromium): this test records"
                        + " a HAR with Debian's Chromium through its DevTools protocol");
        ChromiumHarRecorder.Recording recording = ChromiumHarRecorder.record(chromium.get(), dir);
        Path har = dir.resolve("fresh.har");
        JSON.writeValue(har.toFile(), recording.har());
        assertDiagnosisMatches(har, recording.truth());
    }

    private static void assertDiagnosisMatches(Path har, JsonNode truth) throws Exception {
        Diagnosis d = new DiagnoseService()
                .diagnose(
                        new DiagnoseRequest(
                                List.of(har), InputFormat.AUTO, null, null, "X-Client-Id", DiagnosisOptions.DEFAULTS),
                        p -> {},
                        () -> false);
        assertThat(d.evidence().unparsed()).isZero();
        assertThat(d.requests()).isEqualTo(truth.size());
        for (String name : List.of("patient", "eager")) {
            long sent = 0;
            Set<String> urls = new HashSet<>();
            long early = 0;
            Map<String, JsonNode> previous = new HashMap<>();
            for (JsonNode fetch : truth) {
                if (!fetch.get("client").asText().equals(name)) {
                    continue;
                }
                sent++;
                String url = fetch.get("url").asText();
                urls.add(url);
                JsonNode before = previous.get(url);
                if (before != null && !before.get("ra").isNull()) {
                    long allowed = before.get("got").asLong() + before.get("ra").asLong() * 1000;
                    early += fetch.get("sent").asLong() < allowed - 100 ? 1 : 0;
                }
                previous.put(url, fetch);
            }
            ClientDiagnosis client = d.clients().stream()
                    .filter(c -> c.client().equals(name))
                    .findFirst()
                    .orElseThrow();
            assertThat(client.requests()).as(name + " requests").isEqualTo(sent);
            assertThat(client.logicalRequests()).as(name + " logical").isEqualTo(urls.size());
            assertThat(client.retries()).as(name + " retries").isEqualTo(sent - urls.size());
            assertThat(client.earlyRetries()).as(name + " early").isEqualTo(early);
            assertThat(client.ignoresRetryAfter()).as(name + " flagged").isEqualTo(name.equals("eager"));
        }
        assertThat(DiagnosisJson.write(d, false)).doesNotContain("not-a-real-token");
        assertThat(Files.size(har)).isPositive();
    }
}
