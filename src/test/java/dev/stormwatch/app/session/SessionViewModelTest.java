package dev.stormwatch.app.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.app.common.ManualTicker;
import dev.stormwatch.app.session.SessionViewModel.Phase;
import dev.stormwatch.app.session.SessionViewModel.Tone;
import dev.stormwatch.oauth.BrowserLauncher;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.provider.RunningDemoProvider;
import dev.stormwatch.retry.OriginPauses;
import dev.stormwatch.testing.FakeClock;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The session view model without a window: real OAuth client, real demo provider on loopback, the browser replaced
 * by an HTTP client that completes the sign-in page. Properties are read after the background call finished.
 */
// The device sign-ins wait for the provider's first poll (5 s each): the class runs beside the others. Its methods
// share
// one provider and read its request counts, so they run one after another.
@dev.stormwatch.testing.WaitsBesideOtherTests
@org.junit.jupiter.api.parallel.ResourceLock("SessionViewModelTest.provider")
class SessionViewModelTest {

    @RegisterExtension
    static final RunningDemoProvider DEMO = new RunningDemoProvider();

    private final ExecutorService background = Executors.newSingleThreadExecutor();
    // Stands in for the FX thread: every property is written and read on it, as in the app.
    private final UiThread ui = new UiThread();
    // The window's own clock and ticker, for what it counts down: the client keeps the real clock, so the provider's
    // tokens stay valid to it whatever the window is told the time is.
    private final FakeClock shown = new FakeClock(Instant.now());
    private final ManualTicker ticker = new ManualTicker();

    @AfterEach
    void stopBackground() {
        background.shutdownNow();
        ui.shutdownNow();
    }

    private SessionViewModel model(String issuer, BrowserLauncher browser) {
        Clock clock = Clock.systemUTC();
        OriginPauses pauses = new OriginPauses(clock);
        SettingsViewModel settings = new SettingsViewModel();
        settings.issuerProperty().set(issuer);
        settings.totalBudgetMsProperty().set("2000");
        SessionViewModel model = new SessionViewModel(
                settings,
                config -> OAuthClient.builder(config)
                        .clock(clock)
                        .pauses(pauses)
                        .browser(browser)
                        .build(),
                background,
                ui,
                shown,
                ticker,
                event -> {});
        assertThat(ui.onUi(model::applySettings)).isTrue();
        return model;
    }

    /** A model of the embedded provider, signed in through {@code browser}. */
    private SessionViewModel signedIn(BrowserLauncher browser) {
        SessionViewModel model = model(DEMO.provider().issuer().toString(), browser);
        signIn(model);
        return model;
    }

    private void signIn(SessionViewModel model) {
        ui.onUi(model::signIn);
        ui.await(() -> model.phaseProperty().get() == Phase.SIGNED_IN
                && !model.busyProperty().get());
    }

    /**
     * Runs {@code call} on the UI thread while {@code path} answers 500, and waits until the call is over and
     * {@code done} holds; the provider answers normally again afterwards.
     */
    private void answering500(
            SessionViewModel model, String path, Runnable call, java.util.function.BooleanSupplier done) {
        DEMO.provider()
                .faults()
                .inject(
                        path,
                        dev.stormwatch.server.FaultSpec.parseText(path + "=500").fault(),
                        50);
        try {
            ui.onUi(call);
            ui.await(() -> !model.busyProperty().get() && done.getAsBoolean());
        } finally {
            DEMO.provider().faults().clear();
        }
    }

    @Test
    void signInShowsTheSessionAndItsTokensWithoutTheirValues() {
        SessionViewModel model = signedIn(new SignInPageBrowser());

        assertThat(model.messageProperty().get()).isEqualTo("The ID token's signature and claims were verified.");
        assertThat(model.tokens())
                .extracting(TokenDetails::name)
                .containsExactly("ID token", "Access token", "Refresh token");
        assertThat(model.tokens().get(0).verification()).contains("fetched at", "RS256");
        assertThat(model.canAct().get()).isTrue();
        assertThat(model.canSignIn().get()).isFalse();
    }

