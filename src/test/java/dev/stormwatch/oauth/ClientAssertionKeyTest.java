package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.testing.FakeClock;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The private key of a private_key_jwt client: what it reads, what it refuses, what it signs (CA4–CA6). */
class ClientAssertionKeyTest {

    private static final URI TOKEN = URI.create("https://login.example.com/oauth2/token");

    @TempDir
    Path dir;

    private static Path resource(String name) throws Exception {
        return Path.of(
                ClientAssertionKeyTest.class.getResource("/client-keys/" + name).toURI());
    }

    private Path file(String name, String content) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return file;
    }

    @Test
    @DisplayName("CA4: a PKCS#8 PEM file from OpenSSL is read, RSA and EC, its kid the RFC 7638 thumbprint")
    void readsPkcs8PemKeys() throws Exception {
        ClientAssertionKey rsa = ClientAssertionKey.read(resource("rsa-2048.pem"), Optional.empty());
        ClientAssertionKey ec = ClientAssertionKey.read(resource("ec-p256.pem"), Optional.empty());

        assertThat(rsa.description()).isEqualTo("RSA key of 2048 bits");
        assertThat(ec.description()).isEqualTo("EC P-256 key");
        JWK rsaPublic = JWK.parse(rsa.publicJwk());
        assertThat(rsaPublic.isPrivate()).isFalse();
        assertThat(rsa.keyId())
                .isEqualTo(rsaPublic.toPublicJWK().computeThumbprint().toString());
        assertThat(JWK.parse(ec.publicJwk()).isPrivate()).isFalse();
    }

    @Test
    @DisplayName("CA4: a private JWK keeps its kid, and --client-key-id wins over it")
    void readsAPrivateJwk() throws Exception {
        RSAKey key = new RSAKeyGenerator(2048).keyID("from-file").generate();
        Path file = file("key.jwk", key.toJSONString());

        assertThat(ClientAssertionKey.read(file, Optional.empty()).keyId()).isEqualTo("from-file");
        assertThat(ClientAssertionKey.read(file, Optional.of("given")).keyId()).isEqualTo("given");
    }

    @Test
    @DisplayName("CA4: the public JWK and toString never carry the private part")
    void neverShowsThePrivatePart() throws Exception {
        ClientAssertionKey key = ClientAssertionKey.read(resource("rsa-2048.pem"), Optional.empty());
        String privateD = ((RSAKey) JWK.parse(key.privateJwk().reveal()))
                .getPrivateExponent()
                .toString();

        assertThat(key.publicJwk()).doesNotContain("\"d\"").doesNotContain(privateD);
        assertThat(key.toString()).doesNotContain(privateD).contains(key.keyId());
        assertThat(key.privateJwk().toString()).doesNotContain(privateD);
    }

    @Test
    @DisplayName("CA4: a PKCS#1 RSA file is refused with how to convert it, quoting no key material")
    void refusesPkcs1WithTheConversion() throws Exception {
        Path file = resource("rsa-pkcs1.pem");
        String body = Files.readString(file).lines().skip(1).findFirst().orElseThrow();

        assertThatThrownBy(() -> ClientAssertionKey.read(file, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("BEGIN RSA PRIVATE KEY")
                .hasMessageContaining("openssl pkcs8 -topk8 -nocrypt")
                .message()
                .doesNotContain(body);
    }

    @ParameterizedTest(name = "CA4: {0} is refused: {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "a public JWK | PUBLIC | public key only",
                "an RSA key of 1024 bits | RSA1024 | 1024 bits",
                "plain text | hello, this is not a key | neither a JWK nor a PEM block",
                "JSON that is no JWK | {\"a\": 1} | not a JWK",
                "a certificate | -----BEGIN CERTIFICATE-----\\nMIIB\\n-----END CERTIFICATE----- | BEGIN CERTIFICATE",
            })
    @DisplayName("CA4: a file without a usable private key is refused in words that say what it holds")
    void refusesWhatIsNoUsablePrivateKey(String what, String content, String message) throws Exception {
        String text = switch (content) {
            case "PUBLIC" -> new RSAKeyGenerator(2048).generate().toPublicJWK().toJSONString();
            case "RSA1024" -> new RSAKeyGenerator(1024, true).generate().toJSONString();
            default -> content.replace("\\n", "\n");
        };
        Path file = file("key", text);

        assertThatThrownBy(() -> ClientAssertionKey.read(file, Optional.empty()))
                .as(what)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    @Test
    @DisplayName("CA4: a missing file is refused without a stack trace of its own")
    void refusesAMissingFile() {
        assertThatThrownBy(() -> ClientAssertionKey.read(dir.resolve("absent.pem"), Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot be read");
    }

    @ParameterizedTest(name = "CA5: {0} key against [{1}] -> {2}")
    @CsvSource({
        "rsa-2048.pem, 'ES256 PS256 RS256', PS256",
        "rsa-2048.pem, 'RS256 PS256', RS256",
        "rsa-2048.pem, '', RS256",
        "ec-p256.pem, 'RS256 ES384 ES256', ES256",
        "ec-p256.pem, '', ES256",
    })
    @DisplayName("CA5: the first of the provider's algorithms the key can make, in the provider's order")
    void choosesTheProvidersFirstFittingAlgorithm(String key, String supported, String expected) throws Exception {
        ClientAssertionKey k = ClientAssertionKey.read(resource(key), Optional.empty());
        List<String> list = supported.isBlank() ? List.of() : List.of(supported.split(" "));

        assertThat(k.algorithm(list)).isEqualTo(JWSAlgorithm.parse(expected));
    }

    @Test
    @DisplayName("CA5: a list the key cannot serve (HS256, none, another curve) is a Configuration error naming it")
    void refusesAListTheKeyCannotServe() throws Exception {
        ClientAssertionKey ec = ClientAssertionKey.read(resource("ec-p256.pem"), Optional.empty());

        assertThatThrownBy(() -> ec.algorithm(List.of("HS256", "none", "ES384", "RS256")))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("token_endpoint_auth_signing_alg_values_supported")
                .hasMessageContaining("[HS256, none, ES384, RS256]")
                .hasMessageContaining("EC P-256 key");
    }

    @Test
    @DisplayName("CA6: an assertion names the client as iss and sub, the token endpoint as aud, lives 60 s,"
            + " carries kid and a fresh jti, and verifies with the public JWK")
    void signsAnRfc7523Assertion() throws Exception {
        FakeClock clock = new FakeClock(Instant.parse("2026-12-01T10:00:00Z"));
        SecureRandom random = new SecureRandom();
        for (String name : List.of("rsa-2048.pem", "ec-p256.pem")) {
            ClientAssertionKey key = ClientAssertionKey.read(resource(name), Optional.empty());
            JWSAlgorithm alg = key.algorithm(List.of());

            SignedJWT first = SignedJWT.parse(
                    key.assertion("my-client", TOKEN, alg, clock, random).reveal());
            SignedJWT second = SignedJWT.parse(
                    key.assertion("my-client", TOKEN, alg, clock, random).reveal());

            JWK publicKey = JWK.parse(key.publicJwk());
            assertThat(first.verify(
                            publicKey instanceof RSAKey rsa
                                    ? new RSASSAVerifier(rsa)
                                    : new ECDSAVerifier((ECKey) publicKey)))
                    .as(name)
                    .isTrue();
            assertThat(first.getHeader().getKeyID()).isEqualTo(key.keyId());
            assertThat(first.getHeader().getAlgorithm()).isEqualTo(alg);
            JWTClaimsSet claims = first.getJWTClaimsSet();
            assertThat(claims.getIssuer()).isEqualTo("my-client");
            assertThat(claims.getSubject()).isEqualTo("my-client");
            assertThat(claims.getAudience()).containsExactly(TOKEN.toString());
            assertThat(claims.getIssueTime().toInstant()).isEqualTo(clock.instant());
            assertThat(claims.getExpirationTime().toInstant())
                    .isEqualTo(clock.instant().plusSeconds(60));
            assertThat(claims.getJWTID())
                    .hasSizeGreaterThanOrEqualTo(22)
                    .isNotEqualTo(second.getJWTClaimsSet().getJWTID());
        }
    }

    @Test
    @DisplayName("CA4: a generated key is EC P-256, private in its JWK and public in what is shown")
    void generatesAnEcKey() throws Exception {
        ClientAssertionKey key = ClientAssertionKey.generate(new SecureRandom());

        assertThat(key.description()).isEqualTo("EC P-256 key");
        assertThat(JWK.parse(key.privateJwk().reveal()).isPrivate()).isTrue();
        assertThat(JWK.parse(key.publicJwk()).isPrivate()).isFalse();
        assertThat(ClientAssertionKey.read(file("gen.jwk", key.privateJwk().reveal()), Optional.empty()))
                .isEqualTo(key);
    }
}
