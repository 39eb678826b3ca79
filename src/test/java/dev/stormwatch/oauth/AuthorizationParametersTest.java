package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.CallFailure;
import java.util.List;
import java.util.Map;
import okhttp3.HttpUrl;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Extra authorization request parameters: what is refused, and what reaches the provider (AR1). */
class AuthorizationParametersTest extends OAuthClientFixture {

    @ParameterizedTest(name = "AR1: ''{0}'' is refused: {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "state=abc | set by the client itself",
                "scope=openid email | use --scope",
                "code_challenge=x | set by the client itself",
                "prompt | not name=value",
                "=login | not name=value",
                "pro mpt=login | not a parameter name",
                "prompt= | empty value",
                "prompt=sometimes | must be space-separated values among",
                "prompt=none login | cannot be combined",
                "max_age=-1 | number of seconds",
                "max_age=ten | number of seconds",
                "resource=api | absolute URI",
                "resource=https://api.example.com/#x | without a fragment",
            })
    @DisplayName("AR1: reserved names, malformed items and bad known values are refused when made")
    void refusesBadItems(String item, String message) {
        assertThatThrownBy(() -> AuthorizationParameters.parse(List.of(item)))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining(message);
    }

    @Test
    @DisplayName("AR1: a name given twice is refused")
    void refusesRepeats() {
        assertThatThrownBy(() -> AuthorizationParameters.parse(List.of("prompt=login", "prompt=consent")))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("given twice");
    }

    @Test
    @DisplayName("AR1: the extra parameters reach the provider's authorization endpoint beside the client's own,"
            + " and the sign-in completes")
    void extraParametersReachTheProvider() {
        OAuthClient client = OAuthClient.builder(config())
                .httpClient(new okhttp3.OkHttpClient())
                .clock(clock)
                .sleeper(sleeper)
                .browser(browser)
                .sessionStore(store)
                .authorizationParameters(AuthorizationParameters.parse(List.of(
                        "prompt=login",
                        "max_age=0",
                        "audience=https://api.example.com",
                        "resource=https://api.example.com/v1",
                        "login_hint=alice@example.com",
                        "ui_locales=de en")))
                .build();

        client.login();

        List<RecordedRequest> authorize = provider.requestsTo("/authorize");
        Map<String, String> sent = new java.util.HashMap<>();
        if (!provider.requestsTo("/par").isEmpty()) {
            sent.putAll(FakeProvider.form(provider.requestsTo("/par").get(0)));
        } else {
            HttpUrl url = authorize.get(0).getRequestUrl();
            url.queryParameterNames().forEach(n -> sent.put(n, url.queryParameter(n)));
        }
        assertThat(sent)
                .containsEntry("prompt", "login")
                .containsEntry("max_age", "0")
                .containsEntry("audience", "https://api.example.com")
                .containsEntry("resource", "https://api.example.com/v1")
                .containsEntry("login_hint", "alice@example.com")
                .containsEntry("ui_locales", "de en")
                .containsEntry("response_type", "code")
                .containsKeys("state", "nonce", "code_challenge");
        assertThat(client.session()).isPresent();
    }

    @Test
    @DisplayName("UI16: parameters and a fixed redirect port carried by the config (as the app's settings and the"
            + " command line both make it) reach the provider with no builder call")
    void theConfigsChoicesReachTheProvider() throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        OAuthClient client = OAuthClient.builder(config().withAuthorizationParameters(
                                AuthorizationParameters.parse(List.of("login_hint=bob@example.com")))
                        .withRedirectChoice(new RedirectChoice(RedirectChoice.Host.IPV4, port)))
                .httpClient(new okhttp3.OkHttpClient())
                .clock(clock)
                .sleeper(sleeper)
                .browser(browser)
                .sessionStore(store)
                .build();

        client.login();

        Map<String, String> sent = new java.util.HashMap<>();
        if (!provider.requestsTo("/par").isEmpty()) {
            sent.putAll(FakeProvider.form(provider.requestsTo("/par").get(0)));
        } else {
            HttpUrl url = provider.requestsTo("/authorize").get(0).getRequestUrl();
            url.queryParameterNames().forEach(n -> sent.put(n, url.queryParameter(n)));
        }
        assertThat(sent)
                .containsEntry("login_hint", "bob@example.com")
                .containsEntry("redirect_uri", "http://127.0.0.1:" + port + "/callback");
        assertThat(client.session()).isPresent();
    }
}
