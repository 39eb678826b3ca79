package dev.stormwatch.relay;

import dev.stormwatch.server.FaultPlan;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;

/**
 * The embedded relay's own request pipeline ({@link ModelApi}: injected fault, credentials, outage, quota in its
 * dialect, capacity, the model's answer, one {@link RequestRecord} per request), without the loopback server around
 * it, for load runs on simulated time (decision 0039). Whoever carries the requests here owns the connections: a
 * hiccup is told to them ({@link #onHiccup}), as {@link Relay#hiccupNow()} resets its sockets.
 *
 * <p>It answers on the caller's thread: the model's latency goes to the configuration's sleeper, which the transport on
 * simulated time turns into a later answer; planned hiccups (which the relay's own timer runs) are refused, since they
 * have no simulated form here.
 */
public final class InProcessRelay implements RelayControls {

    /** The address it answers for; nothing listens there. */
    public static final URI BASE_URL = URI.create("http://relay.in-process.invalid");

    private final FaultPlan faults = new FaultPlan();
    private final RequestLog log;
    private final AtomicLong hiccups = new AtomicLong();
    private final ModelApi api;
    private final List<IntSupplier> hiccupListeners = new CopyOnWriteArrayList<>();

    private InProcessRelay(RelayConfig config) {
        // The model's latency reaches the relay's sleeper, which the transport on simulated time turns into a later
        // answer (InProcessRelayTransport): nothing here sleeps.
        if (!new Timeline(config.disruptions())
                .hiccupsAfter(java.time.Duration.ZERO)
                .isEmpty()) {
            throw new IllegalArgumentException("the in-process relay has no timer for planned hiccups");
        }
        Instant startedAt = config.clock().instant();
        this.log = new RequestLog(config.recordCapacity());
        this.api = new ModelApi(config, BASE_URL, startedAt, log, faults, hiccups);
    }

    /** The relay of this configuration; its timeline starts now, on the configuration's clock. */
    public static InProcessRelay start(RelayConfig config) {
        return new InProcessRelay(config);
    }

    /** Answers one request as the relay's routes do: the two model endpoints, else 404. */
    public Response handle(Request request) {
        String path = request.path();
        if (path.equals(ModelApi.MODELS) || path.equals(ModelApi.CHAT)) {
            return api.handle(path, request);
        }
        return Response.json(404, Map.of("error", "not_found"));
    }

    /** Tells {@code resetConnections} of every hiccup; it resets the connections it holds and says how many. */
    public void onHiccup(IntSupplier resetConnections) {
        hiccupListeners.add(resetConnections);
    }

    @Override
    public URI baseUrl() {
        return BASE_URL;
    }

    @Override
    public FaultPlan faults() {
        return faults;
    }

    @Override
    public RequestLog log() {
        return log;
    }

    @Override
    public int hiccupNow() {
        hiccups.incrementAndGet();
        int reset = 0;
        for (IntSupplier listener : hiccupListeners) {
            reset += listener.getAsInt();
        }
        return reset;
    }

    @Override
    public void close() {
        hiccupListeners.clear();
    }
}
