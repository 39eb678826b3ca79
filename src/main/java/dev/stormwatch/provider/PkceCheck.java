package dev.stormwatch.provider;

import dev.stormwatch.base.Base64Url;
import java.util.regex.Pattern;

/**
 * The provider's side of Proof Key for Code Exchange: checks a challenge and then the verifier that must match it, with
 * the S256 method only (RFC 7636 §4.2, §4.6); "plain" is refused. The client's side, which generates them, is
 * {@code oauth.Pkce}; both compute S256 with {@link Base64Url#sha256}.
 */
final class PkceCheck {

    /** RFC 7636 §4.1: 43 to 128 unreserved characters. */
    private static final Pattern VERIFIER = Pattern.compile("[A-Za-z0-9._~-]{43,128}");

    /** base64url of a 32-byte SHA-256 digest is 43 characters. */
    private static final Pattern CHALLENGE = Pattern.compile("[A-Za-z0-9_-]{43}");

    private PkceCheck() {}

    static boolean wellFormedChallenge(String challenge) {
        return challenge != null && CHALLENGE.matcher(challenge).matches();
    }

    static boolean wellFormedVerifier(String verifier) {
        return verifier != null && VERIFIER.matcher(verifier).matches();
    }

    /** RFC 7636 §4.6: BASE64URL(SHA256(ASCII(code_verifier))) == code_challenge. */
    static boolean verifies(String verifier, String challenge) {
        return Base64Url.sha256(verifier).equals(challenge);
    }
}
