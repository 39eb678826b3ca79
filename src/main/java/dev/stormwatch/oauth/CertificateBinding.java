package dev.stormwatch.oauth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.base.Secret;
import dev.stormwatch.http.ClientCertificate;
import java.io.IOException;
import java.util.Base64;
import java.util.Optional;

/**
 * Certificate-bound access tokens (RFC 8705 §3): a JWT access token whose {@code cnf} claim holds the SHA-256
 * thumbprint ({@code x5t#S256}) of the client certificate it may only be used with (TX2). The client reads the claim
 * to check it and to say so; it never relies on it for anything else (the token stays the resource's to judge).
 */
public final class CertificateBinding {

    /** The confirmation member of RFC 8705 §3.1. */
    public static final String THUMBPRINT_MEMBER = "x5t#S256";

    private static final ObjectMapper JSON = new ObjectMapper();

    private CertificateBinding() {}

    /**
     * The thumbprint an access token is bound to, when it is a JWT with {@code cnf.x5t#S256}; empty for an opaque
     * token or a JWT without it.
     */
    public static Optional<String> thumbprint(Secret accessToken) {
        String[] parts = accessToken.reveal().split("\\.", -1);
        if (parts.length != 3) {
            return Optional.empty();
        }
        try {
            JsonNode claims = JSON.readTree(Base64.getUrlDecoder().decode(parts[1]));
            JsonNode value = claims == null ? null : claims.path("cnf").get(THUMBPRINT_MEMBER);
            return value != null && value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
        } catch (IOException | IllegalArgumentException notAJwt) {
            return Optional.empty();
        }
    }

    /**
     * TX2: a token bound to a certificate must be bound to the one this client presented; a token bound to another
     * certificate, or to one when none was presented (a proxy that ends TLS, a provider's mix-up), could never be
     * used, and is a Protocol error of {@code step} before anything is stored.
     */
    static void check(Secret accessToken, Optional<ClientCertificate> presented, String step) {
        Optional<String> bound = thumbprint(accessToken);
        if (bound.isEmpty()) {
            return;
        }
        if (presented.isEmpty()) {
            throw Failures.protocol(
                    step,
                    "the provider bound the access token to a client certificate"
                            + " (cnf x5t#S256) but this client presented none; a TLS-terminating proxy may have presented its"
                            + " own: reach the provider directly, or give --client-cert");
        }
        if (!bound.get().equals(presented.get().thumbprint())) {
            throw Failures.protocol(
                    step,
                    "the provider bound the access token to another client certificate than"
                            + " the one presented (" + presented.get().describe()
                            + "); a TLS-terminating proxy may have"
                            + " presented its own: reach the provider directly");
        }
    }
}
