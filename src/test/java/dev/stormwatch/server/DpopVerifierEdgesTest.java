package dev.stormwatch.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.OctetKeyPair;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.base.Base64Url;
import dev.stormwatch.testing.FakeClock;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RFC 9449 §4.3's checks of a DPoP proof, one at a time: each refusal is the typed {@code Invalid} with the words of
 * the check that failed (HD1), a nonce is asked for with the current one (§8), and a proof counts once (OP4).
 */
class DpopVerifierEdgesTest {

    private static final URI TARGET = URI.create("http://127.0.0.1:8080/v1/models");
    private static ECKey ecKey;
    private static RSAKey rsaKey;

    private final FakeClock clock = FakeClock.at("2026-03-01T12:00:00Z");
    private final DpopNonces nonces = new DpopNonces(new SecureRandom(), false);
    private final DpopVerifier verifier = new DpopVerifier(clock, nonces);

    @BeforeAll
    static void keys() throws Exception {
        ecKey = new ECKeyGenerator(Curve.P_256).generate();
        rsaKey = new RSAKeyGenerator(2048).generate();
    }

    /** A proof for GET on the target, signed by the EC key, with {@code change} applied to its claims. */
    private String proof(Consumer<JWTClaimsSet.Builder> change) throws Exception {
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                .jwtID(UUID.randomUUID().toString())
                .claim("htm", "GET")
                .claim("htu", TARGET.toString())
                .issueTime(Date.from(clock.instant()));
        change.accept(claims);
        return signed(JWSAlgorithm.ES256, "dpop+jwt", ecKey.toPublicJWK(), new ECDSASigner(ecKey), claims.build());
    }

    private static String signed(JWSAlgorithm alg, String type, JWK jwk, JWSSigner signer, JWTClaimsSet claims)
            throws Exception {
        JWSHeader.Builder header = new JWSHeader.Builder(alg).type(new JOSEObjectType(type));
        if (jwk != null) {
            header.jwk(jwk);
        }
        SignedJWT jwt = new SignedJWT(header.build(), claims);
        jwt.sign(signer);
        return jwt.serialize();
    }

    private static JWTClaimsSet goodClaims(Date iat) {
        return new JWTClaimsSet.Builder()
                .jwtID(UUID.randomUUID().toString())
                .claim("htm", "GET")
                .claim("htu", TARGET.toString())
                .issueTime(iat)
                .build();
    }

    private DpopVerifier.Outcome verify(List<String> headers, Optional<String> accessToken) {
        Request request = new Request("GET", TARGET.getPath(), "", Map.of("DPoP", headers), new byte[0]);
        return verifier.verify(request, "GET", TARGET, accessToken);
    }

    private DpopVerifier.Outcome verify(String proof) {
        return verify(List.of(proof), Optional.empty());
    }

    private static String invalid(DpopVerifier.Outcome outcome) {
        assertThat(outcome).isInstanceOf(DpopVerifier.Outcome.Invalid.class);
        return ((DpopVerifier.Outcome.Invalid) outcome).description();
    }

    @Test
    @DisplayName(
            "HD1: a signed proof whose claims do not read as JWT claims (an iat written as text) is refused by name")
    void claimsThatAreNotJwtClaimsAreRefused() throws Exception {
        JWSHeader header = new JWSHeader.Builder(JWSAlgorithm.ES256)
                .type(new JOSEObjectType("dpop+jwt"))
                .jwk(ecKey.toPublicJWK())
                .build();
        JWSObject proof = new JWSObject(
                header, new Payload("{\"jti\":\"a\",\"htm\":\"GET\",\"htu\":\"" + TARGET + "\",\"iat\":\"soon\"}"));
        proof.sign(new ECDSASigner(ecKey));
        assertThat(invalid(verify(proof.serialize()))).isEqualTo("the proof's claims are not JSON");
    }

    @Test
    @DisplayName("HD1: a proof signed by the EC or RSA key in its header is valid, with that key's RFC 7638 thumbprint")
    void validProofsNameTheirKeysThumbprint() throws Exception {
        assertThat(verify(proof(c -> {})))
                .isEqualTo(
                        new DpopVerifier.Outcome.Valid(ecKey.computeThumbprint().toString()));
        String rsa = signed(
                JWSAlgorithm.PS256,
                "dpop+jwt",
                rsaKey.toPublicJWK(),
                new RSASSASigner(rsaKey),
                goodClaims(Date.from(clock.instant())));
        assertThat(verify(rsa))
                .isEqualTo(new DpopVerifier.Outcome.Valid(
                        rsaKey.computeThumbprint().toString()));
    }

