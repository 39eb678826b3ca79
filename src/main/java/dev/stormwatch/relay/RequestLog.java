package dev.stormwatch.relay;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The relay's record of every request, so that charts can show the provider's side of a storm. Keeps the latest
 * {@code capacity} records (older ones drop off) and exact totals per outcome since the start.
 */
public final class RequestLog {

    private final RequestRecord[] ring;
    private final long[] totals = new long[RelayOutcome.values().length];
    private long next;

    RequestLog(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("the record keeps at least one request");
        }
        this.ring = new RequestRecord[capacity];
    }

    synchronized RequestRecord append(
            Instant at, String principal, String endpoint, RelayOutcome outcome, int status, Duration latency) {
        RequestRecord record = new RequestRecord(next, at, principal, endpoint, outcome, status, latency);
        ring[(int) (next % ring.length)] = record;
        next++;
        totals[outcome.ordinal()]++;
        return record;
    }

    /** The kept records with a sequence number at or after {@code sequence}, oldest first. */
    public synchronized List<RequestRecord> since(long sequence) {
        long first = Math.max(sequence, Math.max(0, next - ring.length));
        List<RequestRecord> out = new ArrayList<>((int) Math.max(0, next - first));
        for (long s = first; s < next; s++) {
            out.add(ring[(int) (s % ring.length)]);
        }
        return out;
    }

    /** Every kept record, oldest first. */
    public List<RequestRecord> all() {
        return since(0);
    }

    /** How many requests were received since the start (including those no longer kept). */
    public synchronized long total() {
        return next;
    }

    /** Totals per outcome since the start. */
    public synchronized Map<RelayOutcome, Long> totals() {
        Map<RelayOutcome, Long> out = new EnumMap<>(RelayOutcome.class);
        for (RelayOutcome o : RelayOutcome.values()) {
            out.put(o, totals[o.ordinal()]);
        }
        return out;
    }

    /** The sequence number the next request will get: pass it to {@link #since} to read only what comes after. */
    public synchronized long nextSequence() {
        return next;
    }
}
