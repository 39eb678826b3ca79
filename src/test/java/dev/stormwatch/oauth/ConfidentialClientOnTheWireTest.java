package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.base.Secret;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.testing.StartedProviders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A confidential client against the demo provider on real sockets: the provider's own counters and answers say what
 * reached it, with which client authentication (CA1–CA3).
 */
class ConfidentialClientOnTheWireTest {

    private static final String SECRET = ClientRegistration.CONFIDENTIAL_CLIENT_SECRET;

    @TempDir
    Path folder;

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;
    private final List<AttemptEvent> events = new CopyOnWriteArrayList<>();

    private OAuthClient client(ProviderConfig providerConfig, ClientAuthentication auth) throws Exception {
        provider = providers.start(providerConfig);
        OAuthConfig config = OAuthConfig.of(provider.issuer().toString(), ClientRegistration.CONFIDENTIAL_CLIENT_ID)
                .withScope("openid offline_access")
                .withClientAuthentication(auth);
        OAuthClient client = OAuthClient.builder(config)
                .browser(new SignInPageBrowser())
                .sessionStore(new FileSessionStore(folder.resolve("session.json")))
                .sleeper(d -> {
                    throw new AssertionError("nothing here is retried, asked to sleep " + d);
                })
                .build();
        client.addAttemptListener(events::add);
        return client;
    }

    @ParameterizedTest(name = "CA3: {0}")
    @EnumSource(
            value = ClientAuthentication.Method.class,
            names = {"CLIENT_SECRET_BASIC", "CLIENT_SECRET_POST", "AUTO"})
    @DisplayName("CA1, CA3: login (PAR and code exchange), refresh and revocation succeed with each secret method")
    void loginRefreshAndRevokeSucceedWithEachMethod(ClientAuthentication.Method method) throws Exception {
        OAuthClient client = client(ProviderConfig.defaults(), ClientAuthentication.of(method, Secret.of(SECRET)));

        Session session = client.login();
        String sessionFile = Files.readString(folder.resolve("session.json"));
        Session refreshed = client.refresh();
        LogoutResult logout = client.logout();

        assertThat(session.claims().orElseThrow().audience()).contains(ClientRegistration.CONFIDENTIAL_CLIENT_ID);
        assertThat(refreshed.tokens().accessToken())
                .isNotEqualTo(session.tokens().accessToken());
        assertThat(logout.tokenRevoked()).as("%s", logout.revocationError()).isTrue();
        // CA3: every token-side request reached the provider and was accepted as this client (PAR included).
        assertThat(provider.requestsReceived("POST", "/par")).isEqualTo(1);
        assertThat(provider.requestsReceived("POST", "/token")).isEqualTo(2);
        assertThat(provider.requestsReceived("POST", "/revoke")).isEqualTo(1);
        // CA2: the secret is in no attempt event and not in the session file.
        assertThat(events).extracting(AttemptEvent::step).contains("par", "token", "refresh", "revocation");
        assertThat(events.toString()).doesNotContain(SECRET);
        assertThat(sessionFile).doesNotContain(SECRET).doesNotContain("client_secret");
    }

    @Test
    @DisplayName("CA2, ST3: a wrong secret is one 401 invalid_client, not retried: a Configuration error that says"
            + " what to check and never shows the secret")
    void aWrongSecretIsAConfigurationErrorWithoutTheSecret() throws Exception {
        String wrong = "wrong-secret-value";
        OAuthClient client = client(
                ProviderConfig.defaults(),
                ClientAuthentication.of(ClientAuthentication.Method.CLIENT_SECRET_BASIC, Secret.of(wrong)));

        assertThatThrownBy(client::login)
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("invalid_client")
                .hasMessageContaining("client_secret_basic")
                .hasMessageContaining("check the client id, the client secret")
                .hasMessageNotContaining(wrong);

        // PAR is the first authenticated request; it was sent once (ST3), and the token endpoint never.
        assertThat(provider.requestsReceived("POST", "/par")).isEqualTo(1);
        assertThat(provider.requestsReceived("POST", "/token")).isZero();
        assertThat(events).filteredOn(e -> e.step().equals("par")).hasSize(1);
        assertThat(events.toString()).doesNotContain(wrong);
        assertThat(client.state().toString()).doesNotContain(wrong);
    }

