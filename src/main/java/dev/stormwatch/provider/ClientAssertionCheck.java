package dev.stormwatch.provider;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The provider's check of a {@code private_key_jwt} client assertion (RFC 7523 §3, OIDC Core §9): signed by the key
 * registered for the client, {@code iss} and {@code sub} the client id, addressed to this provider (its issuer, token
 * endpoint or PAR endpoint, RFC 9126 §2), not expired, and its {@code jti} used once.
 */
final class ClientAssertionCheck {

    /** The algorithms the token endpoint verifies, advertised in discovery. */
    static final List<String> ALGORITHMS = List.of("RS256", "PS256", "ES256");

    /** The longest lifetime accepted: a client that asks for more is refused rather than trusted for long. */
    private static final Duration MAX_LIFETIME = Duration.ofMinutes(5);

    private final Clock clock;
    private final Set<String> audiences;
    private final Map<String, Instant> usedJtis = new ConcurrentHashMap<>();

    ClientAssertionCheck(Clock clock, Set<String> audiences) {
        this.clock = clock;
        this.audiences = Set.copyOf(audiences);
    }

    /** Why the assertion is refused, or empty when it proves {@code client}. */
    Optional<String> refusal(ClientRegistration client, String assertion) {
        if (client.publicKey().isEmpty()) {
            return Optional.of("client " + client.clientId() + " has no registered key");
        }
        JWK key = client.publicKey().get();
        SignedJWT jwt;
        JWTClaimsSet claims;
        try {
            jwt = SignedJWT.parse(assertion);
            claims = jwt.getJWTClaimsSet();
        } catch (ParseException e) {
            return Optional.of("client_assertion is not a signed JWT");
        }
        JWSAlgorithm alg = jwt.getHeader().getAlgorithm();
        if (!ALGORITHMS.contains(alg.getName())) {
            return Optional.of("client_assertion alg " + alg + " is not among " + ALGORITHMS);
        }
        String kid = jwt.getHeader().getKeyID();
        if (kid != null && key.getKeyID() != null && !kid.equals(key.getKeyID())) {
            return Optional.of("client_assertion kid is not the client's registered key");
        }
        try {
            JWSVerifier verifier = key instanceof RSAKey rsa ? new RSASSAVerifier(rsa) : new ECDSAVerifier((ECKey) key);
            if (!jwt.verify(verifier)) {
                return Optional.of("client_assertion signature does not verify with the registered key");
            }
        } catch (JOSEException e) {
            return Optional.of("client_assertion cannot be verified with the registered key");
        }
        if (!client.clientId().equals(claims.getIssuer()) || !client.clientId().equals(claims.getSubject())) {
            return Optional.of("client_assertion iss and sub must be the client id");
        }
        if (claims.getAudience().stream().noneMatch(audiences::contains)) {
            return Optional.of("client_assertion aud names another server");
        }
        Instant now = clock.instant();
        if (claims.getExpirationTime() == null
                || !now.isBefore(claims.getExpirationTime().toInstant())) {
            return Optional.of("client_assertion has expired");
        }
        Instant exp = claims.getExpirationTime().toInstant();
        if (exp.isAfter(now.plus(MAX_LIFETIME))) {
            return Optional.of("client_assertion lives longer than " + MAX_LIFETIME.toMinutes() + " min");
        }
        String jti = claims.getJWTID();
        if (jti == null || jti.isEmpty()) {
            return Optional.of("client_assertion has no jti");
        }
        usedJtis.values().removeIf(until -> !now.isBefore(until));
        // RFC 7523 §3: the jti is used once; a replayed assertion is refused.
        if (usedJtis.putIfAbsent(client.clientId() + " " + jti, exp) != null) {
            return Optional.of("client_assertion jti was already used");
        }
        return Optional.empty();
    }
}
