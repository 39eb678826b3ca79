package dev.stormwatch.oauth;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Stands in for the system browser: follows the authorization URL with an HTTP client, redirects included, so the
 * provider's redirect reaches the loopback receiver. Runs on its own thread, as a browser would.
 */
final class FollowingBrowser implements BrowserLauncher {

    final List<URI> opened = new CopyOnWriteArrayList<>();
    final List<CompletableFuture<String>> pages = new CopyOnWriteArrayList<>();
    private final OkHttpClient http =
            new OkHttpClient.Builder().followRedirects(true).build();
    volatile Consumer<URI> beforeFollowing = url -> {};

    @Override
    public boolean startBrowser(URI authorizationUrl) {
        opened.add(authorizationUrl);
        pages.add(CompletableFuture.supplyAsync(() -> {
            beforeFollowing.accept(authorizationUrl);
            return fetch(authorizationUrl.toString());
        }));
        return true;
    }

    /** The end-session forms read from the one-time loopback pages and posted (SX7), in order. */
    final List<dev.stormwatch.testing.EndSessionForm> endSessionForms = new CopyOnWriteArrayList<>();

    /** SX7: opens the one-time loopback page, posts its form as its script does, and follows the redirects back. */
    @Override
    public boolean openCarryingToken(URI url) {
        opened.add(url);
        if (!url.getPath().startsWith(LoopbackReceiver.END_SESSION_PAGE_PREFIX)) {
            // SX9: the end-session method get opens the provider's endpoint itself, followed as a browser would.
            pages.add(CompletableFuture.supplyAsync(() -> fetch(url.toString())));
            return true;
        }
        pages.add(CompletableFuture.supplyAsync(() -> {
            try {
                var form = dev.stormwatch.testing.EndSessionForm.fetch(http, okhttp3.HttpUrl.get(url.toString()));
                endSessionForms.add(form);
                try (Response response = http.newCall(form.submission()).execute()) {
                    return response.code() + " "
                            + (response.body() == null ? "" : response.body().string());
                }
            } catch (IOException e) {
                return "failed: " + e;
            }
        }));
        return true;
    }

    String fetch(String url) {
        try (Response response =
                http.newCall(new Request.Builder().url(url).build()).execute()) {
            return response.code() + " "
                    + (response.body() == null ? "" : response.body().string());
        } catch (IOException e) {
            return "failed: " + e;
        }
    }

    String lastPage() throws Exception {
        return pages.get(pages.size() - 1).get(5, java.util.concurrent.TimeUnit.SECONDS);
    }
}
