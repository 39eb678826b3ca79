package dev.stormwatch.app.session;

import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTParser;
import dev.stormwatch.base.Secret;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.ParseException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * One token as the session area shows it: never its value, only a fingerprint, its length, and for a JWT its
 * decoded header and claims (which cannot be replayed without the signature).
 *
 * @param name "ID token", "Access token" or "Refresh token"
 * @param fingerprint the first 12 hex digits of the value's SHA-256, to tell tokens apart in a ticket
 * @param header the decoded JOSE header as indented JSON, empty for an opaque token
 * @param claims the decoded claims as indented JSON, empty for an opaque token
 * @param verification what was checked, and by whom
 */
public record TokenDetails(String name, String fingerprint, int length, String header, String claims,
        String verification) {

    static TokenDetails of(String name, Secret token, String verification) {
        String value = token.reveal();
        Optional<JWT> jwt = parse(value);
        return new TokenDetails(name, fingerprint(value), value.length(),
                jwt.map(j -> PrettyJson.of(j.getHeader().toJSONObject())).orElse(""),
                jwt.map(TokenDetails::claims).orElse(""),
                verification);
    }

    /** The JOSE header's {@code alg} and {@code kid}, for the verification line. */
    static String algorithmAndKey(Secret token) {
        return parse(token.reveal())
                .map(j -> j.getHeader().getAlgorithm() + (j.getHeader().toJSONObject().get("kid") == null
                        ? "" : ", key " + j.getHeader().toJSONObject().get("kid")))
                .orElse("opaque");
    }

    /** Whether the token is a JWT the window can decode. */
    public boolean decoded() {
        return !claims.isEmpty();
    }

    private static Optional<JWT> parse(String value) {
        try {
            return Optional.of(JWTParser.parse(value));
        } catch (ParseException notAJwt) {
            return Optional.empty();
        }
    }

    private static String claims(JWT jwt) {
        try {
            return PrettyJson.of(jwt.getJWTClaimsSet().toJSONObject());
        } catch (ParseException e) {
            return "";
        }
    }


    private static String fingerprint(String value) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(digest, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }
}
