package dev.stormwatch.http;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import okhttp3.HttpUrl;

/**
 * Says which certificate a server presents, for the message of a certificate failure (TL1): its subject, its issuer
 * and its validity. The JDK's PKIX failure does not carry the chain, so this opens one more TLS connection that only
 * reads the server's certificates, accepting whatever comes for that purpose alone; it sends no request, and nothing
 * it reads is ever trusted for anything else.
 */
final class CertificateProbe {

    private static final int TIMEOUT_MILLIS = 3_000;

    private CertificateProbe() {}

    /** "CN=idp.local, issued by CN=idp.local (self-signed), valid until 2027-01-01T00:00:00Z", or empty. */
    static Optional<String> describe(HttpUrl url) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {new ReadOnly()}, new SecureRandom());
            try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket()) {
                socket.connect(new InetSocketAddress(url.host(), url.port()), TIMEOUT_MILLIS);
                socket.setSoTimeout(TIMEOUT_MILLIS);
                SSLParameters parameters = socket.getSSLParameters();
                if (!Character.isDigit(url.host().charAt(0)) && !url.host().contains(":")) {
                    parameters.setServerNames(List.of(new SNIHostName(url.host())));
                }
                socket.setSSLParameters(parameters);
                socket.startHandshake();
                Certificate[] chain = socket.getSession().getPeerCertificates();
                return chain.length > 0 && chain[0] instanceof X509Certificate leaf
                        ? Optional.of(describe(leaf))
                        : Optional.empty();
            }
        } catch (IOException | java.security.GeneralSecurityException | RuntimeException e) {
            return Optional.empty(); // the message then says what the failure said, without the chain
        }
    }

    static String describe(X509Certificate leaf) {
        String subject = leaf.getSubjectX500Principal().getName();
        String issuer = leaf.getIssuerX500Principal().getName();
        boolean selfSigned = subject.equals(issuer);
        Instant notAfter = leaf.getNotAfter().toInstant();
        Instant notBefore = leaf.getNotBefore().toInstant();
        return "it presents " + subject + ", issued by " + (selfSigned ? "itself (self-signed)" : issuer)
                + ", valid from " + notBefore + " until " + notAfter;
    }

    /** Accepts any chain: used only to read the certificates, never to send a request. */
    private static final class ReadOnly implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
