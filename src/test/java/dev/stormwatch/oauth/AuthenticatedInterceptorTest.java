package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
import dev.stormwatch.retry.Origin;
import java.net.InetAddress;
import java.time.Duration;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class AuthenticatedInterceptorTest extends OAuthClientFixture {

    private final MockWebServer api = new MockWebServer();
    private OAuthClient client;
    private OkHttpClient http;

    @BeforeEach
    void signIn() throws Exception {
        api.start(InetAddress.getByName("127.0.0.1"), 0);
        client = client();
        client.login();
        http = new OkHttpClient.Builder()
                .addInterceptor(client.authenticatingInterceptor())
                .build();
    }

    @AfterEach
    void stopApi() throws Exception {
        api.shutdown();
    }

    private Response get() throws Exception {
        return http.newCall(new Request.Builder().url(api.url("/things")).build())
                .execute();
    }

    private static MockResponse invalidToken() {
        return new MockResponse()
                .setResponseCode(401)
                .setHeader("WWW-Authenticate", "Bearer error=\"invalid_token\", error_description=\"expired\"");
    }

    @Test
    @DisplayName("A1: a 503 with Retry-After comes back as it is after one request")
    void statusesAreNotRetried() throws Exception {
        api.enqueue(new MockResponse().setResponseCode(503).setHeader("Retry-After", "120"));

        try (Response response = get()) {
            assertThat(response.code()).isEqualTo(503);
            assertThat(response.header("Retry-After")).isEqualTo("120");
        }
        assertThat(api.getRequestCount()).isEqualTo(1);
        assertThat(sleeps).isEmpty();
    }

    @Test
    @DisplayName("A2: the access token is added, and refreshed first when it has expired")
    void addsTheTokenAndRefreshesWhenExpired() throws Exception {
        Secret first = store.load().orElseThrow().tokens().accessToken();
        api.enqueue(new MockResponse().setBody("ok"));
        api.enqueue(new MockResponse().setBody("ok"));

        get().close();
        clock.advance(Duration.ofSeconds(300));
        get().close();

        assertThat(api.takeRequest().getHeader("Authorization")).isEqualTo("Bearer " + first.reveal());
        assertThat(api.takeRequest().getHeader("Authorization"))
                .isNotEqualTo("Bearer " + first.reveal())
                .startsWith("Bearer ");
        assertThat(provider.requestsTo("/token")).hasSize(2);
    }

    @Test
    @DisplayName("A3: a 401 invalid_token on an idempotent request causes one refresh and one replay")
    void oneRefreshAndReplayForIdempotentRequests() throws Exception {
        api.enqueue(invalidToken());
        api.enqueue(new MockResponse().setBody("ok"));

        try (Response response = get()) {
            assertThat(response.code()).isEqualTo(200);
        }
        assertThat(api.getRequestCount()).isEqualTo(2);
        assertThat(provider.requestsTo("/token")).hasSize(2);
        String firstAuth = api.takeRequest().getHeader("Authorization");
        assertThat(api.takeRequest().getHeader("Authorization")).isNotEqualTo(firstAuth);
    }

    @Test
    @DisplayName("A3: at most one replay: a second 401 is returned")
    void atMostOneReplay() throws Exception {
        api.enqueue(invalidToken());
        api.enqueue(invalidToken());

        try (Response response = get()) {
            assertThat(response.code()).isEqualTo(401);
        }
        assertThat(api.getRequestCount()).isEqualTo(2);
    }

    @Test
    @DisplayName("A3, RC2: a POST without Idempotency-Key is not replayed; with one it is")
    void nonIdempotentRequestsAreNotReplayed() throws Exception {
        api.enqueue(invalidToken());
        api.enqueue(invalidToken());
        api.enqueue(new MockResponse().setBody("ok"));
        RequestBody body = RequestBody.create("{}", MediaType.get("application/json"));

        try (Response response = http.newCall(
                        new Request.Builder().url(api.url("/orders")).post(body).build())
                .execute()) {
            assertThat(response.code()).isEqualTo(401);
        }
        try (Response response = http.newCall(new Request.Builder()
                        .url(api.url("/orders"))
                        .post(body)
                        .header("Idempotency-Key", "k-1")
                        .build())
                .execute()) {
            assertThat(response.code()).isEqualTo(200);
        }
        assertThat(api.getRequestCount()).isEqualTo(3);
    }

    @Test
    @DisplayName("A3: a 401 that does not say invalid_token is returned without a refresh")
    void otherUnauthorizedAnswersAreReturned() throws Exception {
        api.enqueue(new MockResponse().setResponseCode(401).setHeader("WWW-Authenticate", "Bearer realm=\"api\""));

        try (Response response = get()) {
            assertThat(response.code()).isEqualTo(401);
        }
        assertThat(provider.requestsTo("/token")).hasSize(1);
    }

    @Test
    @DisplayName("E1, A2: without a session the call ends in Reauthenticate and nothing is sent")
    void withoutASessionTheCallIsReauthenticate() {
        client.logout();

        org.assertj.core.api.Assertions.assertThatThrownBy(this::get)
                .isInstanceOf(dev.stormwatch.retry.CallFailure.Reauthenticate.class);
        assertThat(api.getRequestCount()).isZero();
    }

    @Test
    @DisplayName(
            "A2, OP4: a DPoP-bound token goes with a fresh proof (ath, htm, htu); a nonce challenge is answered by one replay")
    void dpopBoundTokensCarryAProofAndAnswerANonceChallenge() throws Exception {
        provider.dpop = true;
        OAuthClient dpopClient = client(config().withDpop(true));
        dpopClient.login();
        OkHttpClient dpopHttp = new OkHttpClient.Builder()
                .addInterceptor(dpopClient.authenticatingInterceptor())
                .build();
        api.enqueue(new MockResponse()
                .setResponseCode(401)
                .setHeader("WWW-Authenticate", "DPoP error=\"use_dpop_nonce\"")
                .setHeader("DPoP-Nonce", "api-nonce"));
        api.enqueue(new MockResponse().setBody("ok"));

        try (Response response = dpopHttp.newCall(
                        new Request.Builder().url(api.url("/things?page=2")).build())
                .execute()) {
            assertThat(response.code()).isEqualTo(200);
        }

        var first = api.takeRequest();
        var second = api.takeRequest();
        assertThat(first.getHeader("Authorization")).startsWith("DPoP ");
        var proof = com.nimbusds.jwt.SignedJWT.parse(second.getHeader("DPoP")).getJWTClaimsSet();
        assertThat(proof.getStringClaim("htm")).isEqualTo("GET");
        assertThat(proof.getStringClaim("htu")).isEqualTo(api.url("/things").toString());
        assertThat(proof.getStringClaim("ath")).isNotBlank();
        assertThat(proof.getStringClaim("nonce")).isEqualTo("api-nonce");
        assertThat(second.getHeader("DPoP")).isNotEqualTo(first.getHeader("DPoP"));
        assertThat(provider.requestsTo("/token")).hasSize(2); // two logins, no refresh: a nonce is not a bad token
    }

    @Test
    @DisplayName("P7: the application's own requests are not blocked by a pause of their origin")
    void appRequestsIgnorePauses() throws Exception {
        client.pauses()
                .start(Origin.of(api.url("/").uri()), 429, clock.instant().plusSeconds(300));
        api.enqueue(new MockResponse().setBody("ok"));

        try (Response response = get()) {
            assertThat(response.code()).isEqualTo(200);
        }
    }

    // OP4: regression, the nonce replay was limited to idempotent requests; RFC 9449 §9 says the request was rejected
    // before processing, so a POST is replayed too, once.
    @Test
    @DisplayName(
            "OP4: a DPoP nonce challenge on a POST without Idempotency-Key is answered by one replay with the nonce")
    void aNonceChallengeIsAnsweredForANonIdempotentRequest() throws Exception {
        provider.dpop = true;
        OAuthClient dpopClient = client(config().withDpop(true));
        dpopClient.login();
        OkHttpClient dpopHttp = new OkHttpClient.Builder()
                .addInterceptor(dpopClient.authenticatingInterceptor())
                .build();
        MockResponse challenge = new MockResponse()
                .setResponseCode(401)
                .setHeader("WWW-Authenticate", "DPoP error=\"use_dpop_nonce\"")
                .setHeader("DPoP-Nonce", "api-nonce");
        api.enqueue(challenge);
        api.enqueue(new MockResponse().setBody("ok"));
        api.enqueue(challenge);
        api.enqueue(challenge);
        RequestBody body = RequestBody.create("{\"n\":1}", MediaType.get("application/json"));
        Request post = new Request.Builder().url(api.url("/orders")).post(body).build();

        try (Response response = dpopHttp.newCall(post).execute()) {
            assertThat(response.code()).isEqualTo(200);
        }
        api.takeRequest();
        var replay = api.takeRequest();
        var proof = com.nimbusds.jwt.SignedJWT.parse(replay.getHeader("DPoP")).getJWTClaimsSet();
        assertThat(replay.getMethod()).isEqualTo("POST");
        assertThat(replay.getBody().readUtf8()).isEqualTo("{\"n\":1}");
        assertThat(proof.getStringClaim("htm")).isEqualTo("POST");
        assertThat(proof.getStringClaim("nonce")).isEqualTo("api-nonce");

        // At most one replay: a second challenge in a row comes back as it is.
        try (Response response = dpopHttp.newCall(post).execute()) {
            assertThat(response.code()).isEqualTo(401);
        }
        assertThat(api.getRequestCount()).isEqualTo(4);
    }
}
