package dev.stormwatch.diagnose;

/** Where a reader puts what it read: each parsed request, and each line that did not parse with its reason. */
public interface EvidenceSink {

    /** A request that parsed, from line (or HAR entry) {@code line} of the file, counted from 1. */
    void accept(ObservedRequest request, long line);

    /**
     * A line that did not parse: never dropped silently, it is counted and reported.
     *
     * @param line the line number, counted from 1 (for a HAR, the entry number)
     * @param reason what was expected and what was found, for people
     * @param text the line as read (the sink redacts it before it is shown)
     */
    void reject(long line, String reason, String text);

    /** Line {@code line} repeats the line before it exactly (DG10); it was also accepted or rejected as usual. */
    default void duplicateLine(long line) {}
}
