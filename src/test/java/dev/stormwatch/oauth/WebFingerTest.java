package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.CallFailure;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import okhttp3.mockwebserver.SocketPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * PF8 on a real socket: what a host's WebFinger answer makes of the account, each refusal in the option's words.
 * {@code cli.SessionAccountWebFingerTest} signs in through the embedded provider's answer; this class covers every
 * other answer a host may give.
 */
class WebFingerTest {

    private static final String GIVE_ISSUER = "give the provider's issuer URL instead (--issuer, or the Issuer field)";

    private final OkHttpClient http = new OkHttpClient.Builder()
            .readTimeout(10, TimeUnit.SECONDS)
            .retryOnConnectionFailure(false)
            .build();
    private MockWebServer host;
    private String account;
    private String authority;

    @BeforeEach
    void start() throws Exception {
        host = new MockWebServer();
        host.start(java.net.InetAddress.getByName("127.0.0.1"), 0);
        authority = "127.0.0.1:" + host.getPort();
        account = "alice@" + authority;
    }

    @AfterEach
    void stop() throws Exception {
        host.shutdown();
    }

    private static MockResponse json(String body) {
        return new MockResponse()
                .setHeader("Content-Type", "application/jrd+json")
                .setBody(body);
    }

    @Test
    @DisplayName("PF8: the issuer is the href of the link with the issuer relation, asked for as JRD with the account"
            + " and the relation")
    void theIssuerLinksHrefIsTheIssuer() throws Exception {
        host.enqueue(json("{\"subject\":\"acct:alice@x\",\"links\":["
                + "{\"rel\":\"http://webfinger.net/rel/profile-page\",\"href\":\"https://example.com/alice\"},"
                + "{\"rel\":\"" + WebFinger.ISSUER_REL + "\",\"href\":7},"
                + "{\"rel\":\"" + WebFinger.ISSUER_REL + "\",\"href\":\"https://login.example.com\"}]}"));

        Issuer issuer = WebFinger.discover(account, http, "--account");

        assertThat(issuer.value()).isEqualTo("https://login.example.com");
        RecordedRequest asked = host.takeRequest(10, TimeUnit.SECONDS);
        assertThat(asked.getMethod()).isEqualTo("GET");
        assertThat(asked.getHeader("Accept")).isEqualTo("application/jrd+json, application/json");
        assertThat(asked.getRequestUrl().encodedPath()).isEqualTo(WebFinger.PATH);
        assertThat(asked.getRequestUrl().queryParameter("resource")).isEqualTo("acct:" + account);
        assertThat(asked.getRequestUrl().queryParameter("rel")).isEqualTo(WebFinger.ISSUER_REL);
    }

    @Test
    @DisplayName("PF8: a 404 says the host has no WebFinger or does not know the account, naming host and port")
    void aNotFoundIsSaid() {
        host.enqueue(new MockResponse().setResponseCode(404));

        assertThatThrownBy(() -> WebFinger.discover(account, http, "--account"))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessage("--account " + account + ": " + authority + " has no WebFinger endpoint or does not know"
                        + " this account (404 at /.well-known/webfinger): " + GIVE_ISSUER);
    }

    @Test
    @DisplayName("PF8: another status than 200 or 404 is said with its code, in the field's words")
    void anotherStatusIsSaid() {
        host.enqueue(new MockResponse().setResponseCode(503));
        host.enqueue(new MockResponse().setResponseCode(204));

        assertThatThrownBy(() -> WebFinger.discover(account, http, "Account"))
                .hasMessage(
                        "Account " + account + ": " + authority + " answered WebFinger with HTTP 503: " + GIVE_ISSUER);
        assertThatThrownBy(() -> WebFinger.discover(account, http, "Account"))
                .hasMessageContaining("answered WebFinger with HTTP 204");
    }

    @Test
    @DisplayName("PF8: an answer that is not JSON, or JSON without an issuer link, is refused saying which")
    void answersWithoutAnIssuerAreSaid() {
        host.enqueue(json("<html>hello</html>"));
        host.enqueue(json("{\"links\":[{\"rel\":\"http://webfinger.net/rel/avatar\",\"href\":\"https://x\"}]}"));
        host.enqueue(json("null"));
        host.enqueue(json(""));

        assertThatThrownBy(() -> WebFinger.discover(account, http, "--account"))
                .hasMessage(
                        "--account " + account + ": " + authority + "'s WebFinger answer is not JSON: " + GIVE_ISSUER);
        for (int i = 0; i < 3; i++) {
            assertThatThrownBy(() -> WebFinger.discover(account, http, "--account"))
                    .isInstanceOf(CallFailure.Configuration.class)
                    .hasMessage("--account " + account + ": " + authority + "'s WebFinger answer has no OpenID"
                            + " Connect issuer link (rel " + WebFinger.ISSUER_REL + "): " + GIVE_ISSUER);
        }
    }

    @Test
    @DisplayName("PF8: an issuer link the client would refuse as an issuer is refused, saying why")
    void aRefusedIssuerIsSaid() {
        host.enqueue(json("{\"links\":[{\"rel\":\"" + WebFinger.ISSUER_REL + "\",\"href\":\"http://evil.example\"}]}"));

        assertThatThrownBy(() -> WebFinger.discover(account, http, "--account"))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageStartingWith(
                        "--account " + account + ": " + authority + " names an issuer that is refused: ");
    }

    @Test
    @DisplayName("PF8: no answer at all is said as such, with the kind of failure and never a stack trace")
    void noAnswerIsSaid() {
        host.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.DISCONNECT_AT_START));

        assertThatThrownBy(() -> WebFinger.discover(account, http, "--account"))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageStartingWith("--account " + account + ": no answer from " + authority + " to WebFinger (")
                .hasMessageEndingWith("): " + GIVE_ISSUER);
    }

    @Test
    @DisplayName("PF8: localhost and [::1] are asked over http, another host over https at its default port; the host"
            + " is lower-cased; no account is refused")
    void theSchemeFollowsTheHost() {
        assertThat(WebFinger.url("bob@LOCALHOST:9000", "--account").toString())
                .startsWith("http://localhost:9000/.well-known/webfinger?resource=acct%3Abob%40localhost%3A9000");
        assertThat(WebFinger.url("bob@[::1]", "--account").scheme()).isEqualTo("http");
        assertThat(WebFinger.url("bob@Example.COM", "--account").toString())
                .startsWith("https://example.com/.well-known/webfinger?resource=acct%3Abob%40example.com&");
        assertThatThrownBy(() -> WebFinger.url(null, "--account"))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageStartingWith("--account 'null' is not an account like alice@example.com");
        assertThatThrownBy(() -> WebFinger.url("bob@-bad..host-", "--account"))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageStartingWith("--account 'bob@-bad..host-' has a host that is not usable: -bad..host-");
    }
}
