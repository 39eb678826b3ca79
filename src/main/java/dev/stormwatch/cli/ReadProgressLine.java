package dev.stormwatch.cli;

import dev.stormwatch.diagnose.ReadProgress;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * How far {@code diagnose} has read its evidence, on stderr. On a terminal one line rewritten in place at most every
 * {@link #TERMINAL_INTERVAL} (a large file reports its progress thousands of times a second), each file's last state
 * kept on its own line. Elsewhere (a log, a pipe) plain lines at most every {@link #PLAIN_INTERVAL}, and each file's
 * last state. Unlike a load run's {@link ProgressPrinter}, which prints about once a second, this one is told of
 * every few thousand lines read, so it decides itself which to show.
 */
final class ReadProgressLine implements Consumer<ReadProgress> {

    static final Duration TERMINAL_INTERVAL = Duration.ofMillis(200);
    static final Duration PLAIN_INTERVAL = Duration.ofSeconds(5);

    private final PrintWriter err;
    private final boolean terminal;
    private final LongSupplier nanoTime;
    private final long interval;
    private long lastPrinted;

    ReadProgressLine(PrintWriter err, boolean terminal, LongSupplier nanoTime) {
        this.err = err;
        this.terminal = terminal;
        this.nanoTime = nanoTime;
        this.interval = (terminal ? TERMINAL_INTERVAL : PLAIN_INTERVAL).toNanos();
        this.lastPrinted = nanoTime.getAsLong() - interval;
    }

    @Override
    public void accept(ReadProgress p) {
        long now = nanoTime.getAsLong();
        if (!p.done() && now - lastPrinted < interval) {
            return;
        }
        String line = String.format(
                Locale.ROOT,
                "reading %s (%d/%d) %3.0f%%: %,d requests, %,d unparsed",
                p.file(),
                p.fileIndex(),
                p.files(),
                p.fileShare() * 100,
                p.requests(),
                p.unparsed());
        if (terminal) {
            err.print("\r" + line + (p.done() ? "\n" : ""));
        } else if (p.done() || p.bytesRead() > 0) {
            err.println(line);
        } else {
            return; // a file's first word, nothing read yet: not worth a line in a log
        }
        lastPrinted = now;
        err.flush();
    }
}
