package dev.stormwatch.oauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.base.Base64Url;
import dev.stormwatch.base.Secret;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Validates an ID token as OIDC Core §3.1.3.7 asks: signature by a provider key with an advertised asymmetric
 * algorithm (never {@code none}, never HMAC: this is a public client), {@code iss}, {@code aud}/{@code azp},
 * {@code exp}/{@code iat}/{@code nbf} within a skew, {@code nonce}, and {@code at_hash} when present (§3.1.3.8);
 * and, for an ID token from a refresh, that it speaks of the same authentication as the original (§12.2).
 * A failure is a Protocol error naming the check.
 */
public final class IdTokenValidator {

    /** Default tolerance between our clock and the provider's. */
    public static final Duration DEFAULT_SKEW = Duration.ofSeconds(60);

    /** OIDC Discovery §3: RS256 is the default when the provider lists no algorithms. */
    private static final List<String> DEFAULT_ALGORITHMS = List.of("RS256");

    private static final Set<String> CHECKED_CLAIMS =
            Set.of("iss", "sub", "aud", "exp", "iat", "nonce", "at_hash", "azp");

    private final Issuer issuer;
    private final String clientId;
    private final List<String> allowedAlgorithms;
    private final KeySource keys;
    private final Clock clock;
    private final Duration skew;

    public IdTokenValidator(
            Issuer issuer,
            String clientId,
            List<String> advertisedAlgorithms,
            KeySource keys,
            Clock clock,
            Duration skew) {
        this.issuer = issuer;
        this.clientId = clientId;
        this.allowedAlgorithms =
                advertisedAlgorithms.isEmpty() ? DEFAULT_ALGORITHMS : List.copyOf(advertisedAlgorithms);
        this.keys = keys;
        this.clock = clock;
        this.skew = skew;
    }

    /**
     * Validates a token.
     *
     * @param expectedNonce the nonce of the login; empty after a refresh, when the token may carry none (§12.2)
     * @param accessToken the access token issued with it, for {@code at_hash}
     */
    public IdTokenClaims validate(Secret idToken, Optional<Secret> expectedNonce, Optional<Secret> accessToken) {
        SignedJWT jwt = parseSigned(idToken);
        JWSAlgorithm alg = jwt.getHeader().getAlgorithm();
        checkAlgorithm(alg);
        checkSignature(jwt, alg);
        JWTClaimsSet claims = claims(jwt);
        // §3.1.3.7 step 2: the issuer must be exactly the one discovered.
        if (claims.getIssuer() == null || !issuer.sameAs(claims.getIssuer())) {
            throw Failures.protocol(
                    "iss", "the ID token was issued by '" + claims.getIssuer() + "', not '" + issuer + "'");
        }
        if (claims.getSubject() == null || claims.getSubject().isEmpty()) {
            throw Failures.protocol("sub", "the ID token names no subject");
        }
        List<String> audience = claims.getAudience();
        // §3.1.3.7 step 3: our client id must be an audience.
        if (audience == null || !audience.contains(clientId)) {
            throw Failures.protocol("aud", "the ID token is meant for " + audience + ", not for this client");
        }
        String azp = stringClaim(claims, "azp");
        // §3.1.3.7 steps 4–5: with several audiences azp must name us; when present it must always name us.
        if ((audience.size() > 1 && azp == null) || (azp != null && !azp.equals(clientId))) {
            throw Failures.protocol("azp", "the ID token was issued to party '" + azp + "', not to this client");
        }
        Instant now = clock.instant();
        Instant expiresAt = instant(claims.getExpirationTime(), "exp");
        // §3.1.3.7 step 9: the token must not have expired (skew allowed for clock drift).
        if (!now.isBefore(expiresAt.plus(skew))) {
            throw Failures.protocol("exp", "the ID token expired at " + expiresAt);
        }
        Instant issuedAt = instant(claims.getIssueTime(), "iat");
        // §3.1.3.7 step 10: a token issued in the future (beyond the skew) means a wrong clock or a forgery.
        if (issuedAt.isAfter(now.plus(skew))) {
            throw Failures.protocol("iat", "the ID token claims to be issued at " + issuedAt + ", in the future");
        }
        Date notBefore = claims.getNotBeforeTime();
        // RFC 7519 §4.1.5 (OIDC Core §2 allows the claim): a token not yet valid, beyond the skew, is refused.
        if (notBefore != null && notBefore.toInstant().isAfter(now.plus(skew))) {
            throw Failures.protocol("nbf", "the ID token is not valid before " + notBefore.toInstant());
        }
        String nonce = stringClaim(claims, "nonce");
        // §3.1.3.7 step 11: the nonce binds the token to this login (replay defence).
        if (expectedNonce.isPresent() && (nonce == null || !Secret.of(nonce).equals(expectedNonce.get()))) {
            throw Failures.protocol("nonce", "the ID token's nonce does not match this sign-in");
        }
        String atHash = stringClaim(claims, "at_hash");
        // §3.1.3.8: when at_hash is present it must match the access token issued with it.
        if (atHash != null && accessToken.isPresent() && !atHash.equals(accessTokenHash(alg, accessToken.get()))) {
            throw Failures.protocol("at_hash", "the ID token's at_hash does not match the access token");
        }
        Map<String, Object> other = new HashMap<>();
        claims.getClaims().forEach((name, value) -> {
            if (!CHECKED_CLAIMS.contains(name) && value != null) {
                other.put(name, value instanceof Date d ? d.toInstant() : value);
            }
        });
        return new IdTokenClaims(
                claims.getIssuer(),
                claims.getSubject(),
                audience,
                expiresAt,
                issuedAt,
                Optional.ofNullable(nonce),
                other);
    }

