package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.session.SessionViewModel.Phase;
import dev.stormwatch.oauth.ClientAuthentication;
import dev.stormwatch.oauth.Session;
import dev.stormwatch.oauth.SpringAuthorizationServer;
import dev.stormwatch.oauth.SpringDevicePage;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javafx.scene.canvas.Canvas;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The device sign-in in the running window against Spring Authorization Server, a provider nobody on the team wrote.
 * Spring 1.5 refuses {@code openid} in a device authorization request ({@code invalid_scope}) and issues no ID token
 * for the grant. With {@code openid} in the window's scopes (a session that needs its ID token) the window must say so
 * at once, before the person walks to another device (DV6); without it the device sign-in there is an OAuth 2.0-only
 * session, which the window shows as one (DV9, DV10).
 */
@Tag("slow")
@ExtendWith(ApplicationExtension.class)
class DeviceSignInOnSpringTest {

    private static SpringAuthorizationServer server;

    private Composition composition;

    @BeforeAll
    static void startSpring() {
        server = SpringAuthorizationServer.start(Duration.ofSeconds(2));
    }

    @AfterAll
    static void stopSpring() {
        server.close();
    }

    @Start
    void start(Stage stage) {
        composition = TestWindows.withEmbeddedServers();
        TestWindows.show(composition, stage);
    }

    @AfterEach
    void close() {
        TestWindows.close(composition);
    }

    @Test
    @DisplayName("DV6, UI16: device sign-in from the window against Spring, which refuses openid in the device grant:"
            + " one request, then the window says to sign in through the browser, with no code, no QR and no poll")
    void springsRefusalOfOpenidIsExplainedInTheWindow(FxRobot robot) throws Exception {
        waitUntil(() -> composition.stack().isPresent()
                && !robot.lookup("#sign-in").queryButton().isDisabled());
        robot.interact(() -> {
            var settings = composition.session().settings();
            settings.issuerProperty().set(server.issuer());
            settings.clientIdProperty().set(SpringAuthorizationServer.DEVICE_CLIENT_ID);
            settings.scopeProperty().set("openid " + SpringAuthorizationServer.DEVICE_SCOPE);
            settings.clientAuthProperty().set(ClientAuthentication.Method.CLIENT_SECRET_BASIC);
            settings.clientSecretProperty().set(SpringAuthorizationServer.DEVICE_CLIENT_SECRET);
            settings.deviceProperty().set(true);
        });
        robot.clickOn("#settings-apply");
        robot.clickOn("#sign-in");
        waitUntil(() -> composition.session().messageProperty().get().contains("invalid_scope"));

        assertThat(composition.session().messageProperty().get())
                .contains("'openid " + SpringAuthorizationServer.DEVICE_SCOPE + "'")
                .contains("sign in through the browser");
        assertThat(composition.session().phaseProperty().get()).isNotEqualTo(Phase.SIGNED_IN);
        assertThat(composition.session().devicePageProperty().get()).isEmpty();
        assertThat(robot.lookup("#device-qr").queryAs(Canvas.class).isVisible()).isFalse();
        assertThat(server.answered("POST", "/oauth2/device_authorization"))
                .extracting(SpringAuthorizationServer.Answered::status)
                .containsExactly(400);
        assertThat(server.requestsReceived("POST", "/oauth2/token")).isZero();
    }

    @Test
    @DisplayName("DV9, DV10: device sign-in from the window with scopes message.read (no openid): the person approves"
            + " on Spring's pages after a pause, and the window shows an OAuth 2.0-only session, no ID token, with"
            + " UserInfo and Sign out at provider disabled and Refresh and Sign out working")
    void oauthOnlyDeviceSessionIsShownInTheWindow(FxRobot robot) throws Exception {
        waitUntil(() -> composition.stack().isPresent()
                && !robot.lookup("#sign-in").queryButton().isDisabled());
        robot.interact(() -> {
            var settings = composition.session().settings();
            settings.issuerProperty().set(server.issuer());
            settings.clientIdProperty().set(SpringAuthorizationServer.DEVICE_CLIENT_ID);
            settings.scopeProperty().set(SpringAuthorizationServer.API_SCOPE);
            settings.clientAuthProperty().set(ClientAuthentication.Method.CLIENT_SECRET_BASIC);
            settings.clientSecretProperty().set(SpringAuthorizationServer.DEVICE_CLIENT_SECRET);
            settings.deviceProperty().set(true);
        });
        robot.clickOn("#settings-apply");
        robot.clickOn("#sign-in");
        waitUntil(() -> !composition.session().devicePageProperty().get().isEmpty());
        assertThat(robot.lookup("#device-qr").queryAs(Canvas.class).isVisible()).isTrue();

        // The person opens the page with the code on another device, signs in to Spring and consents.
        String approved = SpringDevicePage.approve(
                java.net.URI.create(composition.session().devicePageProperty().get()), Duration.ofSeconds(3));
        assertThat(approved).contains("success");
        waitUntil(() -> composition.session().phaseProperty().get() == Phase.SIGNED_IN
                && !composition.session().busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents(); // the state's texts are set together on the FX thread

        assertThat(composition.session().phaseDetailProperty().get())
                .isEqualTo(Session.OAUTH_ONLY + "; the subject is unknown.");
        assertThat(composition.session().messageProperty().get()).contains(Session.OAUTH_ONLY);
        assertThat(composition.session().tokens())
                .extracting(dev.stormwatch.app.session.TokenDetails::name)
                .containsExactly("Access token", "Refresh token");
        assertThat(robot.lookup("#userinfo").queryButton().isDisabled()).isTrue();
        assertThat(robot.lookup("#end-session").queryButton().isDisabled()).isTrue();
        assertThat(robot.lookup("#refresh").queryButton().isDisabled()).isFalse();

        long tokenPosts = server.requestsReceived("POST", "/oauth2/token");
        robot.clickOn("#refresh");
        waitUntil(() -> server.requestsReceived("POST", "/oauth2/token") == tokenPosts + 1
                && composition.session().phaseProperty().get() == Phase.SIGNED_IN
                && !composition.session().busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(composition.session().phaseDetailProperty().get()).startsWith(Session.OAUTH_ONLY);
        robot.clickOn("#sign-out");
        waitUntil(() -> composition.session().phaseProperty().get() == Phase.SIGNED_OUT
                && !composition.session().busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(composition.session().messageProperty().get()).contains("The provider revoked the token");
        assertThat(server.record()).noneMatch(line -> line.contains("userinfo") || line.contains("logout"));
    }

    private void waitUntil(java.util.concurrent.Callable<Boolean> condition) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, condition);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError(
                    "the window says: "
                            + composition.session().phaseTextProperty().get() + " / "
                            + composition.session().messageProperty().get() + "; Spring read " + server.record(),
                    e);
        }
    }
}
