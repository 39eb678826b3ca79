package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.base.Secret;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.testing.FakeClock;
import dev.stormwatch.testing.StartedProviders;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Token introspection against the demo provider on real sockets (IN1). */
class IntrospectionTest {

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;
    private final FakeClock providerClock = new FakeClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));

    private OAuthClient signedIn() throws Exception {
        provider = providers.start(ProviderConfig.defaults().withClock(providerClock));
        OAuthConfig config = OAuthConfig.of(provider.issuer().toString(), ClientRegistration.CONFIDENTIAL_CLIENT_ID)
                .withScope("openid offline_access")
                .withClientAuthentication(ClientAuthentication.of(
                        ClientAuthentication.Method.CLIENT_SECRET_BASIC,
                        Secret.of(ClientRegistration.CONFIDENTIAL_CLIENT_SECRET)));
        OAuthClient client =
                OAuthClient.builder(config).browser(new SignInPageBrowser()).build();
        client.login();
        return client;
    }

    @Test
    @DisplayName("IN1: an active access token: scope, client, subject and expiry as the provider sees them")
    void anActiveTokenIsDescribed() throws Exception {
        OAuthClient client = signedIn();

        Introspection seen = client.introspect();

        assertThat(seen.active()).isTrue();
        assertThat(seen.clientId()).contains(ClientRegistration.CONFIDENTIAL_CLIENT_ID);
        assertThat(seen.subject())
                .contains(client.session().orElseThrow().claims().orElseThrow().subject());
        assertThat(seen.scope()).get().asString().contains("openid");
        assertThat(seen.expiresAt()).contains(providerClock.instant().plus(Duration.ofMinutes(5)));
        assertThat(seen.toString())
                .doesNotContain(
                        client.session().orElseThrow().tokens().accessToken().reveal());
        assertThat(provider.requestsReceived("POST", "/introspect")).isEqualTo(1);
    }

    @Test
    @DisplayName("IN1: once the provider's clock passes the token's expiry, it answers active false: an answer, not"
            + " an error, and the session stays")
    void anExpiredTokenIsInactiveNotAnError() throws Exception {
        OAuthClient client = signedIn();
        providerClock.advance(Duration.ofMinutes(5));

        Introspection seen = client.introspect();

        assertThat(seen.active()).isFalse();
        assertThat(seen.scope()).isEmpty();
        assertThat(client.session()).isPresent();
    }

    @Test
    @DisplayName("IN1: a provider without introspection_endpoint is a Configuration error, nothing posted")
    void noEndpointIsAConfigurationError() throws Exception {
        OAuthClientFixtureProvider fake = new OAuthClientFixtureProvider();
        try {
            OAuthClient client = fake.signedIn();
            assertThatThrownBy(client::introspect)
                    .isInstanceOf(CallFailure.Configuration.class)
                    .hasMessageContaining("introspection_endpoint");
        } finally {
            fake.close();
        }
    }

    /** The scripted provider of the other tests, which advertises no introspection. */
    private static final class OAuthClientFixtureProvider extends OAuthClientFixture {
        OAuthClient signedIn() throws Exception {
            startProvider();
            OAuthClient client = client();
            client.login();
            return client;
        }

        void close() throws Exception {
            stopProvider();
        }
    }
}
