package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.stormwatch.diagnose.RealNginx;
import dev.stormwatch.http.ClientCertificate;
import dev.stormwatch.http.TrustedCertificates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TX5 over real TLS: Debian's nginx, with {@code ssl_verify_client on}, stands at the origin of the provider's
 * mtls_endpoint_aliases in front of its token-side endpoints, and logs for every request the client certificate it
 * verified in the handshake. The client's certificate must reach every aliased request there, and nothing of the
 * token side may reach the provider's plain endpoints. The certificates are made by the test.
 */
@Tag("slow")
@SuppressWarnings("try") // RealNginx.close() waits for nginx to stop and may be interrupted, as the test may
class MutualTlsAliasesThroughNginxTest extends OAuthClientFixture {

    private static final String CLIENT_NAME = "stormwatch-alias-client";

    @TempDir
    Path dir;

    @Test
    @DisplayName("TX5: PAR, the code exchange, refresh, userinfo and revocation reach the aliases through nginx with"
            + " the client certificate verified in each handshake, and none reaches the plain endpoints")
    void theCertificateReachesTheAliasesInTheHandshake() throws Exception {
        Optional<Path> nginx = RealNginx.binary();
        assumeTrue(nginx.isPresent(), "nginx is not installed (apt-get install nginx)");
        HeldCertificate ca = new HeldCertificate.Builder()
                .certificateAuthority(0)
                .commonName("Stormwatch alias test CA")
                .build();
        HeldCertificate serverCertificate = new HeldCertificate.Builder()
                .commonName("127.0.0.1")
                .addSubjectAlternativeName("127.0.0.1")
                .signedBy(ca)
                .build();
        HeldCertificate client = new HeldCertificate.Builder()
                .commonName(CLIENT_NAME)
                .signedBy(ca)
                .build();
        Path caPem = Files.writeString(dir.resolve("ca.pem"), ca.certificatePem());
        Path serverPem = Files.writeString(dir.resolve("server.pem"), serverCertificate.certificatePem());
        Path serverKey = Files.writeString(dir.resolve("server-key.pem"), serverCertificate.privateKeyPkcs8Pem());
        Path clientPem = Files.writeString(dir.resolve("client.pem"), client.certificatePem());
        Path clientKey = Files.writeString(dir.resolve("client-key.pem"), client.privateKeyPkcs8Pem());
        Files.setPosixFilePermissions(clientKey, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));

        try (RealNginx proxy =
                RealNginx.start(nginx.get(), dir.resolve("nginx"), tlsProxy(caPem, serverPem, serverKey))) {
            provider.par = true;
            provider.mtlsAliases = true;
            provider.mtlsOrigin = "https://127.0.0.1:" + proxy.port();
            ClientCertificate certificate = ClientCertificate.read(
                    clientPem, Optional.of(clientKey), "--client-cert", "--client-cert-key", Instant.now());
            OkHttpClient http = TrustedCertificates.trusting(
                    new OkHttpClient.Builder()
                            .readTimeout(Duration.ofSeconds(10))
                            .build(),
                    caPem,
                    "--ca-file");
            OAuthClient oauth = client(
                    config().withClientAuthentication(new ClientAuthentication(
                            ClientAuthentication.Method.NONE,
                            Optional.empty(),
                            Optional.empty(),
                            Optional.of(certificate))),
                    http);

            oauth.login();
            oauth.refresh();
            oauth.userInfo();
            oauth.logout();
            // A handshake without a certificate is turned away by nginx itself: the verification is real.
            int withoutCertificate = get(http, provider.mtlsOrigin + "/mtls/userinfo");

            // nginx writes a request's log line after it has sent the answer: the client can read the 400 before
            // its line is in the file, so the record is read once it holds the last request (or after 10 s).
            List<String> log = logOnceItHolds(dir.resolve("nginx/logs/tls.log"), "GET /mtls/userinfo 400 NONE");
            String fingerprint = HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-1")
                            .digest(client.certificate().getEncoded()));
            List<String> verified = log.stream()
                    .filter(line -> line.endsWith(" SUCCESS \"CN=" + CLIENT_NAME + "\" " + fingerprint))
                    .map(line -> line.substring(0, line.indexOf(" SUCCESS ")))
                    .toList();
            assertThat(verified)
                    .as("nginx's record of the aliased requests and the certificate each handshake verified")
                    .containsExactly(
                            "POST /mtls/par 201",
                            "POST /mtls/token 200",
                            "POST /mtls/token 200",
                            "GET /mtls/userinfo 200",
                            "POST /mtls/revoke 200");
            assertThat(log).last().asString().startsWith("GET /mtls/userinfo 400 NONE");
            assertThat(withoutCertificate).isEqualTo(400);
            // Every aliased request the provider read came through nginx; none went to the plain endpoints.
            assertThat(provider.hits("/mtls/par")
                            + provider.hits("/mtls/token")
                            + provider.hits("/mtls/userinfo")
                            + provider.hits("/mtls/revoke"))
                    .isEqualTo(verified.size());
            assertThat(provider.hits("/par")
                            + provider.hits("/token")
                            + provider.hits("/userinfo")
                            + provider.hits("/revoke"))
                    .isZero();
            assertThat(provider.hits("/authorize")).isEqualTo(1);
        }
    }

    /** nginx asking for a certificate from the test CA, in front of the provider's /mtls/ paths. */
    private String tlsProxy(Path caPem, Path serverPem, Path serverKey) {
        return "  log_format tls '$request_method $uri $status $ssl_client_verify \"$ssl_client_s_dn\""
                + " $ssl_client_fingerprint';\n"
                + "  server {\n"
                + "    listen 127.0.0.1:PORT ssl;\n"
                + "    ssl_certificate " + serverPem + ";\n"
                + "    ssl_certificate_key " + serverKey + ";\n"
                + "    ssl_client_certificate " + caPem + ";\n"
                + "    ssl_verify_client on;\n"
                + "    access_log logs/tls.log tls;\n"
                + "    location /mtls/ {\n"
                + "      proxy_pass " + provider.issuer + ";\n"
                + "      proxy_http_version 1.1;\n"
                + "      proxy_set_header Connection \"\";\n"
                + "    }\n"
                + "  }";
    }

    private static int get(OkHttpClient trusting, String url) throws Exception {
        try (Response response =
                trusting.newCall(new Request.Builder().url(url).build()).execute()) {
            return response.code();
        }
    }

    private static List<String> logOnceItHolds(java.nio.file.Path file, String lineStart)
            throws java.io.IOException, InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        List<String> log = Files.readAllLines(file);
        while (log.stream().noneMatch(line -> line.startsWith(lineStart)) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            log = Files.readAllLines(file);
        }
        return log;
    }
}
