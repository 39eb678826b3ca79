package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.jwk.JWK;
import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.server.Fault;
import dev.stormwatch.testing.StartedProviders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code private_key_jwt} client against the demo provider on real sockets; the provider verifies every assertion
 * with the registered public key and accepts each {@code jti} once (CA4–CA6).
 */
class PrivateKeyJwtOnTheWireTest {

    private static final String CLIENT_ID = "stormwatch-key-client";

    @TempDir
    Path folder;

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;
    private final List<AttemptEvent> events = new CopyOnWriteArrayList<>();

    private OAuthClient client(ClientAssertionKey registered, ClientAuthentication auth) throws Exception {
        JWK publicKey = JWK.parse(registered.publicJwk());
        provider = providers.start(
                ProviderConfig.defaults().withClients(List.of(ClientRegistration.privateKeyJwt(CLIENT_ID, publicKey))));
        OAuthConfig config = OAuthConfig.of(provider.issuer().toString(), CLIENT_ID)
                .withScope("openid offline_access")
                .withClientAuthentication(auth);
        OAuthClient client = OAuthClient.builder(config)
                .browser(new SignInPageBrowser())
                .sessionStore(new FileSessionStore(folder.resolve("session.json")))
                .sleeper(d -> {})
                .build();
        client.addAttemptListener(events::add);
        return client;
    }

    private static Path resource(String name) throws Exception {
        return Path.of(PrivateKeyJwtOnTheWireTest.class
                .getResource("/client-keys/" + name)
                .toURI());
    }

    @Test
    @DisplayName("CA4, CA6: login (PAR and code exchange), refresh and revocation succeed with an RSA PEM key and"
            + " with an EC key, the provider verifying each assertion; no key and no assertion in events or file")
    void loginRefreshAndRevokeSucceed() throws Exception {
        for (String name : List.of("rsa-2048.pem", "ec-p256.pem")) {
            ClientAssertionKey key = ClientAssertionKey.read(resource(name), java.util.Optional.empty());
            OAuthClient client = client(key, ClientAuthentication.of(ClientAuthentication.Method.AUTO, key));

            Session session = client.login();
            String sessionFile = Files.readString(folder.resolve("session.json"));
            Session refreshed = client.refresh();
            LogoutResult logout = client.logout();

            assertThat(session.claims().orElseThrow().audience()).as(name).contains(CLIENT_ID);
            assertThat(refreshed.tokens().accessToken())
                    .isNotEqualTo(session.tokens().accessToken());
            assertThat(logout.tokenRevoked()).as("%s", logout.revocationError()).isTrue();
            assertThat(provider.requestsReceived("POST", "/par")).isEqualTo(1);
            assertThat(provider.requestsReceived("POST", "/token")).isEqualTo(2);
            assertThat(provider.requestsReceived("POST", "/revoke")).isEqualTo(1);
            String privateJwk = key.privateJwk().reveal();
            String d = JWK.parse(privateJwk).toJSONObject().get("d").toString();
            assertThat(events.toString())
                    .doesNotContain(d)
                    .doesNotContain("client_assertion")
                    .doesNotContain("eyJ");
            assertThat(sessionFile).doesNotContain(d).doesNotContain("client_assertion");
            provider.close();
            events.clear();
        }
    }

    @Test
    @DisplayName("CA6: a PAR that the provider processed and then lost is resent with a new jti, which the provider"
            + " accepts (the first one it will never take again)")
    void aResendCarriesANewJti() throws Exception {
        ClientAssertionKey key = ClientAssertionKey.generate(new SecureRandom());
        OAuthClient client = client(key, ClientAuthentication.of(ClientAuthentication.Method.PRIVATE_KEY_JWT, key));
        provider.faults().inject("/par", new Fault.ProcessThenReset());

        Session session = client.login();

        assertThat(session.claims().orElseThrow().audience()).contains(CLIENT_ID);
        assertThat(provider.requestsReceived("POST", "/par")).isEqualTo(2);
        assertThat(events).filteredOn(e -> e.step().equals("par")).hasSizeGreaterThanOrEqualTo(2);
    }

    @Test
    @DisplayName("CA6, ST3: a key the provider does not know is one refused PAR and a Configuration error that says"
            + " to check the registered key, never retried")
    void anUnregisteredKeyIsAConfigurationError() throws Exception {
        ClientAssertionKey registered = ClientAssertionKey.generate(new SecureRandom());
        ClientAssertionKey other = ClientAssertionKey.generate(new SecureRandom());
        OAuthClient client =
                client(registered, ClientAuthentication.of(ClientAuthentication.Method.PRIVATE_KEY_JWT, other));

        assertThatThrownBy(client::login)
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageStartingWith("par")
                .hasMessageContaining("private_key_jwt")
                .hasMessageContaining("registered public key");

        assertThat(provider.requestsReceived("POST", "/par")).isEqualTo(1);
        assertThat(provider.requestsReceived("POST", "/token")).isZero();
    }

    @Test
    @DisplayName("CA5: a key of a type the provider's signing list lacks is refused after discovery, before any"
            + " token-side request")
    void aKeyThatCannotMakeAListedAlgorithmIsRefusedBeforeSending() throws Exception {
        // The demo provider lists RS256, PS256 and ES256: an EC P-384 key can make only ES384.
        JWK p384 = new com.nimbusds.jose.jwk.gen.ECKeyGenerator(com.nimbusds.jose.jwk.Curve.P_384).generate();
        Path file = folder.resolve("p384.jwk");
        Files.writeString(file, p384.toJSONString());
        ClientAssertionKey key = ClientAssertionKey.read(file, java.util.Optional.empty());
        OAuthClient client = client(key, ClientAuthentication.of(ClientAuthentication.Method.PRIVATE_KEY_JWT, key));

        assertThatThrownBy(client::login)
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("token_endpoint_auth_signing_alg_values_supported")
                .hasMessageContaining("EC P-384 key");

        assertThat(provider.requestsReceived("POST", "/par")).isZero();
        assertThat(provider.requestsReceived("POST", "/token")).isZero();
    }
}
