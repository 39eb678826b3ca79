package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import okhttp3.HttpUrl;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The probe that reads which certificate a server presents, for TL1's message: against a real TLS server socket, the
 * host name it asks for (SNI), and a server that never answers the handshake.
 */
class CertificateProbeEdgesTest {

    private final HeldCertificate held = new HeldCertificate.Builder()
            .commonName("localhost")
            .addSubjectAlternativeName("localhost")
            .build();

    /** Serves one TLS handshake and completes with the server names the client asked for. */
    private static CompletableFuture<List<SNIServerName>> serveOneHandshake(SSLServerSocket server) {
        return CompletableFuture.supplyAsync(() -> {
            try (SSLSocket socket = (SSLSocket) server.accept()) {
                socket.setSoTimeout(10_000);
                socket.startHandshake();
                return ((ExtendedSSLSession) socket.getSession()).getRequestedServerNames();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private SSLServerSocket tlsServer() throws IOException {
        HandshakeCertificates certificates =
                new HandshakeCertificates.Builder().heldCertificate(held).build();
        return (SSLServerSocket) certificates
                .sslContext()
                .getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress());
    }

    @Test
    @DisplayName("TL1: the probe names a host's certificate and asks for the host by name (SNI), even a dotless one")
    void theProbeAsksForTheHostByName() throws Exception {
        try (SSLServerSocket server = tlsServer()) {
            CompletableFuture<List<SNIServerName>> asked = serveOneHandshake(server);

            Optional<String> described =
                    CertificateProbe.describe(HttpUrl.get("https://localhost:" + server.getLocalPort() + "/"));

            assertThat(described)
                    .contains(CertificateProbe.describe(held.certificate()))
                    .get()
                    .asString()
                    .startsWith("it presents CN=localhost, issued by itself (self-signed), valid from ");
            assertThat(asked.get(10, TimeUnit.SECONDS)).containsExactly(new SNIHostName("localhost"));
        }
    }

    @Test
    @DisplayName("TL1: the probe of an IP address sends no server name: SNI is for host names only")
    void anAddressIsProbedWithoutAServerName() throws Exception {
        try (SSLServerSocket server = tlsServer()) {
            CompletableFuture<List<SNIServerName>> asked = serveOneHandshake(server);

            Optional<String> described =
                    CertificateProbe.describe(HttpUrl.get("https://127.0.0.1:" + server.getLocalPort() + "/"));

            assertThat(described).isPresent();
            assertThat(asked.get(10, TimeUnit.SECONDS)).isEmpty();
        }
    }

    @Test
    @Timeout(60)
    @DisplayName("TL1: a server that takes the connection and never answers the handshake gives no description")
    void aSilentServerGivesNothing() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Socket> accepted = CompletableFuture.supplyAsync(() -> {
                try {
                    return silent.accept(); // holds the connection open and reads nothing
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });

            Optional<String> described =
                    CertificateProbe.describe(HttpUrl.get("https://localhost:" + silent.getLocalPort() + "/"));

            assertThat(described).isEmpty();
            accepted.get(10, TimeUnit.SECONDS).close();
        }
    }
}
