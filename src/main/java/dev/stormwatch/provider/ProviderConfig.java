package dev.stormwatch.provider;

import dev.stormwatch.base.Sleeper;
import dev.stormwatch.server.ServerOptions;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How the demo OpenID provider runs: port (0 = free), clock, registered clients, demo users, token lifetimes (short
 * access tokens make refresh visible), whether DPoP nonces are required (RFC 9449 §8), how ID tokens are signed, and
 * how long an idle keep-alive connection stays open (a short one shows what a client does with a connection the
 * server closed while it sat in the client's pool: CN1, CN2).
 */
public record ProviderConfig(
        int port,
        Clock clock,
        List<ClientRegistration> clients,
        List<DemoUser> users,
        Duration accessTokenTtl,
        Duration refreshTokenTtl,
        Duration idTokenTtl,
        Duration codeTtl,
        Duration parTtl,
        boolean dpopNonceRequired,
        SigningAlgorithm idTokenAlgorithm,
        SecureRandom random,
        Sleeper sleeper,
        Duration keepAlive) {

    public ProviderConfig {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(random, "random");
        Objects.requireNonNull(sleeper, "sleeper");
        Objects.requireNonNull(idTokenAlgorithm, "idTokenAlgorithm");
        Objects.requireNonNull(keepAlive, "keepAlive");
        clients = List.copyOf(clients);
        users = List.copyOf(users);
        if (users.isEmpty()) {
            throw new IllegalArgumentException("the sign-in page needs at least one demo user");
        }
        for (Duration ttl : List.of(accessTokenTtl, refreshTokenTtl, idTokenTtl, codeTtl, parTtl)) {
            if (ttl.isZero() || ttl.isNegative()) {
                throw new IllegalArgumentException("token and code lifetimes must be positive, was " + ttl);
            }
        }
    }

    /**
     * A free port, the system clock, the desktop client and the confidential one, Alice and Bob, access tokens for 5 min, refresh tokens for
     * 8 h, ID tokens for 5 min, codes for 60 s, PAR request URIs for 60 s (RFC 9126 §2.2), no DPoP nonces, RS256.
     */
    public static ProviderConfig defaults() {
        return new ProviderConfig(
                0,
                Clock.systemUTC(),
                List.of(ClientRegistration.desktop(), ClientRegistration.confidential()),
                List.of(DemoUser.alice(), DemoUser.bob()),
                Duration.ofMinutes(5),
                Duration.ofHours(8),
                Duration.ofMinutes(5),
                Duration.ofSeconds(60),
                Duration.ofSeconds(60),
                false,
                SigningAlgorithm.RS256,
                new SecureRandom(),
                Sleeper.SYSTEM,
                ServerOptions.DEFAULT_KEEP_ALIVE);
    }

    public ProviderConfig withPort(int newPort) {
        return new ProviderConfig(
                newPort,
                clock,
                clients,
                users,
                accessTokenTtl,
                refreshTokenTtl,
                idTokenTtl,
                codeTtl,
                parTtl,
                dpopNonceRequired,
                idTokenAlgorithm,
                random,
                sleeper,
                keepAlive);
    }

    public ProviderConfig withClock(Clock newClock) {
        return new ProviderConfig(
                port,
                newClock,
                clients,
                users,
                accessTokenTtl,
                refreshTokenTtl,
                idTokenTtl,
                codeTtl,
                parTtl,
                dpopNonceRequired,
                idTokenAlgorithm,
                random,
                sleeper,
                keepAlive);
    }

    public ProviderConfig withClients(List<ClientRegistration> newClients) {
        return new ProviderConfig(
                port,
                clock,
                newClients,
                users,
                accessTokenTtl,
                refreshTokenTtl,
                idTokenTtl,
                codeTtl,
                parTtl,
                dpopNonceRequired,
                idTokenAlgorithm,
                random,
                sleeper,
                keepAlive);
    }

    public ProviderConfig withAccessTokenTtl(Duration ttl) {
        return new ProviderConfig(
                port,
                clock,
                clients,
                users,
                ttl,
                refreshTokenTtl,
                idTokenTtl,
                codeTtl,
                parTtl,
                dpopNonceRequired,
                idTokenAlgorithm,
                random,
                sleeper,
                keepAlive);
    }

    public ProviderConfig withRefreshTokenTtl(Duration ttl) {
        return new ProviderConfig(
                port,
                clock,
                clients,
                users,
                accessTokenTtl,
                ttl,
                idTokenTtl,
                codeTtl,
                parTtl,
                dpopNonceRequired,
                idTokenAlgorithm,
                random,
                sleeper,
                keepAlive);
    }

    public ProviderConfig withDpopNonceRequired(boolean required) {
        return new ProviderConfig(
                port,
                clock,
                clients,
                users,
                accessTokenTtl,
                refreshTokenTtl,
                idTokenTtl,
                codeTtl,
                parTtl,
                required,
                idTokenAlgorithm,
                random,
                sleeper,
                keepAlive);
    }

    public ProviderConfig withIdTokenAlgorithm(SigningAlgorithm algorithm) {
        return new ProviderConfig(
                port,
                clock,
                clients,
                users,
                accessTokenTtl,
                refreshTokenTtl,
                idTokenTtl,
                codeTtl,
                parTtl,
                dpopNonceRequired,
                algorithm,
                random,
                sleeper,
                keepAlive);
    }

    public ProviderConfig withSleeper(Sleeper newSleeper) {
        return new ProviderConfig(
                port,
                clock,
                clients,
                users,
                accessTokenTtl,
                refreshTokenTtl,
                idTokenTtl,
                codeTtl,
                parTtl,
                dpopNonceRequired,
                idTokenAlgorithm,
                random,
                newSleeper,
                keepAlive);
    }

    /** Idle keep-alive connections are closed after {@code value} (Node's http server: 5 s). */
    public ProviderConfig withKeepAlive(Duration value) {
        return new ProviderConfig(
                port,
                clock,
                clients,
                users,
                accessTokenTtl,
                refreshTokenTtl,
                idTokenTtl,
                codeTtl,
                parTtl,
                dpopNonceRequired,
                idTokenAlgorithm,
                random,
                sleeper,
                value);
    }

    /** The algorithms the provider signs with (RFC 7518 §3.1). */
    public enum SigningAlgorithm {
        RS256,
        ES256
    }
}
