package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client certificate on a real TLS server that asks for one (TX1), a key of another algorithm than the
 * certificate's, where the refusal of a missing key points, and what the certificate shows of itself.
 */
class ClientCertificateEdgesTest {

    @TempDir
    Path folder;

    private final HeldCertificate held =
            new HeldCertificate.Builder().commonName("stormwatch-mtls").build();

    private ClientCertificate read(Path cert, Optional<Path> key) {
        return ClientCertificate.read(cert, key, "--client-cert", "--client-cert-key", Instant.now());
    }

    private ClientCertificate.Unusable refused(Path cert, Optional<Path> key) {
        return catchThrowableOfType(ClientCertificate.Unusable.class, () -> read(cert, key));
    }

    @Test
    @DisplayName("TX1: the certificate is presented to a server that requires one, with the client's own trust kept")
    void presentedToAServerThatRequiresIt() throws Exception {
        HeldCertificate authority = new HeldCertificate.Builder()
                .commonName("Test CA")
                .certificateAuthority(0)
                .build();
        HeldCertificate serverCertificate = new HeldCertificate.Builder()
                .commonName("localhost")
                .addSubjectAlternativeName("localhost")
                .signedBy(authority)
                .build();
        HandshakeCertificates serverSide = new HandshakeCertificates.Builder()
                .heldCertificate(serverCertificate, authority.certificate())
                .addTrustedCertificate(held.certificate())
                .build();
        HandshakeCertificates clientTrust = new HandshakeCertificates.Builder()
                .addTrustedCertificate(authority.certificate())
                .build();
        OkHttpClient trusting = new OkHttpClient.Builder()
                .sslSocketFactory(clientTrust.sslSocketFactory(), clientTrust.trustManager())
                .connectTimeout(5, TimeUnit.SECONDS)
                .readTimeout(5, TimeUnit.SECONDS)
                .build();
        ClientCertificate certificate = read(
                Files.writeString(folder.resolve("both.pem"), held.certificatePem() + held.privateKeyPkcs8Pem()),
                Optional.empty());

        try (MockWebServer server = new MockWebServer()) {
            server.useHttps(serverSide.sslSocketFactory(), false);
            server.requireClientAuth();
            server.enqueue(new MockResponse().setBody("hello"));
            server.start();

            OkHttpClient presenting = certificate.presentedBy(trusting);
            try (Response response = presenting
                    .newCall(new Request.Builder().url(server.url("/mtls")).build())
                    .execute()) {
                assertThat(response.code()).isEqualTo(200);
                assertThat(response.handshake().localPrincipal().getName()).isEqualTo("CN=stormwatch-mtls");
            }
            RecordedRequest seen = server.takeRequest(5, TimeUnit.SECONDS);
            assertThat(seen).isNotNull();
            assertThat(seen.getHandshake().peerPrincipal().getName()).isEqualTo("CN=stormwatch-mtls");
            assertThat(presenting.x509TrustManager()).isSameAs(clientTrust.trustManager());
        }
    }

    @Test
    @DisplayName("TX1: an EC key beside an RSA certificate is not the certificate's key, and is refused as such")
    void aKeyOfAnotherAlgorithmIsAMismatch() throws Exception {
        HeldCertificate rsa = new HeldCertificate.Builder()
                .commonName("stormwatch-rsa")
                .rsa2048()
                .build();
        HeldCertificate ec =
                new HeldCertificate.Builder().commonName("stormwatch-ec").build();
        Path cert = Files.writeString(folder.resolve("rsa.pem"), rsa.certificatePem());
        Path key = Files.writeString(folder.resolve("ec-key.pem"), ec.privateKeyPkcs8Pem());

        ClientCertificate.Unusable failure = refused(cert, Optional.of(key));

        assertThat(failure.problem()).isEqualTo(ClientCertificate.Problem.KEY_MISMATCH);
        assertThat(failure.getMessage()).startsWith("--client-cert-key: the private key in ");
    }

    @Test
    @DisplayName("TX1: a certificate file without a key names the key option; a key file without a key does not")
    void aMissingKeyPointsToTheKeyOption() throws Exception {
        Path cert = Files.writeString(folder.resolve("c.pem"), held.certificatePem());
        Path noKey = Files.writeString(folder.resolve("k.pem"), held.certificatePem());

        ClientCertificate.Unusable combined = refused(cert, Optional.empty());
        ClientCertificate.Unusable separate = refused(cert, Optional.of(noKey));

        assertThat(combined.problem()).isEqualTo(ClientCertificate.Problem.NO_KEY);
        assertThat(combined.getMessage())
                .startsWith("--client-cert: ")
                .endsWith("; give the key's file with --client-cert-key");
        assertThat(separate.problem()).isEqualTo(ClientCertificate.Problem.NO_KEY);
        assertThat(separate.getMessage())
                .startsWith("--client-cert-key: ")
                .endsWith("holds no private key ('BEGIN PRIVATE KEY')");
    }

    @Test
    @DisplayName("TX1: a client certificate shows its subject and issuer, never its key")
    void toStringShowsTheCertificateNotTheKey() throws Exception {
        ClientCertificate certificate = read(
                Files.writeString(folder.resolve("both.pem"), held.certificatePem() + held.privateKeyPkcs8Pem()),
                Optional.empty());
        String keyBase64 =
                java.util.Base64.getEncoder().encodeToString(certificate.key().getEncoded());

        assertThat(certificate.toString())
                .isEqualTo("ClientCertificate[CN=stormwatch-mtls, self-signed]")
                .doesNotContain(keyBase64.substring(0, 24));
    }

    @Test
    @DisplayName("TX1: a PKCS#1 RSA key and a SEC 1 EC key are each refused by their own format's name")
    void olderKeyFormatsAreNamed() throws Exception {
        Path cert = Files.writeString(folder.resolve("c.pem"), held.certificatePem());
        Path rsa = Files.writeString(
                folder.resolve("rsa.pem"), "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n");
        Path ec = Files.writeString(
                folder.resolve("ec.pem"), "-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----\n");

        ClientCertificate.Unusable pkcs1 = refused(cert, Optional.of(rsa));
        ClientCertificate.Unusable sec1 = refused(cert, Optional.of(ec));

        assertThat(pkcs1.problem()).isEqualTo(ClientCertificate.Problem.KEY_FORMAT);
        assertThat(pkcs1.getMessage()).contains(" holds a PKCS#1 key ('BEGIN RSA PRIVATE KEY')");
        assertThat(sec1.problem()).isEqualTo(ClientCertificate.Problem.KEY_FORMAT);
        assertThat(sec1.getMessage()).contains(" holds a SEC 1 key ('BEGIN EC PRIVATE KEY')");
    }

    @Test
    @DisplayName("TX1: a client that speaks only cleartext, and so has no trust of its own, still takes the"
            + " certificate")
    void aCleartextClientTakesTheCertificate() throws Exception {
        OkHttpClient cleartext = new OkHttpClient.Builder()
                .connectionSpecs(java.util.List.of(okhttp3.ConnectionSpec.CLEARTEXT))
                .build();
        ClientCertificate certificate = read(
                Files.writeString(folder.resolve("both.pem"), held.certificatePem() + held.privateKeyPkcs8Pem()),
                Optional.empty());

        OkHttpClient presenting = certificate.presentedBy(cleartext);

        assertThat(cleartext.x509TrustManager()).isNull();
        assertThat(presenting.connectionSpecs()).containsExactly(okhttp3.ConnectionSpec.CLEARTEXT);
    }
}
