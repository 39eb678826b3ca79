package dev.stormwatch.load.engine;

import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.TimedFault;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Which limit the run's limiter enforces (RC7, L6), a pure choice: a limiter only prevents 429s when it matches the
 * provider's quota, so the quota wins; without one, the arrival rate per second; else 100 per second.
 */
public final class LimitChoice {

    /** The limit of a closed-loop run against a provider without a known quota. */
    public static final LimitSpec FALLBACK = LimitSpec.of(100, Duration.ofSeconds(1));

    private LimitChoice() {}

    /**
     * @param explicit the limit the caller asked for, if any
     * @param relayQuota the quota the embedded relay enforces, if known
     * @param rate the run's arrival rate (open loop)
     */
    public static LimitSpec of(
            Optional<LimitSpec> explicit, Optional<dev.stormwatch.relay.Quota> relayQuota, OptionalDouble rate) {
        // The caller knows their provider's contract best.
        if (explicit.isPresent()) {
            return explicit.get();
        }
        // L6: holding the provider's own quota is what turns its 429s into local refusals (RC7).
        if (relayQuota.isPresent()) {
            return LimitSpec.of(relayQuota.get().requests(), relayQuota.get().window());
        }
        if (rate.isPresent()) {
            return LimitSpec.of(
                    (int) Math.max(1, Math.min(LimitSpec.MAX_LIMIT, Math.ceil(rate.getAsDouble()))),
                    Duration.ofSeconds(1));
        }
        return FALLBACK;
    }

    /** The quota a scenario gives the relay, if it has one. */
    public static Optional<dev.stormwatch.relay.Quota> scenarioQuota(Scenario scenario) {
        for (TimedFault entry : scenario.timeline()) {
            if (entry.fault() instanceof RelayFault.Quota quota) {
                return Optional.of(new dev.stormwatch.relay.Quota(quota.requests(), quota.window()));
            }
            if (entry.fault() instanceof RelayFault.LeakyBucket leaky) {
                return Optional.of(dev.stormwatch.relay.Quota.leakyBucket(leaky.perSecond())); // LB9
            }
        }
        return Optional.empty();
    }
}
