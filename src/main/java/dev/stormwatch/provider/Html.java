package dev.stormwatch.provider;

import dev.stormwatch.server.Response;

/** The provider's few HTML pages (sign-in, error, signed out), escaped against injection (OWASP XSS rule 1). */
final class Html {

    private Html() {}

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    static Response page(int status, String title, String bodyHtml) {
        String page = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + escape(title)
                + "</title><style>body{font-family:sans-serif;max-width:30em;margin:3em auto}"
                + "button{margin:.5em .5em 0 0}</style></head><body><h1>" + escape(title) + "</h1>" + bodyHtml
                + "</body></html>";
        return Response.html(status, page)
                .withHeader("Cache-Control", "no-store")
                .withHeader("X-Frame-Options", "DENY");
    }

    /** An error page: shown instead of redirecting when the redirect URI cannot be trusted (RFC 6749 §4.1.2.1). */
    static Response error(int status, String message) {
        return page(status, "Sign-in error", "<p id=\"error\">" + escape(message) + "</p>");
    }

    /**
     * The end of a sign-in form: one radio button per demo user (the first chosen), then Allow and Deny, each
     * submitting the form with its {@code decision}; the sign-in page and the device verification page share it.
     */
    static void userChoiceAndDecision(StringBuilder body, java.util.List<DemoUser> users) {
        boolean first = true;
        for (DemoUser user : users) {
            body.append("<p><label><input type=\"radio\" name=\"user\" value=\"")
                    .append(escape(user.subject()))
                    .append(first ? "\" checked" : "\"")
                    .append("> ")
                    .append(escape(user.name()))
                    .append(" &lt;")
                    .append(escape(user.email()))
                    .append("&gt;</label></p>");
            first = false;
        }
        body.append("<button type=\"submit\" name=\"decision\" value=\"allow\">Allow</button>")
                .append("<button type=\"submit\" name=\"decision\" value=\"deny\">Deny</button></form>");
    }
}
