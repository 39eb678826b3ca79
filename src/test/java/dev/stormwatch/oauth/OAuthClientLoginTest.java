package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.Origin;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.Date;
import java.util.Map;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class OAuthClientLoginTest extends OAuthClientFixture {

    @Test
    void loginRunsTheCodeFlowWithPkceStateAndNonceAndShowsSuccessInTheBrowser() throws Exception {
        OAuthClient client = client();

        Session session = client.login();

        assertThat(session.claims().orElseThrow().subject()).isEqualTo("alice");
        assertThat(client.state()).isInstanceOf(SessionState.SignedIn.class);
        assertThat(browser.lastPage()).startsWith("200").contains("Signed in");
        URI url = browser.opened.get(0);
        Map<String, java.util.List<String>> query = LoopbackReceiver.parseQuery(url.getRawQuery());
        RecordedRequest token = provider.requestsTo("/token").get(0);
        Map<String, String> form = FakeProvider.form(token);
        assertThat(Pkce.fromVerifier(form.get("code_verifier")).challenge())
                .isEqualTo(query.get("code_challenge").get(0));
        assertThat(form).containsEntry("grant_type", "authorization_code").containsEntry("client_id", "app");
        URI redirect = URI.create(query.get("redirect_uri").get(0));
        assertThat(redirect.getHost()).isEqualTo("127.0.0.1");
        assertThatThrownBy(() -> new Socket("127.0.0.1", redirect.getPort()).close())
                .isInstanceOf(ConnectException.class);
        assertThat(states).anySatisfy(s -> assertThat(s).isInstanceOf(SessionState.SigningIn.class));
    }

    @Test
    void loginPushesTheRequestWhenTheProviderAdvertisesPar() throws Exception {
        provider.par = true;

        client().login();

        assertThat(provider.hits("/par")).isEqualTo(1);
        assertThat(LoopbackReceiver.parseQuery(browser.opened.get(0).getRawQuery()))
                .containsOnlyKeys("client_id", "request_uri");
    }

    @Test
    void aRedirectWithAWrongStateDoesNotEndTheLogin() throws Exception {
        browser.beforeFollowing = url -> {
            String redirect = LoopbackReceiver.parseQuery(url.getRawQuery())
                    .get("redirect_uri")
                    .get(0);
            assertThat(browser.fetch(redirect + "?code=forged&state=attacker")).startsWith("400");
        };

        Session session = client().login();

        assertThat(session.claims().orElseThrow().subject()).isEqualTo("alice");
        assertThat(FakeProvider.form(provider.requestsTo("/token").get(0)).get("code"))
                .isNotEqualTo("forged");
    }

    @Test
    @DisplayName("E1: a wrong iss in the redirect (RFC 9207) is a Protocol error; no code is exchanged")
    void aWrongIssInTheRedirectIsAProtocolErrorAndNoCodeIsExchanged() throws Exception {
        provider.issParameter = "https://evil.example.com";

        assertThatThrownBy(() -> client().login())
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageStartingWith("iss");

        assertThat(provider.hits("/token")).isZero();
        assertThat(browser.lastPage()).contains("Sign-in failed");
        assertThat(store.load()).isEmpty();
    }

    @Test
    void aMissingIssIsRefusedWhenAdvertised() {
        provider.sendIss = false;

        assertThatThrownBy(() -> client().login())
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageStartingWith("iss");
    }

    @Test
    void aBadSignatureFailsTheLogin() throws Exception {
        provider.signingKey = TestKeys.rsa("k1");

        assertThatThrownBy(() -> client().login())
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageStartingWith("signature");
        assertThat(browser.lastPage()).contains("Sign-in failed").contains("signature");
    }

    @Test
    void anExpiredIdTokenFailsTheLogin() {
        provider.idToken = b -> b.expirationTime(Date.from(clock.instant().minusSeconds(61)));

        assertThatThrownBy(() -> client().login())
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageStartingWith("exp");
    }

    @Test
    void aNonceMismatchFailsTheLogin() {
        provider.idToken = b -> b.claim("nonce", "replayed");

        assertThatThrownBy(() -> client().login())
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageStartingWith("nonce");
    }

    @Test
    @DisplayName("E1: HTML where the metadata JSON is due is one typed Protocol error, before any browser")
    void htmlWhereMetadataIsDueIsAClearProtocolError() {
        provider.script(
                "/.well-known/openid-configuration",
                new MockResponse().setHeader("Content-Type", "text/html").setBody("<html>Welcome</html>"));

        assertThatThrownBy(() -> client().login())
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageContaining("not JSON");
        assertThat(browser.opened).isEmpty();
    }

    @Test
    void providerErrorsInTheRedirectAreShownEscapedAndEndTheLogin() throws Exception {
        java.util.concurrent.CompletableFuture<String> page = new java.util.concurrent.CompletableFuture<>();
        browser.beforeFollowing = url -> {
            String redirect = LoopbackReceiver.parseQuery(url.getRawQuery())
                    .get("redirect_uri")
                    .get(0);
            String state =
                    LoopbackReceiver.parseQuery(url.getRawQuery()).get("state").get(0);
            page.complete(browser.fetch(redirect + "?error=access_denied&error_description=%3Cb%3Eno%3C%2Fb%3E&iss="
                    + provider.issuer + "&state=" + state));
        };

        assertThatThrownBy(() -> client().login())
                .isInstanceOf(CallFailure.Reauthenticate.class)
                .hasMessageContaining("access_denied");
        assertThat(page.get(5, java.util.concurrent.TimeUnit.SECONDS))
                .contains("&lt;b&gt;no&lt;/b&gt;")
                .doesNotContain("<b>no");
    }

    // OP2: the browser step takes far longer than the whole 20 s budget; the JWKS fetch after it then needs budget
    // time (a 2 s Retry-After). If browser time counted, the wait would not fit (RA4) and the login would fail.
    @Test
    @DisplayName("OP2: the user's time in the browser does not count against the login's time budget")
    void browserTimeIsNotCounted() throws Exception {
        browser.beforeFollowing = url -> clock.advance(Duration.ofMinutes(4));
        provider.script("/jwks", FakeProvider.status(503, "2"));

        assertThat(client().login().claims().orElseThrow().subject()).isEqualTo("alice");
        assertThat(provider.hits("/jwks")).isEqualTo(2);
        assertThat(sleeps).containsExactly(Duration.ofSeconds(2));
    }

    @Test
    @DisplayName("OP2, E3: failed-request counts go on across the browser step; attempts count the failing step only")
    void failedCountsAreNotResetByTheBrowser() {
        provider.script(
                "/.well-known/openid-configuration", FakeProvider.status(503, null), FakeProvider.status(503, null));
        provider.script("/jwks", FakeProvider.status(503, null), FakeProvider.status(503, null));

        assertThatThrownBy(() -> client().login()).isInstanceOfSatisfying(CallFailure.Recoverable.class, e -> {
            // 2 discovery failures + 1 JWKS failure reach the 3 per origin: the JWKS step stops after its first.
            assertThat(e.attempts()).isEqualTo(1);
            assertThat(((CallFailure.Server) e.reason()).status()).isEqualTo(503);
            assertThat(e.retryAfter()).isEmpty();
        });
        assertThat(provider.hits("/jwks")).isEqualTo(1);
    }

    @Test
    @DisplayName("OP3: a lost JWKS response is retried like a read, so the completed login is not lost")
    void jwksIsRetriedAsARead() {
        provider.script("/jwks", FakeProvider.status(503, "1"));

        assertThat(client().login().claims().orElseThrow().subject()).isEqualTo("alice");
        assertThat(provider.hits("/jwks")).isEqualTo(2);
        assertThat(sleeps).containsExactly(Duration.ofSeconds(1));
    }

    @Test
    @DisplayName("E6, RA: discovery 429 and PAR 503 with Retry-After that fit the budget are waited out exactly")
    void discoveryAndParHonourRetryAfter() {
        provider.par = true;
        provider.script("/.well-known/openid-configuration", FakeProvider.status(429, "2"));
        provider.script("/par", FakeProvider.status(503, "3"));

        assertThat(client().login().claims().orElseThrow().subject()).isEqualTo("alice");
        assertThat(sleeps).containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(3));
    }

    @Test
    @DisplayName(
            "P3, E2, E4: the code exchange is sent once; a 503 with Retry-After ends login with the value and starts a pause")
    void codeExchangeIsSentExactlyOnce() {
        provider.script("/token", FakeProvider.status(503, "30"));
        OAuthClient client = client();

        assertThatThrownBy(client::login).isInstanceOfSatisfying(CallFailure.Recoverable.class, e -> {
            assertThat(e.reason()).isInstanceOf(CallFailure.Server.class);
            assertThat(((CallFailure.Server) e.reason()).status()).isEqualTo(503);
            assertThat(e.retryAfter()).contains(Duration.ofSeconds(30));
            assertThat(e.attempts()).isEqualTo(1);
        });
        assertThat(provider.hits("/token")).isEqualTo(1);
        assertThat(client.state()).isInstanceOf(SessionState.Paused.class);
    }

    @Test
    @DisplayName("P3: login checks the token endpoint's pause before the browser opens; nothing is sent")
    void aPausedTokenEndpointRefusesLoginBeforeTheBrowser() {
        OAuthClient client = client();
        // Discovery (and the keys) cached by a first login: otherwise the discovery read on the same origin would be
        // refused by P2 first, and this test could not tell whether login itself checks the pause.
        client.login();
        int opened = browser.opened.size();
        client.pauses()
                .start(Origin.of(provider.url("/token")), 429, clock.instant().plusSeconds(40));
        int requestsBefore = provider.server.getRequestCount();

        assertThatThrownBy(client::login).isInstanceOfSatisfying(CallFailure.Recoverable.class, e -> {
            assertThat(e.attempts()).isZero();
            assertThat(e.retryAfter()).contains(Duration.ofSeconds(40));
        });
        assertThat(browser.opened).hasSize(opened);
        assertThat(provider.server.getRequestCount()).isEqualTo(requestsBefore);
    }

    @Test
    @DisplayName("P3: a pause that starts while the user is in the browser does not refuse the code exchange")
    void theCodeExchangeIsNeverRefusedByAPause() {
        OAuthClient client = client();
        client.login(); // keys cached: the pause below would refuse a JWKS read on the same origin (P2)
        browser.beforeFollowing = url -> client.pauses()
                .start(Origin.of(provider.url("/token")), 429, clock.instant().plusSeconds(60));

        assertThat(client.login().claims().orElseThrow().subject()).isEqualTo("alice");
        assertThat(provider.hits("/token")).isEqualTo(2);
    }

    @Test
    @DisplayName(
            "OP4: a DPoP nonce challenge at the token endpoint is answered by one immediate resend, not a failed request")
    void dpopNonceChallengeAtTheTokenEndpoint() throws Exception {
        provider.dpop = true;
        provider.requiredDpopNonce = "n-123";

        Session session = client(config().withDpop(true)).login();

        assertThat(session.tokens().dpopBound()).isTrue();
        var tokenRequests = provider.requestsTo("/token");
        assertThat(tokenRequests).hasSize(2);
        assertThat(FakeProvider.nonceOf(tokenRequests.get(1).getHeader("DPoP"))).isEqualTo("n-123");
        assertThat(tokenRequests.get(0).getHeader("DPoP"))
                .isNotEqualTo(tokenRequests.get(1).getHeader("DPoP"));
        assertThat(sleeps).isEmpty();
        assertThat(events.stream().filter(e -> e.step().equals("token")))
                .allSatisfy(e -> assertThat(e.budgetLeft().attemptsAtOrigin()).isEqualTo(3));
    }

    @Test
    void cancelLoginEndsItWithReauthenticateAndKeepsTheStoredSession() throws Exception {
        OAuthClient client = client();
        Session before = client.login();
        java.util.concurrent.CountDownLatch opened = new java.util.concurrent.CountDownLatch(1);
        OAuthClient waiting = OAuthClient.builder(config())
                .clock(clock)
                .sleeper(sleeper)
                .sessionStore(store)
                .browser(url -> {
                    opened.countDown();
                    return false; // nobody signs in
                })
                .build();
        java.util.concurrent.CountDownLatch signingIn = new java.util.concurrent.CountDownLatch(1);
        waiting.addStateListener(state -> {
            if (state instanceof SessionState.SigningIn) {
                signingIn.countDown();
            }
        });
        java.util.concurrent.CompletableFuture<Session> login =
                java.util.concurrent.CompletableFuture.supplyAsync(waiting::login);

        assertThat(opened.await(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(signingIn.await(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(waiting.state())
                .isInstanceOfSatisfying(
                        SessionState.SigningIn.class,
                        s -> assertThat(s.browserOpened()).isFalse());
        waiting.cancelLogin();

        assertThatThrownBy(() -> login.get(5, java.util.concurrent.TimeUnit.SECONDS))
                .hasCauseInstanceOf(CallFailure.Reauthenticate.class)
                .hasMessageContaining("cancelled");
        assertThat(store.load()).contains(before);
    }

    @Test
    void aBearerTokenWhenDpopWasRequestedIsRefused() {
        assertThatThrownBy(() -> client(config().withDpop(true)).login())
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageContaining("DPoP was requested");
    }

    @Test
    void tokensNeverAppearInStatesOrEvents() {
        OAuthClient client = client();
        Session session = client.login();

        String printed = states.toString() + events.toString() + session;
        assertThat(printed)
                .doesNotContain(session.tokens().accessToken().reveal())
                .doesNotContain(session.tokens().refreshToken().orElseThrow().reveal())
                .doesNotContain(session.tokens().idToken().orElseThrow().reveal());
    }

    // E1: regression, a token endpoint port of 70000 made login() throw IllegalArgumentException from Origin.of
    @Test
    @DisplayName("E1: a discovery document with a token endpoint port out of range fails login with a Protocol error")
    void aTokenEndpointWithAnInvalidPortFailsLoginWithAProtocolError() {
        provider.script(
                "/.well-known/openid-configuration",
                new MockResponse()
                        .setHeader("Content-Type", "application/json")
                        .setBody("{\"issuer\":\"" + provider.issuer + "\",\"authorization_endpoint\":\""
                                + provider.issuer
                                + "/authorize\",\"token_endpoint\":\"https://idp.example:70000/token\",\"jwks_uri\":\""
                                + provider.issuer + "/jwks\"}"));

        assertThatThrownBy(() -> client().login())
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageStartingWith("discovery")
                .hasMessageContaining("token_endpoint");
        assertThat(browser.opened).isEmpty();
    }
}
