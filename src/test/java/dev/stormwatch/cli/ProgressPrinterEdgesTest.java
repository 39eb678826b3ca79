package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The progress lines of a run on a fake clock: the interval's edge and an end with nothing left to say. */
class ProgressPrinterEdgesTest {

    private final StringWriter err = new StringWriter();
    private final AtomicLong nanos = new AtomicLong(5_000_000_000L);

    private ProgressPrinter printer(boolean terminal) {
        return new ProgressPrinter(new PrintWriter(err), terminal, nanos::get);
    }

    @Test
    @DisplayName("in a log an update exactly one interval after the last line is printed at once")
    void anUpdateOneIntervalLaterIsPrinted() {
        ProgressPrinter progress = printer(false);

        progress.update("[1s] one");
        nanos.addAndGet(ProgressPrinter.PLAIN_INTERVAL.toNanos());
        progress.update("[2s] two");

        assertThat(err.toString()).isEqualTo("[1s] one" + System.lineSeparator() + "[2s] two" + System.lineSeparator());
    }

    @Test
    @DisplayName("in a log the interval counts from the last line printed, and a held-back line printed later is not"
            + " printed again at the end")
    void aHeldBackLineIsPrintedOnce() {
        ProgressPrinter progress = printer(false);

        progress.update("[1s] one");
        nanos.addAndGet(ProgressPrinter.PLAIN_INTERVAL.toNanos() / 2);
        progress.update("[1s] held");
        nanos.addAndGet(ProgressPrinter.PLAIN_INTERVAL.toNanos() / 2);
        progress.update("[2s] two");
        nanos.addAndGet(ProgressPrinter.PLAIN_INTERVAL.toNanos() - 1);
        progress.update("[2s] soon");
        nanos.addAndGet(1);
        progress.update("[3s] three");
        progress.finish();

        assertThat(err.toString())
                .isEqualTo("[1s] one" + System.lineSeparator() + "[2s] two" + System.lineSeparator() + "[3s] three"
                        + System.lineSeparator());
    }

    @Test
    @DisplayName("a run that printed no progress ends without an empty line, on a terminal and in a log")
    void nothingPrintedNothingToEnd() {
        printer(true).finish();
        printer(false).finish();

        assertThat(err.toString()).isEmpty();
    }

    @Test
    @DisplayName("on a terminal a longer line needs no padding, and every update is shown whatever the clock says")
    void onATerminalEveryUpdateIsShown() {
        ProgressPrinter progress = printer(true);

        progress.update("[1s] ab");
        progress.update("[1s] abcdef");
        progress.update("[1s] abcdef");

        assertThat(err.toString()).isEqualTo("\r[1s] ab\r[1s] abcdef\r[1s] abcdef");
    }

    @Test
    @DisplayName("on a terminal each update reaches the screen at once, though the line has no line break to flush it")
    void onATerminalAnUpdateIsShownAtOnce() {
        ProgressPrinter progress =
                new ProgressPrinter(new PrintWriter(new java.io.BufferedWriter(err)), true, nanos::get);

        progress.update("[1s] running");

        assertThat(err.toString()).isEqualTo("\r[1s] running");
    }
}
