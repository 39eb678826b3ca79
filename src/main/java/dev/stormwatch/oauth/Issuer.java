package dev.stormwatch.oauth;

import dev.stormwatch.base.LoopbackHost;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * An issuer identifier (OIDC Discovery §2, RFC 8414 §2): an https URL without query or fragment, or http on a
 * loopback host. Two issuers are equal only when their strings are identical (OIDC Discovery §4.3).
 */
public record Issuer(String value) {

    public Issuer {
        URI uri = parseUri(value);
        // OIDC Discovery §2: the issuer is a case-sensitive https URL with no query or fragment.
        if (uri.getHost() == null || uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw Failures.configuration("issuer '" + value
                    + "' must be an absolute URL with a host and no query or fragment, like https://login.example.com");
        }
        if (!LoopbackHost.isHttpsOrLoopbackHttp(uri)) {
            throw Failures.configuration(
                    "issuer '" + value
                            + "' must use https (plain http is allowed only on 127.0.0.1, [::1], localhost or a name under .localhost)");
        }
    }

    /** The issuer as a URI. */
    public URI uri() {
        return URI.create(value);
    }

    /** OIDC Discovery §4: the issuer with {@code /.well-known/openid-configuration} appended. */
    public URI openIdConfigurationUrl() {
        return URI.create(withoutTrailingSlash() + "/.well-known/openid-configuration");
    }

    /** RFC 8414 §3.1: the well-known segment goes between host and path. */
    public URI authorizationServerMetadataUrl() {
        URI uri = uri();
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        if (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return URI.create(
                uri.getScheme() + "://" + uri.getRawAuthority() + "/.well-known/oauth-authorization-server" + path);
    }

    /** Exact string comparison (OIDC Discovery §4.3, RFC 9207 §2.4). */
    public boolean sameAs(String other) {
        return value.equals(other);
    }

    private String withoutTrailingSlash() {
        return value.endsWith("/") ? value.substring(0, value.length() - 1) : value;
    }

    private static URI parseUri(String value) {
        if (value == null || value.isBlank()) {
            throw Failures.configuration(
                    "issuer is missing: give the provider's issuer URL, like https://login.example.com");
        }
        try {
            return new URI(value);
        } catch (URISyntaxException e) {
            throw Failures.configuration("issuer '" + value + "' is not a URL: " + e.getReason());
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