    @Test
    @DisplayName("CA1: a method the provider does not advertise is refused before any token-side request")
    void aMethodTheProviderDoesNotAdvertiseIsRefusedBeforeSending() throws Exception {
        ProviderConfig basicOnly = ProviderConfig.defaults()
                .withClients(List.of(ClientRegistration.confidential(List.of("client_secret_basic"))));
        OAuthClient client = client(
                basicOnly, ClientAuthentication.of(ClientAuthentication.Method.CLIENT_SECRET_POST, Secret.of(SECRET)));

        assertThatThrownBy(client::login)
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("token_endpoint_auth_methods_supported")
                .hasMessageContaining("[client_secret_basic]")
                .hasMessageContaining("client_secret_post");

        assertThat(provider.requestsReceived("POST", "/par")).isZero();
        assertThat(provider.requestsReceived("POST", "/token")).isZero();
    }

    @Test
    @DisplayName("CA1: auto with a secret picks Basic when the provider advertises it (RFC 8414's default)")
    void autoPrefersBasic() throws Exception {
        OAuthClient client = client(
                ProviderConfig.defaults(),
                ClientAuthentication.of(ClientAuthentication.Method.AUTO, Secret.of(SECRET)));
        client.login();
        // Only Basic is registered here: the same client with post alone would have been refused at the provider.
        ProviderConfig basicOnly = ProviderConfig.defaults()
                .withClients(List.of(ClientRegistration.confidential(List.of("client_secret_basic"))));
        provider.close();
        OAuthClient basic =
                client(basicOnly, ClientAuthentication.of(ClientAuthentication.Method.AUTO, Secret.of(SECRET)));
        assertThat(basic.login().claims().orElseThrow().audience()).contains(ClientRegistration.CONFIDENTIAL_CLIENT_ID);
    }

    @Test
    @DisplayName("CA1: a confidential registration refuses a public request (no secret) with 401 invalid_client")
    void aPublicRequestForAConfidentialClientIsRefused() throws Exception {
        OAuthClient client = client(ProviderConfig.defaults(), ClientAuthentication.NONE);

        assertThatThrownBy(client::login)
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageContaining("invalid_client");
    }

    @Test
    @DisplayName("CA2, ST3, E5: a wrong secret on refresh is one request and a Configuration error that keeps the"
            + " session; on revocation the local session is gone anyway (P8) and the result says why")
    void aWrongSecretOnRefreshKeepsTheSessionAndOnLogoutIsReported() throws Exception {
        client(
                        ProviderConfig.defaults(),
                        ClientAuthentication.of(ClientAuthentication.Method.CLIENT_SECRET_POST, Secret.of(SECRET)))
                .login();
        String wrong = "rotated-away-secret";
        OAuthConfig config = OAuthConfig.of(provider.issuer().toString(), ClientRegistration.CONFIDENTIAL_CLIENT_ID)
                .withScope("openid offline_access")
                .withClientAuthentication(
                        ClientAuthentication.of(ClientAuthentication.Method.CLIENT_SECRET_POST, Secret.of(wrong)));
        OAuthClient stale = OAuthClient.builder(config)
                .sessionStore(new FileSessionStore(folder.resolve("session.json")))
                .build();
        stale.addAttemptListener(events::add);
        long tokenBefore = provider.requestsReceived("POST", "/token");

        assertThatThrownBy(stale::refresh)
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageStartingWith("refresh")
                .hasMessageContaining("client_secret_post")
                .hasMessageNotContaining(wrong);
        assertThat(provider.requestsReceived("POST", "/token")).isEqualTo(tokenBefore + 1);
        assertThat(stale.session()).isPresent();
        LogoutResult logout = stale.logout();

        assertThat(logout.tokenRevoked()).isFalse();
        assertThat(logout.revocationError())
                .get()
                .isInstanceOf(CallFailure.Configuration.class)
                .extracting(Throwable::getMessage)
                .asString()
                .startsWith("revocation")
                .doesNotContain(wrong);
        assertThat(stale.session()).isEmpty();
        assertThat(events.toString()).doesNotContain(wrong);
    }
}
