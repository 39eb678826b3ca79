package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import dev.stormwatch.base.Secret;
import dev.stormwatch.base.Sleeper;
import dev.stormwatch.testing.FakeClock;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The provider's configuration and client registrations: what each refuses when it is made, and what it keeps. */
class ProviderConfigEdgesTest {

    private static final List<URI> REDIRECTS = List.of(URI.create("http://127.0.0.1/callback"));

    @Test
    @DisplayName("Each with-method changes its own setting and keeps every other")
    void eachWithMethodChangesOneSetting() {
        ProviderConfig defaults = ProviderConfig.defaults();
        FakeClock clock = FakeClock.atNewYear();
        Sleeper sleeper = duration -> {};

        assertThat(defaults.withPort(8080)).isEqualTo(copy(defaults, 8080, defaults.clock(), defaults.sleeper()));
        assertThat(defaults.withClock(clock)).isEqualTo(copy(defaults, 0, clock, defaults.sleeper()));
        assertThat(defaults.withSleeper(sleeper)).isEqualTo(copy(defaults, 0, defaults.clock(), sleeper));
        assertThat(defaults.withAccessTokenTtl(Duration.ofSeconds(7)).accessTokenTtl())
                .isEqualTo(Duration.ofSeconds(7));
        assertThat(defaults.withRefreshTokenTtl(Duration.ofSeconds(8)).refreshTokenTtl())
                .isEqualTo(Duration.ofSeconds(8));
        assertThat(defaults.withDpopNonceRequired(true).dpopNonceRequired()).isTrue();
        assertThat(defaults.withKeepAlive(Duration.ofSeconds(3)).keepAlive()).isEqualTo(Duration.ofSeconds(3));
        assertThat(defaults.withIdTokenAlgorithm(ProviderConfig.SigningAlgorithm.ES256)
                        .idTokenAlgorithm())
                .isEqualTo(ProviderConfig.SigningAlgorithm.ES256);
        assertThat(defaults.withClients(List.of(ClientRegistration.desktop())).clients())
                .containsExactly(ClientRegistration.desktop());
        for (ProviderConfig changed : List.of(
                defaults.withAccessTokenTtl(Duration.ofSeconds(7)),
                defaults.withRefreshTokenTtl(Duration.ofSeconds(8)),
                defaults.withDpopNonceRequired(true),
                defaults.withKeepAlive(Duration.ofSeconds(3)),
                defaults.withIdTokenAlgorithm(ProviderConfig.SigningAlgorithm.ES256),
                defaults.withClients(List.of(ClientRegistration.desktop())))) {
            assertThat(changed.users()).isEqualTo(defaults.users());
            assertThat(changed.codeTtl()).isEqualTo(Duration.ofSeconds(60));
            assertThat(changed.parTtl()).isEqualTo(Duration.ofSeconds(60));
            assertThat(changed.idTokenTtl()).isEqualTo(Duration.ofMinutes(5));
            assertThat(changed.random()).isSameAs(defaults.random());
            assertThat(changed.clock()).isSameAs(defaults.clock());
            assertThat(changed.sleeper()).isSameAs(defaults.sleeper());
            assertThat(changed.port()).isZero();
        }
    }

    private static ProviderConfig copy(ProviderConfig c, int port, java.time.Clock clock, Sleeper sleeper) {
        return new ProviderConfig(
                port,
                clock,
                c.clients(),
                c.users(),
                c.accessTokenTtl(),
                c.refreshTokenTtl(),
                c.idTokenTtl(),
                c.codeTtl(),
                c.parTtl(),
                c.dpopNonceRequired(),
                c.idTokenAlgorithm(),
                c.random(),
                sleeper,
                c.keepAlive());
    }

