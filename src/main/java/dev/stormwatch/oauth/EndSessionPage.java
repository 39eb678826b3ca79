package dev.stormwatch.oauth;

import dev.stormwatch.base.Digests;
import dev.stormwatch.base.HtmlPage;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The one-time loopback page of an RP-initiated logout (SX7, SX8): a form that the browser posts, form-encoded, to the
 * provider's {@code end_session_endpoint} (OpenID Connect RP-Initiated Logout 1.0 §2: the provider must accept POST),
 * so the ID token travels in a request body and never in an address the browser keeps in its history. One inline
 * script submits it; a button does the same where scripts are off.
 *
 * @param endpoint the provider's end-session endpoint, the form's action
 * @param fields   the form's fields, in order; they hold the ID token, so the page is served once and never logged
 * @param loggedOut the post-logout redirect URI on the loopback listener, where the provider sends the browser back
 */
record EndSessionPage(URI endpoint, Map<String, String> fields, URI loggedOut) {

    /** SX8: the page's one script; its SHA-256 is the only script the Content-Security-Policy lets run. */
    static final String SUBMIT_SCRIPT = "document.getElementById('end-session').submit();";

    EndSessionPage {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(loggedOut, "loggedOut");
        fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    /**
     * SX8: the Content-Security-Policy: nothing loads, only {@link #SUBMIT_SCRIPT} runs, and a form may go only to the
     * provider's end-session origin and to the loopback post-logout address (Chromium applies {@code form-action} to
     * the redirects that follow a form's submission too). CSP's grammar has no IPv6 literal, so for
     * {@code http://[::1]:PORT/logged-out} the loopback address is named as {@code 'self'}: the page is served from
     * that very origin.
     */
    String contentSecurityPolicy() {
        String back = loggedOut.getHost().startsWith("[") ? "'self'" : loggedOut.toString();
        return "default-src 'none'; style-src 'unsafe-inline'; script-src " + scriptHash() + "; form-action "
                + origin(endpoint) + " " + back + "; base-uri 'none'; frame-ancestors 'none'";
    }

    /** The full HTTP response. */
    byte[] toHttpResponse() {
        StringBuilder html = new StringBuilder("<!doctype html><html><head><meta charset=\"utf-8\">"
                + "<title>Stormwatch: Signing out</title></head><body style=\"font-family:sans-serif;margin:3em\">"
                + "<h1>Signing out</h1><p>Stormwatch is taking you to the provider to end your sign-in there.</p>"
                + "<form id=\"end-session\" method=\"post\" action=\"" + HtmlPage.escape(endpoint.toString())
                + "\">");
        fields.forEach((name, value) -> html.append("<input type=\"hidden\" name=\"")
                .append(HtmlPage.escape(name))
                .append("\" value=\"")
                .append(HtmlPage.escape(value))
                .append("\">"));
        html.append("<button type=\"submit\">Sign out at the provider</button></form><script>")
                .append(SUBMIT_SCRIPT)
                .append("</script></body></html>");
        byte[] body = html.toString().getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 200 OK\r\n"
                + "Content-Type: text/html; charset=utf-8\r\n"
                + "Content-Length: " + body.length + "\r\n"
                + "Cache-Control: no-store\r\n"
                + "Referrer-Policy: no-referrer\r\n"
                + "Content-Security-Policy: " + contentSecurityPolicy() + "\r\n"
                + "Connection: close\r\n\r\n";
        byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[headBytes.length + body.length];
        System.arraycopy(headBytes, 0, all, 0, headBytes.length);
        System.arraycopy(body, 0, all, headBytes.length, body.length);
        return all;
    }

    private static String scriptHash() {
        return Digests.cspScriptSource(SUBMIT_SCRIPT);
    }

    /** {@code scheme://host[:port]} of an address, as a CSP source expression. */
    static String origin(URI uri) {
        return uri.getScheme() + "://" + uri.getRawAuthority().replaceFirst("^.*@", "");
    }
}
