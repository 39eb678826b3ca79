package dev.stormwatch.oauth;

import dev.stormwatch.testing.BrowserCookies;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.FormBody;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Stands in for a person at a browser on a provider's own login form: opens the authorization URL, reads the login
 * page (keeping its session cookie and CSRF token, as a browser does), spends {@code pause} on it, posts the user name
 * and password, and follows the redirects until the loopback receiver answers. Runs on its own thread, as a browser
 * would, on its own connections.
 */
final class FormLoginBrowser implements BrowserLauncher {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"");

    private final String user;
    private final String password;
    private final Duration pause;
    private final List<CompletableFuture<String>> pages = new ArrayList<>();
    private final OkHttpClient http = BrowserCookies.browser();

    FormLoginBrowser(String user, String password, Duration pause) {
        this.user = user;
        this.password = password;
        this.pause = pause;
    }

    /** The end-session forms read from the one-time loopback pages and posted (SX7), in order. */
    final List<dev.stormwatch.testing.EndSessionForm> endSessionForms =
            new java.util.concurrent.CopyOnWriteArrayList<>();

    /** SX7: opens the one-time loopback page, posts its form with the browser's cookies, and follows the redirects. */
    @Override
    public synchronized boolean openCarryingToken(URI url) {
        pages.add(CompletableFuture.supplyAsync(() -> {
            try {
                var form = dev.stormwatch.testing.EndSessionForm.fetch(http, HttpUrl.get(url.toString()));
                endSessionForms.add(form);
                try (Response last = http.newCall(form.submission()).execute()) {
                    return last.code() + " "
                            + (last.body() == null ? "" : last.body().string());
                }
            } catch (IOException e) {
                return "failed: " + e;
            }
        }));
        return true;
    }

    @Override
    public synchronized boolean startBrowser(URI authorizationUrl) {
        pages.add(CompletableFuture.supplyAsync(() -> signIn(authorizationUrl)));
        return true;
    }

    /** The last page the browser showed: the loopback receiver's, after a sign-in. */
    synchronized String lastPage() throws Exception {
        return pages.get(pages.size() - 1).get(30, TimeUnit.SECONDS);
    }

    private String signIn(URI authorizationUrl) {
        if (!authorizationUrl.getPath().endsWith("/authorize")) {
            return follow(authorizationUrl); // another page, such as an end-session endpoint's (SX1)
        }
        try (Response loginPage = http.newCall(
                        new Request.Builder().url(authorizationUrl.toString()).build())
                .execute()) {
            String html = loginPage.body() == null ? "" : loginPage.body().string();
            Matcher csrf = CSRF.matcher(html);
            if (!csrf.find()) {
                return "no login form at " + loginPage.request().url().encodedPath() + ": " + loginPage.code();
            }
            HttpUrl formAction = loginPage.request().url();
            Thread.sleep(pause.toMillis());
            FormBody form = new FormBody.Builder()
                    .add("username", user)
                    .add("password", password)
                    .add("_csrf", csrf.group(1))
                    .build();
            try (Response last = http.newCall(
                            new Request.Builder().url(formAction).post(form).build())
                    .execute()) {
                return last.code() + " "
                        + (last.body() == null ? "" : last.body().string());
            }
        } catch (IOException e) {
            return "failed: " + e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /** Opens a page with the browser's cookies and follows its redirects, as a browser does with a link. */
    private String follow(URI url) {
        try (Response last =
                http.newCall(new Request.Builder().url(url.toString()).build()).execute()) {
            return last.code() + " " + (last.body() == null ? "" : last.body().string());
        } catch (IOException e) {
            return "failed: " + e;
        }
    }
}
