package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What an RP-initiated logout says when it cannot reach the provider's end-session page (SX1). */
class EndSessionTest extends OAuthClientFixture {

    @Test
    @DisplayName("SX1: a provider without end_session_endpoint: the token is still revoked, the session erased, and"
            + " the result says the provider's own sign-in stays; no browser opens")
    void aProviderWithoutTheEndpointIsSaidNotGuessed() {
        OAuthClient client = client();
        client.login();
        int opened = browser.opened.size();

        LogoutResult result = client.endSession();

        assertThat(result.tokenRevoked()).isTrue();
        assertThat(result.endSession().orElseThrow().outcome()).isEqualTo(EndSession.Outcome.NOT_OFFERED);
        assertThat(result.endSession().get().detail()).contains("no end_session_endpoint");
        assertThat(browser.opened).hasSize(opened);
        assertThat(client.session()).isEmpty();
    }

    @Test
    @DisplayName("SX1: without a session nothing is sent to the provider and the result says there was nothing to end")
    void withoutASessionNothingIsSent() {
        OAuthClient client = client();

        LogoutResult result = client.endSession();

        assertThat(result.endSession().orElseThrow().outcome()).isEqualTo(EndSession.Outcome.NOTHING_TO_END);
        assertThat(browser.opened).isEmpty();
        assertThat(provider.requestsTo("/revoke")).isEmpty();
    }

    @Test
    @DisplayName("SX1, SX7: when no browser opens, the end-session page (it carries the ID token) is in no result or"
            + " state, and the address it would have opened holds no token")
    void whenNoBrowserOpensTheUrlIsNotShown() throws Exception {
        provider.endSessionEndpoint = true;
        OAuthClient signIn = client();
        Session session = signIn.login();
        List<URI> asked = new CopyOnWriteArrayList<>();
        List<SessionState> seen = new CopyOnWriteArrayList<>();
        OAuthClient client = OAuthClient.builder(config())
                .clock(clock)
                .sleeper(sleeper)
                .sessionStore(store)
                .browser(new BrowserLauncher() {
                    @Override
                    public boolean startBrowser(URI url) {
                        throw new AssertionError(
                                "the end-session URL must not go through open() or startBrowser(): " + url.getPath());
                    }

                    @Override
                    public boolean openCarryingToken(URI url) {
                        asked.add(url);
                        return false;
                    }
                })
                .build();
        client.addStateListener(seen::add);

        LogoutResult result = client.endSession();

        EndSession end = result.endSession().orElseThrow();
        assertThat(end.outcome()).isEqualTo(EndSession.Outcome.BROWSER_NOT_OPENED);
        assertThat(asked).hasSize(1);
        String idToken = session.tokens().idToken().orElseThrow().reveal();
        // SX7, SX8: the browser would have opened the one-time loopback page; the token is in no address.
        assertThat(asked.get(0).getPath()).startsWith(LoopbackReceiver.END_SESSION_PAGE_PREFIX);
        assertThat(asked.get(0).toString()).doesNotContain(idToken).doesNotContain("id_token_hint");
        assertThat(end.detail() + result + seen).doesNotContain(idToken).doesNotContain("id_token_hint=");
        assertThat(client.session()).isEmpty();
    }

    @Test
    @DisplayName("SX10: with get, when no browser opens, the address (it holds the ID token) went only to"
            + " openCarryingToken and is in no result, detail or state; the result says it is not shown")
    void withGetTheAddressGoesOnlyToTheLauncher() throws Exception {
        provider.endSessionEndpoint = true;
        Session session = client().login();
        List<URI> asked = new CopyOnWriteArrayList<>();
        List<SessionState> seen = new CopyOnWriteArrayList<>();
        OAuthClient client = OAuthClient.builder(config())
                .clock(clock)
                .sleeper(sleeper)
                .sessionStore(store)
                .browser(new BrowserLauncher() {
                    @Override
                    public boolean startBrowser(URI url) {
                        throw new AssertionError(
                                "the end-session address must not go through open() or startBrowser()");
                    }

                    @Override
                    public boolean openCarryingToken(URI url) {
                        asked.add(url);
                        return false;
                    }
                })
                .build();
        client.addStateListener(seen::add);

        LogoutResult result = client.endSession(EndSessionMethod.GET);

        EndSession end = result.endSession().orElseThrow();
        assertThat(end.outcome()).isEqualTo(EndSession.Outcome.BROWSER_NOT_OPENED);
        assertThat(end.detail()).contains("end-session address carries the ID token and is not shown");
        String idToken = session.tokens().idToken().orElseThrow().reveal();
        assertThat(asked)
                .singleElement()
                .satisfies(url -> assertThat(url.toString()).contains("id_token_hint=" + idToken));
        assertThat(end.detail() + result + seen).doesNotContain(idToken).doesNotContain("id_token_hint");
        assertThat(client.session()).isEmpty();
    }
}
