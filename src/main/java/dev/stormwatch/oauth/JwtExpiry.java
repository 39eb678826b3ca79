package dev.stormwatch.oauth;

import com.nimbusds.jwt.JWTParser;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;

/** The {@code exp} a token states when it is a JWT (RFC 7519 §4.1.4), read without verifying it (SX3). */
final class JwtExpiry {

    private JwtExpiry() {}

    /** The token's {@code exp}; empty for an opaque token, a JWT without {@code exp}, or text that is no JWT. */
    static Optional<Instant> of(String token) {
        if (token.chars().filter(c -> c == '.').count() != 2) {
            return Optional.empty(); // opaque (or JWE, whose claims are not readable here)
        }
        try {
            Date exp = JWTParser.parse(token).getJWTClaimsSet().getExpirationTime();
            return Optional.ofNullable(exp).map(Date::toInstant);
        } catch (java.text.ParseException | RuntimeException notAJwt) {
            return Optional.empty();
        }
    }
}
