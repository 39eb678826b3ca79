package dev.stormwatch.app;

import dev.stormwatch.oauth.BrowserLauncher;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.testing.EndSessionForm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.ConnectionPool;
import okhttp3.FormBody;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Stands in for the system browser: follows the authorization URL with an HTTP client, picks the first demo user
 * on the embedded provider's sign-in page, allows, and follows the redirect to the loopback receiver.
 */
public final class SignInPageBrowser implements BrowserLauncher {

    private static final Pattern INTERACTION = Pattern.compile("name=\"interaction\" value=\"([^\"]+)\"");
    private static final Pattern FIRST_USER = Pattern.compile("name=\"user\" value=\"([^\"]+)\"");

    // Like a browser, which opens a new connection when a kept-alive one has gone stale, it never reuses one.
    private final OkHttpClient http = new OkHttpClient.Builder()
            .followRedirects(false)
            .connectionPool(new ConnectionPool(0, 1, TimeUnit.SECONDS))
            .build();
    private final Duration thinkTime;
    volatile CompletableFuture<Integer> lastSignIn = new CompletableFuture<>();
    /** When true, the "browser" opens but the user never finishes signing in. */
    volatile boolean stall;

    /** A person who picks a user and allows at once. */
    public SignInPageBrowser() {
        this(Duration.ZERO);
    }

    /**
     * Signs the desktop client in at {@code provider} as its first demo user, at once, and gives the ID token as
     * text: a real token for tests that inspect one.
     */
    public static String signInForIdToken(DemoProvider provider) {
        return OAuthClient.builder(OAuthConfig.of(provider.issuer().toString(), ClientRegistration.DESKTOP_CLIENT_ID))
                .browser(new SignInPageBrowser())
                .build()
                .login()
                .tokens()
                .idToken()
                .orElseThrow()
                .reveal();
    }

    /** A person who spends {@code thinkTime} on the sign-in page before allowing (real time: it sleeps). */
    public SignInPageBrowser(Duration thinkTime) {
        this.thinkTime = thinkTime;
    }

    @Override
    public boolean startBrowser(URI authorizationUrl) {
        if (stall) {
            return true;
        }
        lastSignIn = CompletableFuture.supplyAsync(() -> signIn(authorizationUrl));
        return true;
    }

    private int signIn(URI authorizationUrl) {
        try {
            String page;
            HttpUrl pageUrl = HttpUrl.get(authorizationUrl.toString());
            try (Response response =
                    http.newCall(new Request.Builder().url(pageUrl).build()).execute()) {
                page = response.body().string();
            }
            Matcher interaction = INTERACTION.matcher(page);
            Matcher user = FIRST_USER.matcher(page);
            if (!interaction.find() || !user.find()) {
                throw new IllegalStateException("not the demo sign-in page: " + page);
            }
            think();
            FormBody form = new FormBody.Builder()
                    .add("interaction", interaction.group(1))
                    .add("user", user.group(1))
                    .add("decision", "allow")
                    .build();
            String location;
            try (Response response = http.newCall(new Request.Builder()
                            .url(pageUrl.resolve("/authorize"))
                            .post(form)
                            .build())
                    .execute()) {
                location = response.header("Location");
            }
            try (Response response =
                    http.newCall(new Request.Builder().url(location).build()).execute()) {
                return response.code();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The end-session URLs opened (SX1: the one-time loopback pages, SX8), in order. */
    public final java.util.List<URI> endSessionUrls = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The end-session forms read from those pages and posted to the provider (SX7), in order. */
    public final java.util.List<EndSessionForm> endSessionForms = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The status of a second fetch of the last one-time page, when {@link #refetchEndSessionPage} is set (SX8). */
    public volatile int endSessionPageRefetch;
    /** Every address the browser requested while ending a session: the page, the form's action, each redirect. */
    public final java.util.List<HttpUrl> endSessionAddresses = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** When true, the browser fetches the one-time page a second time (as another local process might) first. */
    public volatile boolean refetchEndSessionPage;
    /** What the browser showed at the end of the last end-session visit: status and body, after every redirect. */
    public volatile CompletableFuture<String> lastEndSession = new CompletableFuture<>();

    /**
     * SX1, SX7: opens the loopback page, submits its form (a POST to the provider's end-session endpoint) as its script
     * does, and follows the provider's redirect back to the loopback listener, as a browser. SX9: an address that is
     * not the one-time loopback page (the end-session method get) is opened as it is, and its redirects followed.
     */
    @Override
    public boolean openCarryingToken(URI url) {
        endSessionUrls.add(url);
        if (!url.getPath().startsWith(dev.stormwatch.oauth.LoopbackReceiver.END_SESSION_PAGE_PREFIX)) {
            lastEndSession = CompletableFuture.supplyAsync(() -> follow(
                    new Request.Builder().url(HttpUrl.get(url.toString())).build()));
            return true;
        }
        lastEndSession = CompletableFuture.supplyAsync(() -> {
            try {
                HttpUrl page = HttpUrl.get(url.toString());
                endSessionAddresses.add(page);
                EndSessionForm form = EndSessionForm.fetch(http, page);
                endSessionForms.add(form);
                if (refetchEndSessionPage) {
                    try (Response again = http.newCall(
                                    new Request.Builder().url(page).build())
                            .execute()) {
                        endSessionPageRefetch = again.code();
                    }
                }
                return follow(form.submission());
            } catch (IOException e) {
                return "failed: " + e;
            }
        });
        return true;
    }

    private String follow(Request first) {
        try {
            Request next = first;
            for (int hop = 0; hop < 5; hop++) {
                endSessionAddresses.add(next.url());
                try (Response response = http.newCall(next).execute()) {
                    String location = response.header("Location");
                    if (!response.isRedirect() || location == null) {
                        return response.code() + " " + response.body().string();
                    }
                    next = new Request.Builder()
                            .url(next.url().resolve(location))
                            .build(); // a browser follows a 302/303 after a POST with a GET
                }
            }
            return "too many redirects";
        } catch (IOException e) {
            return "failed: " + e;
        }
    }

    private void think() {
        try {
            Thread.sleep(thinkTime.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted on the sign-in page", e);
        }
    }
}
