package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SSLHandshakeException;
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
 * The operating system's CA bundle is trusted on top of the Java runtime's authorities (PX4), as a company root that
 * an administrator added to the system is: a bundle file in the system's format, on a real TLS server.
 */
class OperatingSystemTrustTest {

    @TempDir
    Path folder;

    private final MockWebServer server = new MockWebServer();

    @AfterEach
    void stop() throws Exception {
        server.shutdown();
    }

    private HeldCertificate serveIssuedBy(HeldCertificate ca, String name) throws Exception {
        HeldCertificate leaf = new HeldCertificate.Builder()
                .commonName(name)
                .addSubjectAlternativeName("127.0.0.1")
                .addSubjectAlternativeName("localhost")
                .signedBy(ca)
                .build();
        server.useHttps(
                new HandshakeCertificates.Builder()
                        .heldCertificate(leaf, ca.certificate())
                        .build()
                        .sslSocketFactory(),
                false);
        server.start(InetAddress.getByName("127.0.0.1"), 0);
        return leaf;
    }

    private int get(OkHttpClient client) throws Exception {
        try (Response response = client.newCall(
                        new Request.Builder().url(server.url("/")).build())
                .execute()) {
            return response.code();
        }
    }

    @Test
    @DisplayName("PX4: a server whose CA is only in the system's bundle is trusted; without that bundle it is not")
    void systemBundleAddsTrust() throws Exception {
        HeldCertificate companyRoot = new HeldCertificate.Builder()
                .certificateAuthority(0)
                .commonName("Company Root CA")
                .build();
        serveIssuedBy(companyRoot, "idp.company");
        Path bundle = Files.writeString(folder.resolve("ca-certificates.crt"), companyRoot.certificatePem());
        server.enqueue(new MockResponse().setBody("ok"));

        OkHttpClient withSystem = TrustedCertificates.trustingOperatingSystem(
                new OkHttpClient(), List.of(folder.resolve("missing.crt"), bundle), Optional.empty(), "--ca-file");
        OkHttpClient withoutSystem = TrustedCertificates.trustingOperatingSystem(
                new OkHttpClient(), List.of(folder.resolve("missing.crt")), Optional.empty(), "--ca-file");

        assertThat(get(withSystem)).isEqualTo(200);
        assertThatThrownBy(() -> get(withoutSystem)).isInstanceOf(SSLHandshakeException.class);
    }

    @Test
    @DisplayName("PX4, TL2: the system's bundle and a --ca-file are trusted together, a broken bundle adds nothing")
    void systemBundleAndCaFileTogether() throws Exception {
        HeldCertificate systemRoot = new HeldCertificate.Builder()
                .certificateAuthority(0)
                .commonName("System")
                .build();
        HeldCertificate privateRoot = new HeldCertificate.Builder()
                .certificateAuthority(0)
                .commonName("Team")
                .build();
        serveIssuedBy(privateRoot, "keycloak.local");
        Path broken = Files.writeString(folder.resolve("broken.crt"), "not a certificate\n");
        Path bundle = Files.writeString(folder.resolve("bundle.crt"), systemRoot.certificatePem());
        Path caFile = Files.writeString(folder.resolve("team.pem"), privateRoot.certificatePem());
        server.enqueue(new MockResponse().setBody("ok"));

        OkHttpClient client = TrustedCertificates.trustingOperatingSystem(
                new OkHttpClient(), List.of(broken, bundle), Optional.of(caFile), "--ca-file");

        assertThat(get(client)).isEqualTo(200);
    }
}
