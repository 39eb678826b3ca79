package dev.stormwatch.diagnose;

import java.time.Instant;
import java.util.List;

/**
 * DG21: the first lines of an evidence file as the diagnosis reads them, for a person choosing how to read it: each
 * line either as the request the diagnosis would take (its client labelled and its target redacted, DG11) or with the
 * reason it did not parse.
 *
 * @param file the file previewed, as given
 * @param format the format it was read as (the one {@code auto} found)
 * @param lines the first lines, in the file's order
 * @param problem why the file as a whole cannot be read this way (empty, binary, a load report, JSON lines without a
 *     mapping, a break in the file), or null
 */
public record Preview(String file, String format, List<Line> lines, String problem) {

    public Preview {
        lines = List.copyOf(lines);
    }

    /** How many of the lines parsed. */
    public long parsed() {
        return lines.stream().filter(Line::parsedLine).count();
    }

    /**
     * One line of the preview.
     *
     * @param line its number in the file, counted from 1 (for a HAR the entry, for traces the span)
     * @param start when the request started, or null when the line did not parse
     * @param client the client's label (DG11: a credential only as a short hash), or null when it did not parse
     * @param durationMillis how long the exchange took, or -1 when not logged
     * @param status the status, or 0 when no answer was recorded
     * @param retryAfter the raw Retry-After, redacted, or null
     * @param reason why it did not parse, or null when it parsed
     * @param text the line as read, redacted (DG11) and cut to {@value #TEXT_CHARS} characters, when it did not parse
     */
    public record Line(
            long line,
            Instant start,
            String client,
            String method,
            String uri,
            long durationMillis,
            int status,
            String retryAfter,
            String reason,
            String text) {

        /** The longest text of a line that did not parse that is kept. */
        public static final int TEXT_CHARS = 300;

        static Line parsed(long line, ObservedRequest request, String client) {
            return new Line(
                    line,
                    Instant.ofEpochMilli(request.startMillis()),
                    client,
                    request.method(),
                    EvidenceRedaction.line(EvidenceRedaction.target(request.uri())),
                    request.durationMillis(),
                    request.status(),
                    EvidenceRedaction.line(request.retryAfter()),
                    null,
                    null);
        }

        static Line unparsed(long line, String reason, String text) {
            String safe = EvidenceRedaction.line(text);
            if (safe != null && safe.length() > TEXT_CHARS) {
                safe = safe.substring(0, TEXT_CHARS) + "…";
            }
            return new Line(line, null, null, null, null, -1, 0, null, EvidenceRedaction.line(reason), safe);
        }

        /** True when the line parsed into a request. */
        public boolean parsedLine() {
            return reason == null;
        }
    }
}
