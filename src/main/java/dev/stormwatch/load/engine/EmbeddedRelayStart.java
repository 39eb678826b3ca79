package dev.stormwatch.load.engine;

import dev.stormwatch.http.AttemptTransport;
import dev.stormwatch.relay.Relay;
import dev.stormwatch.relay.RelayConfig;
import dev.stormwatch.relay.RelayControls;
import java.io.IOException;
import java.util.Optional;

/**
 * How a run starts its embedded relay, and what carries its attempts there: the relay on real loopback sockets,
 * reached over the event-loop transport; or, in a test on simulated time, the relay's request pipeline without
 * sockets, behind the retry engine's transport seam (decision 0039).
 */
@FunctionalInterface
interface EmbeddedRelayStart {

    /**
     * Starts the relay of this configuration; its timeline starts now.
     *
     * @param connections the most connections the run opens at once
     * @throws IOException when it cannot start
     */
    Started start(RelayConfig config, int connections) throws IOException;

    /**
     * @param relay the relay the run's plan acts on and reads
     * @param transport what carries the attempts to it; empty: the run's event-loop transport, over sockets
     */
    record Started(RelayControls relay, Optional<AttemptTransport> transport) {}

    /** The relay on real loopback sockets ({@link Relay#start}). */
    static EmbeddedRelayStart onSockets() {
        return (config, connections) -> new Started(Relay.start(config), Optional.empty());
    }
}
