package dev.stormwatch.http;

import dev.stormwatch.base.LoopbackHost;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;
import okhttp3.Credentials;
import okhttp3.OkHttpClient;

/**
 * Which proxy a request to a provider or relay goes through (spec PX1–PX3), as curl and most tools read it:
 * {@code HTTPS_PROXY} for https, {@code HTTP_PROXY} for http (lower-case names too, lower case first), {@code NO_PROXY}
 * for the hosts that go direct; without them, Java's {@code https.proxyHost}/{@code http.proxyHost},
 * {@code ...proxyPort} and {@code http.nonProxyHosts}. A loopback host never goes through a proxy (PX2). A proxy URL's
 * user and password answer the proxy's 407 with Basic, and are never shown (PX3).
 *
 * @param https the proxy for https requests, if any
 * @param http the proxy for plain http requests, if any
 * @param noProxy host patterns that go direct: {@code *} (every host), {@code example.com} or {@code .example.com}
 *     (the host and every name under it), or a Java pattern with {@code *} at either end
 */
public record ProxyRoutes(Optional<ProxyUrl> https, Optional<ProxyUrl> http, List<String> noProxy) {

    /** No proxy at all: every request goes direct. */
    public static final ProxyRoutes DIRECT = new ProxyRoutes(Optional.empty(), Optional.empty(), List.of());

    public ProxyRoutes {
        noProxy = List.copyOf(noProxy);
    }

    /** A proxy's address and, when its URL had them, its credentials (never printed). */
    public record ProxyUrl(String host, int port, Optional<String> user, Optional<String> password) {
        @Override
        public String toString() {
            return host + ":" + port + (user.isPresent() ? " (with credentials)" : "");
        }
    }

    /**
     * The routes of the environment, else of Java's system properties.
     *
     * @throws IllegalArgumentException naming the variable or property whose value is not a proxy URL
     */
    public static ProxyRoutes from(UnaryOperator<String> environment, UnaryOperator<String> properties) {
        Optional<ProxyUrl> https = variable(environment, "https_proxy").or(() -> property(properties, "https"));
        Optional<ProxyUrl> http = variable(environment, "http_proxy").or(() -> property(properties, "http"));
        List<String> noProxy = new ArrayList<>();
        String env = first(environment, "no_proxy");
        if (env != null) {
            for (String part : env.split(",")) {
                if (!part.isBlank()) {
                    noProxy.add(part.trim().toLowerCase(Locale.ROOT));
                }
            }
        }
        String java = properties.apply("http.nonProxyHosts");
        if (java != null) {
            for (String part : java.split("\\|")) {
                if (!part.isBlank()) {
                    noProxy.add(part.trim().toLowerCase(Locale.ROOT));
                }
            }
        }
        return new ProxyRoutes(https, http, noProxy);
    }

    /** The routes of this process: its environment and Java's system properties. */
    public static ProxyRoutes ofThisProcess() {
        return from(System::getenv, System::getProperty);
    }

    /** The word that sends every request direct, whatever the environment says (PX6). */
    public static final String DIRECT_WORD = "direct";

    /**
     * PX6: the routes of an explicit choice ({@code --proxy}, the Session area's Proxy field, a profile), which
     * replaces the environment's proxies: blank keeps {@code environment}; {@link #DIRECT_WORD} sends every request
     * direct; a proxy URL carries every https and http request, except for the hosts in the environment's
     * {@code NO_PROXY} and this machine (PX2). A password given apart from the URL (PX7) answers the proxy's 407 when
     * the URL names a user and no password.
     *
     * @param label the option or field that held the text, named in an error
     * @throws IllegalArgumentException naming {@code label}, never the value
     */
    public static ProxyRoutes explicit(String text, Optional<String> password, String label, ProxyRoutes environment) {
        if (text == null || text.isBlank()) {
            return environment;
        }
        if (DIRECT_WORD.equalsIgnoreCase(text.strip())) {
            return DIRECT;
        }
        ProxyUrl proxy = parseUrl(text, label);
        if (proxy.password().isEmpty() && password.isPresent() && proxy.user().isPresent()) {
            proxy = new ProxyUrl(proxy.host(), proxy.port(), proxy.user(), password);
        }
        return new ProxyRoutes(Optional.of(proxy), Optional.of(proxy), environment.noProxy());
    }

