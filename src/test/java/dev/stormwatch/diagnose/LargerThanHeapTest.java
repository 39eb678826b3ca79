package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A log several times larger than the heap is diagnosed whole: the file is streamed, and what is kept per request is
 * about 31 bytes of primitives (AttemptTable), not the line.
 */
@Tag("slow")
class LargerThanHeapTest {

    private static final int LINES = 800_000;
    private static final int HEAP_MIB = 64;

    @TempDir
    Path dir;

    @Test
    void aLogThreeTimesTheHeapIsDiagnosedInFull() throws Exception {
        Path log = dir.resolve("big.log");
        // A real browser's line: Chrome's full User-Agent and a referrer with its query, about 260 bytes.
        String agent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
                + " Chrome/120.0.0.0 Safari/537.36";
        try (BufferedWriter out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            for (int n = 0; n < LINES; n++) {
                int second = n / 100;
                out.write(String.format(
                        Locale.ROOT,
                        "10.0.%d.%d - - [01/Dec/2026:%02d:%02d:%02d +0000] \"GET"
                                + " /v1/models/m%d?page=%d HTTP/1.1\" %d 1234"
                                + " \"https://app.example/dashboard/%d?tab=usage&range=7d&utm_source=newsletter\" \"%s\"%n",
                        n % 7,
                        n % 40,
                        10 + second / 3600,
                        second / 60 % 60,
                        second % 60,
                        n % 500,
                        n % 3,
                        n % 4 == 0 ? 429 : 200,
                        n % 50,
                        agent));
            }
        }
        long heap = (long) HEAP_MIB << 20;
        assertThat(Files.size(log)).as("the file is several times the heap").isGreaterThan(3 * heap);

        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path out = dir.resolve("out.json");
        Process process = new ProcessBuilder(List.of(
                        java.toString(),
                        "-Xmx" + HEAP_MIB + "m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "dev.stormwatch.Main",
                        "diagnose",
                        "--format",
                        "nginx",
                        "--json",
                        log.toString()))
                .redirectOutput(out.toFile())
                .redirectError(dir.resolve("err.txt").toFile())
                .start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue())
                .as(Files.readString(dir.resolve("err.txt")))
                .isZero();
        assertThat(Files.readString(out)).contains("\"requests\":" + LINES + ",");
    }
}
