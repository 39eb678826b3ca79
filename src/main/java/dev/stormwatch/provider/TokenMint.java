package dev.stormwatch.provider;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.base.Base64Url;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.Optional;

/**
 * Makes tokens: random opaque values (codes, refresh tokens, request URIs), JWT access tokens (RFC 9068, with
 * {@code cnf.jkt} when DPoP-bound, RFC 9449 §6) and ID tokens (OpenID Connect Core §2, with {@code at_hash} §3.1.3.6).
 */
final class TokenMint {

    /** The audience of access tokens: the relay checks it. */
    static final String ACCESS_TOKEN_AUDIENCE = "stormwatch-relay";

    private final String issuer;
    private final SigningKeys keys;
    private final SecureRandom random;

    TokenMint(String issuer, SigningKeys keys, SecureRandom random) {
        this.issuer = issuer;
        this.keys = keys;
        this.random = random;
    }

    /** 256 random bits, base64url: unguessable (RFC 6749 §10.10). */
    String opaque() {
        return Base64Url.random(random, 32);
    }

    String accessToken(Grant grant, Optional<String> jkt, Instant now, Instant expiresAt) {
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                .issuer(issuer)
                .subject(grant.user().subject())
                .audience(ACCESS_TOKEN_AUDIENCE)
                .issueTime(Date.from(now))
                .expirationTime(Date.from(expiresAt))
                .jwtID(opaque())
                .claim("client_id", grant.clientId())
                .claim("scope", grant.scope());
        jkt.ifPresent(thumbprint -> claims.claim("cnf", Map.of("jkt", thumbprint)));
        return sign(ProviderConfig.SigningAlgorithm.RS256, new JOSEObjectType("at+jwt"), claims.build());
    }

    String idToken(
            Grant grant,
            Optional<String> nonce,
            String accessToken,
            Instant now,
            Instant expiresAt,
            ProviderConfig.SigningAlgorithm algorithm) {
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                .issuer(issuer)
                .subject(grant.user().subject())
                .audience(grant.clientId())
                .issueTime(Date.from(now))
                .expirationTime(Date.from(expiresAt))
                .claim("auth_time", grant.authTime().getEpochSecond())
                .claim("sid", grant.familyId())
                .claim("at_hash", atHash(accessToken));
        nonce.ifPresent(n -> claims.claim("nonce", n));
        if (grant.scope().contains("profile")) {
            claims.claim("name", grant.user().name());
        }
        return sign(algorithm, JOSEObjectType.JWT, claims.build());
    }

    /** OpenID Connect Core §3.1.3.6: base64url of the left half of the SHA-256 of the access token (RS256, ES256). */
    static String atHash(String accessToken) {
        byte[] full = Base64Url.digest("SHA-256", accessToken);
        return Base64Url.encode(java.util.Arrays.copyOf(full, full.length / 2));
    }

    private String sign(ProviderConfig.SigningAlgorithm algorithm, JOSEObjectType type, JWTClaimsSet claims) {
        com.nimbusds.jose.jwk.JWK key = keys.current(algorithm);
        JWSHeader header = new JWSHeader.Builder(keys.jwsAlgorithm(algorithm))
                .keyID(key.getKeyID())
                .type(type)
                .build();
        SignedJWT jwt = new SignedJWT(header, claims);
        try {
            jwt.sign(SigningKeys.signer(key));
        } catch (JOSEException e) {
            throw new IllegalStateException("signing with our own key failed", e);
        }
        return jwt.serialize();
    }
}
