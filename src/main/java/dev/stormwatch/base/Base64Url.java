package dev.stormwatch.base;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Base64url without padding (RFC 7515 §2), the encoding of PKCE, state, nonce, jti, DPoP nonces, opaque tokens and
 * token hashes, on the client's side and the servers' alike; and {@link #sha256}, the S256 transform that PKCE and
 * DPoP's {@code ath} both use.
 */
public final class Base64Url {

    private Base64Url() {}

    /** {@code bytes} in base64url without padding. */
    public static String encode(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** {@code octets} random bytes from {@code random}, encoded: an unguessable value (RFC 6749 §10.10). */
    public static String random(SecureRandom random, int octets) {
        byte[] buffer = new byte[octets];
        random.nextBytes(buffer);
        return encode(buffer);
    }

    /**
     * S256: BASE64URL(SHA256(ASCII(text))), the PKCE code challenge of a verifier (RFC 7636 §4.2) and the {@code ath}
     * of an access token (RFC 9449 §4.2).
     */
    public static String sha256(String text) {
        return encode(digest("SHA-256", text));
    }

    /** The {@code algorithm} digest of ASCII({@code text}), e.g. for the left half that OIDC's {@code at_hash} keeps. */
    public static byte[] digest(String algorithm, String text) {
        return Digests.of(algorithm, text.getBytes(StandardCharsets.US_ASCII));
    }
}
