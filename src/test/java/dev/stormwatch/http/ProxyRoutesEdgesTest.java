package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.SocketFactory;
import okhttp3.Address;
import okhttp3.Authenticator;
import okhttp3.ConnectionSpec;
import okhttp3.Credentials;
import okhttp3.Dns;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.Route;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The edges of the proxy routes (PX1–PX3): the http proxy from Java's properties, {@code NO_PROXY} patterns with a
 * trailing {@code *}, a bare port or a bracketed IPv6 host, and the 407 answer on the wire and for a proxy that is not
 * one of the routes'.
 */
class ProxyRoutesEdgesTest {

    private static ProxyRoutes routes(Map<String, String> env, Map<String, String> properties) {
        return ProxyRoutes.from(env::get, properties::get);
    }

    @Test
    @DisplayName("PX1: without variables, Java's http.proxyHost/Port route plain http, apart from https's")
    void javaPropertiesRoutePlainHttp() {
        ProxyRoutes r = routes(
                Map.of(),
                Map.of("http.proxyHost", "plain.proxy", "http.proxyPort", "3128", "https.proxyHost", "secure.proxy"));

        assertThat(r.routeFor(URI.create("http://api.example.com/v1")))
                .get()
                .extracting(ProxyRoutes.ProxyUrl::host, ProxyRoutes.ProxyUrl::port)
                .containsExactly("plain.proxy", 3128);
        assertThat(r.routeFor(URI.create("https://api.example.com/v1")))
                .get()
                .extracting(ProxyRoutes.ProxyUrl::host, ProxyRoutes.ProxyUrl::port)
                .containsExactly("secure.proxy", 80);
    }

    @Test
    @DisplayName("PX1: a Java nonProxyHosts pattern with * at its end matches the names that start with the rest")
    void trailingStarMatchesPrefixes() {
        ProxyRoutes r = routes(Map.of("HTTPS_PROXY", "corp.proxy:3128"), Map.of("http.nonProxyHosts", "10.1.*"));

        assertThat(r.routeFor(URI.create("https://10.1.2.3/x"))).isEmpty();
        assertThat(r.routeFor(URI.create("https://10.10.2.3/x"))).isPresent();
        assertThat(r.routeFor(URI.create("https://110.1.2.3/x"))).isPresent();
    }

    @Test
    @DisplayName("PX1: a NO_PROXY entry for a bracketed IPv6 host is matched without the brackets")
    void ipv6HostsMatchWithoutBrackets() {
        ProxyRoutes r = routes(Map.of("HTTPS_PROXY", "corp.proxy:3128", "NO_PROXY", "2001:db8::7"), Map.of());

        assertThat(r.routeFor(URI.create("https://[2001:db8::7]:8443/x"))).isEmpty();
        assertThat(r.routeFor(URI.create("https://[2001:db8::8]:8443/x"))).isPresent();
    }

    @Test
    @DisplayName("PX1: a NO_PROXY entry that is only a :port names no host, not even a name ending in a dot")
    void aBarePortNamesNoHost() {
        ProxyRoutes r = routes(Map.of("HTTP_PROXY", "corp.proxy:3128", "NO_PROXY", ":8080"), Map.of());

        assertThat(r.routeFor(URI.create("http://api.example.com.:8080/x"))).isPresent();
        assertThat(r.routeFor(URI.create("http://api.example.com:8080/x"))).isPresent();
    }

    @Test
    @DisplayName("PX1: a proxy URL without a port means 80; a port written, even 0, is kept as written")
    void aWrittenPortIsKept() {
        assertThat(ProxyRoutes.parseUrl("http://corp.proxy", "HTTP_PROXY").port())
                .isEqualTo(80);
        assertThat(ProxyRoutes.parseUrl("http://corp.proxy:1", "HTTP_PROXY").port())
                .isEqualTo(1);
        assertThat(ProxyRoutes.parseUrl("http://corp.proxy:0", "HTTP_PROXY").port())
                .isZero();
    }

