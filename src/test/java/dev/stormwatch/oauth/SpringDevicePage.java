package dev.stormwatch.oauth;

import dev.stormwatch.testing.BrowserCookies;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.FormBody;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * A person approving a device sign-in on Spring Authorization Server's own pages, from another device's browser:
 * opens the verification page the client showed (with the user code), is sent to Spring's login form, spends
 * {@code pause} there, signs in, and on Spring's consent page (shown unless the person consented to these scopes
 * before) ticks every scope asked for and submits it. Keeps the
 * cookies and the CSRF token as a browser does; on its own connections.
 */
public final class SpringDevicePage {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"");
    private static final Pattern ACTION =
            Pattern.compile("<form name=\"consent_form\" method=\"post\" action=\"([^\"]+)\"");
    private static final Pattern HIDDEN = Pattern.compile("type=\"hidden\" name=\"([a-z_]+)\" value=\"([^\"]*)\"");
    private static final Pattern SCOPE = Pattern.compile("type=\"checkbox\" name=\"scope\" value=\"([^\"]+)\"");

    private SpringDevicePage() {}

    /**
     * Approves the device code behind {@code verificationPage} as {@link SpringAuthorizationServer#USER}.
     *
     * @return the address the browser ended on after the consent (Spring's success page has {@code success})
     * @throws IllegalStateException a page was not the one a person would have seen, with what it was
     */
    public static String approve(URI verificationPage, Duration pause) throws IOException, InterruptedException {
        OkHttpClient browser = BrowserCookies.browser();
        HttpUrl loginForm;
        String csrf;
        try (Response login = browser.newCall(
                        new Request.Builder().url(verificationPage.toString()).build())
                .execute()) {
            String html = login.body() == null ? "" : login.body().string();
            Matcher token = CSRF.matcher(html);
            if (!token.find()) {
                throw new IllegalStateException(
                        "no login form at " + login.request().url() + " (" + login.code() + "): " + html);
            }
            loginForm = login.request().url();
            csrf = token.group(1);
        }
        Thread.sleep(pause.toMillis());
        String consentPage;
        HttpUrl consentAt;
        try (Response consent = browser.newCall(new Request.Builder()
                        .url(loginForm)
                        .post(new FormBody.Builder()
                                .add("username", SpringAuthorizationServer.USER)
                                .add("password", SpringAuthorizationServer.PASSWORD)
                                .add("_csrf", csrf)
                                .build())
                        .build())
                .execute()) {
            consentPage = consent.body() == null ? "" : consent.body().string();
            consentAt = consent.request().url();
        }
        if (consentAt.query() != null && consentAt.query().contains("success")) {
            return consentAt.toString(); // Spring remembers an earlier consent to these scopes: approved at sign-in
        }
        Matcher action = ACTION.matcher(consentPage);
        if (!action.find()) {
            throw new IllegalStateException("no consent form at " + consentAt + ": " + consentPage);
        }
        FormBody.Builder form = new FormBody.Builder();
        Matcher hidden = HIDDEN.matcher(consentPage);
        while (hidden.find()) {
            form.add(hidden.group(1), hidden.group(2));
        }
        Matcher scope = SCOPE.matcher(consentPage);
        while (scope.find()) {
            form.add("scope", scope.group(1));
        }
        try (Response done = browser.newCall(new Request.Builder()
                        .url(consentAt.resolve(action.group(1)))
                        .post(form.build())
                        .build())
                .execute()) {
            return done.request().url().toString();
        }
    }
}
