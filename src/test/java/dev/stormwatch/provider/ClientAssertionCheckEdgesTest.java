package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The provider's check of a {@code private_key_jwt} assertion (RFC 7523 §3, OIDC Core §9), one rule at a time: each
 * assertion below is the valid one with one thing changed, and is refused for that thing alone.
 */
class ClientAssertionCheckEdgesTest {

    private static final String ISSUER = "http://127.0.0.1:9";
    private static final String TOKEN = ISSUER + "/token";
    private static final String CLIENT = "keyed";
    private static ECKey ecKey;
    private static RSAKey rsaKey;
    private static ClientRegistration ecClient;
    private static ClientRegistration rsaClient;

    private final FakeClock clock = FakeClock.atNewYear();
    private final ClientAssertionCheck check = new ClientAssertionCheck(clock, Set.of(ISSUER, TOKEN, ISSUER + "/par"));

    @BeforeAll
    static void keys() throws Exception {
        ecKey = new ECKeyGenerator(Curve.P_256).keyID("ec-1").generate();
        rsaKey = new RSAKeyGenerator(2048).keyID("rsa-1").generate();
        ecClient = ClientRegistration.privateKeyJwt(CLIENT, ecKey);
        rsaClient = ClientRegistration.privateKeyJwt(CLIENT, rsaKey);
    }

