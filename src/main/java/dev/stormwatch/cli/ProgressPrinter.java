package dev.stormwatch.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Prints the progress lines of a run: on a terminal one line rewritten in place with {@code \r}; elsewhere (CI, a
 * log file, a pipe) plain lines, at most one per {@link #PLAIN_INTERVAL}, because a log keeps only the last of the
 * lines that {@code \r} rewrites. Whether the output is a terminal is decided by the caller.
 */
final class ProgressPrinter {

    /** A log gets a line about once a second: often enough to follow a run, rare enough to read it afterwards. */
    static final Duration PLAIN_INTERVAL = Duration.ofMillis(900);

    private final PrintWriter err;
    private final boolean terminal;
    private final LongSupplier nanoTime;
    private long lastPrintedNanos;
    private boolean printedAny;
    private String pending;
    private int lastLength;

    ProgressPrinter(PrintWriter err, boolean terminal, LongSupplier nanoTime) {
        this.err = err;
        this.terminal = terminal;
        this.nanoTime = nanoTime;
    }

    /** Takes one progress line. */
    void update(String line) {
        if (terminal) {
            // Spaces wipe what a longer previous line left on the screen.
            String padding = " ".repeat(Math.max(0, lastLength - line.length()));
            err.print("\r" + line + padding);
            lastLength = line.length();
            printedAny = true;
            err.flush();
            return;
        }
        long now = nanoTime.getAsLong();
        if (printedAny && now - lastPrintedNanos < PLAIN_INTERVAL.toNanos()) {
            pending = line; // too soon; kept so that the last state still reaches the log
            return;
        }
        err.println(line);
        err.flush();
        lastPrintedNanos = now;
        printedAny = true;
        pending = null;
    }

    /** Ends the progress: the line in place gets its line break, a held-back last line is printed. */
    void finish() {
        if (terminal) {
            if (printedAny) {
                err.println();
            }
        } else if (pending != null) {
            err.println(pending);
            pending = null;
        }
        err.flush();
    }
}
