package dev.stormwatch.load.engine;

import dev.stormwatch.load.series.LoadRecorder;
import dev.stormwatch.relay.RequestLog;
import dev.stormwatch.relay.RequestRecord;
import java.util.List;

/**
 * Copies the relay's own record of arrivals (the provider side of a run's figures comes from it) into a recorder,
 * a little at a time during the run, so that none drops off the relay's ring before it is read.
 */
final class ProviderRecord {

    private final RequestLog log;
    private final LoadRecorder recorder;
    private long next;

    /** Reads only what arrives from now on: earlier requests belong to someone else. */
    ProviderRecord(RequestLog log, LoadRecorder recorder) {
        this.log = log;
        this.recorder = recorder;
        this.next = log.nextSequence();
    }

    /** Records what arrived since the last call; returns how many records were read. */
    synchronized int drain() {
        List<RequestRecord> records = log.since(next);
        for (RequestRecord record : records) {
            recorder.arrival(record.at(), record.status(), record.latency());
            next = record.sequence() + 1;
        }
        return records.size();
    }
}
