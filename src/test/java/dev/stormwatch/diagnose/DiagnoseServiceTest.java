package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiagnoseServiceTest {

    @TempDir
    Path dir;

    private final DiagnoseService service = new DiagnoseService();

    /** One combined-format line, whole-second time, no duration logged. */
    static String line(String client, String time, String uri, int status) {
        return client + " - - [01/Dec/2026:" + time + " +0000] \"GET " + uri + " HTTP/1.1\" " + status
                + " 0 \"-\" \"agent\"\n";
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private Path gzip(String name, byte[] content) throws IOException {
        Path file = dir.resolve(name);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(content);
        }
        return file;
    }

    private Diagnosis diagnose(Path... files) throws DiagnoseException {
        return service.diagnose(DiagnoseRequest.of(List.of(files)), p -> {}, () -> false);
    }

    @Test
    void gzipIsRecognisedByItsMagicBytesNotItsName() throws Exception {
        Path file = gzip(
                "access.log",
                (line("1.1.1.1", "10:00:00", "/a", 429) + line("1.1.1.1", "10:00:02", "/a", 200))
                        .getBytes(StandardCharsets.UTF_8));
        Diagnosis d = diagnose(file);
        assertThat(d.requests()).isEqualTo(2);
        assertThat(d.logicalRequests()).isEqualTo(1);
    }

    // DG10
    @Test
    void aTruncatedGzipKeepsWhatWasReadAndIsPartial() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int n = 0; n < 5_000; n++) {
            text.append(line("1.1.1.1", "10:00:00", "/a" + n, 200));
        }
        Path whole = gzip("whole.log.gz", text.toString().getBytes(StandardCharsets.UTF_8));
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = Files.write(dir.resolve("cut.log.gz"), Arrays.copyOf(bytes, bytes.length / 2));
        Diagnosis d = diagnose(cut);
        assertThat(d.requests()).isBetween(1L, 4_999L);
        assertThat(d.partial()).isTrue();
        assertThat(d.evidence().files().get(0).error()).contains("breaks off");
    }

    // DG10
    @Test
    void anEmptyFileAndABinaryFileSayWhatWasExpectedAndTheRestIsStillDiagnosed() throws Exception {
        Path empty = write("empty.log", "");
        Path binary = Files.write(dir.resolve("blob.bin"), new byte[] {0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2});
        Path good = write("good.log", line("1.1.1.1", "10:00:00", "/a", 200));
        Diagnosis d = diagnose(empty, binary, good);
        assertThat(d.requests()).isEqualTo(1);
        assertThat(d.partial()).isTrue();
        assertThat(d.evidence().files())
                .extracting(Diagnosis.FileSummary::error)
                .satisfies(errors -> {
                    assertThat(errors.get(0)).contains("empty").contains("expected");
                    assertThat(errors.get(1)).contains("binary");
                    assertThat(errors.get(2)).isNull();
                });
    }

    // DG10
    @Test
    void aLogFormatThatMatchesNoLineSaysSoWithTheFirstFailure() throws Exception {
        Path file = write("json.log", "{\"a\":1} trailing\nnot json either\n");
        Diagnosis d = service.diagnose(
                new DiagnoseRequest(
                        List.of(file), InputFormat.NGINX, "combined", null, null, DiagnosisOptions.DEFAULTS),
                p -> {},
                () -> false);
        assertThat(d.requests()).isZero();
        assertThat(d.evidence().unparsed()).isEqualTo(2);
        assertThat(d.evidence().files().get(0).error())
                .contains("matched none of the 2 lines")
                .contains("line 1");
    }

    // DG2, DG10
    @Test
    void twoGatewayNodesMergeByTimeSoARetryOnTheOtherNodeIsStillARetry() throws Exception {
        Path nodeA = write("a.log", line("1.1.1.1", "10:00:00", "/a", 429) + line("1.1.1.1", "10:00:04", "/b", 200));
        Path nodeB = write("b.log", line("1.1.1.1", "10:00:02", "/a", 200));
        Diagnosis d = diagnose(nodeA, nodeB);
        assertThat(d.requests()).isEqualTo(3);
        assertThat(d.logicalRequests()).isEqualTo(2);
        assertThat(d.to()).isEqualTo("2026-12-01T10:00:04Z");
    }

    // DG10
    @Test
    void aClockStepBackIsReportedAndTheRequestsAreOrderedByTime() throws Exception {
        Path file = write(
                "step.log",
                line("1.1.1.1", "10:00:05", "/x", 200)
                        + line("1.1.1.1", "10:00:00", "/a", 429)
                        + line("1.1.1.1", "10:00:02", "/a", 200));
        Diagnosis d = diagnose(file);
        assertThat(d.evidence().clockStepsBack()).isEqualTo(1);
        assertThat(d.logicalRequests()).isEqualTo(2);
        assertThat(d.from()).isEqualTo("2026-12-01T10:00:00Z");
    }

    // DG2
    @Test
    void oneHarIsOneClientNamedAfterItsFile() throws Exception {
        String har = HarEntryReaderTest.har(
                HarEntryReaderTest.entry("2026-12-01T10:00:00.000Z", "https://a/x", 429, "1"),
                HarEntryReaderTest.entry("2026-12-01T10:00:00.200Z", "https://a/x", 200, null));
        Path alice = write("alice.har", har);
        Path bob = gzip("bob.har.gz", har.getBytes(StandardCharsets.UTF_8));
        Diagnosis d = diagnose(alice, bob);
        assertThat(d.clients()).extracting(Diagnosis.ClientDiagnosis::client).containsExactlyInAnyOrder("alice", "bob");
        assertThat(d.clients()).allSatisfy(c -> assertThat(c.earlyRetries()).isEqualTo(1));
        assertThat(d.evidence().files())
                .extracting(Diagnosis.FileSummary::format)
                .containsOnly("har");
    }

    // DG11
    @Test
    void secretsInTheEvidenceNeverReachTheDiagnosis() throws Exception {
        Path file = write(
                "secrets.jsonl",
                "{\"t\":1764583200,\"u\":\"/cb?code=AUTHCODE1&state=s\",\"s\":429,\"c\":\"Bearer eyJhbGciOi.eyJzdWIi.sig\"}\n"
                        + "{\"t\":1764583201,\"u\":\"/cb?access_token=TOKEN2\",\"s\":200,\"authorization\":\"Bearer TOKEN3\"\n");
        Diagnosis d = service.diagnose(
                new DiagnoseRequest(
                        List.of(file),
                        InputFormat.JSONL,
                        null,
                        "time=t,uri=u,status=s,client=c",
                        null,
                        DiagnosisOptions.DEFAULTS),
                p -> {},
                () -> false);
        String json = DiagnosisJson.write(d, false);
        assertThat(json)
                .doesNotContain("AUTHCODE1", "TOKEN2", "TOKEN3", "eyJhbGciOi")
                .contains("key:");
        assertThat(d.evidence().examples()).hasSize(1);
    }

    @Test
    void progressIsReportedAndEndsDone() throws Exception {
        Path file = write("p.log", line("1.1.1.1", "10:00:00", "/a", 200));
        List<ReadProgress> seen = new ArrayList<>();
        service.diagnose(DiagnoseRequest.of(List.of(file)), seen::add, () -> false);
        assertThat(seen.get(seen.size() - 1).done()).isTrue();
        assertThat(seen.get(seen.size() - 1).requests()).isEqualTo(1);
    }

    @Test
    void cancellingStopsTheReading() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int n = 0; n < 40_000; n++) {
            text.append(line("1.1.1.1", "10:00:00", "/a" + n, 200));
        }
        Path file = write("big.log", text.toString());
        assertThatThrownBy(() -> service.diagnose(DiagnoseRequest.of(List.of(file)), p -> {}, () -> true))
                .isInstanceOf(DiagnoseException.Cancelled.class);
    }

    @Test
    void aMissingFileIsUnreadable() {
        assertThatThrownBy(() -> diagnose(dir.resolve("nope.log")))
                .isInstanceOf(DiagnoseException.Unreadable.class)
                .hasMessageContaining("nope.log");
    }
}
