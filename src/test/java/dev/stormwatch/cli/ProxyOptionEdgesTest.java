package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.http.ProxyRoutes;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --proxy} against the environment's proxies: which one wins, and where a password comes from (PX6, PX7). */
class ProxyOptionEdgesTest {

    private static final URI PROVIDER = URI.create("https://login.example.com/token");

    private final CommandLine command = new CommandLine(new CallCommand(name -> null));

    private Optional<ProxyRoutes.ProxyUrl> route(String proxy, Map<String, String> environment) {
        return ProxyOption.routes(proxy, environment::get, command).routeFor(PROVIDER);
    }

    @Test
    @DisplayName("PX6: without --proxy (or with a blank one) the environment's proxy is used")
    void withoutTheOptionTheEnvironmentsProxy() {
        Map<String, String> environment = Map.of("HTTPS_PROXY", "http://env-proxy.example:3128");

        assertThat(route(null, environment)).map(Object::toString).hasValue("env-proxy.example:3128");
        assertThat(route("  ", environment)).map(Object::toString).hasValue("env-proxy.example:3128");
    }

    @Test
    @DisplayName("PX6: --proxy replaces the environment's proxy, also one whose variable is not a proxy URL")
    void theOptionReplacesTheEnvironment() {
        Map<String, String> broken = Map.of("HTTPS_PROXY", "ftp://env-proxy.example:21");

        assertThat(route("http://cli-proxy.example:8080", Map.of("HTTPS_PROXY", "http://env-proxy.example:3128")))
                .map(Object::toString)
                .hasValue("cli-proxy.example:8080");
        assertThat(route("http://cli-proxy.example:8080", broken))
                .map(Object::toString)
                .hasValue("cli-proxy.example:8080");
        assertThatThrownBy(() -> route(null, broken))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("HTTPS_PROXY");
        assertThatThrownBy(() -> route("  ", broken))
                .as("a blank --proxy replaces nothing")
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("HTTPS_PROXY");
    }

    @Test
    @DisplayName("PX7: a proxy user's password comes from " + ProxyOption.PASSWORD_VARIABLE + " when the URL has none;"
            + " an empty variable gives none")
    void thePasswordComesFromTheVariable() {
        String proxy = "http://alice@cli-proxy.example:8080";

        Optional<ProxyRoutes.ProxyUrl> withVariable = route(proxy, Map.of(ProxyOption.PASSWORD_VARIABLE, "pw"));
        Optional<ProxyRoutes.ProxyUrl> emptyVariable = route(proxy, Map.of(ProxyOption.PASSWORD_VARIABLE, ""));

        assertThat(withVariable.flatMap(ProxyRoutes.ProxyUrl::password)).hasValue("pw");
        assertThat(emptyVariable).isPresent();
        assertThat(emptyVariable.flatMap(ProxyRoutes.ProxyUrl::password)).isEmpty();
    }

    @Test
    @DisplayName("PX6: a --proxy that is not a proxy URL is refused naming --proxy")
    void aBadProxyIsRefused() {
        assertThatThrownBy(() -> route("ftp://cli-proxy.example:21", Map.of()))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--proxy");
    }
}
