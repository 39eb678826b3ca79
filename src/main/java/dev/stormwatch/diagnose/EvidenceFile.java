package dev.stormwatch.diagnose;

import dev.stormwatch.load.report.LoadReport;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * An evidence file opened for streaming: gzip is recognised by its magic bytes (not its name) and unpacked on the fly;
 * the bytes read from disk are counted for progress; the first bytes are looked at to tell an empty or binary file
 * from text and, in AUTO, which format it is.
 */
final class EvidenceFile implements AutoCloseable {

    /** How much of the start is looked at. */
    private static final int SNIFF = 8192;

    private static final int BUFFER = 1 << 16;

    private final CountingStream counted;
    private final BufferedInputStream content;
    private final long size;

    private EvidenceFile(CountingStream counted, BufferedInputStream content, long size) {
        this.counted = counted;
        this.content = content;
        this.size = size;
    }

    static EvidenceFile open(Path path) throws IOException {
        long size = Files.size(path);
        CountingStream counted = new CountingStream(Files.newInputStream(path));
        BufferedInputStream raw = new BufferedInputStream(counted, BUFFER);
        raw.mark(2);
        int b1 = raw.read();
        int b2 = raw.read();
        raw.reset();
        InputStream unpacked = b1 == 0x1f && b2 == 0x8b ? new GZIPInputStream(raw, BUFFER) : raw;
        return new EvidenceFile(counted, new BufferedInputStream(unpacked, BUFFER), size);
    }

    /** The (unpacked) content, positioned at its start. */
    InputStream content() {
        return content;
    }

    long bytesRead() {
        return counted.count;
    }

    long size() {
        return size;
    }

    /** The first bytes of the content, without consuming them. */
    byte[] head() throws IOException {
        content.mark(SNIFF);
        byte[] head = content.readNBytes(SNIFF);
        content.reset();
        return head;
    }

    /** Why these first bytes are not text a reader can use, or null when they look like text. */
    static String notText(byte[] head) {
        if (head.length == 0) {
            // DG18: every accepted format, in the words of --format.
            return "The file is empty: expected " + InputFormat.readable();
        }
        int control = 0;
        for (byte b : head) {
            if (b == 0) {
                return "The file is binary (it holds NUL bytes): expected " + InputFormat.readable();
            }
            if (b >= 0 && b < 0x20 && b != '\n' && b != '\r' && b != '\t') {
                control++;
            }
        }
        return control * 10 > head.length
                ? "The file looks binary (many control bytes): expected " + InputFormat.readable()
                : null;
    }

    /** AUTO: a JSON object on the first line is JSON lines; a JSON document spread over lines is a HAR; else a log. */
    static InputFormat sniff(byte[] head) {
        String text = new String(head, StandardCharsets.UTF_8).stripLeading();
        if (!text.startsWith("{")) {
            return InputFormat.NGINX;
        }
        if (text.contains("\"resourceSpans\"")) {
            return InputFormat.OTLP;
        }
        if (text.contains("\"format\"") && text.contains("\"" + LoadReport.FORMAT)) {
            return InputFormat.REPORT;
        }
        int newline = text.indexOf('\n');
        String first = (newline < 0 ? text : text.substring(0, newline)).strip();
        if (first.endsWith("}") && first.length() > 1) {
            return first.contains("\"log\"") && first.contains("\"entries\"") ? InputFormat.HAR : InputFormat.JSONL;
        }
        return InputFormat.HAR;
    }

    @Override
    public void close() throws IOException {
        content.close();
    }

    /** Counts the bytes read from disk. */
    private static final class CountingStream extends FilterInputStream {
        long count;

        CountingStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int off, int len) throws IOException {
            int n = super.read(buffer, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }
}
