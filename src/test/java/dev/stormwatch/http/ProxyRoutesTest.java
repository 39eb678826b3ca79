package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Which proxy a URL goes through, from the environment or Java's properties (PX1–PX3). */
class ProxyRoutesTest {

    private static ProxyRoutes routes(Map<String, String> env, Map<String, String> properties) {
        return ProxyRoutes.from(env::get, properties::get);
    }

    @Test
    @DisplayName("PX1: HTTPS_PROXY for https, HTTP_PROXY for http, lower case first; a bare host:port is http")
    void schemesPickTheirProxy() {
        ProxyRoutes r = routes(
                Map.of(
                        "HTTPS_PROXY",
                        "http://secure.proxy:3128",
                        "https_proxy",
                        "lower.proxy:8080",
                        "HTTP_PROXY",
                        "http://plain.proxy"),
                Map.of());

        assertThat(r.routeFor(URI.create("https://login.example.com/x")))
                .get()
                .extracting(ProxyRoutes.ProxyUrl::host, ProxyRoutes.ProxyUrl::port)
                .containsExactly("lower.proxy", 8080);
        assertThat(r.routeFor(URI.create("http://api.example.com/x")))
                .get()
                .extracting(ProxyRoutes.ProxyUrl::host, ProxyRoutes.ProxyUrl::port)
                .containsExactly("plain.proxy", 80);
    }

    @Test
    @DisplayName("PX1: without variables, Java's https.proxyHost/Port and http.nonProxyHosts decide")
    void javaPropertiesWhenNoVariables() {
        ProxyRoutes r = routes(
                Map.of(),
                Map.of(
                        "https.proxyHost",
                        "corp.proxy",
                        "https.proxyPort",
                        "8443",
                        "http.nonProxyHosts",
                        "*.internal|intranet"));

        assertThat(r.routeFor(URI.create("https://login.example.com")))
                .get()
                .extracting(ProxyRoutes.ProxyUrl::port)
                .isEqualTo(8443);
        assertThat(r.routeFor(URI.create("https://idp.internal"))).isEmpty();
        assertThat(r.routeFor(URI.create("https://intranet"))).isEmpty();
        assertThat(r.routeFor(URI.create("http://login.example.com"))).isEmpty();
    }

    @Test
    @DisplayName("PX2: loopback never goes through a proxy; NO_PROXY matches the host and names under it, * all")
    void loopbackAndNoProxy() {
        ProxyRoutes r =
                routes(Map.of("HTTPS_PROXY", "http://p:1", "NO_PROXY", "example.com, .corp.test:443"), Map.of());

        assertThat(r.routeFor(URI.create("https://127.0.0.1:8443"))).isEmpty();
        assertThat(r.routeFor(URI.create("https://[::1]:8443"))).isEmpty();
        assertThat(r.routeFor(URI.create("https://localhost:8443"))).isEmpty();
        assertThat(r.routeFor(URI.create("https://example.com"))).isEmpty();
        assertThat(r.routeFor(URI.create("https://login.example.com"))).isEmpty();
        assertThat(r.routeFor(URI.create("https://idp.corp.test"))).isEmpty();
        assertThat(r.routeFor(URI.create("https://notexample.com"))).isPresent();
        assertThat(routes(Map.of("HTTPS_PROXY", "http://p:1", "no_proxy", "*"), Map.of())
                        .routeFor(URI.create("https://login.example.com")))
                .isEmpty();
    }

