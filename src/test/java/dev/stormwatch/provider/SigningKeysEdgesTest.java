package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The provider's signing keys: which key signs, which verify, and what the JWK Set publishes across rotations. */
class SigningKeysEdgesTest {

    private final SigningKeys keys = new SigningKeys();

    private static SignedJWT signed(JWK key, JWSAlgorithm alg) throws Exception {
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(alg).keyID(key.getKeyID()).build(),
                new JWTClaimsSet.Builder().subject("s").build());
        jwt.sign(SigningKeys.signer(key));
        return jwt;
    }

    private List<String> publishedKeyIds() throws Exception {
        return JWKSet.parse(keys.publicJwks()).getKeys().stream()
                .map(JWK::getKeyID)
                .toList();
    }

    @Test
    @DisplayName("Each algorithm has its own current key, named by generation, RSA for RS256 and EC for ES256")
    void eachAlgorithmHasItsKey() throws Exception {
        JWK rsa = keys.current(ProviderConfig.SigningAlgorithm.RS256);
        JWK ec = keys.current(ProviderConfig.SigningAlgorithm.ES256);

        assertThat(rsa).isInstanceOf(RSAKey.class);
        assertThat(ec).isInstanceOf(ECKey.class);
        assertThat(keys.currentKeyId(ProviderConfig.SigningAlgorithm.RS256))
                .isEqualTo("rs256-1")
                .isEqualTo(rsa.getKeyID());
        assertThat(keys.currentKeyId(ProviderConfig.SigningAlgorithm.ES256))
                .isEqualTo("es256-1")
                .isEqualTo(ec.getKeyID());
        assertThat(keys.jwsAlgorithm(ProviderConfig.SigningAlgorithm.RS256)).isEqualTo(JWSAlgorithm.RS256);
        assertThat(keys.jwsAlgorithm(ProviderConfig.SigningAlgorithm.ES256)).isEqualTo(JWSAlgorithm.ES256);
        assertThat(signed(ec, JWSAlgorithm.ES256)
                        .verify(keys.verifier("es256-1").orElseThrow()))
                .isTrue();
        assertThat(signed(rsa, JWSAlgorithm.RS256)
                        .verify(keys.verifier("rs256-1").orElseThrow()))
                .isTrue();
        assertThat(publishedKeyIds()).containsExactly("rs256-1", "es256-1");
        assertThat(JWKSet.parse(keys.publicJwks()).getKeys()).noneMatch(JWK::isPrivate);
    }

    @Test
    @DisplayName("After a rotation the new keys sign and come first, the old ones still verify and stay"
            + " published; after a second rotation the first keys are gone")
    void aRotationKeepsThePreviousKeysForOneMoreRotation() throws Exception {
        SignedJWT old = signed(keys.current(ProviderConfig.SigningAlgorithm.RS256), JWSAlgorithm.RS256);

        keys.rotate();
        assertThat(keys.currentKeyId(ProviderConfig.SigningAlgorithm.RS256)).isEqualTo("rs256-2");
        assertThat(publishedKeyIds()).containsExactly("rs256-2", "es256-2", "rs256-1", "es256-1");
        assertThat(old.verify(keys.verifier("rs256-1").orElseThrow())).isTrue();
        assertThat(keys.verifier("es256-1")).isPresent();

        keys.rotate();
        assertThat(publishedKeyIds()).containsExactly("rs256-3", "es256-3", "rs256-2", "es256-2");
        assertThat(keys.verifier("rs256-1")).isEmpty();
        assertThat(keys.verifier("unknown")).isEmpty();
    }
}