    @Test
    @DisplayName("DV1, UI16, UI25: a device sign-in shows the code and the page (with the code) while it waits, and"
            + " both are gone once the person refuses it on the provider's page; the window says so")
    void aDeviceSignInShowsItsCodeWhileItWaits() throws Exception {
        WaitingDeviceSignIn waiting = deviceSignInWaiting();
        SessionViewModel model = waiting.model();

        assertThat(waiting.shown())
                .startsWith("On any device, open " + DEMO.provider().issuer() + "/device?user_code=");
        assertThat(ui.onUi(() -> model.devicePageProperty().get()))
                .isEqualTo(DEMO.provider().issuer() + "/device?user_code=" + waiting.userCode());
        decideOnTheDevicePage(waiting.userCode(), "decision=deny");
        ui.await(() -> !model.busyProperty().get());

        assertThat(ui.onUi(() -> model.deviceCodeProperty().get())).isEmpty();
        assertThat(ui.onUi(() -> model.devicePageProperty().get())).isEmpty();
        assertThat(ui.onUi(() -> model.messageProperty().get())).contains("denied");
        assertThat(ui.onUi(() -> model.phaseProperty().get())).isNotEqualTo(Phase.SIGNED_IN);
    }

    @Test
    @DisplayName("DV1, DV8: a device sign-in the person allows on the provider's page signs in at the next poll; the"
            + " window says where it was signed in and that the ID token was verified, and the code is gone")
    void aDeviceSignInAllowedOnThePageSignsIn() throws Exception {
        WaitingDeviceSignIn waiting = deviceSignInWaiting();
        SessionViewModel model = waiting.model();

        decideOnTheDevicePage(waiting.userCode(), "user=alice&decision=allow");
        ui.await(() -> !model.busyProperty().get() && model.phaseProperty().get() == Phase.SIGNED_IN);

        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .isEqualTo("Signed in on another device; the ID token's signature and claims were verified.");
        assertThat(ui.onUi(() -> model.phaseDetailProperty().get())).isEqualTo("As alice.");
        assertThat(ui.onUi(() -> model.deviceCodeProperty().get())).isEmpty();
    }

    /** A device sign-in on a new model, waiting for the person: the model, the words it shows, the user code. */
    private record WaitingDeviceSignIn(SessionViewModel model, String shown, String userCode) {}

    private WaitingDeviceSignIn deviceSignInWaiting() {
        SessionViewModel model = model(DEMO.provider().issuer().toString(), url -> false);
        ui.onUi(() -> model.settings().deviceProperty().set(true));
        ui.onUi(model::signIn);
        ui.await(() -> !model.deviceCodeProperty().get().isEmpty());
        String shown = ui.onUi(() -> model.deviceCodeProperty().get());
        java.util.regex.Matcher code = java.util.regex.Pattern.compile("enter the code ([A-Z]{4}-[A-Z]{4})")
                .matcher(shown);
        assertThat(code.find()).as(shown).isTrue();
        return new WaitingDeviceSignIn(model, shown, code.group(1));
    }