    @Test
    @DisplayName("A configuration without users, or with a lifetime of zero or less, is refused")
    void usersAndLifetimesAreRequired() {
        ProviderConfig d = ProviderConfig.defaults();

        assertThatThrownBy(() -> new ProviderConfig(
                        0,
                        d.clock(),
                        d.clients(),
                        List.of(),
                        d.accessTokenTtl(),
                        d.refreshTokenTtl(),
                        d.idTokenTtl(),
                        d.codeTtl(),
                        d.parTtl(),
                        false,
                        d.idTokenAlgorithm(),
                        d.random(),
                        d.sleeper(),
                        d.keepAlive()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one demo user");
        assertThatThrownBy(() -> d.withAccessTokenTtl(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be positive");
        assertThatThrownBy(() -> d.withRefreshTokenTtl(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(d.withAccessTokenTtl(Duration.ofMillis(1)).accessTokenTtl()).isEqualTo(Duration.ofMillis(1));
    }

    @Test
    @DisplayName("CA1: a registration is refused without an id or a redirect URI, with an unknown method or none, a"
            + " secret method without a secret or a secret without one")
    void aRegistrationIsCheckedWhenMade() {
        Optional<Secret> secret = Optional.of(Secret.of("s"));

        assertThatThrownBy(() -> new ClientRegistration(" ", REDIRECTS, List.of()))
                .hasMessageContaining("needs an id");
        assertThatThrownBy(() -> new ClientRegistration(null, REDIRECTS, List.of()))
                .hasMessageContaining("needs an id");
        assertThatThrownBy(() -> new ClientRegistration("c", List.of(), List.of()))
                .hasMessageContaining("at least one redirect URI");
        assertThatThrownBy(() -> new ClientRegistration("c", REDIRECTS, List.of(), Optional.empty(), List.of()))
                .hasMessageContaining("needs methods among");
        assertThatThrownBy(() -> new ClientRegistration(
                        "c", REDIRECTS, List.of(), Optional.empty(), List.of("none", "tls_client_auth")))
                .hasMessageContaining("needs methods among");
        assertThatThrownBy(() -> new ClientRegistration(
                        "c", REDIRECTS, List.of(), Optional.empty(), List.of("client_secret_post")))
                .hasMessageContaining("needs a secret exactly when");
        assertThatThrownBy(() -> new ClientRegistration("c", REDIRECTS, List.of(), secret, List.of("none")))
                .hasMessageContaining("needs a secret exactly when");
        assertThat(new ClientRegistration("c", REDIRECTS, List.of(), secret, List.of("none", "client_secret_basic"))
                        .accepts("none"))
                .isTrue();
    }

    @Test
    @DisplayName("CA4: private_key_jwt needs exactly a public key: none with the method, a key without it, and a"
            + " private key are refused; the registration keeps the public half")
    void aKeyedRegistrationKeepsThePublicKey() throws Exception {
        ECKey key = new ECKeyGenerator(Curve.P_256).keyID("k").generate();

        assertThatThrownBy(() -> new ClientRegistration(
                        "c", REDIRECTS, List.of(), Optional.empty(), List.of("private_key_jwt"), Optional.empty()))
                .hasMessageContaining("needs a public key exactly when");
        assertThatThrownBy(() -> new ClientRegistration(
                        "c", REDIRECTS, List.of(), Optional.empty(), List.of("none"), Optional.of(key.toPublicJWK())))
                .hasMessageContaining("needs a public key exactly when");
        assertThatThrownBy(() -> new ClientRegistration(
                        "c", REDIRECTS, List.of(), Optional.empty(), List.of("private_key_jwt"), Optional.of(key)))
                .hasMessageContaining("registers a public key, not a private one");
        ClientRegistration keyed = ClientRegistration.privateKeyJwt("c", key);
        assertThat(keyed.publicKey()).contains(key.toPublicJWK());
        assertThat(keyed.publicKey().orElseThrow().isPrivate()).isFalse();
        assertThat(keyed.redirectUris()).isEqualTo(ClientRegistration.desktop().redirectUris());
        assertThat(keyed.accepts("private_key_jwt")).isTrue();
        assertThat(keyed.accepts("none")).isFalse();
        assertThat(keyed.toString()).isEqualTo("ClientRegistration[c, [private_key_jwt]]");
    }

    @Test
    @DisplayName("AR3, SX2: the desktop client registers both loopback literals for sign-in and sign-out; the"
            + " confidential client takes the methods it is given")
    void theDemoClients() {
        assertThat(ClientRegistration.desktop().redirectUris())
                .containsExactly(URI.create("http://127.0.0.1/callback"), URI.create("http://[::1]/callback"));
        assertThat(ClientRegistration.desktop().postLogoutRedirectUris())
                .containsExactly(URI.create("http://127.0.0.1/logged-out"), URI.create("http://[::1]/logged-out"));
        assertThat(ClientRegistration.confidential().authMethods())
                .containsExactly("client_secret_basic", "client_secret_post");
        assertThat(ClientRegistration.confidential(List.of("client_secret_post"))
                        .authMethods())
                .containsExactly("client_secret_post");
        assertThat(ClientRegistration.confidential().secret()).contains(Secret.of("demo-client-secret"));
    }
}
