package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.base.Secret;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * An OAuth 2.0-only device sign-in (scopes without openid) against Spring Authorization Server, which refuses openid
 * in the device grant and issues no ID token for it: a person approves on Spring's own pages after a pause, then the
 * session is refreshed, refuses what needs OpenID, is revoked, and is refused under another issuer (DV9–DV11).
 */
@WaitsBesideOtherTests
// Its methods read one server's request counts, so they run one after another.
@ResourceLock("OAuthOnlySessionOnSpringTest.server")
@Tag("slow")
class OAuthOnlySessionOnSpringTest {

    private static final Duration PERSON_PAUSE = Duration.ofSeconds(3);

    private static SpringAuthorizationServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        server = SpringAuthorizationServer.start(Duration.ofSeconds(5));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static OAuthConfig config(String issuer, Path sessionFile) {
        return OAuthConfig.of(issuer, SpringAuthorizationServer.DEVICE_CLIENT_ID)
                .withScope(SpringAuthorizationServer.API_SCOPE)
                .withClientAuthentication(ClientAuthentication.of(
                        ClientAuthentication.Method.CLIENT_SECRET_BASIC,
                        Secret.of(SpringAuthorizationServer.DEVICE_CLIENT_SECRET)))
                .withSessionFile(Optional.of(sessionFile));
    }

    /** The device sign-in, approved on Spring's pages by a person who reads the code the client shows. */
    private static Session signInOnDevice(OAuthClient client) throws Exception {
        CompletableFuture<String> approved = new CompletableFuture<>();
        Session session = client.loginOnDevice(shown -> CompletableFuture.runAsync(() -> {
            try {
                approved.complete(
                        SpringDevicePage.approve(shown.verificationUriComplete().orElseThrow(), PERSON_PAUSE));
            } catch (Exception | AssertionError e) {
                approved.completeExceptionally(e);
            }
        }));
        assertThat(approved.get(30, TimeUnit.SECONDS)).contains("success");
        return session;
    }

    @Test
    @DisplayName("DV9, DV10: device sign-in with scope message.read against Spring: only that scope asked, no ID"
            + " token expected or stored, the session bound to issuer and client id; UserInfo and RP-initiated"
            + " logout refused unsent; refresh then revocation work on the wire")
    void oauthOnlyDeviceSessionRefreshesAndIsRevoked() throws Exception {
        Path file = dir.resolve("session.json");
        OAuthClient client = OAuthClient.builder(config(server.issuer(), file)).build();

        Session session = signInOnDevice(client);

        // DV9: asked for exactly the scopes given; Spring granted them and sent no ID token.
        assertThat(server.answered("POST", "/oauth2/device_authorization"))
                .extracting(SpringAuthorizationServer.Answered::status)
                .isNotEmpty()
                .containsOnly(200);
        assertThat(session.openId()).isFalse();
        assertThat(session.claims()).isEmpty();
        assertThat(session.subject()).isEmpty();
        assertThat(session.tokens().idToken()).isEmpty();
        assertThat(session.tokens().scope()).contains(SpringAuthorizationServer.API_SCOPE);
        assertThat(session.tokens().refreshToken()).isPresent();
        assertThat(session.tokens().expiresAt()).isPresent();
        assertThat(session.binding())
                .isEqualTo(new SessionBinding(server.issuer(), SpringAuthorizationServer.DEVICE_CLIENT_ID));
        String stored = Files.readString(file);
        assertThat(stored)
                .contains("\"issuer\"")
                .contains("\"client_id\"")
                .doesNotContain("id_token")
                .doesNotContain("claims");

        // DV10: what needs OpenID is refused with the reason, and nothing is sent for it.
        assertThatThrownBy(client::userInfo)
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("userinfo: this session is OAuth 2.0 only")
                .hasMessageContaining("Add openid to the scopes");
        assertThatThrownBy(client::endSession)
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("end_session: this session is OAuth 2.0 only")
                .hasMessageContaining("sign out (revocation) instead");
        assertThat(client.session()).as("refused before anything was erased").isPresent();
        assertThat(server.record()).noneMatch(line -> line.contains("userinfo") || line.contains("logout"));

        // DV10: refresh works, and the session stays OAuth 2.0 only.
        long tokenPosts = server.requestsReceived("POST", "/oauth2/token");
        Session refreshed = client.refresh();
        assertThat(server.requestsReceived("POST", "/oauth2/token")).isEqualTo(tokenPosts + 1);
        assertThat(refreshed.tokens().accessToken())
                .isNotEqualTo(session.tokens().accessToken());
        assertThat(refreshed.openId()).isFalse();
        assertThat(refreshed.tokens().idToken()).isEmpty();

        // DV10: revocation works: Spring revokes the grant, so its refresh token is refused afterwards.
        LogoutResult out = client.logout();
        assertThat(out.tokenRevoked()).as(String.valueOf(out.revocationError())).isTrue();
        assertThat(server.answered("POST", "/oauth2/revoke"))
                .extracting(SpringAuthorizationServer.Answered::status)
                .containsExactly(200);
        assertThat(out.revocationError()).isEmpty();
        InMemorySessionStore kept = new InMemorySessionStore();
        kept.save(refreshed);
        OAuthClient stale = OAuthClient.builder(config(server.issuer(), file))
                .sessionStore(kept)
                .build();
        assertThatThrownBy(stale::refresh).isInstanceOf(CallFailure.Reauthenticate.class);
    }

    @Test
    @DisplayName("DV11: a stored OAuth 2.0-only session reloaded under another issuer or client id is refused by its"
            + " binding: no token of it is sent, and the file is kept")
    void storedOAuthOnlySessionIsRefusedUnderAnotherIssuer() throws Exception {
        Path file = dir.resolve("session.json");
        signInOnDevice(OAuthClient.builder(config(server.issuer(), file)).build());
        String stored = Files.readString(file);
        long tokenPosts = server.requestsReceived("POST", "/oauth2/token");

        OAuthClient elsewhere =
                OAuthClient.builder(config("http://127.0.0.1:9", file)).build();
        OAuthConfig otherClient = OAuthConfig.of(server.issuer(), "another-client")
                .withScope(SpringAuthorizationServer.API_SCOPE)
                .withSessionFile(Optional.of(file));
        OAuthClient asAnotherClient = OAuthClient.builder(otherClient).build();

        assertThat(elsewhere.session()).isEmpty();
        assertThatThrownBy(elsewhere::refresh)
                .isInstanceOf(CallFailure.Reauthenticate.class)
                .hasMessageContaining("the stored session belongs to issuer " + server.issuer())
                .hasMessageContaining("not to issuer http://127.0.0.1:9");
        assertThat(asAnotherClient.session()).isEmpty();
        assertThatThrownBy(asAnotherClient::accessToken)
                .isInstanceOf(CallFailure.Reauthenticate.class)
                .hasMessageContaining("with client id " + SpringAuthorizationServer.DEVICE_CLIENT_ID);
        assertThat(server.requestsReceived("POST", "/oauth2/token")).isEqualTo(tokenPosts);
        assertThat(Files.readString(file)).isEqualTo(stored);
        // The same file under its own issuer and client id is the session again.
        assertThat(OAuthClient.builder(config(server.issuer(), file)).build().session())
                .get()
                .extracting(Session::openId)
                .isEqualTo(false);
    }
}