    /** What the person does on the provider's device page for {@code userCode}: {@code form} is its decision. */
    private static void decideOnTheDevicePage(String userCode, String form) throws Exception {
        java.net.http.HttpResponse<String> page = java.net.http.HttpClient.newHttpClient()
                .send(
                        java.net.http.HttpRequest.newBuilder(
                                        DEMO.provider().issuer().resolve("/device"))
                                .header("Content-Type", "application/x-www-form-urlencoded")
                                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(
                                        "user_code=" + userCode + "&" + form))
                                .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).isEqualTo(200);
    }

    @Test
    @DisplayName("UI16, C2: a window whose settings keep the session in a file shows that session as soon as the"
            + " settings are applied, before any call")
    void aKeptSessionIsShownWhenTheSettingsAreApplied(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        String file = dir.resolve("session.json").toString();
        SessionViewModel first = model(DEMO.provider().issuer().toString(), new SignInPageBrowser());
        ui.onUi(() -> {
            first.settings().staySignedInProperty().set(true);
            first.settings().sessionFileProperty().set(file);
        });
        signIn(first);

        SessionViewModel next = model(DEMO.provider().issuer().toString(), url -> false);
        ui.onUi(() -> {
            next.settings().staySignedInProperty().set(true);
            next.settings().sessionFileProperty().set(file);
        });
        assertThat(ui.onUi(next::applySettings)).isTrue();

        assertThat(ui.onUi(() -> next.phaseProperty().get())).isEqualTo(Phase.SIGNED_IN);
        assertThat(ui.onUi(() -> next.phaseDetailProperty().get())).isEqualTo("As alice.");
    }

    @Test
    @DisplayName("E5, P9: a UserInfo read that fails on 500s after its budget shows Failed with the session kept, and"
            + " offers Retry")
    void aFailedCallKeepsTheSession() {
        SessionViewModel model = signedIn(new SignInPageBrowser());
        answering500(
                model,
                "/userinfo",
                model::loadUserInfo,
                () -> !model.messageProperty().get().isEmpty());

        assertThat(ui.onUi(() -> model.phaseProperty().get())).isEqualTo(Phase.FAILED);
        assertThat(ui.onUi(() -> model.phaseTextProperty().get())).isEqualTo("Failed");
        assertThat(ui.onUi(() -> model.phaseDetailProperty().get()))
                .isEqualTo("The last call failed; your session is kept.");
        assertThat(ui.onUi(() -> model.retryOfferedProperty().get())).isTrue();
        assertThat(ui.onUi(() -> model.tokens().size())).isEqualTo(3);
    }

    @Test
    @DisplayName("DV9: a sign-in without openid shows an OAuth 2.0-only session, whose subject is unknown")
    void anOAuthOnlySessionSaysItsSubjectIsUnknown() {
        SessionViewModel model = model(DEMO.provider().issuer().toString(), new SignInPageBrowser());
        ui.onUi(() -> model.settings().scopeProperty().set("offline_access"));

        signIn(model);

        assertThat(ui.onUi(() -> model.phaseDetailProperty().get()))
                .isEqualTo(dev.stormwatch.oauth.Session.OAUTH_ONLY + "; the subject is unknown.");
        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .isEqualTo(dev.stormwatch.oauth.Session.OAUTH_ONLY + ".");
        assertThat(ui.onUi(() -> model.tokens()).stream().map(TokenDetails::name))
                .containsExactly("Access token", "Refresh token");
    }

    @Test
    void signOutSaysWhetherTheProviderRevokedTheToken() {
        SessionViewModel model = signedIn(new SignInPageBrowser());

        ui.onUi(model::signOut);
        ui.await(() ->
                !model.busyProperty().get() && !model.messageProperty().get().startsWith("Signed in"));

        assertThat(model.messageProperty().get()).isEqualTo("Signed out. The provider revoked the token.");
        assertThat(model.phaseProperty().get()).isEqualTo(Phase.SIGNED_OUT);
        assertThat(model.tokens()).isEmpty();
    }

    @Test
    @DisplayName("P8: a revocation the provider refuses still signs out here, and says the token was NOT revoked and"
            + " why")
    void aRefusedRevocationIsSaid() {
        SessionViewModel model = signedIn(new SignInPageBrowser());
        answering500(
                model,
                "/revoke",
                model::signOut,
                () -> !model.messageProperty().get().startsWith("Signed in"));

        assertThat(model.messageProperty().get())
                .startsWith("Signed out locally. The token was NOT revoked: ")
                .contains("500");
        assertThat(model.phaseProperty().get()).isEqualTo(Phase.SIGNED_OUT);
        assertThat(model.tokens()).isEmpty();
    }

    @Test
    @DisplayName("SX1: Sign out at provider says what the provider did with the revocation and with its own sign-in")
    void signOutAtProviderSaysWhatTheProviderDidWithEach() {
        SignInPageBrowser browser = new SignInPageBrowser();
        SessionViewModel model = signedIn(browser);

        ui.onUi(model::signOutAtProvider);
        ui.await(() ->
                !model.busyProperty().get() && model.messageProperty().get().startsWith("Signed out"));

        assertThat(model.messageProperty().get())
                .isEqualTo("Signed out. The provider revoked the token. The provider"
                        + " ended its own sign-in and sent the browser back.");
        assertThat(browser.endSessionUrls).hasSize(1);
        assertThat(model.phaseProperty().get()).isEqualTo(Phase.SIGNED_OUT);
        assertThat(model.tokens()).isEmpty();
    }

    @Test
    @DisplayName("SX9: with the End-session method get, Sign out at provider opens the provider's endpoint itself (no"
            + " loopback page) and is confirmed; a refused method starts nothing and the session stays")
    void signOutAtProviderTakesTheEndSessionMethodOfTheSettings() {
        SignInPageBrowser browser = new SignInPageBrowser();
        SessionViewModel model = signedIn(browser);

        ui.onUi(() -> {
            model.settings().endSessionMethodProperty().set("delete");
            model.signOutAtProvider();
        });
        ui.await(() ->
                !model.busyProperty().get() && !model.messageProperty().get().isEmpty());
        assertThat(model.messageProperty().get())
                .startsWith("Not signed out at the provider")
                .contains(SettingsViewModel.END_SESSION_METHOD_LABEL);
        assertThat(model.settings().endSessionMethodErrorProperty().get()).contains("'delete'");
        assertThat(model.phaseProperty().get()).isEqualTo(Phase.SIGNED_IN);
        assertThat(browser.endSessionUrls).isEmpty();

        ui.onUi(() -> {
            model.settings().endSessionMethodProperty().set("get");
            model.signOutAtProvider();
        });
        ui.await(() ->
                !model.busyProperty().get() && model.messageProperty().get().startsWith("Signed out"));

        assertThat(model.messageProperty().get())
                .contains("The provider ended its own sign-in and sent the browser back.");
        assertThat(browser.endSessionUrls)
                .singleElement()
                .satisfies(url -> assertThat(url.getPath()).isEqualTo("/logout"));
        assertThat(DEMO.provider().requestsReceived("GET", "/logout")).isPositive();
        assertThat(model.phaseProperty().get()).isEqualTo(Phase.SIGNED_OUT);
    }

    @Test
    @DisplayName("SX3: the refresh token's lifetime ticks like the access token's, and says what its end means")
    void theRefreshTokensLifetimeTicks() {
        SessionViewModel model = signedIn(new SignInPageBrowser());
        String first = ui.onUi(() -> model.refreshExpiryProperty().get());
        assertThat(first).matches("Refresh token expires in \\d+ s\\.");

        shown.advance(ProviderConfig.defaults().refreshTokenTtl().plusSeconds(5));
        ui.onUi(ticker::tick);

        assertThat(ui.onUi(() -> model.refreshExpiryProperty().get()))
                .startsWith("Refresh token expired")
                .contains("sign in again");
    }

    @Test
    @DisplayName("UI29: the access token's expiry counts down each second, then says the token ran out and that the"
            + " next call refreshes first")
    void theAccessTokensExpiryTicksUntilItRunsOut() {
        SessionViewModel model = signedIn(new SignInPageBrowser());
        long ttl = ProviderConfig.defaults().accessTokenTtl().toSeconds();
        java.util.regex.Pattern expiresIn = java.util.regex.Pattern.compile("Access token expires in (\\d+) s\\.");

        java.util.regex.Matcher first =
                expiresIn.matcher(ui.onUi(() -> model.expiryProperty().get()));
        assertThat(first.matches()).as(first.toString()).isTrue();
        long left = Long.parseLong(first.group(1));
        // The window's clock stood still while the sign-in took its real second or two.
        assertThat(left).isBetween(ttl, ttl + 30);
        shown.advance(Duration.ofSeconds(10));
        ui.onUi(ticker::tick);
        assertThat(ui.onUi(() -> model.expiryProperty().get()))
                .isEqualTo("Access token expires in " + (left - 10) + " s.");

        shown.advance(Duration.ofSeconds(left - 10 + 20));
        ui.onUi(ticker::tick);

        assertThat(ui.onUi(() -> model.expiryProperty().get()))
                .matches("Access token expired 2\\d\\.\\d s ago: the next call refreshes first\\.");
        assertThat(ui.onUi(() -> model.phaseProperty().get()))
                .as("an expired access token is no state of its own: the next call refreshes it (A2)")
                .isEqualTo(Phase.SIGNED_IN);
    }

    @Test
    @DisplayName("UI29, DV9: a session shows its claims from UserInfo and whether it is OpenID Connect; signing out"
            + " clears every value shown and stops the expiry's ticks")
    void signingOutClearsWhatTheSessionShowed() {
        SessionViewModel model = signedIn(new SignInPageBrowser());
        ui.onUi(model::loadUserInfo);
        ui.await(() ->
                !model.busyProperty().get() && !model.userInfoProperty().get().isEmpty());
        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .isEqualTo("UserInfo loaded; its subject matches the ID token's.");
        assertThat(ui.onUi(() -> model.userInfoProperty().get())).contains("\"sub\"", "\"alice\"");
        assertThat(ui.onUi(() -> model.signedInProperty().get())).isTrue();
        assertThat(ui.onUi(() -> model.openIdProperty().get())).isTrue();
        assertThat(ticker.ticking()).as("the expiry ticks while signed in").isTrue();

        ui.onUi(model::signOut);
        ui.await(() -> !model.busyProperty().get() && model.phaseProperty().get() == Phase.SIGNED_OUT);

        assertThat(ui.onUi(() -> model.tokens())).isEmpty();
        assertThat(ui.onUi(() -> model.userInfoProperty().get())).isEmpty();
        assertThat(ui.onUi(() -> model.expiryProperty().get())).isEmpty();
        assertThat(ui.onUi(() -> model.refreshExpiryProperty().get())).isEmpty();
        assertThat(ui.onUi(() -> model.signedInProperty().get())).isFalse();
        assertThat(ui.onUi(() -> model.openIdProperty().get())).isFalse();
        assertThat(ticker.ticking()).as("no expiry is left to tick").isFalse();
    }

    @Test
    @DisplayName("UI29, RFC 9449: the access token's row says whether it is a Bearer token or bound to this app's"
            + " DPoP key")
    void theAccessTokenSaysHowItIsSent() {
        SessionViewModel bearer = signedIn(new SignInPageBrowser());
        SessionViewModel bound = model(DEMO.provider().issuer().toString(), new SignInPageBrowser());
        ui.onUi(() -> bound.settings().dpopProperty().set(true));
        signIn(bound);

        assertThat(ui.onUi(() -> bearer.tokens().get(1).verification())).startsWith("Bearer token. Not checked");
        assertThat(ui.onUi(() -> bound.tokens().get(1).verification()))
                .startsWith("DPoP-bound to this app's key (RFC 9449). Not checked");
    }

    @Test
    @DisplayName("SX4: the window's token inspector fetches the issuer's keys through a client of its own and checks a"
            + " pasted ID token against them")
    void theInspectorChecksATokenAgainstTheIssuersKeys() {
        String idToken = SignInPageBrowser.signInForIdToken(DEMO.provider());
        SessionViewModel model = model(DEMO.provider().issuer().toString(), url -> false);
        TokenInspectorViewModel inspector = model.inspector();
        ui.onUi(() -> {
            inspector.tokenProperty().set(idToken);
            inspector.issuerProperty().set(DEMO.provider().issuer().toString());
            inspector.inspect();
        });
        ui.await(() -> !inspector.busyProperty().get() && !inspector.checks().isEmpty());

        assertThat(ui.onUi(() -> inspector.keysErrorProperty().get())).isEmpty();
        assertThat(ui.onUi(() -> inspector.checks().get(0).detail()))
                .contains(DEMO.provider().jwksUrl().toString());
        assertThat(ui.onUi(() -> inspector.verdictProperty().get())).startsWith("Valid");
    }

    @Test
    @DisplayName("A load run started after sign-in sends the session's own access token, the one the window shows")
    void aLoadRunAfterSignInGetsTheSessionsToken() {
        SessionViewModel model = signedIn(new SignInPageBrowser());

        String sent = model.accessTokens().currentToken().reveal();

        assertThat("sha256:" + java.util.HexFormat.of().formatHex(dev.stormwatch.base.Digests.sha256(sent), 0, 6))
                .isEqualTo(ui.onUi(() -> model.tokens().get(1).fingerprint()));
    }

    @Test
    @DisplayName("SX1, P8: Sign out at provider whose revocation the provider refuses signs out here all the same, and"
            + " says the token was NOT revoked and why")
    void signOutAtProviderSaysARefusedRevocation() {
        SessionViewModel model = signedIn(new SignInPageBrowser());

        answering500(
                model,
                "/revoke",
                model::signOutAtProvider,
                () -> model.messageProperty().get().startsWith("Signed out"));

        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .startsWith("Signed out. The token was NOT revoked: ")
                .contains("500");
        assertThat(ui.onUi(() -> model.phaseProperty().get())).isEqualTo(Phase.SIGNED_OUT);
    }

    @Test
    @DisplayName("E1: a call that ends in an exception the client does not type (here a browser launcher that"
            + " throws) is shown as an unexpected error to report, and the window is usable again")
    void anUntypedExceptionIsShownAsOurBug() {
        SessionViewModel model = model(DEMO.provider().issuer().toString(), url -> {
            throw new IllegalStateException("no display to open a browser on");
        });

        ui.onUi(model::signIn);
        ui.await(() ->
                !model.busyProperty().get() && !model.messageProperty().get().isEmpty());

        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .isEqualTo("Unexpected error (please report it): java.lang.IllegalStateException: no display to open a"
                        + " browser on");
        assertThat(ui.onUi(() -> model.toneProperty().get())).isEqualTo(Tone.ERROR);
        assertThat(ui.onUi(() -> model.canSignIn().get())).isTrue();
    }

    @Test
    @DisplayName("A load run that asks this window for a token before sign-in is told to sign in on the Session tab,"
            + " not that a session ended")
    void aLoadRunBeforeSignInIsToldToSignIn() {
        SessionViewModel model = model(DEMO.provider().issuer().toString(), url -> false);

        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> model.accessTokens().currentToken())
                .isInstanceOf(dev.stormwatch.load.options.SessionTokenSource.Unavailable.class)
                .hasMessage("not signed in; sign in on the Session tab first");
    }

    // Bad input: an unreachable issuer is a clear message and no stuck state.
    @Test
    void unreachableIssuerEndsInAClearMessageAndSignInStaysPossible() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        SessionViewModel model = model("http://127.0.0.1:" + closedPort, new SignInPageBrowser());

        ui.onUi(model::signIn);
        ui.await(() ->
                !model.busyProperty().get() && !model.messageProperty().get().isEmpty());

        assertThat(model.toneProperty().get()).isEqualTo(Tone.ERROR);
        assertThat(model.messageProperty().get()).containsIgnoringCase("refused");
        assertThat(model.retryOfferedProperty().get()).isTrue();
        assertThat(model.canSignIn().get()).isTrue();
    }

    // Bad input: a server that is not an OpenID provider is named as such, not retried as if overloaded.
    @Test
    void providerThatIsNotOpenIdIsAClearProtocolMessage() throws Exception {
        try (MockWebServer notOpenId = new MockWebServer()) {
            for (int i = 0; i < 4; i++) {
                notOpenId.enqueue(new MockResponse()
                        .setResponseCode(200)
                        .setHeader("Content-Type", "text/html")
                        .setBody("<html>Welcome to our shop</html>"));
            }
            notOpenId.start();
            SessionViewModel model = model(notOpenId.url("/").toString().replaceAll("/$", ""), new SignInPageBrowser());

            ui.onUi(model::signIn);
            ui.await(() -> !model.busyProperty().get()
                    && !model.messageProperty().get().isEmpty());

            assertThat(model.messageProperty().get()).containsIgnoringCase("discovery");
            assertThat(model.toneProperty().get()).isEqualTo(Tone.ERROR);
            assertThat(model.retryOfferedProperty().get()).isFalse();
            assertThat(model.canSignIn().get()).isTrue();
        }
    }

    // Bad input: when no browser can be started, the URL is shown to copy, and cancel leaves no stuck state.
    @Test
    void withoutABrowserTheUrlIsShownAndCancelEndsTheWait() {
        SessionViewModel model = model(DEMO.provider().issuer().toString(), url -> false);
        assertThat(ui.onUi(model::applySettings)).isTrue();
        assertThat(ui.onUi(() -> model.messageProperty().get())).startsWith("Settings applied");

        ui.onUi(model::signIn);
        ui.await(() -> model.phaseProperty().get() == Phase.SIGNING_IN);
        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .as("the last call's words go when the next call starts")
                .isEmpty();
        assertThat(ui.onUi(() -> model.signingIn().get())).isTrue();
        assertThat(ui.onUi(model::applySettings))
                .as("no new client while a sign-in waits for the browser")
                .isFalse();

        assertThat(model.authorizationUrlProperty().get())
                .startsWith(DEMO.provider().issuer() + "/authorize");
        assertThat(model.phaseDetailProperty().get()).contains("No browser could be started");

        ui.onUi(model::cancelSignIn);
        ui.await(() -> !model.busyProperty().get());

        assertThat(model.phaseProperty().get()).isNotEqualTo(Phase.SIGNING_IN);
        assertThat(model.authorizationUrlProperty().get()).isEmpty();
        assertThat(model.canSignIn().get()).isTrue();
    }

    @Test
    void settingsCannotChangeUnderASession() {
        SessionViewModel model = signedIn(new SignInPageBrowser());

        assertThat(ui.onUi(model::applySettings)).isFalse();

        assertThat(model.messageProperty().get()).startsWith("Sign out before you change the settings");
        assertThat(model.phaseProperty().get()).isEqualTo(Phase.SIGNED_IN);
    }

    @Test
    @DisplayName("PX6: a sign-in after only the Proxy field changed makes a new client, which takes the new proxy;"
            + " with nothing changed it keeps the client it has")
    void aNewProxyMakesANewClientBeforeSignIn() {
        SettingsViewModel settings = new SettingsViewModel();
        settings.issuerProperty().set(DEMO.provider().issuer().toString());
        List<String> madeWith = new ArrayList<>();
        SessionViewModel model = new SessionViewModel(
                settings,
                config -> {
                    madeWith.add(settings.proxyProperty().get());
                    return OAuthClient.builder(config)
                            .browser(new SignInPageBrowser())
                            .build();
                },
                background,
                ui,
                Clock.systemUTC(),
                tick -> () -> {},
                event -> {});
        assertThat(ui.onUi(model::applySettings)).isTrue();

        ui.onUi(() -> settings.proxyProperty().set("direct"));
        signIn(model);
        ui.onUi(model::signOut);
        ui.await(() -> model.phaseProperty().get() == Phase.SIGNED_OUT
                && !model.busyProperty().get());
        signIn(model);

        assertThat(madeWith).containsExactly("", "direct");
    }
}