    /** PX7: whether the proxy URL carries a password. */
    public static boolean hasPassword(String text, String label) {
        return text != null
                && !text.isBlank()
                && !DIRECT_WORD.equalsIgnoreCase(text.strip())
                && parseUrl(text, label).password().isPresent();
    }

    /**
     * PX7: the proxy text as a profile keeps it: the URL without its password (a profile holds no secret, PF3), or
     * {@link #DIRECT_WORD}, or empty for the environment's.
     *
     * @throws IllegalArgumentException naming {@code label} when the text is not a proxy URL
     */
    public static String withoutPassword(String text, String label) {
        if (text == null || text.isBlank()) {
            return "";
        }
        if (DIRECT_WORD.equalsIgnoreCase(text.strip())) {
            return DIRECT_WORD;
        }
        ProxyUrl proxy = parseUrl(text, label);
        return "http://"
                + proxy.user()
                        .map(u -> java.net.URLEncoder.encode(u, StandardCharsets.UTF_8) + "@")
                        .orElse("")
                + (proxy.host().contains(":") && !proxy.host().startsWith("[")
                        ? "[" + proxy.host() + "]"
                        : proxy.host())
                + ":" + proxy.port();
    }

    /** PX1, PX2: the proxy a request to this URL goes through, or empty when it goes direct. */
    public Optional<ProxyUrl> routeFor(URI url) {
        String host = url.getHost();
        if (host == null || LoopbackHost.isLoopback(host)) {
            return Optional.empty(); // PX2: this machine is never reached through a proxy
        }
        String name = host.toLowerCase(Locale.ROOT);
        if (name.startsWith("[") && name.endsWith("]")) {
            name = name.substring(1, name.length() - 1);
        }
        for (String pattern : noProxy) {
            if (matches(pattern, name)) {
                return Optional.empty();
            }
        }
        return "https".equalsIgnoreCase(url.getScheme()) ? https : http;
    }

    /** The client with these routes: its proxy selector, and Basic answers to a proxy's 407 where credentials came. */
    public OkHttpClient applyTo(OkHttpClient client) {
        if (https.isEmpty() && http.isEmpty()) {
            return client.newBuilder().proxySelector(new RouteSelector(this)).build();
        }
        return client.newBuilder()
                .proxySelector(new RouteSelector(this))
                .proxyAuthenticator((route, response) -> {
                    // PX3: answer a 407 once, with the credentials of the proxy that asked; never loop.
                    if (response.request().header("Proxy-Authorization") != null || route == null) {
                        return null;
                    }
                    InetSocketAddress address =
                            (InetSocketAddress) route.proxy().address();
                    Optional<ProxyUrl> proxy =
                            https.filter(p -> sameProxy(p, address)).or(() -> http.filter(p -> sameProxy(p, address)));
                    if (proxy.isEmpty() || proxy.get().user().isEmpty()) {
                        return null;
                    }
                    return response.request()
                            .newBuilder()
                            .header(
                                    "Proxy-Authorization",
                                    Credentials.basic(
                                            proxy.get().user().get(),
                                            proxy.get().password().orElse("")))
                            .build();
                })
                .build();
    }

    private static boolean sameProxy(ProxyUrl proxy, InetSocketAddress address) {
        return proxy.port() == address.getPort() && proxy.host().equalsIgnoreCase(address.getHostString());
    }

