package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.base.Secret;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.Origin;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.SocketPolicy;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class OAuthClientSessionTest extends OAuthClientFixture {

    private String refreshTokenSent(int index) {
        return FakeProvider.form(provider.requestsTo("/token").get(index)).get("refresh_token");
    }

    @Test
    void aRotatedRefreshTokenReplacesTheStoredOne() {
        OAuthClient client = client();
        Session first = client.login();

        Session second = client.refresh();

        assertThat(second.tokens().refreshToken()).isNotEqualTo(first.tokens().refreshToken());
        assertThat(second.tokens().refreshToken().orElseThrow().reveal()).isEqualTo(provider.currentRefreshToken);
        assertThat(second.claims().orElseThrow().subject()).isEqualTo("alice");
    }

    @Test
    void aMissingRefreshTokenInTheAnswerKeepsTheStoredOne() {
        provider.rotateRefreshTokens = false;
        OAuthClient client = client();
        Session first = client.login();

        Session second = client.refresh();

        assertThat(second.tokens().refreshToken()).isEqualTo(first.tokens().refreshToken());
        assertThat(second.tokens().accessToken()).isNotEqualTo(first.tokens().accessToken());
    }

    // E1: regression, a session without a refresh token raised Reauthenticate but stayed stored
    @Test
    @DisplayName("E1: refresh without a refresh token is Reauthenticate and clears the session; nothing is sent")
    void aSessionWithoutARefreshTokenIsClearedOnRefresh() {
        OAuthClient client = client();
        Session session = client.login();
        TokenSet tokens = session.tokens();
        store.save(new Session(
                new TokenSet(
                        tokens.accessToken(),
                        tokens.tokenType(),
                        tokens.expiresAt(),
                        Optional.empty(),
                        tokens.idToken().orElseThrow(),
                        tokens.scope()),
                session.claims().orElseThrow()));

        assertThatThrownBy(client::refresh)
                .isInstanceOf(CallFailure.Reauthenticate.class)
                .hasMessageContaining("no refresh token");

        assertThat(store.load()).isEmpty();
        assertThat(provider.hits("/token")).isEqualTo(1); // the login's code exchange only
        assertThat(client.state())
                .isInstanceOfSatisfying(
                        SessionState.Failed.class, f -> assertThat(f.session()).isEmpty());
    }

    @Test
    @DisplayName("F3, E1: invalid_grant becomes Reauthenticate and clears the session")
    void invalidGrantClearsTheSession() {
        OAuthClient client = client();
        client.login();
        provider.script("/token", FakeProvider.oauthError(400, "invalid_grant"));

        assertThatThrownBy(client::refresh).isInstanceOf(CallFailure.Reauthenticate.class);

        assertThat(store.load()).isEmpty();
        assertThat(client.state())
                .isInstanceOfSatisfying(
                        SessionState.Failed.class, f -> assertThat(f.session()).isEmpty());
    }

    @Test
    @DisplayName(
            "F1, F2, E5: a 503 on refresh is not resent; the session is kept and the next refresh sends the same token")
    void aFailedRefreshKeepsTheSessionAndTheToken() {
        OAuthClient client = client();
        Session before = client.login();
        provider.script("/token", FakeProvider.status(503, "5"));

        assertThatThrownBy(client::refresh).isInstanceOfSatisfying(CallFailure.Recoverable.class, e -> {
            assertThat(e.attempts()).isEqualTo(1);
            assertThat(e.retryAfter()).contains(Duration.ofSeconds(5));
        });

        assertThat(store.load()).contains(before);
        assertThat(provider.requestsTo("/token")).hasSize(2);
        clock.advance(Duration.ofSeconds(5));
        client.refresh();
        // F3: the same stored refresh token goes out again.
        assertThat(refreshTokenSent(2)).isEqualTo(refreshTokenSent(1));
    }

    @Test
    @DisplayName("F1: a 429 on refresh proves it was not processed, so it is retried after Retry-After")
    void a429OnRefreshIsRetried() {
        OAuthClient client = client();
        client.login();
        provider.script("/token", FakeProvider.status(429, "2"));

        client.refresh();

        assertThat(sleeps).containsExactly(Duration.ofSeconds(2));
        assertThat(refreshTokenSent(2)).isEqualTo(refreshTokenSent(1));
    }

    @Test
    @DisplayName("F1, F2: a read timeout after the refresh was sent is not retried")
    void aRefreshReadTimeoutIsNotRetried() {
        OAuthClient client = client(
                config(),
                new OkHttpClient.Builder().readTimeout(Duration.ofMillis(300)).build());
        Session before = client.login();
        provider.script("/token", new MockResponse().setSocketPolicy(SocketPolicy.NO_RESPONSE));

        assertThatThrownBy(client::refresh)
                .isInstanceOfSatisfying(
                        CallFailure.Recoverable.class,
                        e -> assertThat(e.reason()).isInstanceOf(CallFailure.Network.class));

        assertThat(provider.requestsTo("/token")).hasSize(2);
        assertThat(store.load()).contains(before);
    }

    @Test
    @DisplayName("F4: concurrent accessToken() calls with an expired token share one refresh request")
    void concurrentCallersShareOneRefresh() throws Exception {
        OAuthClient client = client();
        client.login();
        clock.advance(Duration.ofSeconds(300));
        provider.tokenDelayMillis = 300;
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<Secret>> tokens = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                tokens.add(pool.submit((Callable<Secret>) client::accessToken));
            }
            List<Secret> results = new ArrayList<>();
            for (Future<Secret> token : tokens) {
                results.add(token.get(10, TimeUnit.SECONDS));
            }
            assertThat(results).containsOnly(results.get(0));
        } finally {
            pool.shutdownNow();
        }
        assertThat(provider.requestsTo("/token")).hasSize(2);
    }

    @Test
    void accessTokenIsReturnedWithoutARequestWhileValid() {
        OAuthClient client = client();
        Session session = client.login();
        clock.advance(Duration.ofSeconds(269));

        assertThat(client.accessToken()).isEqualTo(session.tokens().accessToken());
        assertThat(provider.requestsTo("/token")).hasSize(1);
        clock.advance(Duration.ofSeconds(1)); // 30 s before expiry counts as expired
        assertThat(client.accessToken()).isNotEqualTo(session.tokens().accessToken());
    }

    @Test
    @DisplayName("OP3: an unknown kid in a refreshed ID token causes one JWKS refetch and the rotated key is accepted")
    void keyRotationIsFollowed() {
        OAuthClient client = client();
        client.login();
        provider.signingKey = TestKeys.rsa("k2");
        provider.published.add(provider.signingKey);

        assertThat(client.refresh().claims().orElseThrow().subject()).isEqualTo("alice");
        assertThat(provider.hits("/jwks")).isEqualTo(2);
    }

    @Test
    void notSignedInIsReauthenticate() {
        assertThatThrownBy(() -> client().accessToken()).isInstanceOf(CallFailure.Reauthenticate.class);
        assertThatThrownBy(() -> client().userInfo()).isInstanceOf(CallFailure.Reauthenticate.class);
    }

    @Test
    void userInfoReturnsTheClaimsOfTheSameSubject() {
        OAuthClient client = client();
        client.login();

        UserInfo info = client.userInfo();

        assertThat(info.subject()).isEqualTo("alice");
        assertThat(info.claims()).containsEntry("name", "Alice");
        assertThat(provider.requestsTo("/userinfo").get(0).getHeader("Authorization"))
                .startsWith("Bearer access-");
    }

    @Test
    void aUserInfoAnswerSayingInvalidTokenCausesOneRefreshAndOneReplay() {
        OAuthClient client = client();
        client.login();
        provider.script(
                "/userinfo",
                new MockResponse()
                        .setResponseCode(401)
                        .setHeader("WWW-Authenticate", "Bearer error=\"invalid_token\""));

        assertThat(client.userInfo().subject()).isEqualTo("alice");
        assertThat(provider.hits("/userinfo")).isEqualTo(2);
        assertThat(provider.requestsTo("/token")).hasSize(2);
    }

    @Test
    @DisplayName("E1: an OAuth error other than invalid_grant on refresh is a Protocol error and the session is kept")
    void otherTokenErrorsAreProtocolErrors() {
        OAuthClient client = client();
        client.login();
        provider.script("/token", FakeProvider.oauthError(401, "invalid_client"));

        assertThatThrownBy(client::refresh)
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageContaining("invalid_client")
                .hasMessageContaining("check the client id");
        assertThat(store.load()).isPresent();
    }

    @Test
    void aUserInfoSubjectThatDiffersIsAProtocolError() {
        OAuthClient client = client();
        client.login();
        provider.userinfoSub = "mallory";

        assertThatThrownBy(client::userInfo)
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageStartingWith("userinfo sub");
        assertThat(store.load()).isPresent();
    }

    @Test
    @DisplayName("E6, RA: userinfo is a retried read; 429 and 503 with Retry-After are waited out")
    void userInfoIsRetried() {
        OAuthClient client = client();
        client.login();
        provider.script("/userinfo", FakeProvider.status(429, "1"), FakeProvider.status(503, "2"));

        assertThat(client.userInfo().subject()).isEqualTo("alice");
        assertThat(sleeps).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2));
    }

    @Test
    @DisplayName(
            "OP1, RA4: all retries of userInfo() fit its one budget; a wait that no longer fits ends the call with the value")
    void retriesStayInsideTheCallsBudget() {
        OAuthClient client = client();
        client.login();
        provider.script("/userinfo", FakeProvider.status(503, "15"), FakeProvider.status(503, "15"));

        assertThatThrownBy(client::userInfo).isInstanceOfSatisfying(CallFailure.Recoverable.class, e -> {
            assertThat(e.retryAfter()).contains(Duration.ofSeconds(15));
            assertThat(e.attempts()).isEqualTo(2);
            assertThat(e.elapsed()).isLessThanOrEqualTo(Duration.ofSeconds(20));
        });
        assertThat(sleeps).containsExactly(Duration.ofSeconds(15));
        assertThat(provider.hits("/userinfo")).isEqualTo(2);
        // P1 then OP1: once the pause is over, the next visible call has a budget of its own.
        clock.advance(Duration.ofSeconds(15));
        assertThat(client.userInfo().subject()).isEqualTo("alice");
    }

    @Test
    @DisplayName(
            "OP4: DPoP userinfo carries a fresh proof with ath on every attempt, and answers a nonce challenge once")
    void dpopUserInfo() throws Exception {
        provider.dpop = true;
        OAuthClient client = client(config().withDpop(true));
        client.login();
        provider.script(
                "/userinfo",
                FakeProvider.status(503, "1"),
                new MockResponse()
                        .setResponseCode(401)
                        .setHeader("WWW-Authenticate", "DPoP error=\"use_dpop_nonce\"")
                        .setHeader("DPoP-Nonce", "rs-nonce"));

        client.userInfo();

        var calls = provider.requestsTo("/userinfo");
        assertThat(calls).hasSize(3);
        assertThat(calls).extracting(r -> r.getHeader("DPoP")).doesNotHaveDuplicates();
        assertThat(calls.get(0).getHeader("Authorization")).startsWith("DPoP ");
        var proof =
                com.nimbusds.jwt.SignedJWT.parse(calls.get(2).getHeader("DPoP")).getJWTClaimsSet();
        assertThat(proof.getStringClaim("ath")).isNotBlank();
        assertThat(proof.getStringClaim("htm")).isEqualTo("GET");
        assertThat(proof.getStringClaim("nonce")).isEqualTo("rs-nonce");
    }

    @Test
    @DisplayName("P8: logout erases the session and revokes the refresh token")
    void logoutRevokes() {
        OAuthClient client = client();
        Session session = client.login();

        LogoutResult result = client.logout();

        assertThat(result.tokenRevoked()).isTrue();
        assertThat(store.load()).isEmpty();
        assertThat(client.state()).isInstanceOf(SessionState.SignedOut.class);
        assertThat(FakeProvider.form(provider.requestsTo("/revoke").get(0)))
                .containsEntry(
                        "token", session.tokens().refreshToken().orElseThrow().reveal())
                .containsEntry("token_type_hint", "refresh_token");
    }

    @Test
    @DisplayName("E6, OP5: revocation is retried after a 503 with Retry-After")
    void revocationIsRetried() {
        OAuthClient client = client();
        client.login();
        provider.script("/revoke", FakeProvider.status(503, "1"));

        assertThat(client.logout().tokenRevoked()).isTrue();
        assertThat(provider.hits("/revoke")).isEqualTo(2);
    }

    @Test
    @DisplayName("OP5, P8: revocation on another origin keeps its own pause: paused token origin does not block it")
    void revocationOnAnotherOriginIsNotBlockedByTheTokenOriginsPause() throws Exception {
        try (MockWebServer revocation = new MockWebServer()) {
            revocation.start(java.net.InetAddress.getByName("127.0.0.1"), 0);
            revocation.enqueue(new MockResponse().setResponseCode(200));
            provider.revocationEndpoint = "http://127.0.0.1:" + revocation.getPort() + "/revoke";
            OAuthClient client = client();
            client.login();
            client.pauses()
                    .start(
                            Origin.of(provider.url("/token")),
                            429,
                            clock.instant().plusSeconds(120));

            assertThat(client.logout().tokenRevoked()).isTrue();
            assertThat(revocation.getRequestCount()).isEqualTo(1);
        }
    }

    @Test
    @DisplayName("OP5, P8: while the revocation origin is paused, logout still erases the session and says not revoked")
    void pausedRevocationOriginMeansNotRevoked() throws Exception {
        try (MockWebServer revocation = new MockWebServer()) {
            revocation.start(java.net.InetAddress.getByName("127.0.0.1"), 0);
            provider.revocationEndpoint = "http://127.0.0.1:" + revocation.getPort() + "/revoke";
            OAuthClient client = client();
            client.login();
            client.pauses()
                    .start(
                            Origin.of(provider.revocationEndpoint),
                            503,
                            clock.instant().plusSeconds(120));

            LogoutResult result = client.logout();

            assertThat(result.tokenRevoked()).isFalse();
            assertThat(result.revocationError()).containsInstanceOf(CallFailure.Recoverable.class);
            assertThat(store.load()).isEmpty();
            assertThat(revocation.getRequestCount()).isZero();
            // OP5: the token origin has no pause of its own.
            assertThat(client.pauses().check(Origin.of(provider.url("/token")))).isEmpty();
        }
    }

    @Test
    @DisplayName(
            "P1, P2, P9: after a refresh ends on Retry-After, accessToken() fails at once with attempts 0 and a countdown")
    void aPauseRefusesFurtherCallsWithoutSending() {
        OAuthClient client = client();
        client.login();
        clock.advance(Duration.ofSeconds(300));
        provider.script("/token", FakeProvider.status(429, "600"));

        assertThatThrownBy(client::accessToken).isInstanceOf(CallFailure.Recoverable.class);
        int sent = provider.requestsTo("/token").size();
        clock.advance(Duration.ofSeconds(100));

        assertThatThrownBy(client::accessToken).isInstanceOfSatisfying(CallFailure.Recoverable.class, e -> {
            assertThat(e.attempts()).isZero();
            assertThat(e.retryAfter()).contains(Duration.ofSeconds(500));
        });
        assertThat(provider.requestsTo("/token")).hasSize(sent);
        assertThat(client.state()).isInstanceOfSatisfying(SessionState.Paused.class, p -> {
            assertThat(p.status()).isEqualTo(429);
            assertThat(p.session()).isPresent();
        });
        assertThat(store.load()).isPresent();
    }
}
