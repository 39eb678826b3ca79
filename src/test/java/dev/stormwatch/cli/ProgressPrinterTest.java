package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ProgressPrinterTest {

    private final StringWriter err = new StringWriter();
    private final AtomicLong nanos = new AtomicLong();

    private ProgressPrinter printer(boolean terminal) {
        return new ProgressPrinter(new PrintWriter(err), terminal, nanos::get);
    }

    @DisplayName(
            "on a terminal the line is rewritten in place, a shorter line wipes the longer one, and the end breaks the line")
    @Test
    void onATerminalTheLineIsRewrittenInPlace() {
        ProgressPrinter progress = printer(true);

        progress.update("[1s] abcdef");
        progress.update("[2s] ab");
        progress.finish();

        assertThat(err.toString()).isEqualTo("\r[1s] abcdef\r[2s] ab    " + System.lineSeparator());
    }

    @DisplayName("in a log each update is a plain line, without carriage returns")
    @Test
    void inALogEachUpdateIsAPlainLine() {
        ProgressPrinter progress = printer(false);

        progress.update("[1s] one");
        nanos.addAndGet(1_000_000_000L);
        progress.update("[2s] two");
        progress.finish();

        assertThat(err.toString()).isEqualTo("[1s] one" + System.lineSeparator() + "[2s] two" + System.lineSeparator());
    }

    @DisplayName("in a log updates closer than the interval are held back, and the last one is printed at the end")
    @Test
    void inALogUpdatesAreAtMostAboutOnePerSecond() {
        ProgressPrinter progress = printer(false);

        progress.update("[1s] one");
        nanos.addAndGet(ProgressPrinter.PLAIN_INTERVAL.toNanos() - 1);
        progress.update("[1s] too soon");
        progress.update("[1s] last");
        progress.finish();

        assertThat(err.toString())
                .isEqualTo("[1s] one" + System.lineSeparator() + "[1s] last" + System.lineSeparator());
    }
}