    @Test
    @DisplayName("HD1: no DPoP header, two of them, or one that is not a signed JWT are each refused by name")
    void theHeaderItself() throws Exception {
        assertThat(invalid(verify(List.of(), Optional.empty()))).isEqualTo("send exactly one DPoP header");
        assertThat(invalid(verify(List.of(proof(c -> {}), proof(c -> {})), Optional.empty())))
                .isEqualTo("send exactly one DPoP header");
        assertThat(invalid(verify("not-a-jwt"))).isEqualTo("the DPoP proof is not a signed JWT");
    }

    @Test
    @DisplayName("HD1: a proof typed JWT, signed with a MAC, without a jwk, or whose jwk did not sign it is refused")
    void theHeaderOfTheProof() throws Exception {
        JWTClaimsSet claims = goodClaims(Date.from(clock.instant()));
        assertThat(invalid(
                        verify(signed(JWSAlgorithm.ES256, "JWT", ecKey.toPublicJWK(), new ECDSASigner(ecKey), claims))))
                .isEqualTo("the proof's typ must be dpop+jwt");
        byte[] secret = new byte[32];
        assertThat(invalid(verify(signed(JWSAlgorithm.HS256, "dpop+jwt", null, new MACSigner(secret), claims))))
                .isEqualTo("the proof must be signed with an asymmetric algorithm");
        assertThat(invalid(verify(signed(JWSAlgorithm.ES256, "dpop+jwt", null, new ECDSASigner(ecKey), claims))))
                .isEqualTo("the proof's header must carry the public key as jwk");
        ECKey stranger = new ECKeyGenerator(Curve.P_256).generate();
        assertThat(invalid(verify(signed(
                        JWSAlgorithm.ES256, "dpop+jwt", stranger.toPublicJWK(), new ECDSASigner(ecKey), claims))))
                .isEqualTo("the proof's signature does not verify with its jwk");
        // RFC 8037 §A.2's public key.
        JWK edKey = OctetKeyPair.parse(
                "{\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"x\":\"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo\"}");
        assertThat(invalid(verify(signed(JWSAlgorithm.ES256, "dpop+jwt", edKey, new ECDSASigner(ecKey), claims))))
                .as("a key of a type it cannot check")
                .isEqualTo("the proof's signature does not verify with its jwk");
        assertThat(invalid(verify(
                        signed(JWSAlgorithm.ES256, "dpop+jwt", rsaKey.toPublicJWK(), new ECDSASigner(ecKey), claims))))
                .as("an RSA key under an EC signature")
                .isEqualTo("the proof's signature does not verify with its jwk");
    }

    @Test
    @DisplayName("HD1: a proof without a jti (or an empty one), for another method, or without an iat is refused")
    void theClaims() throws Exception {
        assertThat(invalid(verify(proof(c -> c.jwtID(null))))).isEqualTo("the proof needs a jti");
        assertThat(invalid(verify(proof(c -> c.jwtID(""))))).isEqualTo("the proof needs a jti");
        assertThat(invalid(verify(proof(c -> c.claim("htm", "POST"))))).isEqualTo("htm must be GET");
        assertThat(invalid(verify(proof(c -> c.claim("htm", 7))))).isEqualTo("htm must be GET");
        assertThat(invalid(verify(proof(c -> c.issueTime(null))))).isEqualTo("the proof needs an iat");
    }

    @ParameterizedTest(name = "HD1: htu {0} is the target")
    @ValueSource(
            strings = {
                "http://127.0.0.1:8080/v1/models",
                "HTTP://127.0.0.1:8080/v1/models",
                "http://127.0.0.1:8080/v1/./models",
                "http://127.0.0.1:8080/v1/models?q=1#f"
            })
    void theSameTargetWrittenAnotherWay(String htu) throws Exception {
        assertThat(verify(proof(c -> c.claim("htu", htu)))).isInstanceOf(DpopVerifier.Outcome.Valid.class);
    }

    @ParameterizedTest(name = "HD1: htu {0} is not the target")
    @ValueSource(
            strings = {
                "https://127.0.0.1:8080/v1/models",
                "http://localhost:8080/v1/models",
                "http://127.0.0.1:8081/v1/models",
                "http://127.0.0.1/v1/models",
                "http://127.0.0.1:8080/v1/model",
                "http://127.0.0.1:8080/v1/models/",
                "urn:example:no-host",
                "http:/v1/models",
                "not a uri at all"
            })
    void anotherTarget(String htu) throws Exception {
        assertThat(invalid(verify(proof(c -> c.claim("htu", htu))))).isEqualTo("htu must be " + TARGET);
        assertThat(invalid(verify(proof(c -> c.claim("htu", 42))))).isEqualTo("htu must be " + TARGET);
    }

