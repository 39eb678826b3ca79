package dev.stormwatch.app.session;

import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTParser;
import dev.stormwatch.base.Digests;
import dev.stormwatch.base.Secret;
import java.text.ParseException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
public record TokenDetails(
        String name, String fingerprint, int length, String header, String claims, String verification) {

    static TokenDetails of(String name, Secret token, String verification) {
        String value = token.reveal();
        Optional<JWT> jwt = parse(value);
        return new TokenDetails(
                name,
                fingerprint(value),
                value.length(),
                jwt.map(j -> PrettyJson.of(j.getHeader().toJSONObject())).orElse(""),
                jwt.map(TokenDetails::claims).orElse(""),
                verification);
    }

    /** The JOSE header's {@code alg} and {@code kid}, for the verification line. */
    static String algorithmAndKey(Secret token) {
        return parse(token.reveal())
                .map(j -> j.getHeader().getAlgorithm()
                        + (j.getHeader().toJSONObject().get("kid") == null
                                ? ""
                                : ", key " + j.getHeader().toJSONObject().get("kid")))
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
            return withTimes(PrettyJson.of(jwt.getJWTClaimsSet().toJSONObject()), ZoneId.systemDefault());
        } catch (ParseException e) {
            return "";
        }
    }

    /** A time claim in seconds since 1970 (RFC 7519 §2 NumericDate), with nothing after its comma. */
    private static final Pattern TIME_CLAIM =
            Pattern.compile("^(\\s*\"(exp|iat|nbf|auth_time)\"\\s*:\\s*)(\\d{1,12})(,?)$", Pattern.MULTILINE);

    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ENGLISH);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("d MMM yyyy", Locale.ENGLISH);
    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ENGLISH);

    /**
     * The claims with each time claim ({@code exp}, {@code iat}, {@code nbf}, {@code auth_time}) read out beside
     * its number, in local time and in UTC: {@code "exp" : 1764582770,  // 10:52:50 local, 09:52:50 UTC, 1 Dec 2025}.
     */
    static String withTimes(String json, ZoneId zone) {
        Matcher m = TIME_CLAIM.matcher(json);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Instant at = Instant.ofEpochSecond(Long.parseLong(m.group(3)));
            // The time first, the day last: in a narrow pane the cut loses the least useful part.
            String readable = LOCAL.format(at.atZone(zone)) + " local, " + UTC.format(at.atZone(ZoneOffset.UTC))
                    + " UTC, " + DAY.format(at.atZone(zone));
            m.appendReplacement(
                    out, Matcher.quoteReplacement(m.group(1) + m.group(3) + m.group(4) + "  // " + readable));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String fingerprint(String value) {
        return "sha256:" + HexFormat.of().formatHex(Digests.sha256(value), 0, 6);
    }
}
