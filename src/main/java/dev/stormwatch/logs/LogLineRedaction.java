package dev.stormwatch.logs;

import dev.stormwatch.base.Secret;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces what looks like a secret in a finished log line with {@link Secret#REDACTED}: the last guard, behind
 * {@code Secret}'s own redacting {@code toString()} and the request descriptions of RC6, for a secret that reaches a
 * message some other way (an exception text, a library's log line, a URL). Errs on the side of hiding.
 *
 * <p>Every pattern is linear: possessive quantifiers and no nested repetition, so that a hostile line cannot make
 * logging slow.
 */
public final class LogLineRedaction {

    /** A value: anything up to a separator, but not a marker already written (it starts with '['). */
    private static final String VALUE = "[^\\s\"&,;\\[\\]}][^\\s\"&,;\\]}]*+";

    private static final List<Pattern> WHOLE = List.of(
            // A JWT or JWS (an access, ID or refresh token, a DPoP proof, a client assertion), signed or not.
            Pattern.compile("eyJ[A-Za-z0-9_-]*+\\.[A-Za-z0-9_-]*+(?:\\.[A-Za-z0-9_-]*+)?+"),
            // API keys in the OpenAI style, the relay's included.
            Pattern.compile("\\bsk-[A-Za-z0-9_-]{4,}+"));

    private static final List<Pattern> AFTER_PREFIX = List.of(
            // Headers that always carry a secret, written "Name: value" or "Name=value", with or without a scheme.
            Pattern.compile("(?i)\\b((?:authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key|dpop)"
                    + "\\s*+[:=]\\s*+(?:(?:bearer|dpop|basic)\\s++)?+)" + VALUE),
            // Authorization schemes elsewhere: the credential follows the scheme name.
            Pattern.compile("(?i)\\b((?:bearer|dpop|basic)\\s++)" + VALUE),
            // Redis AUTH and requirepass arguments.
            Pattern.compile("\\b((?:AUTH|requirepass|masterauth)\\s++)" + VALUE),
            // User info in a URL: keep the scheme and the '@', so the host still reads as a host.
            Pattern.compile("(?i)(\\b[a-z][a-z0-9+.-]*+://)[^/\\s@\\[]++(?=@)"));

    /** name=value, name: value and "name":"value": the name in group 2, the value in group 4. */
    private static final Pattern NAMED =
            Pattern.compile("(\"?+)(?<![A-Za-z0-9_.-])([A-Za-z0-9_.-]++)(\"?+\\s*+[:=]\\s*+\"?+)(" + VALUE + ")");

    /** Name fragments that mark a secret value: RC6's list, and the state and nonce of a sign-in. */
    private static final List<String> SECRET_NAME_FRAGMENTS = List.of(
            "token",
            "secret",
            "password",
            "passwd",
            "passphrase",
            "code",
            "verifier",
            "assertion",
            "credential",
            "api_key",
            "apikey",
            "api-key",
            "state",
            "nonce",
            "cookie",
            "dpop",
            "session_id",
            "jti");

    private LogLineRedaction() {}

    /** {@code line} with every secret-looking part replaced by {@link Secret#REDACTED}. */
    public static String redact(String line) {
        String text = line;
        for (Pattern pattern : WHOLE) {
            text = pattern.matcher(text).replaceAll(Matcher.quoteReplacement(Secret.REDACTED));
        }
        for (Pattern pattern : AFTER_PREFIX) {
            text = pattern.matcher(text)
                    .replaceAll(match -> Matcher.quoteReplacement(match.group(1) + Secret.REDACTED));
        }
        return NAMED.matcher(text)
                .replaceAll(match -> Matcher.quoteReplacement(
                        looksSecret(match.group(2))
                                ? match.group(1) + match.group(2) + match.group(3) + Secret.REDACTED
                                : match.group()));
    }

    private static boolean looksSecret(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (String fragment : SECRET_NAME_FRAGMENTS) {
            if (lower.contains(fragment)) {
                return true;
            }
        }
        return false;
    }
}
