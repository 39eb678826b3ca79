package dev.stormwatch.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import okhttp3.OkHttpClient;

/**
 * Trust for https beyond the Java runtime's own store, as curl's {@code --cacert} adds: the certificates of a PEM
 * file (a private CA, or a self-signed server certificate such as a local Keycloak's) on top of the platform's
 * authorities, never instead of them (TL2).
 */
public final class TrustedCertificates {

    private TrustedCertificates() {}

    /**
     * {@code client} trusting the platform's authorities and every certificate in {@code pemFile}.
     *
     * @param option the option or field the file came from, for messages (for example {@code --ca-file})
     * @throws IllegalArgumentException with what was wrong and what to do: no such file, no certificate in it, or
     *     not PEM
     */
    public static OkHttpClient trusting(OkHttpClient client, Path pemFile, String option) {
        return trusting(client, read(pemFile, option));
    }

    /**
     * Where the operating systems keep their CA bundle (PX4): Debian and Ubuntu, Fedora and RHEL, Alpine and macOS.
     * A packaged app carries its own Java runtime, whose trust store lacks the roots a company adds to the system's.
     */
    public static final List<Path> OPERATING_SYSTEM_BUNDLES = List.of(
            Path.of("/etc/ssl/certs/ca-certificates.crt"),
            Path.of("/etc/pki/tls/certs/ca-bundle.crt"),
            Path.of("/etc/ssl/cert.pem"));

    /**
     * PX4: {@code client} trusting the platform's authorities, the first readable bundle of {@code bundles} (the
     * operating system's), and the certificates of {@code pemFile} when given (TL2). A bundle that is missing or
     * unreadable adds nothing: the Java runtime's authorities still hold.
     */
    public static OkHttpClient trustingOperatingSystem(
            OkHttpClient client, List<Path> bundles, java.util.Optional<Path> pemFile, String option) {
        List<X509Certificate> extra = new ArrayList<>();
        for (Path bundle : bundles) {
            if (Files.isReadable(bundle)) {
                try {
                    extra.addAll(read(bundle, "the system's CA bundle"));
                    break;
                } catch (IllegalArgumentException unreadable) {
                    // A broken system bundle is not the person's doing: the next candidate, or Java's own, holds.
                }
            }
        }
        pemFile.ifPresent(file -> extra.addAll(read(file, option)));
        return trusting(client, extra);
    }

    private static OkHttpClient trusting(OkHttpClient client, List<X509Certificate> extra) {
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int i = 0;
            for (X509Certificate platform : platformTrust().getAcceptedIssuers()) {
                store.setCertificateEntry("platform-" + i++, platform);
            }
            i = 0;
            for (X509Certificate certificate : extra) {
                store.setCertificateEntry("extra-" + i++, certificate);
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(store);
            X509TrustManager trust = (X509TrustManager) factory.getTrustManagers()[0];
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {trust}, null);
            return client.newBuilder()
                    .sslSocketFactory(context.getSocketFactory(), trust)
                    .build();
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("the Java runtime cannot build a trust store: " + e.getMessage(), e);
        }
    }

    static List<X509Certificate> read(Path pemFile, String option) {
        Collection<? extends Certificate> certificates;
        try (InputStream in = Files.newInputStream(pemFile)) {
            certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(option + ": no file " + pemFile + "; give the path of a PEM file with"
                    + " the CA or server certificate to trust");
        } catch (IOException e) {
            throw new IllegalArgumentException(option + ": cannot read " + pemFile + " (" + e.getMessage() + ")");
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(
                    option + ": " + pemFile + " holds no certificate Java can read; give a"
                            + " PEM file with -----BEGIN CERTIFICATE----- blocks (a private key or a CSR is not a certificate)");
        }
        List<X509Certificate> out = new ArrayList<>();
        for (Certificate certificate : certificates) {
            if (certificate instanceof X509Certificate x509) {
                out.add(x509);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(option + ": " + pemFile + " holds no certificate; give a PEM file with"
                    + " -----BEGIN CERTIFICATE----- blocks");
        }
        return out;
    }

    private static X509TrustManager platformTrust() throws GeneralSecurityException {
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init((KeyStore) null);
        for (TrustManager manager : factory.getTrustManagers()) {
            if (manager instanceof X509TrustManager x509) {
                return x509;
            }
        }
        throw new GeneralSecurityException("no X509 trust manager in the Java runtime");
    }
}
