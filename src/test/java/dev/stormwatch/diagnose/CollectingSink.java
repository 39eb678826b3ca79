package dev.stormwatch.diagnose;

import java.util.ArrayList;
import java.util.List;

/** Keeps what a reader handed on, for reader tests. */
final class CollectingSink implements EvidenceSink {

    record Rejected(long line, String reason, String text) {}

    final List<ObservedRequest> accepted = new ArrayList<>();
    final List<Long> acceptedLines = new ArrayList<>();
    final List<Rejected> rejected = new ArrayList<>();
    final List<Long> duplicates = new ArrayList<>();

    @Override
    public void accept(ObservedRequest request, long line) {
        accepted.add(request);
        acceptedLines.add(line);
    }

    @Override
    public void reject(long line, String reason, String text) {
        rejected.add(new Rejected(line, reason, text));
    }

    @Override
    public void duplicateLine(long line) {
        duplicates.add(line);
    }
}
