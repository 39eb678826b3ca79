package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.diagnose.ReadProgress;
import java.io.BufferedWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@code diagnose}'s reading progress on stderr: in place on a terminal, plain lines in a log, on injected time. */
class ReadProgressLineTest {

    private final StringWriter err = new StringWriter();
    private final AtomicLong nanos = new AtomicLong(-7_000_000_000L);

    private ReadProgressLine line(boolean terminal) {
        // Buffered, as stderr behind picocli is: what is not flushed does not show.
        return new ReadProgressLine(new PrintWriter(new BufferedWriter(err)), terminal, nanos::get);
    }

    private static ReadProgress reading(String file, int index, long read, long requests, long unparsed) {
        return new ReadProgress(file, index, 2, read, 1_000, requests, unparsed, false);
    }

    private static ReadProgress done(String file, int index, long requests, long unparsed) {
        return new ReadProgress(file, index, 2, 1_000, 1_000, requests, unparsed, true);
    }

    @Test
    @DisplayName("in a log: a plain line at once, then at most one each 5 s, and each file's last state whenever it"
            + " comes; a file's first word, with nothing read, is not worth a line")
    void aLogGetsPlainLinesEveryFiveSecondsAndEachFilesEnd() {
        ReadProgressLine progress = line(false);

        progress.accept(reading("a.log", 1, 0, 0, 0));
        progress.accept(reading("a.log", 1, 250, 1_200, 3));
        nanos.addAndGet(ReadProgressLine.PLAIN_INTERVAL.toNanos() - 1);
        progress.accept(reading("a.log", 1, 500, 2_400, 3));
        nanos.addAndGet(1);
        progress.accept(reading("a.log", 1, 750, 3_600, 4));
        progress.accept(done("a.log", 1, 4_800, 4));
        progress.accept(reading("b.log", 2, 0, 4_800, 4));

        assertThat(err.toString())
                .isEqualTo("reading a.log (1/2)  25%: 1,200 requests, 3 unparsed\n"
                        + "reading a.log (1/2)  75%: 3,600 requests, 4 unparsed\n"
                        + "reading a.log (1/2) 100%: 4,800 requests, 4 unparsed\n");
    }

    @Test
    @DisplayName("on a terminal: one line rewritten in place at most each 200 ms, each file's last state kept on its"
            + " own line")
    void aTerminalGetsOneLineInPlacePerFile() {
        ReadProgressLine progress = line(true);

        progress.accept(reading("a.log", 1, 0, 0, 0));
        nanos.addAndGet(ReadProgressLine.TERMINAL_INTERVAL.toNanos() - 1);
        progress.accept(reading("a.log", 1, 500, 10, 0));
        nanos.addAndGet(1);
        progress.accept(reading("a.log", 1, 600, 12, 1));
        progress.accept(done("a.log", 1, 20, 1));
        progress.accept(reading("b.log", 2, 0, 20, 1));
        nanos.addAndGet(ReadProgressLine.TERMINAL_INTERVAL.toNanos());
        progress.accept(done("b.log", 2, 30, 1));

        assertThat(err.toString())
                .isEqualTo("\rreading a.log (1/2)   0%: 0 requests, 0 unparsed"
                        + "\rreading a.log (1/2)  60%: 12 requests, 1 unparsed"
                        + "\rreading a.log (1/2) 100%: 20 requests, 1 unparsed\n"
                        + "\rreading b.log (1/2) 100%: 30 requests, 1 unparsed\n".replace("(1/2)", "(2/2)"));
    }
}
