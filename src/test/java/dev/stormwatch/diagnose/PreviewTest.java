package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DG21: the first lines of the first file, as the diagnosis reads them, on the committed real nginx log and HAR. */
class PreviewTest {

    /** The format the committed nginx storm log was written with (see its README). */
    static final String NGINX_FORMAT = "$remote_addr [$time_local] $msec $request_time \"$request\" $status"
            + " \"$sent_http_retry_after\" \"$http_x_client_id\" \"$http_authorization\"";

    @TempDir
    Path dir;

    private final DiagnoseService service = new DiagnoseService();

    private static Path resource(String name) throws Exception {
        return Path.of(PreviewTest.class.getResource(name).toURI());
    }

    private static DiagnoseRequest request(Path file, InputFormat format, String logFormat, String clientKey) {
        return new DiagnoseRequest(List.of(file), format, logFormat, null, clientKey, DiagnosisOptions.DEFAULTS);
    }

    @Test
    @DisplayName("DG21: the preview of the real nginx log shows its first lines as the diagnosis takes them, with the"
            + " clients it names and no credential")
    void thePreviewShowsTheFirstLinesAsTheDiagnosisTakesThem() throws Exception {
        Path log = resource("/diagnose/nginx/storm-access.log");
        DiagnoseRequest request = request(log, InputFormat.NGINX, NGINX_FORMAT, "$http_x_client_id");

        Preview preview = service.preview(request, 10);

        assertThat(preview.problem()).isNull();
        assertThat(preview.format()).isEqualTo("nginx");
        assertThat(preview.lines()).hasSize(10).allMatch(Preview.Line::parsedLine);
        assertThat(preview.lines())
                .extracting(Preview.Line::line)
                .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
        Preview.Line first = preview.lines().get(0);
        assertThat(first.client()).isEqualTo("patient");
        assertThat(first.method()).isEqualTo("GET");
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.start().toEpochMilli()).isEqualTo(1_796_132_453_253L);
        assertThat(preview.lines().get(1).status()).isEqualTo(429);
        assertThat(preview.lines().get(1).retryAfter()).isEqualTo("1");
        // DG11: the token in the query never shows.
        assertThat(first.uri()).startsWith("/api/patient/item/1?access_token=").doesNotContain("made-up");

