package dev.stormwatch.relay;

import java.time.Duration;
import java.time.Instant;

/**
 * One request as the relay saw it: sequence number, arrival time, principal (a key fingerprint or {@code sub:...},
 * never the secret), endpoint, outcome, status (0 when no response was sent) and the time the relay spent.
 */
public record RequestRecord(
        long sequence,
        Instant at,
        String principal,
        String endpoint,
        RelayOutcome outcome,
        int status,
        Duration latency) {}