    private JWTClaimsSet.Builder claims() {
        Instant now = clock.instant();
        return new JWTClaimsSet.Builder()
                .issuer(CLIENT)
                .subject(CLIENT)
                .audience(TOKEN)
                .jwtID(UUID.randomUUID().toString())
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plusSeconds(60)));
    }

    private static String signed(JWSAlgorithm alg, String kid, JWSSigner signer, JWTClaimsSet claims) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(alg).keyID(kid).build(), claims);
        jwt.sign(signer);
        return jwt.serialize();
    }

    private String ec(UnaryOperator<JWTClaimsSet.Builder> change) throws Exception {
        return signed(
                JWSAlgorithm.ES256,
                "ec-1",
                new ECDSASigner(ecKey),
                change.apply(claims()).build());
    }

    private Optional<String> refusal(String assertion) {
        return check.refusal(ecClient, assertion);
    }

    @Test
    @DisplayName("CA6: a valid assertion is accepted for every audience the provider answers to, EC and RSA keys alike")
    void aValidAssertionIsAccepted() throws Exception {
        assertThat(refusal(ec(c -> c))).isEmpty();
        assertThat(refusal(ec(c -> c.audience(ISSUER)))).isEmpty();
        assertThat(refusal(ec(c -> c.audience(java.util.List.of("https://other.example", ISSUER + "/par")))))
                .isEmpty();
        assertThat(check.refusal(
                        rsaClient, signed(JWSAlgorithm.PS256, "rsa-1", new RSASSASigner(rsaKey), claims().build())))
                .isEmpty();
        assertThat(refusal(signed(JWSAlgorithm.ES256, null, new ECDSASigner(ecKey), claims().build())))
                .as("no kid: the registered key is tried")
                .isEmpty();
    }

    @Test
    @DisplayName("CA6: a client without a registered key, text that is no JWT, an HMAC, another kid, another key's"
            + " signature and a key that cannot check the algorithm are each refused")
    void theSignatureMustBeTheRegisteredKeys() throws Exception {
        ClientRegistration keyless = ClientRegistration.confidential();
        ECKey otherKey = new ECKeyGenerator(Curve.P_256).keyID("ec-1").generate();

        assertThat(check.refusal(keyless, ec(c -> c))).get().asString().contains("has no registered key");
        assertThat(refusal("a.b.c")).get().asString().contains("not a signed JWT");
        assertThat(refusal(signed(JWSAlgorithm.HS256, "ec-1", new MACSigner(new byte[32]), claims().build())))
                .get()
                .asString()
                .contains("alg HS256 is not among");
        assertThat(refusal(signed(JWSAlgorithm.ES256, "ec-2", new ECDSASigner(ecKey), claims().build())))
                .get()
                .asString()
                .contains("kid");
        assertThat(refusal(signed(JWSAlgorithm.ES256, "ec-1", new ECDSASigner(otherKey), claims().build())))
                .get()
                .asString()
                .contains("does not verify");
        assertThat(refusal(signed(JWSAlgorithm.RS256, "ec-1", new RSASSASigner(rsaKey), claims().build())))
                .get()
                .asString()
                .contains("cannot be verified");
        JWK unnamed = new ECKeyGenerator(Curve.P_256).generate();
        ClientRegistration unnamedClient = ClientRegistration.privateKeyJwt(CLIENT, unnamed);
        assertThat(check.refusal(
                        unnamedClient,
                        signed(JWSAlgorithm.ES256, "any", new ECDSASigner((ECKey) unnamed), claims().build())))
                .as("a registered key without kid accepts any kid")
                .isEmpty();
    }

    @Test
    @DisplayName("CA6: iss and sub must both be the client id, and aud must name this provider")
    void theClaimsMustNameTheClientAndTheProvider() throws Exception {
        assertThat(refusal(ec(c -> c.issuer("someone")))).get().asString().contains("iss and sub");
        assertThat(refusal(ec(c -> c.subject("someone")))).get().asString().contains("iss and sub");
        assertThat(refusal(ec(c -> c.audience("https://other.example/token"))))
                .get()
                .asString()
                .contains("aud names another server");
    }

    @Test
    @DisplayName("CA6: an assertion is refused without exp, at its exp, and when it lives longer than five minutes;"
            + " one second before exp (a JWT counts in seconds) and exactly five minutes are fine")
    void theLifetimeIsChecked() throws Exception {
        Instant now = clock.instant();
        String atExp = ec(c -> c.expirationTime(Date.from(now)));
        String justBefore = ec(c -> c.expirationTime(Date.from(now.plusSeconds(1))));
        String fiveMinutes = ec(c -> c.expirationTime(Date.from(now.plus(Duration.ofMinutes(5)))));
        String longer = ec(
                c -> c.expirationTime(Date.from(now.plus(Duration.ofMinutes(5)).plusSeconds(1))));

        assertThat(refusal(ec(c -> c.expirationTime(null)))).get().asString().contains("expired");
        assertThat(refusal(atExp)).get().asString().contains("expired");
        assertThat(refusal(justBefore)).isEmpty();
        assertThat(refusal(fiveMinutes)).isEmpty();
        assertThat(refusal(longer)).get().asString().contains("lives longer than 5 min");
    }

    @Test
    @DisplayName("CA6: the jti is required and used once per client (RFC 7523 §3), and forgotten once its assertion"
            + " has expired")
    void theJtiIsUsedOnce() throws Exception {
        assertThat(refusal(ec(c -> c.jwtID(null)))).get().asString().contains("no jti");
        assertThat(refusal(ec(c -> c.jwtID("")))).get().asString().contains("no jti");

        String first = ec(c -> c.jwtID("jti-1"));
        assertThat(refusal(first)).isEmpty();
        assertThat(refusal(first)).get().asString().contains("jti was already used");
        assertThat(check.refusal(
                        ClientRegistration.privateKeyJwt("other", rsaKey),
                        signed(
                                JWSAlgorithm.RS256,
                                "rsa-1",
                                new RSASSASigner(rsaKey),
                                claims().issuer("other")
                                        .subject("other")
                                        .jwtID("jti-1")
                                        .build())))
                .as("another client's jti is its own")
                .isEmpty();

        clock.advance(Duration.ofSeconds(59));
        assertThat(refusal(ec(c -> c.jwtID("jti-1")))).as("still remembered").isPresent();
        clock.advance(Duration.ofSeconds(1));
        assertThat(refusal(ec(c -> c.jwtID("jti-1"))))
                .as("forgotten at its exp")
                .isEmpty();
    }
}
