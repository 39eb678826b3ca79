package dev.stormwatch.oauth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/** Base64url without padding (RFC 7515 §2), the encoding of PKCE, state, nonce, jti and token hashes. */
final class Base64Url {

    private Base64Url() {}

    static String encode(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static String random(SecureRandom random, int bytes) {
        byte[] buffer = new byte[bytes];
        random.nextBytes(buffer);
        return encode(buffer);
    }

    static byte[] digest(String algorithm, String text) {
        try {
            return MessageDigest.getInstance(algorithm).digest(text.getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException e) {
            // Every Java platform ships SHA-256/384/512 (Java SE spec), so this cannot happen.
            throw new IllegalStateException("the JDK lacks " + algorithm, e);
        }
    }
}
