package dev.stormwatch.oauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.base.Secret;
import java.util.List;

/** RSA signing keys and a token signer standing in for a provider. */
final class TestKeys {

    private TestKeys() {}

    static RSAKey rsa(String kid) {
        try {
            return new RSAKeyGenerator(2048).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new AssertionError(e);
        }
    }

    static String jwks(RSAKey... keys) {
        return new JWKSet(List.of(keys)).toPublicJWKSet().toString();
    }

    static Secret sign(RSAKey key, JWTClaimsSet claims) {
        try {
            SignedJWT jwt = new SignedJWT(
                    new JWSHeader.Builder(JWSAlgorithm.RS256)
                            .keyID(key.getKeyID())
                            .build(),
                    claims);
            jwt.sign(new RSASSASigner(key));
            return Secret.of(jwt.serialize());
        } catch (JOSEException e) {
            throw new AssertionError(e);
        }
    }

    static Secret signHmac(byte[] secret, JWTClaimsSet claims) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
            jwt.sign(new MACSigner(secret));
            return Secret.of(jwt.serialize());
        } catch (JOSEException e) {
            throw new AssertionError(e);
        }
    }
}
