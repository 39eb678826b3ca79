package dev.stormwatch.base;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * Message digests, in one place: the JDK's lookup by name and the failure that cannot happen (every Java platform ships
 * SHA-256, SHA-384 and SHA-512). Each caller shows the digest its own way: hex fingerprints, base64url thumbprints and
 * challenges ({@link Base64Url}), a Content-Security-Policy hash source.
 */
public final class Digests {

    private Digests() {}

    /** The {@code algorithm} digest of {@code bytes}. */
    public static byte[] of(String algorithm, byte[] bytes) {
        try {
            return MessageDigest.getInstance(algorithm).digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks " + algorithm, e);
        }
    }

    /** SHA-256 of {@code bytes}. */
    public static byte[] sha256(byte[] bytes) {
        return of("SHA-256", bytes);
    }

    /** SHA-256 of {@code text} in UTF-8. */
    public static byte[] sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A Content-Security-Policy hash source for an inline script: {@code 'sha256-BASE64'} (CSP Level 3 §2.3.1). */
    public static String cspScriptSource(String script) {
        return "'sha256-" + Base64.getEncoder().encodeToString(sha256(script)) + "'";
    }
}
