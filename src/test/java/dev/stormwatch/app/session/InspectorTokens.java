package dev.stormwatch.app.session;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.time.Instant;
import java.util.Date;

/**
 * Tokens for the token inspector's tests, signed here with one RSA key made here ("k1"): issued by
 * https://issuer.example to "app" for alice, a minute before {@link #NOW}.
 */
final class InspectorTokens {

    static final Instant NOW = Instant.parse("2026-12-02T10:00:00Z");
    static final RSAKey KEY = rsaKey("k1");

    private InspectorTokens() {}

    private static RSAKey rsaKey(String kid) {
        try {
            return new RSAKeyGenerator(2048).keyID(kid).generate();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** A token signed by {@link #KEY}, its header naming {@code kid}, expiring at {@code exp}. */
    static String token(String kid, Instant exp) {
        try {
            SignedJWT jwt = new SignedJWT(
                    new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(kid).build(),
                    new JWTClaimsSet.Builder()
                            .issuer("https://issuer.example")
                            .audience("app")
                            .subject("alice")
                            .issueTime(Date.from(NOW.minusSeconds(60)))
                            .expirationTime(Date.from(exp))
                            .build());
            jwt.sign(new RSASSASigner(KEY));
            return jwt.serialize();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** The JWKS of {@link #KEY}'s public half. */
    static String jwks() {
        return new JWKSet(KEY.toPublicJWK()).toString();
    }
}
