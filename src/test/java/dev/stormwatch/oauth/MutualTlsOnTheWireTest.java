package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.util.Base64;
import com.sun.net.httpserver.HttpServer;
import dev.stormwatch.http.ClientCertificate;
import dev.stormwatch.http.TrustedCertificates;
import dev.stormwatch.retry.CallFailure;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.interfaces.ECPublicKey;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import okhttp3.OkHttpClient;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.server.authorization.client.InMemoryRegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;
import org.springframework.security.oauth2.server.authorization.settings.TokenSettings;

/**
 * Mutual TLS (RFC 8705) against Spring Authorization Server on a real TLS listener (Tomcat asks for a client
 * certificate): {@code tls_client_auth} with a certificate from an authority the server trusts,
 * {@code self_signed_tls_client_auth} with a certificate in the client's registered JWKS, and certificate-bound access
 * tokens checked against the certificate presented (TX1, TX2). The certificates are made for the test.
 */
@Tag("slow")
class MutualTlsOnTheWireTest {

    private static final String CA_CLIENT = "stormwatch-mtls";
    private static final String SELF_SIGNED_CLIENT = "stormwatch-self-signed";

    @TempDir
    static Path folder;

    private static SpringAuthorizationServer server;
    private static HttpServer jwks;
    private static Path caPem;
    private static ClientCertificate issued;
    private static ClientCertificate selfSigned;
    private static ClientCertificate otherSubject;

