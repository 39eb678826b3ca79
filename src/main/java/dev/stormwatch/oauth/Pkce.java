package dev.stormwatch.oauth;

import dev.stormwatch.base.Base64Url;
import dev.stormwatch.base.Secret;
import java.security.SecureRandom;

/**
 * The client's side of PKCE: a fresh verifier and its S256 challenge (RFC 7636 §4.1–4.2); {@code plain} is never
 * used. The provider's side, which checks them, is {@code provider.PkceCheck}; both compute S256 with
 * {@link Base64Url#sha256}.
 *
 * @param verifier the code_verifier, sent only with the code exchange
 * @param challenge BASE64URL(SHA256(verifier)), sent with the authorization request
 */
public record Pkce(Secret verifier, String challenge) {

    /** The only method this client sends (RFC 7636 §4.2: S256 is mandatory to implement). */
    public static final String METHOD = "S256";

    /** 32 random octets give a 43-character verifier, the minimum RFC 7636 §4.1 allows, with 256 bits of entropy. */
    private static final int VERIFIER_OCTETS = 32;

    /** A fresh verifier from the given random source. */
    public static Pkce generate(SecureRandom random) {
        return fromVerifier(Base64Url.random(random, VERIFIER_OCTETS));
    }

    /** The challenge of a known verifier (RFC 7636 §4.2). */
    public static Pkce fromVerifier(String verifier) {
        return new Pkce(Secret.of(verifier), Base64Url.sha256(verifier));
    }
}