    /**
     * Validates an ID token from a refresh (OIDC Core §12.2): every check of {@link #validate}, then that it speaks of
     * the same authentication as the original: the same {@code iss}, {@code sub} and {@code aud}, the same
     * {@code auth_time} when both carry one, and the original's {@code nonce} when it carries one. {@code azp}, when
     * present, is this client in both (checked by {@link #validate}).
     */
    public IdTokenClaims validateRefreshed(Secret idToken, IdTokenClaims original, Optional<Secret> accessToken) {
        IdTokenClaims refreshed = validate(idToken, Optional.empty(), accessToken);
        if (!refreshed.issuer().equals(original.issuer())) {
            throw Failures.protocol(
                    "iss",
                    "the refreshed ID token was issued by '" + refreshed.issuer() + "', the original by '"
                            + original.issuer() + "'");
        }
        if (!refreshed.subject().equals(original.subject())) {
            throw Failures.protocol("sub", "the refreshed ID token names another subject");
        }
        if (!Set.copyOf(refreshed.audience()).equals(Set.copyOf(original.audience()))) {
            throw Failures.protocol(
                    "aud",
                    "the refreshed ID token is meant for " + refreshed.audience() + ", the original for "
                            + original.audience());
        }
        Optional<Long> authTime = epochSeconds(refreshed.other().get("auth_time"));
        Optional<Long> originalAuthTime = epochSeconds(original.other().get("auth_time"));
        // auth_time is the time of the original authentication, not of this refresh.
        if (authTime.isPresent() && originalAuthTime.isPresent() && !authTime.equals(originalAuthTime)) {
            throw Failures.protocol("auth_time", "the refreshed ID token's auth_time is not the original sign-in's");
        }
        // A nonce, when present, must be the original one: a refreshed token is not a new sign-in.
        if (refreshed.nonce().isPresent() && !refreshed.nonce().equals(original.nonce())) {
            throw Failures.protocol("nonce", "the refreshed ID token's nonce is not the original sign-in's");
        }
        return refreshed;
    }

