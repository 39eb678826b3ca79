package dev.stormwatch.oauth;

import dev.stormwatch.base.Base64Url;
import dev.stormwatch.base.Secret;
import java.security.SecureRandom;

/**
 * The per-login values that bind the browser round trip to this client: {@code state} (RFC 6749 §10.12),
 * {@code nonce} (OIDC Core §3.1.2.1) and the PKCE pair (RFC 7636).
 */
public record LoginSecrets(Secret state, Secret nonce, Pkce pkce) {

    /** 128 bits each: beyond guessing for the lifetime of one login. */
    private static final int OCTETS = 16;

    /** Fresh values from the given random source. */
    public static LoginSecrets generate(SecureRandom random) {
        return new LoginSecrets(
                Secret.of(Base64Url.random(random, OCTETS)),
                Secret.of(Base64Url.random(random, OCTETS)),
                Pkce.generate(random));
    }
}
