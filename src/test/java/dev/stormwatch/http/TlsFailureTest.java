package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.FailureKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TL1, TL2 on real sockets: an https server with a self-signed, an expired or a misnamed certificate. Each failure is
 * typed, is not retried (the same certificate comes back every time), and its message names the certificate and
 * what to do; a PEM file given as extra trust makes the self-signed server reachable.
 */
class TlsFailureTest {

    @TempDir
    Path folder;

    private final MockWebServer server = new MockWebServer();
    private final List<AttemptEvent> events = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() throws Exception {
        server.shutdown();
    }

    @Test
    @DisplayName("TL1: a self-signed certificate fails once as TLS_UNTRUSTED, naming the certificate and --ca-file")
    void selfSignedCertificateIsNotRetried() throws Exception {
        serve(new HeldCertificate.Builder()
                .commonName("idp.local")
                .addSubjectAlternativeName("127.0.0.1")
                .addSubjectAlternativeName("localhost")
                .build());

        assertThatThrownBy(() ->
                        send(ResilientClient.builder().listener(events::add).build()))
                .isInstanceOfSatisfying(CallFailure.Recoverable.class, failure -> {
                    CallFailure.Network network = (CallFailure.Network) failure.reason();
                    assertThat(network.kind()).isEqualTo(FailureKind.TLS_UNTRUSTED);
                    assertThat(network.attempts()).isEqualTo(1);
                    assertThat(failure.getMessage())
                            .contains("not trusted", "CN=idp.local", "self-signed", "Not retried", "--ca-file");
                });
        assertThat(events).hasSize(1);
        assertThat(server.getRequestCount()).as("no request reached the server").isZero();
    }

    @Test
    @DisplayName("TL2: the same server is reached once its certificate is trusted from a PEM file")
    void pemFileAddsTrust() throws Exception {
        HeldCertificate certificate = new HeldCertificate.Builder()
                .commonName("idp.local")
                .addSubjectAlternativeName("127.0.0.1")
                .addSubjectAlternativeName("localhost")
                .build();
        serve(certificate);
        Path pem = folder.resolve("idp.pem");
        Files.writeString(pem, certificate.certificatePem());
        server.enqueue(new MockResponse().setBody("ok"));
        OkHttpClient trusting = TrustedCertificates.trusting(new OkHttpClient(), pem, "--ca-file");

        try (Response response = ResilientClient.builder(trusting)
                .build()
                .send(new Request.Builder().url(server.url("/")).build(), CallOptions.model("tls"))) {
            assertThat(response.code()).isEqualTo(200);
        }
    }

    @Test
    @DisplayName("TL1: a trusted certificate for another host name fails once as TLS_WRONG_HOST")
    void certificateForAnotherHostIsNotRetried() throws Exception {
        HeldCertificate certificate = new HeldCertificate.Builder()
                .commonName("other.example")
                .addSubjectAlternativeName("other.example")
                .build();
        serve(certificate);

        assertThatThrownBy(() -> send(ResilientClient.builder(trustingOnly(certificate))
                        .listener(events::add)
                        .build()))
                .isInstanceOfSatisfying(CallFailure.Recoverable.class, failure -> {
                    assertThat(((CallFailure.Network) failure.reason()).kind()).isEqualTo(FailureKind.TLS_WRONG_HOST);
                    assertThat(failure.getMessage()).contains("another host name", "CN=other.example");
                });
        assertThat(events).hasSize(1);
    }

    @Test
    @DisplayName("TL1: an expired certificate from a trusted CA fails once as TLS_CERTIFICATE_EXPIRED")
    void expiredCertificateIsNotRetried() throws Exception {
        HeldCertificate authority = new HeldCertificate.Builder()
                .commonName("Test CA")
                .certificateAuthority(0)
                .build();
        long dayAgo = Instant.now().minusSeconds(86_400).toEpochMilli();
        HeldCertificate expired = new HeldCertificate.Builder()
                .commonName("idp.local")
                .signedBy(authority)
                .addSubjectAlternativeName("127.0.0.1")
                .addSubjectAlternativeName("localhost")
                .validityInterval(dayAgo - 86_400_000L, dayAgo)
                .build();
        server.useHttps(
                new HandshakeCertificates.Builder()
                        .heldCertificate(expired, authority.certificate())
                        .build()
                        .sslSocketFactory(),
                false);
        server.start();

        assertThatThrownBy(() -> send(ResilientClient.builder(trustingOnly(authority))
                        .listener(events::add)
                        .build()))
                .isInstanceOfSatisfying(CallFailure.Recoverable.class, failure -> {
                    assertThat(((CallFailure.Network) failure.reason()).kind())
                            .isEqualTo(FailureKind.TLS_CERTIFICATE_EXPIRED);
                    assertThat(failure.getMessage()).contains("expired", "CN=idp.local", "issued by CN=Test CA");
                });
        assertThat(events).hasSize(1);
    }

    @Test
    @DisplayName("TL2: a --ca-file that is missing or holds no certificate is refused, in the option's words")
    void badPemFileIsRefusedWithWhatToDo() throws Exception {
        Path key = folder.resolve("key.pem");
        Files.writeString(key, "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n");

        assertThatThrownBy(
                        () -> TrustedCertificates.trusting(new OkHttpClient(), folder.resolve("nope.pem"), "--ca-file"))
                .hasMessageContaining("--ca-file: no file");
        assertThatThrownBy(() -> TrustedCertificates.trusting(new OkHttpClient(), key, "--ca-file"))
                .hasMessageContaining("--ca-file")
                .hasMessageContaining("BEGIN CERTIFICATE");
    }

    private void serve(HeldCertificate certificate) throws Exception {
        HandshakeCertificates serverSide =
                new HandshakeCertificates.Builder().heldCertificate(certificate).build();
        server.useHttps(serverSide.sslSocketFactory(), false);
        server.start();
    }

    private static OkHttpClient trustingOnly(HeldCertificate certificate) {
        HandshakeCertificates clientSide = new HandshakeCertificates.Builder()
                .addTrustedCertificate(certificate.certificate())
                .build();
        return new OkHttpClient.Builder()
                .sslSocketFactory(clientSide.sslSocketFactory(), clientSide.trustManager())
                .connectTimeout(2, TimeUnit.SECONDS)
                .build();
    }

    private void send(ResilientClient client) {
        try (Response response =
                client.send(new Request.Builder().url(server.url("/")).build(), CallOptions.model("tls"))) {
            throw new AssertionError("answered " + response.code());
        }
    }
}
