package dev.stormwatch.http;

import dev.stormwatch.base.Base64Url;
import dev.stormwatch.base.Digests;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateFactory;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import okhttp3.OkHttpClient;

/**
 * A client certificate and its private key, presented in the TLS handshake for mutual TLS (RFC 8705): the client's
 * authentication ({@code tls_client_auth}, {@code self_signed_tls_client_auth}) and the key that certificate-bound
 * access tokens are bound to (TX1, TX2). Read from PEM files; the key never appears in a message.
 *
 * @param chain the certificate first, then any intermediates the file holds
 * @param key the private key that belongs to the certificate's public key
 */
public record ClientCertificate(List<X509Certificate> chain, PrivateKey key) {

    public ClientCertificate {
        chain = List.copyOf(chain);
        Objects.requireNonNull(key, "key");
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("a client certificate needs at least one certificate");
        }
    }

    /** What was wrong with the files, so callers and tests can tell the cases apart (TX1). */
    public enum Problem {
        /** A file named does not exist or cannot be read. */
        UNREADABLE,
        /** The certificate file holds no PEM certificate. */
        NO_CERTIFICATE,
        /** No PEM private key where one was expected. */
        NO_KEY,
        /** A key in a form Java cannot read without help: PKCS#1, SEC 1, encrypted, or not RSA/EC. */
        KEY_FORMAT,
        /** The key is not the certificate's: the handshake would fail at the server. */
        KEY_MISMATCH,
        /** The certificate is expired or not valid yet: the server would refuse it. */
        NOT_VALID_NOW
    }

    /** A refused certificate or key file, in the words of the option it came from; never quotes a key. */
    public static final class Unusable extends IllegalArgumentException {
        private final Problem problem;

        Unusable(Problem problem, String message) {
            super(message);
            this.problem = problem;
        }

        public Problem problem() {
            return problem;
        }
    }

    private static final Pattern PEM =
            Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\\s]*?)-----END \\1-----");

    /**
     * TX1: the certificate chain of {@code certFile} and the PKCS#8 key of {@code keyFile} (or of {@code certFile}
     * when no key file is given, for a combined PEM), checked to belong together and to be valid at {@code now}.
     *
     * @param certOption the option or field of the certificate file, for messages ({@code --client-cert})
     * @param keyOption the option or field of the key file ({@code --client-cert-key})
     * @throws Unusable with what the file holds and what to give instead
     */
    public static ClientCertificate read(
            Path certFile, Optional<Path> keyFile, String certOption, String keyOption, Instant now) {
        String certText = text(certFile, certOption);
        List<X509Certificate> chain = certificates(certText, certFile, certOption);
        Path keyPath = keyFile.orElse(certFile);
        String keyOptionUsed = keyFile.isPresent() ? keyOption : certOption;
        String keyText = keyFile.isPresent() ? text(keyPath, keyOption) : certText;
        PrivateKey key = privateKey(keyText, keyPath, keyOptionUsed, keyFile.isEmpty() ? keyOption : null);
        X509Certificate leaf = chain.get(0);
        if (!belongTogether(leaf, key)) {
            throw new Unusable(
                    Problem.KEY_MISMATCH,
                    keyOptionUsed + ": the private key in " + keyPath + " is not the"
                            + " key of the certificate in " + certFile + " (" + subject(leaf)
                            + "); give the key that was"
                            + " made with that certificate");
        }
        try {
            leaf.checkValidity(Date.from(now));
        } catch (CertificateExpiredException | CertificateNotYetValidException e) {
            throw new Unusable(
                    Problem.NOT_VALID_NOW,
                    certOption + ": the certificate in " + certFile + " ("
                            + subject(leaf) + ") is valid from "
                            + leaf.getNotBefore().toInstant() + " to "
                            + leaf.getNotAfter().toInstant()
                            + ", not now; the provider would refuse it: give a current one");
        }
        return new ClientCertificate(chain, key);
    }

    /** The certificate presented (the chain's first). */
    public X509Certificate certificate() {
        return chain.get(0);
    }

    /**
     * TX2: the certificate's SHA-256 thumbprint as RFC 8705 §3.1 puts it in {@code cnf}: base64url, without padding,
     * of the SHA-256 of the DER encoding.
     */
    public String thumbprint() {
        try {
            return Base64Url.encode(Digests.sha256(certificate().getEncoded()));
        } catch (java.security.cert.CertificateEncodingException e) {
            throw new IllegalStateException("the Java runtime cannot encode a certificate it read", e);
        }
    }

    /** Subject and issuer, for a person checking which certificate is used; nothing secret. */
    public String describe() {
        X509Certificate leaf = certificate();
        boolean selfSigned = leaf.getSubjectX500Principal().equals(leaf.getIssuerX500Principal());
        return subject(leaf)
                + (selfSigned
                        ? ", self-signed"
                        : ", issued by " + leaf.getIssuerX500Principal().getName());
    }

    /**
     * TX1: {@code client} presenting this certificate when a server asks for one, with the same trust as before
     * (its trust manager is kept: TL2's extra authorities and PX4's system bundle still hold).
     */
    public OkHttpClient presentedBy(OkHttpClient client) {
        try {
            char[] password = new char[0];
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("client", key, password, chain.toArray(new X509Certificate[0]));
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, password);
            X509TrustManager trust = client.x509TrustManager();
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), trust == null ? null : new TrustManager[] {trust}, null);
            return trust == null
                    ? client.newBuilder()
                            .sslSocketFactory(context.getSocketFactory(), platformTrust())
                            .build()
                    : client.newBuilder()
                            .sslSocketFactory(context.getSocketFactory(), trust)
                            .build();
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException(
                    "the Java runtime cannot hold the client certificate: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        // The key is a secret: a record's own toString would print its parameters.
        return "ClientCertificate[" + describe() + "]";
    }

    private static X509TrustManager platformTrust() throws GeneralSecurityException {
        javax.net.ssl.TrustManagerFactory factory =
                javax.net.ssl.TrustManagerFactory.getInstance(javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
        factory.init((KeyStore) null);
        return (X509TrustManager) factory.getTrustManagers()[0];
    }

    private static String text(Path file, String option) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            throw new Unusable(Problem.UNREADABLE, option + ": no file " + file);
        } catch (IOException e) {
            throw new Unusable(
                    Problem.UNREADABLE,
                    option + ": cannot read " + file + " (" + e.getClass().getSimpleName() + ")");
        }
    }

    private static List<X509Certificate> certificates(String text, Path file, String option) {
        List<X509Certificate> out = new ArrayList<>();
        Matcher block = PEM.matcher(text);
        while (block.find()) {
            if (!block.group(1).equals("CERTIFICATE")) {
                continue;
            }
            try {
                byte[] der = Base64.getMimeDecoder().decode(block.group(2));
                out.add((X509Certificate)
                        CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der)));
            } catch (GeneralSecurityException | IllegalArgumentException e) {
                throw new Unusable(
                        Problem.NO_CERTIFICATE,
                        option + ": " + file + " has a CERTIFICATE block that"
                                + " is not a readable X.509 certificate");
            }
        }
        if (out.isEmpty()) {
            throw new Unusable(
                    Problem.NO_CERTIFICATE,
                    option + ": " + file + " holds no certificate; give a PEM file"
                            + " with a -----BEGIN CERTIFICATE----- block (the client certificate first)");
        }
        return out;
    }

    /** {@code missingOption}: when the key was looked for in the certificate file, the option that would give it. */
    private static PrivateKey privateKey(String text, Path file, String option, String missingOption) {
        Matcher block = PEM.matcher(text);
        while (block.find()) {
            String type = block.group(1);
            switch (type) {
                case "PRIVATE KEY" -> {
                    return pkcs8(Base64.getMimeDecoder().decode(block.group(2)), file, option);
                }
                case "RSA PRIVATE KEY", "EC PRIVATE KEY" ->
                    throw new Unusable(
                            Problem.KEY_FORMAT,
                            option + ": "
                                    + file + " holds a " + (type.startsWith("RSA") ? "PKCS#1" : "SEC 1")
                                    + " key ('BEGIN " + type
                                    + "'); convert it to PKCS#8 with 'openssl pkcs8 -topk8 -nocrypt -in KEY -out KEY.pk8.pem'");
                case "ENCRYPTED PRIVATE KEY" ->
                    throw new Unusable(
                            Problem.KEY_FORMAT,
                            option + ": " + file
                                    + " holds an encrypted key; give it unencrypted in an owner-only file ('openssl pkcs8"
                                    + " -topk8 -nocrypt -in KEY -out KEY.pk8.pem')");
                default -> {
                    // A certificate or another block: the key may still follow.
                }
            }
        }
        throw new Unusable(
                Problem.NO_KEY,
                option + ": " + file + " holds no private key ('BEGIN PRIVATE KEY')"
                        + (missingOption == null ? "" : "; give the key's file with " + missingOption));
    }

    private static PrivateKey pkcs8(byte[] der, Path file, String option) {
        for (String algorithm : List.of("RSA", "EC")) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException wrongType) {
                // Try the next algorithm.
            }
        }
        throw new Unusable(
                Problem.KEY_FORMAT,
                option + ": the private key in " + file + " is neither an RSA nor an"
                        + " EC key Java can read; give a PKCS#8 RSA or EC key");
    }

    private static boolean belongTogether(X509Certificate certificate, PrivateKey key) {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            default -> null;
        };
        if (algorithm == null || !certificate.getPublicKey().getAlgorithm().equals(key.getAlgorithm())) {
            return false;
        }
        try {
            byte[] challenge = new byte[32];
            new SecureRandom().nextBytes(challenge);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(challenge);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(challenge);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    private static String subject(X509Certificate certificate) {
        return certificate.getSubjectX500Principal().getName();
    }
}
