package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.stormwatch.base.Secret;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.http.ConnectionUse;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import okhttp3.Credentials;
import okhttp3.FormBody;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The whole session against Spring Authorization Server, a second real provider nobody on the team wrote, started in
 * this JVM with Spring Boot's own configuration: its login form filled in as a person would (after a pause longer
 * than Tomcat's keep-alive), the code exchange with PKCE through the loopback redirect, PAR, a refresh after an idle
 * pause longer than the keep-alive, userinfo, and revocation, each checked in the server's own record.
 */
@WaitsBesideOtherTests
// Its methods read one server's request counts, so they run one after another.
@ResourceLock("SpringAuthorizationServerFlowTest.server")
@Tag("slow")
class SpringAuthorizationServerFlowTest {

    /** Tomcat closes a connection idle this long; every pause below is longer. */
    private static final Duration KEEP_ALIVE = Duration.ofSeconds(2);

    private static final Duration PERSON_PAUSE = Duration.ofMillis(3_500);

    private static SpringAuthorizationServer server;

    @BeforeAll
    static void start() {
        server = SpringAuthorizationServer.start(KEEP_ALIVE);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static OAuthConfig config(ClientAuthentication.Method method, String secret) {
        return OAuthConfig.of(server.issuer(), SpringAuthorizationServer.CLIENT_ID)
                .withScope("openid profile")
                .withLoopbackTimeout(Duration.ofSeconds(60))
                .withClientAuthentication(ClientAuthentication.of(method, Secret.of(secret)));
    }

    @Test
    @DisplayName("CN1, CA3: sign-in through Spring's login form after 3.5 s, refresh after 3.5 s idle, userinfo and"
            + " revocation against a 2 s keep-alive, each at its first attempt and each POST read once")
    void wholeSessionAtAPersonsPace() throws Exception {
        long tokenPostsBefore = server.requestsReceived("POST", "/oauth2/token");
        long revocationsBefore = server.requestsReceived("POST", "/oauth2/revoke");
        List<AttemptEvent> events = new CopyOnWriteArrayList<>();
        FormLoginBrowser browser =
                new FormLoginBrowser(SpringAuthorizationServer.USER, SpringAuthorizationServer.PASSWORD, PERSON_PAUSE);
        OAuthClient client = OAuthClient.builder(config(
                        ClientAuthentication.Method.CLIENT_SECRET_BASIC, SpringAuthorizationServer.CLIENT_SECRET))
                .browser(browser)
                .build();
        client.addAttemptListener(events::add);

        Session session = client.login();
        assertThat(browser.lastPage()).startsWith("200").contains("Signed in");
        Thread.sleep(PERSON_PAUSE.toMillis());
        Session refreshed = client.refresh();
        Thread.sleep(PERSON_PAUSE.toMillis());
        UserInfo info = client.userInfo();
        Thread.sleep(PERSON_PAUSE.toMillis());
        Secret refreshToken = refreshed.tokens().refreshToken().orElseThrow();
        LogoutResult logout = client.logout();

        assertThat(session.claims().orElseThrow().issuer()).isEqualTo(server.issuer());
        assertThat(session.claims().orElseThrow().subject()).isEqualTo(SpringAuthorizationServer.USER);
        assertThat(session.claims().orElseThrow().audience()).contains(SpringAuthorizationServer.CLIENT_ID);
        assertThat(refreshed.tokens().accessToken())
                .isNotEqualTo(session.tokens().accessToken());
        assertThat(info.subject()).isEqualTo(SpringAuthorizationServer.USER);
        assertThat(logout.tokenRevoked()).isTrue();
        assertThat(events).allSatisfy(event -> {
            assertThat(event.failure()).as("failure of %s", event.step()).isEmpty();
            assertThat(event.attempt()).as("attempt of %s", event.step()).isEqualTo(1);
        });
        // CN1: what may not be sent twice went onto a connection opened for it, never onto one idle past 2 s.
        assertThat(events)
                .filteredOn(e -> e.operation() == Operation.CODE_EXCHANGE
                        || e.operation() == Operation.REFRESH
                        || e.operation() == Operation.REVOCATION)
                .hasSize(3)
                .allSatisfy(e -> assertThat(e.connection()).isEqualTo(ConnectionUse.OPENED_NOT_RESENDABLE));
        assertThat(server.requestsReceived("POST", "/oauth2/token") - tokenPostsBefore)
                .as("one code exchange and one refresh, none twice")
                .isEqualTo(2);
        assertThat(server.requestsReceived("POST", "/oauth2/revoke") - revocationsBefore)
                .isEqualTo(1);
        // CA3: the secret went as HTTP Basic on the token side, and in no attempt event (CA2).
        assertThat(server.authorizationSchemes("POST", "/oauth2/token")).contains("Basic");
        assertThat(server.authorizationSchemes("POST", "/oauth2/revoke")).containsOnly("Basic");
        assertThat(events.toString()).doesNotContain(SpringAuthorizationServer.CLIENT_SECRET);
        // The provider itself no longer honours the revoked refresh token.
        assertThat(refreshWithoutStormwatch(refreshToken)).isEqualTo(400);
    }

    @Test
    @DisplayName("CA3: client_secret_post signs in and refreshes against Spring Authorization Server, the secret in"
            + " the form and no Authorization header on the token endpoint")
    void clientSecretPost() throws Exception {
        FormLoginBrowser browser =
                new FormLoginBrowser(SpringAuthorizationServer.USER, SpringAuthorizationServer.PASSWORD, Duration.ZERO);
        OAuthClient client = OAuthClient.builder(
                        config(ClientAuthentication.Method.CLIENT_SECRET_POST, SpringAuthorizationServer.CLIENT_SECRET))
                .browser(browser)
                .build();
        int schemesBefore = server.authorizationSchemes("POST", "/oauth2/token").size();

        Session session = client.login();
        Session refreshed = client.refresh();

        assertThat(session.claims().orElseThrow().subject()).isEqualTo(SpringAuthorizationServer.USER);
        assertThat(refreshed.tokens().accessToken())
                .isNotEqualTo(session.tokens().accessToken());
        List<String> schemes = server.authorizationSchemes("POST", "/oauth2/token");
        assertThat(schemes.subList(schemesBefore, schemes.size())).containsOnly("-");
    }

    @Test
    @DisplayName("CA2: a wrong secret is refused by Spring Authorization Server as a Configuration error, sent once"
            + " and never retried")
    void wrongSecretIsAConfigurationErrorNotRetried() {
        FormLoginBrowser browser =
                new FormLoginBrowser(SpringAuthorizationServer.USER, SpringAuthorizationServer.PASSWORD, Duration.ZERO);
        List<AttemptEvent> events = new CopyOnWriteArrayList<>();
        OAuthClient client = OAuthClient.builder(
                        config(ClientAuthentication.Method.CLIENT_SECRET_BASIC, "not-the-secret"))
                .browser(browser)
                .build();
        client.addAttemptListener(events::add);

        Throwable failure = catchThrowable(client::login);

        assertThat(failure).isInstanceOf(CallFailure.Configuration.class);
        assertThat(failure.getMessage()).doesNotContain("not-the-secret");
        assertThat(events)
                .filteredOn(e -> e.operation() == Operation.PAR || e.operation() == Operation.CODE_EXCHANGE)
                .hasSize(1);
        assertThat(client.session()).isEmpty();
    }

    /** A refresh sent by plain OkHttp, as another client holding the token would: the provider's own answer. */
    private static int refreshWithoutStormwatch(Secret refreshToken) throws Exception {
        Request request = new Request.Builder()
                .url(server.issuer() + "/oauth2/token")
                .header(
                        "Authorization",
                        Credentials.basic(SpringAuthorizationServer.CLIENT_ID, SpringAuthorizationServer.CLIENT_SECRET))
                .post(new FormBody.Builder()
                        .add("grant_type", "refresh_token")
                        .add("refresh_token", refreshToken.reveal())
                        .build())
                .build();
        try (Response response = new OkHttpClient().newCall(request).execute()) {
            return response.code();
        }
    }
}
