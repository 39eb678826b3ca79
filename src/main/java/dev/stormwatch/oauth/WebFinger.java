package dev.stormwatch.oauth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.retry.CallFailure;
import java.io.IOException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Finds a provider's issuer from an e-mail-like account (spec PF8): WebFinger (RFC 7033) as OpenID Connect Discovery
 * 1.0 §2 uses it, {@code GET https://HOST/.well-known/webfinger?resource=acct:USER@HOST&rel=...issuer}, and the
 * {@code href} of the link with the issuer relation. One request, read-only; its failures are said in the words of
 * the option or field that gave the account.
 */
public final class WebFinger {

    /** The link relation of an OpenID Connect issuer (OIDC Discovery §2). */
    public static final String ISSUER_REL = "http://openid.net/specs/connect/1.0/issuer";

    public static final String PATH = "/.well-known/webfinger";

    private static final Pattern ACCOUNT =
            Pattern.compile("(?:acct:)?([^@\\s/?#]+)@([A-Za-z0-9.-]+|\\[[0-9A-Fa-f:]+\\])" + "(?::([0-9]{1,5}))?");
    private static final ObjectMapper JSON = new ObjectMapper();

    private WebFinger() {}

    /**
     * PF8: the WebFinger request's URL for an account: https at the account's host, or http when the host is this
     * machine (127.0.0.1, localhost, [::1]), for testing; a port after the host is kept.
     *
     * @param source the option or field that gave the account, for the message ({@code --account})
     * @throws CallFailure.Configuration when the account is not of the form user@host
     */
    public static HttpUrl url(String account, String source) {
        Matcher m = ACCOUNT.matcher(account == null ? "" : account.strip());
        if (!m.matches()) {
            throw Failures.configuration(source + " '" + account + "' is not an account like alice@example.com:"
                    + " give a user, '@' and the provider's host");
        }
        String host = m.group(2).toLowerCase(Locale.ROOT);
        boolean loopback = host.equals("127.0.0.1") || host.equals("localhost") || host.equals("[::1]");
        String authority = host + (m.group(3) == null ? "" : ":" + m.group(3));
        String resource = "acct:" + m.group(1) + "@" + authority;
        HttpUrl url = HttpUrl.parse((loopback ? "http://" : "https://") + authority + PATH);
        if (url == null) {
            throw Failures.configuration(source + " '" + account + "' has a host that is not usable: " + authority);
        }
        return url.newBuilder()
                .addQueryParameter("resource", resource)
                .addQueryParameter("rel", ISSUER_REL)
                .build();
    }

    /**
     * PF8: asks the account's host for its issuer, and checks it as an issuer (https, or http on loopback).
     *
     * @throws CallFailure.Configuration saying what the host answered and to give the issuer instead
     */
    public static Issuer discover(String account, OkHttpClient http, String source) {
        HttpUrl url = url(account, source);
        String host = url.host() + (url.port() == HttpUrl.defaultPort(url.scheme()) ? "" : ":" + url.port());
        String giveIssuer = ": give the provider's issuer URL instead (--issuer, or the Issuer field)";
        try (Response response = http.newCall(new Request.Builder()
                        .url(url)
                        .get()
                        .header("Accept", "application/jrd+json, application/json")
                        .build())
                .execute()) {
            if (response.code() == 404) {
                throw Failures.configuration(source + " " + account + ": " + host + " has no WebFinger endpoint or"
                        + " does not know this account (404 at " + PATH + ")" + giveIssuer);
            }
            if (response.code() != 200) {
                throw Failures.configuration(source + " " + account + ": " + host + " answered WebFinger with HTTP "
                        + response.code() + giveIssuer);
            }
            JsonNode root;
            try {
                root = JSON.readTree(
                        response.body() == null ? "" : response.body().string());
            } catch (IOException notJson) {
                throw Failures.configuration(
                        source + " " + account + ": " + host + "'s WebFinger answer is not JSON" + giveIssuer);
            }
            for (JsonNode link : root == null ? JSON.createArrayNode() : root.path("links")) {
                if (ISSUER_REL.equals(link.path("rel").asText())
                        && link.path("href").isTextual()) {
                    try {
                        return new Issuer(link.path("href").asText());
                    } catch (CallFailure.Configuration bad) {
                        throw Failures.configuration(source + " " + account + ": " + host + " names an issuer that"
                                + " is refused: " + bad.getMessage());
                    }
                }
            }
            throw Failures.configuration(source + " " + account + ": " + host + "'s WebFinger answer has no OpenID"
                    + " Connect issuer link (rel " + ISSUER_REL + ")" + giveIssuer);
        } catch (IOException network) {
            throw Failures.configuration(source + " " + account + ": no answer from " + host + " to WebFinger ("
                    + network.getClass().getSimpleName() + ")" + giveIssuer);
        }
    }
}