    @Test
    @DisplayName("HD1: a target without a port is on its scheme's default port, 80 or 443")
    void defaultPorts() throws Exception {
        URI plain = URI.create("http://127.0.0.1/v1/models");
        URI tls = URI.create("https://relay.example/v1/models");
        Request request = new Request(
                "GET",
                "/v1/models",
                "",
                Map.of("DPoP", List.of(proof(c -> c.claim("htu", "http://127.0.0.1:80/v1/models")))),
                new byte[0]);
        assertThat(verifier.verify(request, "GET", plain, Optional.empty()))
                .isInstanceOf(DpopVerifier.Outcome.Valid.class);
        Request tlsRequest = new Request(
                "GET",
                "/v1/models",
                "",
                Map.of("DPoP", List.of(proof(c -> c.claim("htu", "https://relay.example:443/v1/models")))),
                new byte[0]);
        assertThat(verifier.verify(tlsRequest, "GET", tls, Optional.empty()))
                .isInstanceOf(DpopVerifier.Outcome.Valid.class);
        Request wrongPort = new Request(
                "GET",
                "/v1/models",
                "",
                Map.of("DPoP", List.of(proof(c -> c.claim("htu", "https://relay.example:80/v1/models")))),
                new byte[0]);
        assertThat(verifier.verify(wrongPort, "GET", tls, Optional.empty()))
                .isInstanceOf(DpopVerifier.Outcome.Invalid.class);
    }

    @Test
    @DisplayName("HD1: iat is accepted up to 60 s either side of now, and refused 1 s beyond")
    void theIatWindow() throws Exception {
        Date minute = Date.from(clock.instant().minus(DpopVerifier.IAT_WINDOW));
        Date minuteAhead = Date.from(clock.instant().plus(DpopVerifier.IAT_WINDOW));
        assertThat(verify(proof(c -> c.issueTime(minute)))).isInstanceOf(DpopVerifier.Outcome.Valid.class);
        assertThat(verify(proof(c -> c.issueTime(minuteAhead)))).isInstanceOf(DpopVerifier.Outcome.Valid.class);
        Date tooOld = Date.from(clock.instant().minusSeconds(61));
        Date tooNew = Date.from(clock.instant().plusSeconds(61));
        assertThat(invalid(verify(proof(c -> c.issueTime(tooOld)))))
                .isEqualTo("iat is outside the accepted window of 60 s");
        assertThat(invalid(verify(proof(c -> c.issueTime(tooNew)))))
                .isEqualTo("iat is outside the accepted window of 60 s");
    }

    @Test
    @DisplayName("OP4: with nonces on, a proof without the current or the previous nonce is asked for the current one")
    void nonces() throws Exception {
        nonces.require(true);
        assertThat(nonces.required()).isTrue();
        String first = nonces.current();

        assertThat(verify(proof(c -> {}))).isEqualTo(new DpopVerifier.Outcome.NonceNeeded(first));
        assertThat(verify(proof(c -> c.claim("nonce", first)))).isInstanceOf(DpopVerifier.Outcome.Valid.class);
        nonces.rotate();
        String second = nonces.current();
        assertThat(second).isNotEqualTo(first);
        assertThat(verify(proof(c -> c.claim("nonce", first))))
                .as("the previous nonce, still on its way")
                .isInstanceOf(DpopVerifier.Outcome.Valid.class);
        nonces.rotate();
        assertThat(verify(proof(c -> c.claim("nonce", first))))
                .isEqualTo(new DpopVerifier.Outcome.NonceNeeded(nonces.current()));
        assertThat(nonces.accepts(null)).isFalse();
        assertThat(nonces.accepts(second)).isTrue();

        nonces.require(false);
        assertThat(verify(proof(c -> {}))).isInstanceOf(DpopVerifier.Outcome.Valid.class);
    }

    @Test
    @DisplayName("OP4: a proof for an access token names its hash, and counts once: a replay is refused")
    void accessTokenHashAndReplay() throws Exception {
        String bound = proof(c -> c.claim("ath", Base64Url.sha256("at-1")));
        assertThat(invalid(verify(List.of(bound), Optional.of("at-2"))))
                .isEqualTo("ath does not match the access token");
        assertThat(invalid(verify(List.of(proof(c -> {})), Optional.of("at-1"))))
                .isEqualTo("ath does not match the access token");
        assertThat(verify(List.of(bound), Optional.of("at-1"))).isInstanceOf(DpopVerifier.Outcome.Valid.class);
        assertThat(verifier.rememberedProofs()).isEqualTo(1);

        clock.advance(Duration.ofSeconds(30));
        assertThat(invalid(verify(List.of(bound), Optional.of("at-1"))))
                .isEqualTo("this proof was already used (jti replay)");
    }
}
