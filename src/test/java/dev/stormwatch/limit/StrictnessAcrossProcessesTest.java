package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * L6 across OS processes: 4 processes × 8 threads share one key on one real Redis at 5× the limit for more than 10 s;
 * the Redis times of every allowed request, written by each process to its own file, never put more than the limit
 * in any window.
 */
@Tag("slow")
@WaitsBesideOtherTests
class StrictnessAcrossProcessesTest {

    private static final int PROCESSES = 4;
    private static final int THREADS = 8;
    private static final int LIMIT = 100;
    private static final long WINDOW_MS = 500;
    private static final long RUN_MS = 12_000;
    /**
     * 32 threads each pausing 10 ms offer up to 3200 requests/s: room to spare on a loaded 2-core machine, where each
     * round trip adds to the pause. The test checks that at least 5 × the limit arrived.
     */
    private static final long PAUSE_MICROS = 10_000;

    @Test
    @DisplayName("L6: 4 processes x 8 threads at 5x the limit for 10+ s: no window ever held more than the limit")
    void noWindowEverHoldsMoreThanTheLimit(@TempDir Path dir) throws Exception {
        try (EmbeddedRedis redis = EmbeddedRedis.start()) {
            List<Process> processes = new ArrayList<>();
            for (int p = 0; p < PROCESSES; p++) {
                processes.add(worker(redis.url(), redis.password(), dir, p));
            }
            long allowedReported = 0;
            long refusedReported = 0;
            double offeredPerSecond = 0;
            for (int p = 0; p < PROCESSES; p++) {
                Process process = processes.get(p);
                assertThat(process.waitFor(RUN_MS + 60_000, TimeUnit.MILLISECONDS))
                        .as("worker %d finished", p)
                        .isTrue();
                String summary = Files.readString(dir.resolve("worker" + p + ".log"));
                assertThat(process.exitValue()).as(summary).isZero();
                Matcher m = Pattern.compile("allowed=(\\d+) refused=(\\d+) errors=(\\d+) activeMs=(\\d+)")
                        .matcher(summary);
                assertThat(m.find()).as(summary).isTrue();
                assertThat(Long.parseLong(m.group(3)))
                        .as("errors in worker %d", p)
                        .isZero();
                long allowedByWorker = Long.parseLong(m.group(1));
                long refusedByWorker = Long.parseLong(m.group(2));
                allowedReported += allowedByWorker;
                refusedReported += refusedByWorker;
                // Each worker's rate over its own active time: JVMs that start late on a busy machine do not dilute
                // it, as they would a rate taken over the whole span from the first worker's start to the last's end.
                offeredPerSecond += (allowedByWorker + refusedByWorker) / (Long.parseLong(m.group(4)) / 1e3);
            }

            List<Long> allowed = new ArrayList<>();
            for (int p = 0; p < PROCESSES; p++) {
                Files.readAllLines(dir.resolve("allowed" + p + ".txt"))
                        .forEach(line -> allowed.add(Long.parseLong(line)));
            }
            allowed.sort(null);

            assertThat(allowed).hasSize((int) allowedReported);
            long spanMicros = allowed.get(allowed.size() - 1) - allowed.get(0);
            assertThat(spanMicros).as("the run lasted at least 10 s").isGreaterThanOrEqualTo(10_000_000);
            // The load really was 5x the limit (200/s), and the limiter really admitted close to the limit.
            assertThat(offeredPerSecond).isGreaterThanOrEqualTo(5.0 * LIMIT * 1000 / WINDOW_MS);
            long mostPossible = (spanMicros / (WINDOW_MS * 1000) + 1) * LIMIT;
            assertThat(allowed.size()).isGreaterThan((int) (mostPossible * 0.8));
            System.out.printf(
                    "L6 run: %d allowed (at most %d possible), %d refused, %.0f requests/s offered, over %.1f s%n",
                    allowed.size(), mostPossible, refusedReported, offeredPerSecond, spanMicros / 1e6);
            // L6: any LIMIT + 1 allowed requests span at least one window, i.e. no window (t - W, t] holds more.
            for (int i = LIMIT; i < allowed.size(); i++) {
                long span = allowed.get(i) - allowed.get(i - LIMIT);
                assertThat(span)
                        .as("allowed #%d and #%d are %d us apart", i - LIMIT, i, span)
                        .isGreaterThanOrEqualTo(WINDOW_MS * 1000);
            }
        }
    }

    private static Process worker(String url, RedisPassword password, Path dir, int index) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(
                java,
                "-Xmx128m",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                StrictnessWorker.class.getName(),
                url,
                "strict",
                "gpt-4o",
                Integer.toString(LIMIT),
                Long.toString(WINDOW_MS),
                Integer.toString(THREADS),
                Long.toString(RUN_MS),
                Long.toString(PAUSE_MICROS),
                dir.resolve("allowed" + index + ".txt").toString());
        File log = dir.resolve("worker" + index + ".log").toFile();
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log);
        builder.environment().put(StrictnessWorker.PASSWORD_VARIABLE, password.reveal());
        return builder.start();
    }
}
