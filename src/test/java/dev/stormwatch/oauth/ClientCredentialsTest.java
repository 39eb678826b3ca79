package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.base.Secret;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.testing.StartedProviders;
import java.net.InetAddress;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The client credentials grant on real sockets: the demo provider and navikt's mock-oauth2-server (CA7). */
class ClientCredentialsTest {

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;
    private MockOAuth2Server mock;
    private final List<AttemptEvent> events = new CopyOnWriteArrayList<>();
    private final InMemorySessionStore store = new InMemorySessionStore();

    @AfterEach
    void stop() {
        if (mock != null) {
            mock.shutdown();
        }
    }

    private OAuthClient client(String issuer, String clientId, ClientAuthentication auth) {
        OAuthClient client = OAuthClient.builder(
                        OAuthConfig.of(issuer, clientId).withClientAuthentication(auth))
                .sessionStore(store)
                .sleeper(d -> {
                    throw new AssertionError("nothing here is retried, asked to sleep " + d);
                })
                .build();
        client.addAttemptListener(events::add);
        return client;
    }

    @Test
    @DisplayName("CA7: a confidential client gets a token for itself with its secret; nothing is stored, and the"
            + " token and secret are in no event")
    void aConfidentialClientGetsAMachineToken() throws Exception {
        provider = providers.start();
        OAuthClient client = client(
                provider.issuer().toString(),
                ClientRegistration.CONFIDENTIAL_CLIENT_ID,
                ClientAuthentication.of(
                        ClientAuthentication.Method.CLIENT_SECRET_BASIC,
                        Secret.of(ClientRegistration.CONFIDENTIAL_CLIENT_SECRET)));

        MachineToken token = client.clientCredentials("api.read");

        assertThat(token.tokenType()).isEqualTo("Bearer");
        assertThat(token.expiresAt()).isPresent();
        assertThat(token.scope()).contains("api.read");
        assertThat(token.toString()).doesNotContain(token.accessToken().reveal());
        assertThat(store.load()).isEmpty();
        assertThat(client.session()).isEmpty();
        assertThat(provider.requestsReceived("POST", "/token")).isEqualTo(1);
        assertThat(events).extracting(AttemptEvent::step).contains("client_credentials");
        assertThat(events.toString())
                .doesNotContain(token.accessToken().reveal())
                .doesNotContain(ClientRegistration.CONFIDENTIAL_CLIENT_SECRET);
    }

    @Test
    @DisplayName("CA7: a public client is refused before anything is sent")
    void aPublicClientIsRefusedBeforeSending() throws Exception {
        provider = providers.start();
        OAuthClient client =
                client(provider.issuer().toString(), ClientRegistration.DESKTOP_CLIENT_ID, ClientAuthentication.NONE);

        assertThatThrownBy(() -> client.clientCredentials(""))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("confidential client");
        assertThat(provider.requestsReceived("GET", "/.well-known/openid-configuration"))
                .isZero();
        assertThat(provider.requestsReceived("POST", "/token")).isZero();
    }

    @Test
    @DisplayName("CA6, CA7: against mock-oauth2-server with private_key_jwt: the token is issued to the client, and"
            + " the assertion the server received verifies with the client's public JWK")
    void mockOAuth2ServerIssuesAMachineTokenForAnAssertion() throws Exception {
        mock = new MockOAuth2Server();
        mock.start(InetAddress.getByName("127.0.0.1"), 0);
        ClientAssertionKey key = ClientAssertionKey.generate(new SecureRandom());
        String issuer = mock.issuerUrl("default").toString();
        OAuthClient client = client(
                issuer, "machine-client", ClientAuthentication.of(ClientAuthentication.Method.PRIVATE_KEY_JWT, key));

        MachineToken token = client.clientCredentials("api://backend/.default");

        SignedJWT accessToken = SignedJWT.parse(token.accessToken().reveal());
        assertThat(accessToken.getJWTClaimsSet().getSubject()).isEqualTo("machine-client");
        // The server's record of the token request: a busy machine may record it a little after its answer, so
        // wait for it (mock-oauth2-server throws when nothing comes in time).
        okhttp3.mockwebserver.RecordedRequest request;
        do {
            request = mock.takeRequest(10, java.util.concurrent.TimeUnit.SECONDS);
        } while (!"POST".equals(request.getMethod()));
        java.util.Map<String, java.util.List<String>> form =
                LoopbackReceiver.parseQuery(request.getBody().readUtf8());
        assertThat(form.get("client_assertion_type")).containsExactly(ClientAssertionKey.ASSERTION_TYPE);
        SignedJWT assertion = SignedJWT.parse(form.get("client_assertion").get(0));
        assertThat(assertion.verify(new com.nimbusds.jose.crypto.ECDSAVerifier(
                        ((com.nimbusds.jose.jwk.ECKey) JWK.parse(key.publicJwk())).toECPublicKey())))
                .isTrue();
        assertThat(assertion.getJWTClaimsSet().getAudience()).containsExactly(issuer.replaceAll("/$", "") + "/token");
    }
}