    @BeforeAll
    static void start() throws Exception {
        HeldCertificate ca = new HeldCertificate.Builder()
                .certificateAuthority(0)
                .commonName("Stormwatch test CA")
                .build();
        HeldCertificate serverCertificate = new HeldCertificate.Builder()
                .commonName("127.0.0.1")
                .addSubjectAlternativeName("127.0.0.1")
                .signedBy(ca)
                .build();
        HeldCertificate client =
                new HeldCertificate.Builder().commonName(CA_CLIENT).signedBy(ca).build();
        HeldCertificate stranger = new HeldCertificate.Builder()
                .commonName("someone-else")
                .signedBy(ca)
                .build();
        HeldCertificate own =
                new HeldCertificate.Builder().commonName(SELF_SIGNED_CLIENT).build();

        caPem = write("ca.pem", ca.certificatePem());
        Path serverPem = write("server.pem", serverCertificate.certificatePem());
        Path serverKey = write("server-key.pem", serverCertificate.privateKeyPkcs8Pem());
        // The server trusts the test CA, and the self-signed certificate as itself (RFC 8705 §2.2 leaves the TLS
        // layer's acceptance to the deployment; the JWKS decides which client it is).
        Path clientTrust = write("client-trust.pem", ca.certificatePem() + own.certificatePem());
        // A PKI client sends its chain: Spring (as RFC 8705 §2.1 deployments do) tells tls_client_auth from
        // self_signed_tls_client_auth by it.
        issued = certificate(client, "client", ca.certificatePem());
        selfSigned = certificate(own, "self-signed", "");
        otherSubject = certificate(stranger, "stranger", ca.certificatePem());

        ECKey registered = new ECKey.Builder(
                        Curve.P_256, (ECPublicKey) own.keyPair().getPublic())
                .x509CertChain(List.of(Base64.encode(own.certificate().getEncoded())))
                .keyID("self")
                .build();
        byte[] jwkSet = new JWKSet(registered).toString(true).getBytes(StandardCharsets.UTF_8);
        jwks = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        jwks.createContext("/jwks.json", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, jwkSet.length);
            exchange.getResponseBody().write(jwkSet);
            exchange.close();
        });
        jwks.start();

        RegisteredClient byAuthority = RegisteredClient.withId(UUID.randomUUID().toString())
                .clientId(CA_CLIENT)
                .clientAuthenticationMethod(ClientAuthenticationMethod.TLS_CLIENT_AUTH)
                .authorizationGrantType(AuthorizationGrantType.CLIENT_CREDENTIALS)
                .scope("read")
                .clientSettings(ClientSettings.builder()
                        .x509CertificateSubjectDN("CN=" + CA_CLIENT)
                        .build())
                .tokenSettings(TokenSettings.builder()
                        .x509CertificateBoundAccessTokens(true)
                        .build())
                .build();
        RegisteredClient bySelf = RegisteredClient.withId(UUID.randomUUID().toString())
                .clientId(SELF_SIGNED_CLIENT)
                .clientAuthenticationMethod(ClientAuthenticationMethod.SELF_SIGNED_TLS_CLIENT_AUTH)
                .authorizationGrantType(AuthorizationGrantType.CLIENT_CREDENTIALS)
                .scope("read")
                .clientSettings(ClientSettings.builder()
                        .jwkSetUrl("http://127.0.0.1:" + jwks.getAddress().getPort() + "/jwks.json")
                        .build())
                .tokenSettings(TokenSettings.builder()
                        .x509CertificateBoundAccessTokens(true)
                        .build())
                .build();
        server = SpringAuthorizationServer.startMutualTls(
                serverPem, serverKey, clientTrust, new InMemoryRegisteredClientRepository(byAuthority, bySelf));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (jwks != null) {
            jwks.stop(0);
        }
    }

    private static Path write(String name, String text) throws Exception {
        return Files.writeString(folder.resolve(name), text);
    }

    private static ClientCertificate certificate(HeldCertificate held, String name, String chain) throws Exception {
        Path cert = write(name + ".pem", held.certificatePem() + chain);
        Path key = write(name + "-key.pem", held.privateKeyPkcs8Pem());
        return ClientCertificate.read(cert, Optional.of(key), "--client-cert", "--client-cert-key", Instant.now());
    }

    private static OAuthClient client(String clientId, ClientAuthentication authentication) {
        OkHttpClient http = TrustedCertificates.trusting(new OkHttpClient(), caPem, "--ca-file");
        return OAuthClient.builder(OAuthConfig.of(server.issuer(), clientId).withClientAuthentication(authentication))
                .httpClient(http)
                .sleeper(d -> {})
                .build();
    }

    private static ClientAuthentication mutualTls(ClientAuthentication.Method method, ClientCertificate certificate) {
        return new ClientAuthentication(method, Optional.empty(), Optional.empty(), Optional.of(certificate));
    }

    @Test
    @DisplayName("TX1, TX2: tls_client_auth over a real TLS listener: the provider reads the certificate (no"
            + " Authorization header, no secret) and binds the token to the certificate's SHA-256 thumbprint")
    void tlsClientAuthGetsACertificateBoundToken() {
        long before = server.requestsReceived("POST", "/oauth2/token");

        MachineToken token = client(CA_CLIENT, mutualTls(ClientAuthentication.Method.TLS_CLIENT_AUTH, issued))
                .clientCredentials("read");

        assertThat(token.certificateThumbprint()).contains(issued.thumbprint());
        assertThat(server.requestsReceived("POST", "/oauth2/token")).isEqualTo(before + 1);
        List<String> certificates = server.clientCertificates("POST", "/oauth2/token");
        assertThat(certificates.get(certificates.size() - 1)).isEqualTo("CN=" + CA_CLIENT);
        List<String> schemes = server.authorizationSchemes("POST", "/oauth2/token");
        assertThat(schemes.get(schemes.size() - 1)).isEqualTo("-");
    }

    @Test
    @DisplayName("TX1, TX2: self_signed_tls_client_auth: the provider matches the self-signed certificate with the"
            + " client's registered JWKS and binds the token to it")
    void selfSignedTlsClientAuthGetsACertificateBoundToken() {
        MachineToken token = client(
                        SELF_SIGNED_CLIENT,
                        mutualTls(ClientAuthentication.Method.SELF_SIGNED_TLS_CLIENT_AUTH, selfSigned))
                .clientCredentials("read");

        assertThat(token.certificateThumbprint()).contains(selfSigned.thumbprint());
        List<String> certificates = server.clientCertificates("POST", "/oauth2/token");
        assertThat(certificates.get(certificates.size() - 1)).isEqualTo("CN=" + SELF_SIGNED_CLIENT);
    }

    @Test
    @DisplayName("TX1: auto with a certificate and no secret picks tls_client_auth from the provider's"
            + " token_endpoint_auth_methods_supported")
    void autoPicksTlsClientAuthFromTheMetadata() {
        MachineToken token = client(CA_CLIENT, mutualTls(ClientAuthentication.Method.AUTO, issued))
                .clientCredentials("read");

        assertThat(token.certificateThumbprint()).contains(issued.thumbprint());
    }

    @Test
    @DisplayName("TX1, ST3: a trusted certificate with another subject is refused by the provider: a Configuration"
            + " error that names tls_client_auth and --client-cert, sent once and never retried")
    void aCertificateOfAnotherSubjectIsRefusedOnce() {
        long before = server.requestsReceived("POST", "/oauth2/token");

        Throwable refused = catchThrowable(
                () -> client(CA_CLIENT, mutualTls(ClientAuthentication.Method.TLS_CLIENT_AUTH, otherSubject))
                        .clientCredentials("read"));

        assertThat(refused)
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("tls_client_auth")
                .hasMessageContaining("--client-cert");
        assertThat(server.requestsReceived("POST", "/oauth2/token")).isEqualTo(before + 1);
    }
}
