package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a client key file may hold beyond the usual: the edges of CA4's reading and refusing. */
class ClientAssertionKeyEdgesTest {

    @TempDir
    Path dir;

    private Path file(String content) throws Exception {
        return Files.writeString(dir.resolve("key"), content);
    }

    private static Path resource(String name) throws Exception {
        return Path.of(ClientAssertionKeyEdgesTest.class
                .getResource("/client-keys/" + name)
                .toURI());
    }

    @Test
    @DisplayName("CA4: an EC key whose public point belongs to another key is refused when read, not at the provider")
    void anEcKeyWithAnotherKeysPublicPointIsRefused() throws Exception {
        String pem = Files.readString(resource("ec-p256.pem"));
        String begin = "-----BEGIN PRIVATE KEY-----";
        String end = "-----END PRIVATE KEY-----";
        byte[] der =
                Base64.getMimeDecoder().decode(pem.substring(pem.indexOf(begin) + begin.length(), pem.indexOf(end)));
        // The public point is the DER's last 65 bytes: 0x04, X, Y (RFC 5915 §3's publicKey [1]).
        assertThat(der[der.length - 65]).isEqualTo((byte) 0x04);
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        ECPublicKey other = (ECPublicKey) generator.generateKeyPair().getPublic();
        System.arraycopy(fixed(other.getW().getAffineX()), 0, der, der.length - 64, 32);
        System.arraycopy(fixed(other.getW().getAffineY()), 0, der, der.length - 32, 32);
        String tampered = begin + "\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                        .encodeToString(der) + "\n" + end + "\n";

        assertThatThrownBy(() -> ClientAssertionKey.read(file(tampered), Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("public part does not match");
    }

    private static byte[] fixed(java.math.BigInteger value) {
        byte[] raw = value.toByteArray();
        byte[] out = new byte[32];
        int copy = Math.min(raw.length, 32);
        System.arraycopy(raw, raw.length - copy, out, 32 - copy, copy);
        return out;
    }

    @Test
    @DisplayName("CA4: a refusal quotes what a PEM file's first line says, also when the file is that line alone, and"
            + " says plainly when the file is no PEM at all")
    void aRefusalQuotesTheFirstLineOnlyOfAPemFile() throws Exception {
        assertThatThrownBy(() -> ClientAssertionKey.read(file("-----BEGIN CERTIFICATE-----"), Optional.empty()))
                .hasMessageStartingWith("holds '-----BEGIN CERTIFICATE-----'; give a PKCS#8 PEM private key");
        assertThatThrownBy(() -> ClientAssertionKey.read(file("a note, not a key"), Optional.empty()))
                .hasMessageStartingWith("holds neither a JWK nor a PEM block; give a PKCS#8 PEM private key");
        String longHeader = "-----BEGIN " + "X".repeat(80) + "-----\nAAAA\n";
        assertThatThrownBy(() -> ClientAssertionKey.read(file(longHeader), Optional.empty()))
                .hasMessageStartingWith("holds '" + longHeader.substring(0, 60) + "';");
    }

    @Test
    @DisplayName("CA4: a blank --client-key-id does not replace the key's own kid")
    void aBlankKeyIdKeepsTheKeysOwn() throws Exception {
        String jwk = new ECKeyGenerator(com.nimbusds.jose.jwk.Curve.P_256)
                .keyID("the-registered-kid")
                .generate()
                .toJSONString();
        Path file = file(jwk);

        assertThat(ClientAssertionKey.read(file, Optional.of("  ")).keyId()).isEqualTo("the-registered-kid");
        assertThat(ClientAssertionKey.read(file, Optional.of("given")).keyId()).isEqualTo("given");
    }

    @Test
    @DisplayName("CA4: two keys are equal only when they are the same key")
    void keysAreEqualOnlyWhenTheSame() throws Exception {
        ClientAssertionKey one = ClientAssertionKey.read(resource("ec-p256.pem"), Optional.empty());
        ClientAssertionKey again = ClientAssertionKey.read(resource("ec-p256.pem"), Optional.empty());
        ClientAssertionKey other = ClientAssertionKey.generate(new java.security.SecureRandom());

        assertThat(one).isEqualTo(again).hasSameHashCodeAs(again).isNotEqualTo(other);
        assertThat(one).isNotEqualTo("not a key");
    }
}
