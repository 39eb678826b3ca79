package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a client certificate and its key from PEM files (TX1) and its thumbprint (TX2). */
class ClientCertificateTest {

    @TempDir
    Path folder;

    private final HeldCertificate held =
            new HeldCertificate.Builder().commonName("stormwatch-mtls").build();

    private Path write(String name, String text) throws Exception {
        return Files.writeString(folder.resolve(name), text);
    }

    private ClientCertificate.Unusable refused(Path cert, Optional<Path> key) {
        return catchThrowableOfType(
                ClientCertificate.Unusable.class,
                () -> ClientCertificate.read(cert, key, "--client-cert", "--client-cert-key", Instant.now()));
    }

    @Test
    @DisplayName("TX1: a certificate and its PKCS#8 key are read from two files, or from one combined file")
    void readsSeparateAndCombinedFiles() throws Exception {
        Path cert = write("c.pem", held.certificatePem());
        Path key = write("k.pem", held.privateKeyPkcs8Pem());
        Path both = write("both.pem", held.certificatePem() + held.privateKeyPkcs8Pem());

        ClientCertificate separate =
                ClientCertificate.read(cert, Optional.of(key), "--client-cert", "--client-cert-key", Instant.now());
        ClientCertificate combined =
                ClientCertificate.read(both, Optional.empty(), "--client-cert", "--client-cert-key", Instant.now());

        assertThat(separate.certificate()).isEqualTo(held.certificate());
        assertThat(combined.certificate()).isEqualTo(held.certificate());
        assertThat(separate.describe()).isEqualTo("CN=stormwatch-mtls, self-signed");
    }

    @Test
    @DisplayName("TX2: the thumbprint is base64url without padding of the SHA-256 of the certificate's DER")
    void thumbprintIsTheRfc8705Value() throws Exception {
        Path both = write("both.pem", held.certificatePem() + held.privateKeyPkcs8Pem());
        byte[] digest =
                MessageDigest.getInstance("SHA-256").digest(held.certificate().getEncoded());

        String thumbprint = ClientCertificate.read(
                        both, Optional.empty(), "--client-cert", "--client-cert-key", Instant.now())
                .thumbprint();

        assertThat(thumbprint)
                .isEqualTo(Base64.getUrlEncoder().withoutPadding().encodeToString(digest))
                .doesNotContain("=")
                .hasSize(43);
    }

    @Test
    @DisplayName("TX1: a missing file, a file without a certificate and a certificate without a key are refused"
            + " naming the option, each its own problem")
    void missingPiecesAreRefusedInTheOptionsWords() throws Exception {
        Path keyOnly = write("k.pem", held.privateKeyPkcs8Pem());
        Path certOnly = write("c.pem", held.certificatePem());

        ClientCertificate.Unusable missing = refused(folder.resolve("nope.pem"), Optional.empty());
        ClientCertificate.Unusable noCertificate = refused(keyOnly, Optional.empty());
        ClientCertificate.Unusable noKey = refused(certOnly, Optional.empty());

        assertThat(missing.problem()).isEqualTo(ClientCertificate.Problem.UNREADABLE);
        assertThat(missing).hasMessageStartingWith("--client-cert: no file");
        assertThat(noCertificate.problem()).isEqualTo(ClientCertificate.Problem.NO_CERTIFICATE);
        assertThat(noCertificate).hasMessageContaining("BEGIN CERTIFICATE");
        assertThat(noKey.problem()).isEqualTo(ClientCertificate.Problem.NO_KEY);
        assertThat(noKey).hasMessageContaining("--client-cert-key");
    }

    @Test
    @DisplayName("TX1: a PKCS#1 key and an encrypted key are refused with the openssl command that converts them,"
            + " never quoting the key")
    void keysInOtherFormatsAreRefusedWithTheWayToConvert() throws Exception {
        HeldCertificate rsa =
                new HeldCertificate.Builder().commonName("rsa").rsa2048().build();
        Path cert = write("c.pem", rsa.certificatePem());
        Path pkcs1 = write("pkcs1.pem", rsa.privateKeyPkcs1Pem());
        Path encrypted = write(
                "enc.pem", "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n" + "-----END ENCRYPTED PRIVATE KEY-----\n");

        ClientCertificate.Unusable oldFormat = refused(cert, Optional.of(pkcs1));
        ClientCertificate.Unusable locked = refused(cert, Optional.of(encrypted));

        assertThat(oldFormat.problem()).isEqualTo(ClientCertificate.Problem.KEY_FORMAT);
        assertThat(oldFormat)
                .hasMessageStartingWith("--client-cert-key:")
                .hasMessageContaining("openssl pkcs8")
                .hasMessageNotContaining(
                        rsa.privateKeyPkcs1Pem().lines().skip(1).findFirst().orElseThrow());
        assertThat(locked.problem()).isEqualTo(ClientCertificate.Problem.KEY_FORMAT);
        assertThat(locked).hasMessageContaining("encrypted");
    }

    @Test
    @DisplayName("TX1: a key that is not the certificate's is refused before any handshake")
    void anotherCertificatesKeyIsRefused() throws Exception {
        HeldCertificate other =
                new HeldCertificate.Builder().commonName("other").build();
        Path cert = write("c.pem", held.certificatePem());
        Path key = write("k.pem", other.privateKeyPkcs8Pem());

        ClientCertificate.Unusable mismatch = refused(cert, Optional.of(key));

        assertThat(mismatch.problem()).isEqualTo(ClientCertificate.Problem.KEY_MISMATCH);
        assertThat(mismatch).hasMessageContaining("is not the key of the certificate");
    }

    @Test
    @DisplayName("TX1: a certificate one second past its validity is refused; one valid until that second is read")
    void anExpiredCertificateIsRefused() throws Exception {
        long now = Instant.parse("2026-12-01T12:00:00Z").toEpochMilli();
        HeldCertificate expiring = new HeldCertificate.Builder()
                .commonName("expiring")
                .validityInterval(now - Duration.ofDays(1).toMillis(), now)
                .build();
        Path both = write("both.pem", expiring.certificatePem() + expiring.privateKeyPkcs8Pem());

        ClientCertificate onTheLastSecond = ClientCertificate.read(
                both,
                Optional.empty(),
                "--client-cert",
                "--client-cert-key",
                Instant.ofEpochMilli(now).minusSeconds(1));
        ClientCertificate.Unusable after = catchThrowableOfType(
                ClientCertificate.Unusable.class,
                () -> ClientCertificate.read(
                        both,
                        Optional.empty(),
                        "--client-cert",
                        "--client-cert-key",
                        Instant.ofEpochMilli(now).plusSeconds(1)));

        assertThat(onTheLastSecond.certificate()).isEqualTo(expiring.certificate());
        assertThat(after.problem()).isEqualTo(ClientCertificate.Problem.NOT_VALID_NOW);
        assertThat(after).hasMessageStartingWith("--client-cert:").hasMessageContaining("not now");
    }
}
