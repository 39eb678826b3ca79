package dev.stormwatch.relay;

import dev.stormwatch.server.FaultPlan;
import java.net.URI;

/**
 * What a load run does to its embedded relay while it runs, and reads from it: the faults it plans, a hiccup, the
 * record of arrivals. {@link Relay} on real loopback sockets; a test may stand in the same request pipeline without
 * sockets, on simulated time.
 */
public interface RelayControls extends AutoCloseable {

    /** Where the relay listens; the API is under {@code /v1/}. */
    URI baseUrl();

    /** The faults planned per endpoint path ({@code /v1/models}, {@code /v1/chat/completions}). */
    FaultPlan faults();

    /** Every request received, with its outcome. */
    RequestLog log();

    /**
     * A network hiccup now: every open connection (busy or idle) is reset, and requests being served end without an
     * answer. Returns how many connections were reset.
     */
    int hiccupNow();

    @Override
    void close();
}
