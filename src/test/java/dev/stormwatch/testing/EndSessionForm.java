package dev.stormwatch.testing;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.FormBody;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * What a browser does with the one-time end-session page on the loopback listener (SX7, SX8): fetches it over HTTP,
 * reads its form (action, method and hidden fields, HTML-unescaped) and builds the form-encoded POST a browser sends
 * when the page's script submits it. The test browsers then send it on their own connections, with their own cookies.
 *
 * @param status  the page's HTTP status
 * @param csp     its Content-Security-Policy header ("" when none)
 * @param action  the form's action
 * @param fields  the form's hidden fields, in order
 */
public record EndSessionForm(int status, String csp, HttpUrl action, Map<String, String> fields) {

    private static final Pattern FORM =
            Pattern.compile("<form id=\"end-session\" method=\"post\" action=\"([^\"]+)\">");
    private static final Pattern FIELD =
            Pattern.compile("<input type=\"hidden\" name=\"([^\"]+)\" value=\"([^\"]*)\">");

    /** Fetches the page at {@code page} with {@code http} and reads its form; fails when there is none. */
    public static EndSessionForm fetch(OkHttpClient http, HttpUrl page) throws IOException {
        try (Response response =
                http.newCall(new Request.Builder().url(page).build()).execute()) {
            String html = response.body() == null ? "" : response.body().string();
            Matcher form = FORM.matcher(html);
            if (!form.find()) {
                throw new IOException("no end-session form at " + page.encodedPath() + ": " + response.code());
            }
            Map<String, String> fields = new LinkedHashMap<>();
            Matcher field = FIELD.matcher(html);
            while (field.find()) {
                fields.put(unescape(field.group(1)), unescape(field.group(2)));
            }
            String csp = response.header("Content-Security-Policy");
            return new EndSessionForm(
                    response.code(),
                    csp == null ? "" : csp,
                    HttpUrl.get(unescape(form.group(1))),
                    java.util.Collections.unmodifiableMap(fields));
        }
    }

    /** The POST the browser sends when the form is submitted. */
    public Request submission() {
        FormBody.Builder body = new FormBody.Builder();
        fields.forEach(body::add);
        return new Request.Builder().url(action).post(body.build()).build();
    }

    private static String unescape(String text) {
        return text.replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&");
    }
}
