package dev.stormwatch.load.report;

/** A file that is not a Stormwatch load report this version can read; the message says what was wrong. */
public final class UnreadableReportException extends Exception {

    private static final long serialVersionUID = 1L;

    public UnreadableReportException(String message) {
        super(message);
    }
}