    @Test
    @DisplayName("PX3: a proxy URL's credentials are kept for its 407 and never printed; a URL that is not an http"
            + " proxy is refused naming the variable, without its value")
    void credentialsAndBadUrls() {
        ProxyRoutes r = routes(Map.of("HTTPS_PROXY", "http://ada:p%40ss@corp.proxy:3128"), Map.of());

        ProxyRoutes.ProxyUrl proxy =
                r.routeFor(URI.create("https://login.example.com")).orElseThrow();
        assertThat(proxy.user()).contains("ada");
        assertThat(proxy.password()).contains("p@ss");
        assertThat(proxy.toString())
                .doesNotContain("p@ss")
                .doesNotContain("ada")
                .contains("with credentials");
        assertThat(r.toString()).doesNotContain("p@ss");
        assertThatThrownBy(() -> routes(Map.of("HTTPS_PROXY", "socks5://u:hidden@p:1080"), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("HTTPS_PROXY")
                .hasMessageNotContaining("hidden");
    }

    @Test
    @DisplayName("PX6: an explicit proxy carries https and http alike in place of the environment's; the environment's"
            + " NO_PROXY hosts and this machine still go direct; blank keeps the environment's, 'direct' sends all"
            + " direct")
    void anExplicitProxyReplacesTheEnvironments() {
        ProxyRoutes environment =
                routes(Map.of("HTTPS_PROXY", "http://env.proxy:3128", "NO_PROXY", "internal.example.com"), Map.of());

        ProxyRoutes explicit =
                ProxyRoutes.explicit("team.proxy:8080", java.util.Optional.empty(), "--proxy", environment);

        assertThat(explicit.routeFor(URI.create("https://login.example.com/")))
                .get()
                .extracting(ProxyRoutes.ProxyUrl::host, ProxyRoutes.ProxyUrl::port)
                .containsExactly("team.proxy", 8080);
        assertThat(explicit.routeFor(URI.create("http://api.example.com/")))
                .get()
                .extracting(ProxyRoutes.ProxyUrl::host)
                .isEqualTo("team.proxy");
        assertThat(explicit.routeFor(URI.create("https://internal.example.com/")))
                .isEmpty();
        assertThat(explicit.routeFor(URI.create("https://127.0.0.1:9000/"))).isEmpty();
        assertThat(ProxyRoutes.explicit(" ", java.util.Optional.empty(), "--proxy", environment))
                .isSameAs(environment);
        assertThat(ProxyRoutes.explicit("DIRECT", java.util.Optional.empty(), "--proxy", environment)
                        .routeFor(URI.create("https://login.example.com/")))
                .isEmpty();
    }

    @Test
    @DisplayName("PX6, PX7: a password given apart answers for a proxy URL that names a user and no password; a"
            + " refused value names the option or field, never the value")
    void aPasswordGivenApartJoinsTheUser() {
        ProxyRoutes withUser = ProxyRoutes.explicit(
                "http://ada@team.proxy:8080", java.util.Optional.of("pw-apart"), "Proxy", ProxyRoutes.DIRECT);
        ProxyRoutes withOwn = ProxyRoutes.explicit(
                "http://ada:own@team.proxy:8080", java.util.Optional.of("pw-apart"), "Proxy", ProxyRoutes.DIRECT);

        assertThat(withUser.https().orElseThrow().password()).contains("pw-apart");
        assertThat(withOwn.https().orElseThrow().password()).contains("own");
        assertThat(withUser.https().orElseThrow().toString()).isEqualTo("team.proxy:8080 (with credentials)");
        assertThatThrownBy(() -> ProxyRoutes.explicit(
                        "socks5://bob:hidden@team.proxy:1080",
                        java.util.Optional.empty(),
                        "--proxy",
                        ProxyRoutes.DIRECT))
                .hasMessageStartingWith("--proxy is not a proxy URL")
                .hasMessageNotContaining("hidden");
    }

    @Test
    @DisplayName("PX7: the text a profile keeps is the proxy's address and user without the password")
    void aProfileKeepsTheProxyWithoutItsPassword() {
        assertThat(ProxyRoutes.withoutPassword("http://ada:hidden@team.proxy:8080", "Proxy"))
                .isEqualTo("http://ada@team.proxy:8080");
        assertThat(ProxyRoutes.withoutPassword("team.proxy", "Proxy")).isEqualTo("http://team.proxy:80");
        assertThat(ProxyRoutes.withoutPassword("direct", "Proxy")).isEqualTo("direct");
        assertThat(ProxyRoutes.withoutPassword("", "Proxy")).isEmpty();
        assertThat(ProxyRoutes.hasPassword("http://ada:hidden@team.proxy:8080", "Proxy"))
                .isTrue();
        assertThat(ProxyRoutes.hasPassword("http://ada@team.proxy:8080", "Proxy"))
                .isFalse();
        assertThat(ProxyRoutes.hasPassword("direct", "Proxy")).isFalse();
    }
}
