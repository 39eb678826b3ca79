package dev.stormwatch.diagnose;

import java.io.BufferedReader;
import java.io.IOException;

/** Reads an nginx or Apache access log line by line through a compiled {@link LogFormat}. */
public final class AccessLogReader {

    private final LogFormat format;

    public AccessLogReader(LogFormat format) {
        this.format = format;
    }

    /** Streams every line of {@code in} to the sink; a line that does not match is rejected with its number. */
    public void read(BufferedReader in, EvidenceSink sink) throws IOException {
        String previous = null;
        long number = 0;
        String line;
        while ((line = in.readLine()) != null) {
            number++;
            if (line.isEmpty()) {
                continue;
            }
            // DG10: a line written twice is kept (two requests can look the same at second resolution) and counted.
            if (line.equals(previous)) {
                sink.duplicateLine(number);
            }
            format.read(line, number, sink);
            previous = line;
        }
    }
}
