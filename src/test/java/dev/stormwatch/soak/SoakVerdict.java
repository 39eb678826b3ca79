package dev.stormwatch.soak;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * RB5: whether a soak run's resources stayed flat. Pure: the samples in, the verdict out. The first sample is the
 * warm-up and is left out; the highest value of the last third of the rest is compared with the highest of the first
 * third, each resource against its own allowance: a leak grows every minute and passes any allowance given time, while
 * the sawtooth of a garbage collector or a restarted Redis does not.
 */
public final class SoakVerdict {

    /** One minute's sample. Memory in bytes; -1 where the value could not be read (Redis restarting). */
    public record Sample(
            long elapsedSeconds, long heapUsed, int threads, long openFiles, long redisKeys, long redisMemory) {}

    /** One resource's judgement. */
    public record Finding(String resource, long before, long after, long allowed, boolean flat) {
        String describe() {
            return String.format(
                    Locale.ROOT,
                    "%-14s first third %,d, last third %,d, growth %,d (allowed %,d): %s",
                    resource,
                    before,
                    after,
                    after - before,
                    allowed,
                    flat ? "flat" : "GREW");
        }
    }

    /** Heap may grow by this much, or by a fifth of its first-third peak, whichever is more. */
    static final long HEAP_ALLOWANCE = 16L * 1024 * 1024;
    /**
     * Samples fall while a load run is going: its worker threads and connections start as they are needed, so two
     * minutes of the same run differ by up to about ten (measured: 87 to 96 threads, 225 to 238 open files, over a
     * 3-minute soak). A leak of one a minute passes these within half an hour.
     */
    static final int THREAD_ALLOWANCE = 16;

    static final int OPEN_FILE_ALLOWANCE = 32;
    /** The limiter's keys expire with their window; a few may be alive at any sample. */
    static final int REDIS_KEY_ALLOWANCE = 10;

    static final long REDIS_MEMORY_ALLOWANCE = 1024L * 1024;

    private final List<Finding> findings;

    private SoakVerdict(List<Finding> findings) {
        this.findings = List.copyOf(findings);
    }

    /**
     * Judges the samples.
     *
     * @throws IllegalArgumentException with fewer than 4 samples (a warm-up and three thirds)
     */
    public static SoakVerdict of(List<Sample> samples) {
        if (samples.size() < 4) {
            throw new IllegalArgumentException("a soak verdict needs at least 4 samples, had " + samples.size());
        }
        List<Sample> judged = samples.subList(1, samples.size());
        int third = Math.max(1, judged.size() / 3);
        List<Sample> first = judged.subList(0, third);
        List<Sample> last = judged.subList(judged.size() - third, judged.size());
        List<Finding> findings = new ArrayList<>();
        long heapBefore = max(first, Sample::heapUsed);
        findings.add(
                finding("heap", heapBefore, max(last, Sample::heapUsed), Math.max(HEAP_ALLOWANCE, heapBefore / 5)));
        findings.add(finding("threads", max(first, s -> s.threads()), max(last, s -> s.threads()), THREAD_ALLOWANCE));
        findings.add(finding(
                "open files", max(first, Sample::openFiles), max(last, Sample::openFiles), OPEN_FILE_ALLOWANCE));
        findings.add(finding(
                "redis keys", max(first, Sample::redisKeys), max(last, Sample::redisKeys), REDIS_KEY_ALLOWANCE));
        long memoryBefore = max(first, Sample::redisMemory);
        findings.add(finding(
                "redis memory",
                memoryBefore,
                max(last, Sample::redisMemory),
                Math.max(REDIS_MEMORY_ALLOWANCE, memoryBefore / 5)));
        return new SoakVerdict(findings);
    }

    private static Finding finding(String resource, long before, long after, long allowed) {
        return new Finding(resource, before, after, allowed, after - before <= allowed);
    }

    /** The highest readable value (-1 samples are left out); 0 when none could be read. */
    private static long max(List<Sample> samples, java.util.function.ToLongFunction<Sample> value) {
        return samples.stream().mapToLong(value).filter(v -> v >= 0).max().orElse(0);
    }

    public boolean flat() {
        return findings.stream().allMatch(Finding::flat);
    }

    public List<Finding> findings() {
        return findings;
    }

    /** The verdict in words, one line per resource, the first line saying flat or not. */
    public String describe() {
        StringBuilder text = new StringBuilder(
                flat()
                        ? "FLAT: every resource stayed within its allowance\n"
                        : "NOT FLAT: "
                                + findings.stream()
                                        .filter(f -> !f.flat())
                                        .map(Finding::resource)
                                        .toList() + " grew\n");
        findings.forEach(f -> text.append("  ").append(f.describe()).append('\n'));
        return text.toString();
    }
}