    @Test
    @DisplayName("PX1: a variable that is not a proxy URL is refused in its own name, upper or lower case")
    void aBadVariableIsNamedAsWritten() {
        assertThatThrownBy(() -> routes(Map.of("HTTPS_PROXY", "socks5://corp.proxy:1080"), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("HTTPS_PROXY is not a proxy URL")
                .hasMessageNotContaining("corp.proxy");
        assertThatThrownBy(() -> routes(
                        Map.of("https_proxy", "socks5://corp.proxy:1080", "HTTPS_PROXY", "http://ok.proxy"), Map.of()))
                .hasMessageStartingWith("https_proxy is not a proxy URL");
        assertThatThrownBy(
                        () -> routes(Map.of("https_proxy", " ", "HTTPS_PROXY", "socks5://corp.proxy:1080"), Map.of()))
                .hasMessageStartingWith("HTTPS_PROXY is not a proxy URL");
    }

    @Test
    @DisplayName("PX7: a profile keeps an IPv6 proxy's address in its one pair of brackets, without the password")
    void anIpv6ProxyKeepsItsBrackets() {
        assertThat(ProxyRoutes.withoutPassword("http://ann:s3cret@[2001:db8::1]:3128", "--proxy"))
                .isEqualTo("http://ann@[2001:db8::1]:3128");
    }

    @Test
    @DisplayName("PX1: this process's routes are its environment's and Java's properties'")
    void thisProcessRoutes() {
        assertThat(ProxyRoutes.ofThisProcess()).isEqualTo(ProxyRoutes.from(System::getenv, System::getProperty));
    }

    @Test
    @DisplayName("PX1, PX2: direct routes send every request direct through their own selector, loopback included")
    void directRoutesSelectNoProxy() {
        OkHttpClient client = ProxyRoutes.DIRECT.applyTo(new OkHttpClient());

        assertThat(client.proxySelector().select(URI.create("https://api.example.com/")))
                .containsExactly(Proxy.NO_PROXY);
        assertThat(client.proxyAuthenticator()).isSameAs(Authenticator.NONE);
    }

    @Test
    @DisplayName("PX3: a proxy's 407 is answered once with its URL's user and password, on a real socket")
    void a407IsAnsweredWithBasicCredentials() throws Exception {
        try (MockWebServer proxy = new MockWebServer()) {
            proxy.enqueue(new MockResponse().setResponseCode(407).addHeader("Proxy-Authenticate", "Basic realm=\"x\""));
            proxy.enqueue(new MockResponse().setBody("through"));
            proxy.start();
            OkHttpClient client = routes(
                            Map.of("http_proxy", "http://ann:s3cret@127.0.0.1:" + proxy.getPort()), Map.of())
                    .applyTo(new OkHttpClient());

            try (Response response = client.newCall(new Request.Builder()
                            .url("http://api.example.com/v1/models")
                            .build())
                    .execute()) {
                assertThat(response.code()).isEqualTo(200);
                assertThat(response.body().string()).isEqualTo("through");
            }
            RecordedRequest first = proxy.takeRequest();
            RecordedRequest second = proxy.takeRequest();
            assertThat(first.getRequestLine()).isEqualTo("GET http://api.example.com/v1/models HTTP/1.1");
            assertThat(first.getHeader("Proxy-Authorization")).isNull();
            assertThat(second.getHeader("Proxy-Authorization")).isEqualTo(Credentials.basic("ann", "s3cret"));
        }
    }

    @Test
    @DisplayName("PX8: an attempt that went through a proxy says which one, as host:port without its credentials")
    void theAttemptNamesItsProxy() throws Exception {
        try (MockWebServer proxy = new MockWebServer()) {
            proxy.enqueue(new MockResponse().setBody("through"));
            proxy.start();
            OkHttpClient client = routes(
                            Map.of("http_proxy", "http://ann:s3cret@127.0.0.1:" + proxy.getPort()), Map.of())
                    .applyTo(new OkHttpClient());
            List<AttemptEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();
            RetryingExecutor executor =
                    RetryingExecutor.builder(client).listener(events::add).build();

            try (Response response = executor.execute(
                    new Request.Builder()
                            .url("http://api.example.com/v1/models")
                            .build(),
                    dev.stormwatch.retry.Operation.READ,
                    "models",
                    dev.stormwatch.retry.CallBudget.start(
                            dev.stormwatch.retry.RetryPolicy.DEFAULT, java.time.Clock.systemUTC()))) {
                assertThat(response.code()).isEqualTo(200);
            }

            assertThat(events).singleElement().satisfies(event -> {
                assertThat(event.proxy()).contains("127.0.0.1:" + proxy.getPort());
                assertThat(event.proxy().get()).doesNotContain("s3cret").doesNotContain("ann");
            });
        }
    }

    @Test
    @DisplayName("PX3: each proxy's 407 gets its own credentials; a 407 from a proxy of no route gets none")
    void credentialsGoOnlyToTheirOwnProxy() throws Exception {
        ProxyRoutes r = routes(
                Map.of(
                        "https_proxy", "http://sec:one@secure.proxy:3128",
                        "http_proxy", "http://pla:two@plain.proxy:8080"),
                Map.of());
        Authenticator authenticator = r.applyTo(new OkHttpClient()).proxyAuthenticator();

        assertThat(authenticator.authenticate(routeThrough("secure.proxy", 3128), proxyChallenge()))
                .extracting(request -> request.header("Proxy-Authorization"))
                .isEqualTo(Credentials.basic("sec", "one"));
        assertThat(authenticator.authenticate(routeThrough("plain.proxy", 8080), proxyChallenge()))
                .extracting(request -> request.header("Proxy-Authorization"))
                .isEqualTo(Credentials.basic("pla", "two"));
        assertThat(authenticator.authenticate(routeThrough("other.proxy", 8080), proxyChallenge()))
                .isNull();
        assertThat(authenticator.authenticate(routeThrough("plain.proxy", 3128), proxyChallenge()))
                .isNull();
    }

    @Test
    @DisplayName("PX3: a proxy that names no user gets no answer to its 407; the 407 goes back to the caller")
    void aProxyWithoutUserIsNotAnswered() throws Exception {
        ProxyRoutes r = routes(Map.of("https_proxy", "http://secure.proxy:3128"), Map.of());
        Authenticator authenticator = r.applyTo(new OkHttpClient()).proxyAuthenticator();

        assertThat(authenticator.authenticate(routeThrough("secure.proxy", 3128), proxyChallenge()))
                .isNull();
        assertThat(r.https()).map(ProxyRoutes.ProxyUrl::user).contains(Optional.empty());
    }

    private static Route routeThrough(String host, int port) {
        InetSocketAddress proxyAddress = InetSocketAddress.createUnresolved(host, port);
        Address target = new Address(
                "api.example.com",
                443,
                Dns.SYSTEM,
                SocketFactory.getDefault(),
                null,
                null,
                null,
                Authenticator.NONE,
                null,
                List.of(Protocol.HTTP_1_1),
                List.of(ConnectionSpec.CLEARTEXT),
                java.net.ProxySelector.getDefault());
        return new Route(target, new Proxy(Proxy.Type.HTTP, proxyAddress), proxyAddress);
    }

    private static Response proxyChallenge() {
        return new Response.Builder()
                .request(new Request.Builder().url("https://api.example.com/").build())
                .protocol(Protocol.HTTP_1_1)
                .code(407)
                .message("Proxy Authentication Required")
                .build();
    }
}
