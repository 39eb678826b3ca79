package dev.stormwatch.oauth;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Extra parameters of the authorization request that providers and registrations ask for (AR1): {@code audience},
 * {@code resource} (RFC 8707), {@code prompt}, {@code max_age}, {@code acr_values}, {@code login_hint},
 * {@code ui_locales} (OIDC Core §3.1.2.1) and free-form ones, checked when made. They never replace a parameter the
 * client sets itself.
 */
public record AuthorizationParameters(Map<String, String> values) {

    /** None. */
    public static final AuthorizationParameters NONE = new AuthorizationParameters(Map.of());

    /** AR1: what the client sets itself, for PKCE, state, nonce and the redirect: never overridden. */
    static final Set<String> RESERVED = Set.of(
            "response_type",
            "client_id",
            "redirect_uri",
            "scope",
            "state",
            "nonce",
            "code_challenge",
            "code_challenge_method",
            "request_uri",
            "request",
            "response_mode");

    private static final Set<String> PROMPTS = Set.of("none", "login", "consent", "select_account", "create");

    public AuthorizationParameters {
        values = Map.copyOf(values);
        values.forEach(AuthorizationParameters::check);
    }

    /**
     * Reads {@code name=value} items (the CLI's repeated {@code --auth-param}); a name given twice is refused.
     *
     * @throws dev.stormwatch.retry.CallFailure.Configuration naming the item and what to change (AR1)
     */
    public static AuthorizationParameters parse(List<String> items) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String item : items) {
            int eq = item.indexOf('=');
            if (eq <= 0) {
                throw Failures.configuration("'" + item + "' is not name=value (e.g. prompt=login)");
            }
            String name = item.substring(0, eq).strip();
            if (values.put(name, item.substring(eq + 1)) != null) {
                throw Failures.configuration("'" + name + "' is given twice; give each parameter once");
            }
        }
        return new AuthorizationParameters(values);
    }

    private static void check(String name, String value) {
        // AR1: a parameter name is a token of letters, digits, '_', '-' and '.', nothing that breaks the query.
        if (name.isEmpty()
                || !name.chars()
                        .allMatch(c -> Character.isLetterOrDigit(c) && c < 128 || c == '_' || c == '-' || c == '.')) {
            throw Failures.configuration("'" + name + "' is not a parameter name (letters, digits, _ - . only)");
        }
        if (RESERVED.contains(name)) {
            throw Failures.configuration("'" + name + "' is set by the client itself (PKCE, state, nonce, redirect)"
                    + " and cannot be given; " + (name.equals("scope") ? "use --scope" : "leave it out"));
        }
        if (value.isEmpty()) {
            throw Failures.configuration("'" + name + "' has an empty value; give a value or leave it out");
        }
        switch (name) {
            case "max_age" -> {
                // OIDC Core §3.1.2.1: seconds, a non-negative integer.
                if (value.length() > 10 || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
                    throw Failures.configuration("max_age '" + value + "' must be a number of seconds (0 or more)");
                }
            }
            case "prompt" -> {
                for (String p : value.split(" ")) {
                    if (!PROMPTS.contains(p)) {
                        throw Failures.configuration("prompt '" + value + "' must be space-separated values among "
                                + PROMPTS.stream().sorted().toList());
                    }
                }
                if (value.contains("none") && value.split(" ").length > 1) {
                    throw Failures.configuration(
                            "prompt 'none' cannot be combined with other values (OIDC Core" + " §3.1.2.1)");
                }
            }
            case "resource" -> {
                // RFC 8707 §2: an absolute URI without a fragment.
                try {
                    URI uri = new URI(value);
                    if (!uri.isAbsolute() || uri.getFragment() != null) {
                        throw Failures.configuration("resource '" + value + "' must be an absolute URI without a"
                                + " fragment (RFC 8707 §2)");
                    }
                } catch (URISyntaxException e) {
                    throw Failures.configuration("resource '" + value + "' is not a URI (RFC 8707 §2)");
                }
            }
            default -> {}
        }
    }
}
