package dev.stormwatch.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import okhttp3.Cookie;
import okhttp3.CookieJar;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;

/**
 * A browser's cookie store for one test: every cookie a provider set, the newest of each name and domain, sent back to
 * the hosts it matches. {@link #browser()} builds the HTTP client a test's stand-in for a person uses on a provider's
 * own pages.
 */
public final class BrowserCookies implements CookieJar {

    private final List<Cookie> cookies = new ArrayList<>();

    /**
     * A client that behaves as a browser does on a provider's pages: keeps its cookies here, asks for HTML (a provider
     * sends a person to its login form only then, else 401) and follows redirects; its own connections.
     */
    public static OkHttpClient browser() {
        return new OkHttpClient.Builder()
                .cookieJar(new BrowserCookies())
                .addInterceptor(chain -> chain.proceed(chain.request()
                        .newBuilder()
                        .header("Accept", "text/html,application/xhtml+xml")
                        .build()))
                .followRedirects(true)
                .readTimeout(Duration.ofSeconds(60))
                .build();
    }

    @Override
    public synchronized void saveFromResponse(HttpUrl url, List<Cookie> received) {
        for (Cookie cookie : received) {
            cookies.removeIf(c -> c.name().equals(cookie.name()) && c.domain().equals(cookie.domain()));
            cookies.add(cookie);
        }
    }

    @Override
    public synchronized List<Cookie> loadForRequest(HttpUrl url) {
        return cookies.stream().filter(c -> c.matches(url)).toList();
    }
}
