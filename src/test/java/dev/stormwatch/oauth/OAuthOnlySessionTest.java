package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.base.Secret;
import dev.stormwatch.retry.CallFailure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OAuth 2.0-only sessions (scopes without openid) against a scripted provider on a real socket, on a fake clock: what
 * is asked, what is kept, what is refused, and how a stored one is bound (DV6, DV9–DV11).
 */
class OAuthOnlySessionTest extends OAuthClientFixture {

    private final List<DeviceAuthorization> shown = new CopyOnWriteArrayList<>();

    @TempDir
    Path dir;

    private OAuthConfig apiOnly() {
        return config().withScope("api.read api.write");
    }

    @Test
    @DisplayName("DV9: a device sign-in without openid asks for exactly those scopes and keeps a session with no ID"
            + " token or claims, bound to issuer and client id")
    void deviceSignInWithoutOpenidKeepsAnOAuthOnlySession() {
        provider.idTokens = false;

        Session session = client(apiOnly()).loginOnDevice(shown::add);

        assertThat(FakeProvider.form(provider.requestsTo("/device").get(0)))
                .containsEntry("scope", "api.read api.write");
        assertThat(session.openId()).isFalse();
        assertThat(session.tokens().idToken()).isEmpty();
        assertThat(session.subject()).isEmpty();
        assertThat(session.tokens().refreshToken()).isPresent();
        assertThat(session.tokens().expiresAt()).contains(clock.instant().plusSeconds(provider.tokenLifetimeSeconds));
        assertThat(session.binding()).isEqualTo(new SessionBinding(provider.issuer, "app"));
        assertThat(store.load()).contains(session);
        assertThat(provider.hits("/jwks")).as("nothing to verify").isZero();
    }

    @Test
    @DisplayName("DV9: the browser sign-in without openid asks for those scopes and keeps an OAuth 2.0-only session")
    void browserSignInWithoutOpenidKeepsAnOAuthOnlySession() throws Exception {
        provider.idTokens = false;

        Session session = client(apiOnly()).login();

        Map<String, List<String>> query =
                LoopbackReceiver.parseQuery(browser.opened.get(0).getRawQuery());
        assertThat(query.get("scope")).containsExactly("api.read api.write");
        assertThat(session.openId()).isFalse();
        assertThat(session.tokens().idToken()).isEmpty();
        assertThat(browser.lastPage()).startsWith("200").contains("Signed in");
    }

    @Test
    @DisplayName("DV9: an ID token sent unasked is verified before the session is kept; with openid an answer"
            + " without one is a Protocol error and nothing is stored")
    void idTokenIsVerifiedWhenSentAndRequiredWithOpenid() {
        Session unasked = client(apiOnly()).loginOnDevice(shown::add);
        assertThat(unasked.claims()).get().extracting(IdTokenClaims::subject).isEqualTo("alice");
        assertThat(provider.hits("/jwks")).isEqualTo(1);

        store.clear();
        provider.idTokens = false;
        assertThatThrownBy(() -> client().loginOnDevice(shown::add))
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageContaining("no id_token although the scopes 'openid' hold 'openid'");
        assertThat(store.load()).isEmpty();
    }

    @Test
    @DisplayName("DV9, DV10: refreshing an OAuth 2.0-only session works and keeps it OAuth 2.0 only, an ID token"
            + " the provider adds is not kept")
    void refreshKeepsTheSessionOAuthOnly() {
        provider.idTokens = false;
        OAuthClient client = client(apiOnly());
        Session first = client.loginOnDevice(shown::add);
        provider.idTokens = true;

        Session refreshed = client.refresh();

        assertThat(refreshed.tokens().accessToken()).isNotEqualTo(first.tokens().accessToken());
        assertThat(refreshed.openId()).isFalse();
        assertThat(refreshed.tokens().idToken()).isEmpty();
    }

    @Test
    @DisplayName("DV10: UserInfo and RP-initiated logout refuse an OAuth 2.0-only session with a Configuration error"
            + " saying why; nothing is sent, the session is kept, and sign-out by revocation still works")
    void userInfoAndEndSessionAreRefused() {
        provider.idTokens = false;
        OAuthClient client = client(apiOnly());
        client.loginOnDevice(shown::add);

        assertThatThrownBy(client::userInfo)
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("no ID token")
                .hasMessageContaining("the ID token's subject");
        assertThatThrownBy(client::endSession)
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("id_token_hint");
        assertThat(provider.hits("/userinfo")).isZero();
        assertThat(browser.opened).isEmpty();
        assertThat(client.session()).isPresent();

        LogoutResult out = client.logout();

        assertThat(out.tokenRevoked()).isTrue();
        assertThat(client.session()).isEmpty();
    }

    @Test
    @DisplayName("DV6: with openid, invalid_scope adds: or leave openid out for an OAuth-only session; without"
            + " openid it stays the provider's own error")
    void invalidScopeIsExplainedOnlyWithOpenid() {
        provider.script("/device", FakeProvider.oauthError(400, "invalid_scope"));
        assertThatThrownBy(() -> client().loginOnDevice(shown::add))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("leave openid out of the scopes for an OAuth-only session");

        provider.script("/device", FakeProvider.oauthError(400, "invalid_scope"));
        assertThatThrownBy(() -> client(apiOnly()).loginOnDevice(shown::add))
                .hasMessageContaining("invalid_scope")
                .hasMessageNotContaining("OpenID Connect");
        assertThat(shown).isEmpty();
    }

    @Test
    @DisplayName("DV11: an OAuth 2.0-only session file holds its issuer and client id and no ID token or claims, reads"
            + " back equal, and is refused under another issuer or client id")
    void storedOAuthOnlySessionIsBoundByIssuerAndClientId() throws Exception {
        Path file = dir.resolve("session.json");
        Session session = new Session(
                new TokenSet(
                        Secret.of("at"),
                        "Bearer",
                        Optional.of(Instant.parse("2026-01-01T11:00:00Z")),
                        Optional.of(Secret.of("rt")),
                        Optional.empty(),
                        Optional.of("api.read"),
                        Optional.empty()),
                Optional.empty(),
                new SessionBinding("https://a.example", "app"));
        new FileSessionStore(file).save(session);

        assertThat(Files.readString(file)).doesNotContain("id_token").doesNotContain("claims");
        assertThat(new FileSessionStore(file).load()).contains(session);
        assertThat(SessionBinding.refusal(session, new Issuer("https://a.example"), "app"))
                .isEmpty();
        assertThat(SessionBinding.refusal(session, new Issuer("https://b.example"), "app"))
                .get()
                .asString()
                .contains("belongs to issuer https://a.example with client id app");
        assertThat(SessionBinding.refusal(session, new Issuer("https://a.example"), "other"))
                .isPresent();
    }
}
