package dev.stormwatch.base;

/**
 * The building blocks of Stormwatch's self-contained HTML pages (the diagnosis, DG13; the load report, LB12): text
 * escaped for HTML, and a head that forbids every fetch with a Content-Security-Policy. Written here, without a
 * template engine (decisions/0011, 0031).
 */
public final class HtmlPage {

    /** The styles both pages share: a light page, a verdict box, right-aligned number tables. */
    public static final String STYLE = """
            body{font-family:system-ui,sans-serif;color:#1d2330;background:#f6f7f9;margin:24px;max-width:1100px}
            h1{font-size:22px}h2{font-size:17px;margin-top:28px}
            .verdict{background:#fff;border-left:4px solid #c53030;padding:10px 14px}
            .partial{color:#b7791f;font-weight:bold}
            table{border-collapse:collapse;background:#fff}th,td{padding:4px 10px;border-bottom:1px solid #dde;\
            text-align:right}th:first-child,td:first-child{text-align:left;white-space:nowrap}
            .rule{font-family:monospace;font-weight:bold}.muted{color:#5b6475}
            .yes{color:#c53030;font-weight:bold}code{font-size:12px}
            """;

    private HtmlPage() {}

    /**
     * Opens a page: doctype, charset, the policy, the title and the style, up to and including {@code <body>}.
     *
     * @param contentSecurityPolicy what the page may load; {@code default-src 'none'} and what it needs beyond
     */
    public static void open(StringBuilder out, String title, String contentSecurityPolicy, String style) {
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
                .append(contentSecurityPolicy)
                .append("\">\n")
                .append("<title>")
                .append(escape(title))
                .append("</title>\n<style>")
                .append(style)
                .append("</style>\n</head>\n<body>\n");
    }

    /** Text as HTML: {@code & < > " '} escaped, so that no text can open a tag or leave an attribute. */
    public static String escape(String value) {
        StringBuilder out = new StringBuilder(value.length() + 16);
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            switch (ch) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(ch);
            }
        }
        return out.toString();
    }
}
