package dev.stormwatch.load.report;

import dev.stormwatch.base.Secret;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.RedisChoice;
import dev.stormwatch.load.options.Target;
import dev.stormwatch.load.options.TargetCredential;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes secrets from the text of a report (RC6: exported reports show bearer tokens, API keys, refresh tokens,
 * authorization codes and DPoP proofs redacted): the run's known secrets by value, and anything shaped like a secret
 * (a bearer token, a JWT, a key in a query string, an {@code sk-} key) by pattern, for secrets the run learnt later.
 */
public final class Redactor {

    /** No known secret; the patterns still apply. */
    public static final Redactor PATTERNS_ONLY = new Redactor(List.of());

    /** Shorter "secrets" would redact ordinary words and numbers; no real key is this short. */
    private static final int SHORTEST_SECRET = 6;

    private static final List<Pattern> SECRET_SHAPES = List.of(
            // Authorization: Bearer <token>, DPoP <token>
            Pattern.compile("(?i)\\b(bearer|dpop)(\\s+)[A-Za-z0-9._~+/=-]+"),
            // A JWT (ID token, access token, DPoP proof): three base64url parts, the first starting {"
            Pattern.compile("eyJ[A-Za-z0-9_-]*\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*"),
            // key=value pairs in query strings, headers or messages
            Pattern.compile("(?i)\\b(api[_-]?key|access[_-]?token|refresh[_-]?token|id[_-]?token|token|code|"
                    + "client[_-]?secret|secret|password|sig|signature)(\\s*[=:]\\s*)[^&\\s\"',;]+"),
            // OpenAI-style keys
            Pattern.compile("\\bsk-[A-Za-z0-9_-]{8,}"));

    private final List<String> secrets;

    private Redactor(Collection<String> secrets) {
        List<String> longEnough = new ArrayList<>();
        for (String secret : secrets) {
            if (secret != null && secret.length() >= SHORTEST_SECRET) {
                longEnough.add(secret);
            }
        }
        // Longest first, so that a secret containing another is replaced whole.
        longEnough.sort(Comparator.comparingInt(String::length).reversed());
        this.secrets = List.copyOf(longEnough);
    }

    /** A redactor that also knows these secret values. */
    public static Redactor knowing(Collection<Secret> secrets) {
        List<String> values = new ArrayList<>();
        for (Secret secret : secrets) {
            values.add(secret.reveal());
        }
        return new Redactor(values);
    }

    /** A redactor that knows the run's credential, and the user info and query of its URLs. */
    public static Redactor forOptions(LoadOptions options) {
        List<String> values = new ArrayList<>();
        if (options.credential() instanceof TargetCredential.ApiKey key) {
            values.add(key.key().reveal());
        }
        if (options.target() instanceof Target.Remote remote) {
            addUrlSecrets(remote.baseUrl(), values);
        }
        if (options.redis() instanceof RedisChoice.External external) {
            addUrlSecrets(external.url(), values);
        }
        return new Redactor(values);
    }

    /** This redactor, knowing these secret values too (tokens the run learnt, such as the OAuth session's). */
    public Redactor alsoKnowing(Collection<Secret> more) {
        List<String> values = new ArrayList<>(secrets);
        for (Secret secret : more) {
            values.add(secret.reveal());
        }
        return new Redactor(values);
    }

    /** The user info and query of a URL, whole and in parts: {@code :password} shows up as {@code password} too. */
    private static void addUrlSecrets(URI url, List<String> values) {
        for (String userInfo : new String[] {url.getRawUserInfo(), url.getUserInfo()}) {
            if (userInfo != null) {
                values.add(userInfo);
                values.addAll(List.of(userInfo.split(":")));
            }
        }
        for (String query : new String[] {url.getRawQuery(), url.getQuery()}) {
            if (query == null) {
                continue;
            }
            values.add(query);
            for (String parameter : query.split("&")) {
                int equals = parameter.indexOf('=');
                // The value, not the name: "model" or "api_key" are words a report may need.
                values.add(equals < 0 ? parameter : parameter.substring(equals + 1));
            }
        }
    }

    /** The text with every known secret and everything shaped like one replaced by {@value Secret#REDACTED}. */
    public String redact(String text) {
        if (text == null) {
            return null;
        }
        String result = text;
        for (String secret : secrets) {
            result = result.replace(secret, Secret.REDACTED);
        }
        for (Pattern shape : SECRET_SHAPES) {
            Matcher matcher = shape.matcher(result);
            StringBuilder out = new StringBuilder();
            while (matcher.find()) {
                String kept = matcher.groupCount() >= 2 ? matcher.group(1) + matcher.group(2) : "";
                matcher.appendReplacement(out, Matcher.quoteReplacement(kept + Secret.REDACTED));
            }
            matcher.appendTail(out);
            result = out.toString();
        }
        return result;
    }
}
