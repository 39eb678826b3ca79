package dev.stormwatch.load.engine;

import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.TimedFault;
import dev.stormwatch.relay.LatencyModel;
import dev.stormwatch.relay.Quota;
import dev.stormwatch.relay.RateLimitDialect;
import dev.stormwatch.relay.RelayConfig;
import dev.stormwatch.relay.RelayControls;
import dev.stormwatch.server.Fault;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * How a load {@link Scenario} becomes the embedded relay's behaviour: a quota and an outage go into the
 * relay's configuration; a connection reset and a shared Retry-After are actions the run performs on the relay at
 * their offsets. Pure: it only describes what to do.
 *
 * @param config the relay's configuration
 * @param actions what to do to the running relay, and when (offsets from the start of the run)
 */
record RelayPlan(RelayConfig config, List<TimedAction> actions) {

    /** The endpoint the virtual clients call (a read, so it is retried, RC2). */
    static final String ENDPOINT = "/v1/models";

    /** One thing to do to the relay at an offset from the start of the run. */
    record TimedAction(Duration at, String what, Consumer<RelayControls> action) {}

    RelayPlan {
        actions = List.copyOf(actions);
    }

    /**
     * @param scenario the run's scenario
     * @param fallbackQuota the relay's quota when the scenario sets none
     * @param clients the virtual clients: the relay must serve them all at once, or it answers 503 for capacity
     * @param dialect the rate-limit headers the relay's quota speaks
     */
    static RelayPlan of(Scenario scenario, Optional<Quota> fallbackQuota, int clients, RateLimitDialect dialect) {
        RelayConfig config = RelayConfig.defaults()
                .withDialect(dialect)
                .withCapacity(Math.max(256, clients), false)
                .withRecordCapacity(400_000);
        Optional<Quota> quota = LimitChoice.scenarioQuota(scenario).or(() -> fallbackQuota);
        if (quota.isPresent()) {
            config = config.withQuota(quota.get());
        }
        List<dev.stormwatch.relay.Disruption> relayTimeline = new ArrayList<>();
        List<TimedAction> actions = new ArrayList<>();
        for (TimedFault entry : scenario.timeline()) {
            RelayFault fault = entry.fault();
            if (fault instanceof RelayFault.ResetConnections) {
                actions.add(new TimedAction(entry.at(), "reset every connection", RelayControls::hiccupNow));
            } else if (fault instanceof RelayFault.Outage outage) {
                // The relay's outage answers the fault's 5xx without Retry-After (P5: nothing for the clients to pause
                // on).
                relayTimeline.add(new dev.stormwatch.relay.Disruption.Outage(
                        entry.at(), entry.at().plus(outage.length()), outage.status()));
            } else if (fault instanceof RelayFault.SharedRetryAfter shared) {
                actions.addAll(sharedRetryAfter(entry.at(), shared.length()));
            } else if (fault instanceof RelayFault.SlowModel slow) {
                config = config.withLatency(LatencyModel.around(slow.median())); // LB17
            }
            // RelayFault.Quota and RelayFault.LeakyBucket went into the configuration above.
        }
        return new RelayPlan(config.withDisruptions(relayTimeline), actions);
    }

    /**
     * RA2: every second of the window, 429 with a Retry-After of the whole seconds left, so that every client is told
     * the same instant; at its end, normal service.
     */
    private static List<TimedAction> sharedRetryAfter(Duration start, Duration length) {
        List<TimedAction> actions = new ArrayList<>();
        for (long s = 0; s < length.toSeconds(); s++) {
            Duration left = length.minusSeconds(s);
            actions.add(new TimedAction(start.plusSeconds(s), "429 Retry-After " + left.toSeconds(), relay -> {
                relay.faults().clear();
                relay.faults().inject(ENDPOINT, Fault.Throttle.seconds(429, left), Integer.MAX_VALUE);
            }));
        }
        actions.add(new TimedAction(
                start.plus(length),
                "end of the shared Retry-After",
                relay -> relay.faults().clear()));
        return actions;
    }
}