    /** A time claim as seconds since the epoch, whether fresh from a token (Instant) or from the store (text). */
    private static Optional<Long> epochSeconds(Object value) {
        if (value instanceof Instant instant) {
            return Optional.of(instant.getEpochSecond());
        }
        if (value instanceof Number number) {
            return Optional.of(number.longValue());
        }
        if (value instanceof String text) {
            try {
                return Optional.of(Instant.parse(text).getEpochSecond());
            } catch (java.time.format.DateTimeParseException notIso) {
                try {
                    return Optional.of(Long.parseLong(text));
                } catch (NumberFormatException notNumber) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    /** OIDC Core §3.1.3.6: the left half of the hash of the token, with the hash of the signature algorithm. */
    static String accessTokenHash(JWSAlgorithm alg, Secret accessToken) {
        String name = alg.getName();
        String hash =
                name.endsWith("384") ? "SHA-384" : name.endsWith("512") || name.equals("EdDSA") ? "SHA-512" : "SHA-256";
        byte[] digest = Base64Url.digest(hash, accessToken.reveal());
        return Base64Url.encode(Arrays.copyOf(digest, digest.length / 2));
    }

    private void checkAlgorithm(JWSAlgorithm alg) {
        checkAlgorithm(alg, allowedAlgorithms);
    }

    /** The algorithm check, for the token inspector too (SX4): asymmetric, and one of {@code allowedAlgorithms}. */
    static void checkAlgorithm(JWSAlgorithm alg, List<String> allowedAlgorithms) {
        // A public client has no secret to check an HMAC with; a token that asks for one is forged or misconfigured.
        if (JWSAlgorithm.Family.HMAC_SHA.contains(alg)) {
            throw Failures.protocol(
                    "signature", "the ID token is signed with " + alg + " (HMAC), refused for a public client");
        }
        // Only algorithms the provider advertised (id_token_signing_alg_values_supported).
        if (!allowedAlgorithms.contains(alg.getName())) {
            throw Failures.protocol(
                    "signature",
                    "the ID token is signed with " + alg + ", which the provider does not advertise "
                            + allowedAlgorithms);
        }
    }

    private void checkSignature(SignedJWT jwt, JWSAlgorithm alg) {
        checkSignature(jwt, alg, keys);
    }

    /** The signature check, for the token inspector too (SX4); returns the key that verified the token. */
    static JWK checkSignature(SignedJWT jwt, JWSAlgorithm alg, KeySource keys) {
        Optional<String> kid = Optional.ofNullable(jwt.getHeader().getKeyID());
        List<JWK> candidates = keys.candidates(kid);
        if (candidates.isEmpty()) {
            throw Failures.protocol(
                    "signature", "no provider key matches the ID token's key id " + kid.orElse("(none)"));
        }
        boolean usableKey = false;
        for (JWK key : candidates) {
            // A key bound to another algorithm may not be used for this one (RFC 7517 §4.4).
            if (key.getAlgorithm() != null && !key.getAlgorithm().equals(alg)) {
                continue;
            }
            Optional<JWSVerifier> verifier = verifierFor(key, alg);
            if (verifier.isEmpty()) {
                continue;
            }
            usableKey = true;
            try {
                if (jwt.verify(verifier.get())) {
                    return key;
                }
            } catch (JOSEException e) {
                // A key that cannot verify this token is just not the right key: try the next.
            }
        }
        throw usableKey
                ? Failures.protocol("signature", "the ID token's signature is not valid")
                : Failures.protocol("signature", "the provider's key set has no usable key for " + alg);
    }

    private static Optional<JWSVerifier> verifierFor(JWK key, JWSAlgorithm alg) {
        try {
            if (key instanceof RSAKey rsa && JWSAlgorithm.Family.RSA.contains(alg)) {
                return Optional.of(new RSASSAVerifier(rsa));
            }
            if (key instanceof ECKey ec && JWSAlgorithm.Family.EC.contains(alg)) {
                return Optional.of(new ECDSAVerifier(ec));
            }
        } catch (JOSEException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static SignedJWT parseSigned(Secret idToken) {
        JWT jwt;
        try {
            jwt = JWTParser.parse(idToken.reveal());
        } catch (ParseException e) {
            throw Failures.protocol("id_token", "the ID token is not a JWT");
        }
        // OIDC Core §3.1.3.7: an unsigned ("none") or encrypted token is not accepted here.
        if (!(jwt instanceof SignedJWT signed)) {
            throw Failures.protocol("signature", "the ID token is not signed (alg none is refused)");
        }
        return signed;
    }

    private static JWTClaimsSet claims(SignedJWT jwt) {
        try {
            return jwt.getJWTClaimsSet();
        } catch (ParseException e) {
            throw Failures.protocol("id_token", "the ID token's claims are not a JSON object");
        }
    }

    private static String stringClaim(JWTClaimsSet claims, String name) {
        try {
            return claims.getStringClaim(name);
        } catch (ParseException e) {
            throw Failures.protocol(name, "the ID token's " + name + " is not a string");
        }
    }

    private static Instant instant(Date date, String name) {
        if (date == null) {
            throw Failures.protocol(name, "the ID token has no " + name);
        }
        return date.toInstant();
    }
}
