package dev.stormwatch.oauth;

import dev.stormwatch.base.Digests;
import dev.stormwatch.base.HtmlPage;
import java.nio.charset.StandardCharsets;

/**
 * The page the browser shows after the redirect (RFC 8252 §7.3): it says plainly whether sign-in worked; every
 * text from the provider or the request is HTML-escaped (it is attacker-controlled).
 */
public record SignInPage(int status, String title, String detail, boolean closeTab) {

    /**
     * UI20: takes the redirect's query (the spent code, the state, an error description) out of the address bar and
     * the tab's history, without another request: the port is closed by then (RFC 8252 §8.3), and a screenshot or a
     * shared screen of the tab no longer shows them.
     */
    static final String CLEAN_ADDRESS_SCRIPT = "history.replaceState(null, '', '/');";

    /**
     * UI5: asks the browser to close the tab. Browsers allow it only for a tab a script opened, so on most the
     * sentence "You can close this tab" stays; where allowed, the tab goes.
     */
    static final String CLOSE_TAB_SCRIPT = "window.close();";

    public SignInPage(int status, String title, String detail) {
        this(status, title, detail, false);
    }

    /** Sign-in worked: the page says the tab can be closed, and tries to close it (UI5). */
    public static SignInPage succeeded() {
        return new SignInPage(
                200,
                "Signed in",
                "You are signed in to Stormwatch. You can close this tab and go back " + "to Stormwatch.",
                true);
    }

    /** The provider sent the browser back after an RP-initiated logout (SX1): the tab can be closed (UI5). */
    public static SignInPage signedOut() {
        return new SignInPage(
                200,
                "Signed out",
                "You are signed out of the provider and of Stormwatch. You can close"
                        + " this tab and go back to Stormwatch.",
                true);
    }

    /** The login ended in a failure that the user should read. */
    public static SignInPage failed(String detail) {
        return new SignInPage(200, "Sign-in failed", detail);
    }

    /** A request that did not end the login: Stormwatch keeps waiting for the right one. */
    public static SignInPage rejected(int status, String detail) {
        return new SignInPage(
                status,
                "Not the sign-in Stormwatch is waiting for",
                detail + " Stormwatch is still waiting for the sign-in it started.");
    }

    /** The full HTTP response. */
    byte[] toHttpResponse() {
        // The page's one script; its SHA-256 is the only script the Content-Security-Policy lets run.
        String script = CLEAN_ADDRESS_SCRIPT + (closeTab ? CLOSE_TAB_SCRIPT : "");
        String scriptHash = Digests.cspScriptSource(script);
        String html = "<!doctype html><html><head><meta charset=\"utf-8\"><title>Stormwatch: " + HtmlPage.escape(title)
                + "</title></head><body style=\"font-family:sans-serif;margin:3em\"><h1>" + HtmlPage.escape(title)
                + "</h1><p>" + HtmlPage.escape(detail) + "</p>"
                + "<script>" + script + "</script></body></html>";
        byte[] body = html.getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 " + status + " " + reason() + "\r\n"
                + "Content-Type: text/html; charset=utf-8\r\n"
                + "Content-Length: " + body.length + "\r\n"
                + "Cache-Control: no-store\r\n"
                + "Referrer-Policy: no-referrer\r\n"
                + "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; script-src " + scriptHash
                + "\r\n"
                + "Connection: close\r\n\r\n";
        byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[headBytes.length + body.length];
        System.arraycopy(headBytes, 0, all, 0, headBytes.length);
        System.arraycopy(body, 0, all, headBytes.length, body.length);
        return all;
    }

    private String reason() {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 414 -> "URI Too Long";
            default -> "Error";
        };
    }
}
