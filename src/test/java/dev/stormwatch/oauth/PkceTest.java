package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
import java.security.SecureRandom;
import org.junit.jupiter.api.Test;

class PkceTest {

    @Test
    void s256ChallengeMatchesTheRfc7636AppendixBExample() {
        Pkce pkce = Pkce.fromVerifier("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk");

        assertThat(pkce.challenge()).isEqualTo("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
    }

    @Test
    void generatedVerifierHasTheLengthAndAlphabetRfc7636Requires() {
        Pkce pkce = Pkce.generate(new SecureRandom());

        assertThat(pkce.verifier().reveal()).hasSize(43).matches("[A-Za-z0-9\\-._~]+");
        assertThat(Pkce.fromVerifier(pkce.verifier().reveal()).challenge()).isEqualTo(pkce.challenge());
    }

    @Test
    void stateNonceAndVerifierDifferAndComeFromTheInjectedRandom() {
        LoginSecrets first = LoginSecrets.generate(seeded(1));
        LoginSecrets same = LoginSecrets.generate(seeded(1));
        LoginSecrets other = LoginSecrets.generate(seeded(2));

        assertThat(first.state()).isEqualTo(same.state()).isNotEqualTo(other.state());
        assertThat(first.state()).isNotEqualTo(first.nonce());
        assertThat(first.state().reveal()).hasSize(22);
    }

    @Test
    void secretsRedactInToString() {
        LoginSecrets secrets = LoginSecrets.generate(new SecureRandom());

        assertThat(secrets.toString())
                .doesNotContain(
                        secrets.state().reveal(), secrets.pkce().verifier().reveal());
        assertThat(Secret.of("abc").toString()).isEqualTo("[redacted]");
    }

    static SecureRandom seeded(long seed) {
        try {
            SecureRandom random = SecureRandom.getInstance("SHA1PRNG");
            random.setSeed(seed);
            return random;
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
