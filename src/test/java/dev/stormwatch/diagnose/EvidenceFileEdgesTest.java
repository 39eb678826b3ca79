package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The edges of {@link EvidenceFile}'s look at a file's first bytes: text or binary, and which format in auto. */
class EvidenceFileEdgesTest {

    @TempDir
    Path dir;

    private final DiagnoseService service = new DiagnoseService();

    private static final String LINE =
            "1.1.1.1 - - [01/Dec/2026:10:00:00 +0000] \"GET /a HTTP/1.1\" 200 0 \"-\" \"agent\"\n";

    private Diagnosis diagnose(Path file) throws DiagnoseException {
        return service.diagnose(DiagnoseRequest.of(List.of(file)), p -> {}, () -> false);
    }

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    @DisplayName("DG18: tabs, carriage returns, newlines, spaces and non-ASCII letters are text, however many")
    void whitespaceAndNonAsciiAreText() throws Exception {
        for (String filler : List.of("\t", "\r", "\n", " ", "é")) {
            Path file = write(
                    "text.log",
                    utf8(LINE + (filler + "\n").repeat(200).replace("\n\n", "\n") + filler.repeat(400) + "\n"));
            Diagnosis d = diagnose(file);
            assertThat(d.requests()).as("filler %s", filler.codePointAt(0)).isEqualTo(1);
            assertThat(d.evidence().files().get(0).error() == null
                            || !d.evidence().files().get(0).error().contains("binary"))
                    .as("filler %s", filler.codePointAt(0))
                    .isTrue();
        }
    }

    @Test
    @DisplayName("DG18: a tenth of control bytes is still text; more than a tenth is binary, with every format"
            + " named in the words of --format")
    void aTenthOfControlBytesIsTheLimit() throws Exception {
        byte[] line = utf8(LINE);
        // line.length + c + 1 bytes in all, c of them control bytes: c * 10 == total exactly.
        int c = (line.length + 1 + 8) / 9;
        int pad = c * 10 - (line.length + c + 1);
        byte[] limit = new byte[line.length + pad + c + 1];
        System.arraycopy(line, 0, limit, 0, line.length);
        for (int i = line.length; i < line.length + pad; i++) {
            limit[i] = 'x';
        }
        for (int i = line.length + pad; i < limit.length - 1; i++) {
            limit[i] = 0x01;
        }
        limit[limit.length - 1] = '\n';
        assertThat(c * 10).isEqualTo(limit.length);
        assertThat(diagnose(write("limit.log", limit)).requests()).isEqualTo(1);

        byte[] over = limit.clone();
        over[over.length - 1] = 0x02;
        Diagnosis d = diagnose(write("over.log", over));
        assertThat(d.requests()).isZero();
        assertThat(d.evidence().files().get(0).error())
                .startsWith("The file looks binary (many control bytes)")
                .contains(InputFormat.readable())
                .contains("report (a Stormwatch load report)");
        assertThat(diagnose(write("empty.log", new byte[0]))
                        .evidence()
                        .files()
                        .get(0)
                        .error())
                .contains("har (a HAR from browser DevTools)");
    }

    @Test
    @DisplayName("DG17: in auto, a JSON line with a 'format' key that is not the load report's marker is JSON lines,"
            + " not a lab run")
    void aFormatKeyAloneIsNoLoadReport() throws Exception {
        Path file = write(
                "gw.jsonl",
                utf8("{\"format\":\"json\",\"sequence\":0,\"at\":\"2026-12-01T10:00:00Z\",\"principal\":\"alice\","
                        + "\"endpoint\":\"/v1/models\",\"status\":200,\"latency_ms\":1}\n"));
        Diagnosis d = diagnose(file);
        assertThat(d.evidence().labRuns()).isEmpty();
        assertThat(d.evidence().files().get(0).format()).isEqualTo("jsonl");
        assertThat(d.requests()).isEqualTo(1);
    }
}
