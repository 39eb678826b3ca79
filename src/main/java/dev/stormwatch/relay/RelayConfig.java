package dev.stormwatch.relay;

import dev.stormwatch.base.Sleeper;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How the relay behaves: port (0 = free), clock, sleeper and random seed (injected, docs/style.md §1), accepted API
 * keys and token issuer, quota, concurrent capacity with optional collapse, latency, the scenario timeline,, how many
 * request records it keeps, and the rate-limit dialect its quota speaks (RH5-RH8).
 */
public record RelayConfig(
        int port,
        Clock clock,
        Sleeper sleeper,
        long seed,
        List<String> apiKeys,
        Optional<TrustedIssuer> trustedIssuer,
        Optional<Quota> quota,
        int capacity,
        boolean collapse,
        LatencyModel latency,
        List<Disruption> disruptions,
        int recordCapacity,
        RateLimitDialect dialect) {

    /** The demo key, printed when the relay starts. */
    public static final String DEMO_KEY = "sk-demo";

    public RelayConfig {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(sleeper, "sleeper");
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(dialect, "dialect");
        apiKeys = List.copyOf(apiKeys);
        disruptions = List.copyOf(disruptions);
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity is at least 1 concurrent request, was " + capacity);
        }
        if (apiKeys.isEmpty() && trustedIssuer.isEmpty()) {
            throw new IllegalArgumentException("accept at least one API key or a token issuer, or nobody gets in");
        }
    }

    /**
     * A free port, the system clock, seed 42, the key {@code sk-demo}, no token issuer, no quota, 256 concurrent
     * requests without collapse, no latency, no disruptions, the last 200,000 records, the plain dialect.
     */
    public static RelayConfig defaults() {
        return new RelayConfig(
                0,
                Clock.systemUTC(),
                Sleeper.SYSTEM,
                42,
                List.of(DEMO_KEY),
                Optional.empty(),
                Optional.empty(),
                256,
                false,
                LatencyModel.none(),
                List.of(),
                200_000,
                RateLimitDialect.PLAIN);
    }

    public RelayConfig withPort(int newPort) {
        return new RelayConfig(
                newPort,
                clock,
                sleeper,
                seed,
                apiKeys,
                trustedIssuer,
                quota,
                capacity,
                collapse,
                latency,
                disruptions,
                recordCapacity,
                dialect);
    }

    public RelayConfig withClock(Clock newClock) {
        return new RelayConfig(
                port,
                newClock,
                sleeper,
                seed,
                apiKeys,
                trustedIssuer,
                quota,
                capacity,
                collapse,
                latency,
                disruptions,
                recordCapacity,
                dialect);
    }

    public RelayConfig withSleeper(Sleeper newSleeper) {
        return new RelayConfig(
                port,
                clock,
                newSleeper,
                seed,
                apiKeys,
                trustedIssuer,
                quota,
                capacity,
                collapse,
                latency,
                disruptions,
                recordCapacity,
                dialect);
    }

    public RelayConfig withSeed(long newSeed) {
        return new RelayConfig(
                port,
                clock,
                sleeper,
                newSeed,
                apiKeys,
                trustedIssuer,
                quota,
                capacity,
                collapse,
                latency,
                disruptions,
                recordCapacity,
                dialect);
    }

    public RelayConfig withApiKeys(List<String> keys) {
        return new RelayConfig(
                port,
                clock,
                sleeper,
                seed,
                keys,
                trustedIssuer,
                quota,
                capacity,
                collapse,
                latency,
                disruptions,
                recordCapacity,
                dialect);
    }

    public RelayConfig withTrustedIssuer(TrustedIssuer issuer) {
        return new RelayConfig(
                port,
                clock,
                sleeper,
                seed,
                apiKeys,
                Optional.of(issuer),
                quota,
                capacity,
                collapse,
                latency,
                disruptions,
                recordCapacity,
                dialect);
    }

    public RelayConfig withQuota(Quota newQuota) {
        return new RelayConfig(
                port,
                clock,
                sleeper,
                seed,
                apiKeys,
                trustedIssuer,
                Optional.of(newQuota),
                capacity,
                collapse,
                latency,
                disruptions,
                recordCapacity,
                dialect);
    }

    public RelayConfig withCapacity(int concurrent, boolean collapseUnderOverload) {
        return new RelayConfig(
                port,
                clock,
                sleeper,
                seed,
                apiKeys,
                trustedIssuer,
                quota,
                concurrent,
                collapseUnderOverload,
                latency,
                disruptions,
                recordCapacity,
                dialect);
    }

    public RelayConfig withLatency(LatencyModel model) {
        return new RelayConfig(
                port,
                clock,
                sleeper,
                seed,
                apiKeys,
                trustedIssuer,
                quota,
                capacity,
                collapse,
                model,
                disruptions,
                recordCapacity,
                dialect);
    }

    public RelayConfig withDisruptions(List<Disruption> timeline) {
        return new RelayConfig(
                port,
                clock,
                sleeper,
                seed,
                apiKeys,
                trustedIssuer,
                quota,
                capacity,
                collapse,
                latency,
                timeline,
                recordCapacity,
                dialect);
    }

    public RelayConfig withRecordCapacity(int records) {
        return new RelayConfig(
                port,
                clock,
                sleeper,
                seed,
                apiKeys,
                trustedIssuer,
                quota,
                capacity,
                collapse,
                latency,
                disruptions,
                records,
                dialect);
    }

    /** The headers the quota speaks in: what is left, when it resets, how long a 429 asks to wait. */
    public RelayConfig withDialect(RateLimitDialect newDialect) {
        return new RelayConfig(
                port,
                clock,
                sleeper,
                seed,
                apiKeys,
                trustedIssuer,
                quota,
                capacity,
                collapse,
                latency,
                disruptions,
                recordCapacity,
                newDialect);
    }
}
