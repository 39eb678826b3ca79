package dev.stormwatch.provider;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The provider's signing keys, one RS256 and one ES256 (RFC 7518 §3.3, §3.4), published as a JWK Set (RFC 7517 §5).
 * {@link #rotate()} makes new keys current and keeps the previous ones published, so tokens already issued still verify.
 */
public final class SigningKeys {

    private final AtomicInteger generation = new AtomicInteger();
    private volatile RSAKey rsa;
    private volatile ECKey ec;
    private volatile List<JWK> retired = List.of();

    public SigningKeys() {
        RSAKey firstRsa = newRsa();
        ECKey firstEc = newEc();
        this.rsa = firstRsa;
        this.ec = firstEc;
    }

    /** New current keys; the old ones stay in the JWK Set for one more rotation. */
    public synchronized void rotate() {
        retired = List.of(rsa.toPublicJWK(), ec.toPublicJWK());
        rsa = newRsa();
        ec = newEc();
    }

    /** The public keys, current first: the body of the {@code jwks_uri}. */
    public Map<String, Object> publicJwks() {
        List<JWK> keys = new ArrayList<>();
        keys.add(rsa.toPublicJWK());
        keys.add(ec.toPublicJWK());
        keys.addAll(retired);
        return new JWKSet(keys).toJSONObject(true);
    }

    /** The current key id for {@code algorithm}. */
    public String currentKeyId(ProviderConfig.SigningAlgorithm algorithm) {
        return algorithm == ProviderConfig.SigningAlgorithm.RS256 ? rsa.getKeyID() : ec.getKeyID();
    }

    JWSAlgorithm jwsAlgorithm(ProviderConfig.SigningAlgorithm algorithm) {
        return algorithm == ProviderConfig.SigningAlgorithm.RS256 ? JWSAlgorithm.RS256 : JWSAlgorithm.ES256;
    }

    /** The current private key for {@code algorithm}: one read, so its kid and its signature always agree. */
    JWK current(ProviderConfig.SigningAlgorithm algorithm) {
        return algorithm == ProviderConfig.SigningAlgorithm.RS256 ? rsa : ec;
    }

    static JWSSigner signer(JWK key) {
        try {
            return key instanceof RSAKey r ? new RSASSASigner(r) : new ECDSASigner((ECKey) key);
        } catch (JOSEException e) {
            throw new IllegalStateException("a freshly generated key cannot sign", e);
        }
    }

    /** A verifier for a token signed by one of our keys, current or retired. */
    Optional<JWSVerifier> verifier(String keyId) {
        List<JWK> all = new ArrayList<>(List.of(rsa, ec));
        all.addAll(retired);
        for (JWK jwk : all) {
            if (!jwk.getKeyID().equals(keyId)) {
                continue;
            }
            try {
                return Optional.of(jwk instanceof RSAKey r ? new RSASSAVerifier(r) : new ECDSAVerifier((ECKey) jwk));
            } catch (JOSEException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private RSAKey newRsa() {
        try {
            return new RSAKeyGenerator(2048)
                    .keyUse(KeyUse.SIGNATURE)
                    .algorithm(JWSAlgorithm.RS256)
                    .keyID("rs256-" + generation.incrementAndGet())
                    .generate();
        } catch (JOSEException e) {
            throw new IllegalStateException("RSA key generation is always available", e);
        }
    }

    private ECKey newEc() {
        try {
            return new ECKeyGenerator(Curve.P_256)
                    .keyUse(KeyUse.SIGNATURE)
                    .algorithm(JWSAlgorithm.ES256)
                    .keyID("es256-" + generation.get())
                    .generate();
        } catch (JOSEException e) {
            throw new IllegalStateException("P-256 key generation is always available", e);
        }
    }
}
