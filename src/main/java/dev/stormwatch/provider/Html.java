package dev.stormwatch.provider;

import dev.stormwatch.base.HtmlPage;
import dev.stormwatch.server.Response;

/** The provider's few HTML pages (sign-in, error, signed out), escaped against injection (OWASP XSS rule 1). */
final class Html {

    private Html() {}

    static Response page(int status, String title, String bodyHtml) {
        String page = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + HtmlPage.escape(title)
                + "</title><style>body{font-family:sans-serif;max-width:30em;margin:3em auto}"
                + "button{margin:.5em .5em 0 0}</style></head><body><h1>" + HtmlPage.escape(title) + "</h1>" + bodyHtml
                + "</body></html>";
        return Response.html(status, page)
                .withHeader("Cache-Control", "no-store")
                .withHeader("X-Frame-Options", "DENY");
    }

    /** An error page: shown instead of redirecting when the redirect URI cannot be trusted (RFC 6749 §4.1.2.1). */
    static Response error(int status, String message) {
        return page(status, "Sign-in error", "<p id=\"error\">" + HtmlPage.escape(message) + "</p>");
    }

    /**
     * The end of a sign-in form: one radio button per demo user (the first chosen), then Allow and Deny, each
     * submitting the form with its {@code decision}; the sign-in page and the device verification page share it.
     */
    static void userChoiceAndDecision(StringBuilder body, java.util.List<DemoUser> users) {
        boolean first = true;
        for (DemoUser user : users) {
            body.append("<p><label><input type=\"radio\" name=\"user\" value=\"")
                    .append(HtmlPage.escape(user.subject()))
                    .append(first ? "\" checked" : "\"")
                    .append("> ")
                    .append(HtmlPage.escape(user.name()))
                    .append(" &lt;")
                    .append(HtmlPage.escape(user.email()))
                    .append("&gt;</label></p>");
            first = false;
        }
        body.append("<button type=\"submit\" name=\"decision\" value=\"allow\">Allow</button>")
                .append("<button type=\"submit\" name=\"decision\" value=\"deny\">Deny</button></form>");
    }
}