        // The same readers as the diagnosis: its clients are the preview's.
        Diagnosis diagnosis = service.diagnose(request, p -> {}, () -> false);
        assertThat(diagnosis.clients())
                .extracting(Diagnosis.ClientDiagnosis::client)
                .containsAll(preview.lines().stream()
                        .map(Preview.Line::client)
                        .distinct()
                        .toList());
    }

    @Test
    @DisplayName("DG21 DG11: a client key that is a credential shows only as its short hash in the preview")
    void aCredentialClientKeyShowsOnlyAsAHash() throws Exception {
        Path log = resource("/diagnose/nginx/storm-access.log");

        Preview preview = service.preview(request(log, InputFormat.NGINX, NGINX_FORMAT, "$http_authorization"), 3);

        assertThat(preview.lines()).hasSize(3);
        for (Preview.Line line : preview.lines()) {
            assertThat(line.client()).matches("key:[0-9a-f]{10}");
        }
    }

    @Test
    @DisplayName("DG21: a format that does not fit shows each line's reason, naming the variable of the format typed")
    void aFormatThatDoesNotFitShowsEachLinesReason() throws Exception {
        Path log = resource("/diagnose/nginx/storm-access.log");
        String wrong = "$remote_addr [$time_local] \"$request\" $status";

        Preview preview = service.preview(request(log, InputFormat.NGINX, wrong, null), 5);

        assertThat(preview.lines()).hasSize(5).noneMatch(Preview.Line::parsedLine);
        assertThat(preview.parsed()).isZero();
        assertThat(preview.lines().get(0).reason())
                .contains("after $time_local")
                .contains(wrong);
        assertThat(preview.lines().get(0).text())
                .contains("/api/patient/item/1")
                .doesNotContain("made-up");
    }

    @Test
    @DisplayName("DG21: a log format that cannot be compiled is refused as the diagnosis refuses it")
    void aLogFormatThatCannotBeUsedIsRefused() throws Exception {
        Path log = resource("/diagnose/nginx/storm-access.log");
        DiagnoseRequest request = request(log, InputFormat.NGINX, "$msec$status", null);
        String diagnosisSays = null;
        try {
            service.diagnose(request, p -> {}, () -> false);
        } catch (DiagnoseException.BadOption e) {
            diagnosisSays = e.getMessage();
        }
        assertThat(diagnosisSays).isNotNull();

        assertThatThrownBy(() -> service.preview(request, 10))
                .isInstanceOf(DiagnoseException.BadOption.class)
                .hasMessage(diagnosisSays);
    }

    @Test
    @DisplayName("DG21: the preview of a real Chromium HAR shows its entries, the client named after the file")
    void thePreviewOfARealHarShowsItsEntries() throws Exception {
        Path har = resource("/diagnose/har/chromium-storm.har");

        Preview preview = service.preview(request(har, InputFormat.AUTO, null, null), 4);

        assertThat(preview.format()).isEqualTo("har");
        assertThat(preview.lines()).hasSize(4).allMatch(Preview.Line::parsedLine);
        assertThat(preview.lines()).extracting(Preview.Line::client).containsOnly("chromium-storm");
        assertThat(preview.lines().get(0).uri())
                .endsWith("/api/patient/item/0?access_token=[redacted]")
                .doesNotContain("not-a-real");
    }

    @Test
    @DisplayName("DG21: the preview reads only the head: a gzip log cut off after its first lines previews without"
            + " a problem, where the diagnosis reports the break")
    void thePreviewReadsOnlyTheHeadOfAGzipFile() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int n = 0; n < 20_000; n++) {
            text.append(String.format(
                    java.util.Locale.ROOT, "%.3f \"GET /a/%d HTTP/1.1\" 200 \"-\" \"c%d\"%n", 1.7e9 + n, n, n % 7));
        }
        Path whole = dir.resolve("whole.log.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(whole))) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = Files.write(dir.resolve("cut.log"), Arrays.copyOf(bytes, bytes.length / 2));
        String format = "$msec \"$request\" $status \"$sent_http_retry_after\" \"$http_x_client_id\"";
        DiagnoseRequest request = request(cut, InputFormat.AUTO, format, "$http_x_client_id");

        Preview preview = service.preview(request, 10);

        assertThat(preview.problem()).isNull();
        assertThat(preview.lines()).hasSize(10).allMatch(Preview.Line::parsedLine);
        assertThat(preview.lines().get(9).uri()).isEqualTo("/a/9");
        assertThat(service.diagnose(request, p -> {}, () -> false)
                        .evidence()
                        .files()
                        .get(0)
                        .error())
                .contains("breaks off");
    }

    @Test
    @DisplayName("DG21: JSON lines without a mapping, an empty file and a load report say why they have no preview")
    void filesThatCannotBePreviewedSayWhy() throws Exception {
        Path jsonl = Files.writeString(dir.resolve("gw.jsonl"), "{\"ts\": 1, \"code\": 200}\n");
        Path empty = Files.writeString(dir.resolve("empty.log"), "");

        assertThat(service.preview(request(jsonl, InputFormat.AUTO, null, null), 10)
                        .problem())
                .startsWith("JSON lines need a field mapping: --fields");
        assertThat(service.preview(request(empty, InputFormat.AUTO, null, null), 10)
                        .problem())
                .startsWith("The file is empty: expected");
        assertThatThrownBy(() -> service.preview(request(empty, InputFormat.AUTO, null, null), 0))
                .isInstanceOf(DiagnoseException.BadOption.class)
                .hasMessageContaining("--preview");
    }
}