    private static boolean matches(String pattern, String host) {
        if (pattern.equals("*")) {
            return true;
        }
        if (pattern.startsWith("*")) {
            return host.endsWith(pattern.substring(1));
        }
        if (pattern.endsWith("*")) {
            return host.startsWith(pattern.substring(0, pattern.length() - 1));
        }
        String domain = pattern.startsWith(".") ? pattern.substring(1) : pattern;
        int colon = domain.lastIndexOf(':');
        if (colon > 0 && domain.indexOf(':') == colon) {
            domain = domain.substring(0, colon); // "example.com:443": the port is not checked
        }
        return host.equals(domain) || host.endsWith("." + domain);
    }

    private static String first(UnaryOperator<String> environment, String lowerName) {
        String lower = environment.apply(lowerName);
        if (lower != null && !lower.isBlank()) {
            return lower;
        }
        String upper = environment.apply(lowerName.toUpperCase(Locale.ROOT));
        return upper != null && !upper.isBlank() ? upper : null;
    }

    private static Optional<ProxyUrl> variable(UnaryOperator<String> environment, String lowerName) {
        String value = first(environment, lowerName);
        if (value == null) {
            return Optional.empty();
        }
        String name = environment.apply(lowerName) != null
                        && !environment.apply(lowerName).isBlank()
                ? lowerName
                : lowerName.toUpperCase(Locale.ROOT);
        return Optional.of(parseUrl(value, name));
    }

    /**
     * A proxy URL as curl reads one: {@code http://[user[:password]@]host[:port]}, a bare {@code host:port} meaning
     * an http proxy, port 80 by default.
     *
     * @param label the variable, option or field that held the text, named in the error
     * @throws IllegalArgumentException naming {@code label}, never the value (it may hold a password)
     */
    static ProxyUrl parseUrl(String value, String label) {
        String text = value.trim().contains("://") ? value.trim() : "http://" + value.trim();
        URI uri;
        try {
            uri = URI.create(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    label + " is not a proxy URL: give one like http://proxy.example.com:3128");
        }
        if (uri.getHost() == null || !"http".equalsIgnoreCase(uri.getScheme())) {
            throw new IllegalArgumentException(label + " is not a proxy URL Stormwatch can use: give one like"
                    + " http://proxy.example.com:3128 (an http proxy; https and socks proxies are not supported)");
        }
        Optional<String> user = Optional.empty();
        Optional<String> password = Optional.empty();
        if (uri.getRawUserInfo() != null) {
            String[] parts = uri.getRawUserInfo().split(":", 2);
            user = Optional.of(URLDecoder.decode(parts[0], StandardCharsets.UTF_8));
            password = parts.length > 1
                    ? Optional.of(URLDecoder.decode(parts[1], StandardCharsets.UTF_8))
                    : Optional.empty();
        }
        return new ProxyUrl(uri.getHost(), uri.getPort() < 0 ? 80 : uri.getPort(), user, password);
    }

    private static Optional<ProxyUrl> property(UnaryOperator<String> properties, String scheme) {
        String host = properties.apply(scheme + ".proxyHost");
        if (host == null || host.isBlank()) {
            return Optional.empty();
        }
        String port = properties.apply(scheme + ".proxyPort");
        int number;
        try {
            number = port == null || port.isBlank() ? 80 : Integer.parseInt(port.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(scheme + ".proxyPort '" + port + "' is not a port number");
        }
        return Optional.of(new ProxyUrl(host.trim(), number, Optional.empty(), Optional.empty()));
    }

    /** OkHttp's view of the routes: one proxy or none per URL, never Java's default selector. */
    private static final class RouteSelector extends ProxySelector {
        private final ProxyRoutes routes;

        RouteSelector(ProxyRoutes routes) {
            this.routes = routes;
        }

        @Override
        public List<Proxy> select(URI uri) {
            return routes.routeFor(uri)
                    .map(p ->
                            List.of(new Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved(p.host(), p.port()))))
                    .orElse(List.of(Proxy.NO_PROXY));
        }

        @Override
        public void connectFailed(URI uri, SocketAddress address, IOException failure) {
            // The failure reaches the caller as the attempt's outcome; nothing to remember here.
        }
    }
}
