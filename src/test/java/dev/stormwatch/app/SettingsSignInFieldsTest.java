package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.common.FxTicker;
import dev.stormwatch.app.session.SessionViewModel.Phase;
import dev.stormwatch.app.session.SettingsViewModel;
import dev.stormwatch.embedded.EmbeddedStack;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.RedirectChoice;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * UI16 on the real window against the embedded provider: the command line's sign-in options as settings fields, each
 * reaching the sign-in it configures, each bad value refused under its own field.
 */
@ExtendWith(ApplicationExtension.class)
class SettingsSignInFieldsTest {

    @TempDir
    Path dir;

    private final SignInPageBrowser browser = new SignInPageBrowser();
    private final List<URI> opened = new CopyOnWriteArrayList<>();
    private Composition composition;

    @Start
    void start(Stage stage) {
        composition = new Composition(new Composition.Parts(
                Clock.systemUTC(),
                url -> {
                    opened.add(url);
                    return browser.open(url);
                },
                new FxTicker(),
                EmbeddedStack::start));
        // Preferences in memory: a person's own file (window size, last tab) must not shape the test (UI1).
        TestWindows.show(composition, stage);
    }

    @AfterEach
    void close() {
        TestWindows.close(composition);
    }

    @Test
    @DisplayName("UI16: extra parameters, a fixed redirect port, the browser wait and a session file typed in the"
            + " window are the config the sign-in uses: the loopback listens on the typed port, and the session is"
            + " kept in the typed file")
    void typedSignInFieldsReachTheSignIn(FxRobot robot) throws Exception {
        waitUntil(() -> composition.stack().isPresent()
                && !robot.lookup("#sign-in").queryButton().isDisabled());
        int port = freePort();
        Path sessionFile = dir.resolve("kept/session.json");
        Files.createDirectories(
                sessionFile.getParent(),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        robot.interact(() -> {
            robot.lookup("#settings-auth-params")
                    .queryAs(TextArea.class)
                    .setText("login_hint=alice@example.com\nui_locales=de fr");
            robot.lookup("#settings-redirect-host").queryAs(TextField.class).setText("127.0.0.1");
            robot.lookup("#settings-redirect-port").queryAs(TextField.class).setText(Integer.toString(port));
            robot.lookup("#settings-browser-wait").queryAs(TextField.class).setText("90s");
            robot.lookup("#settings-session-file").queryAs(TextField.class).setText(sessionFile.toString());
        });
        OAuthConfig config = composition.session().settings().toConfig().orElseThrow();
        assertThat(config.authorizationParameters().values())
                .isEqualTo(Map.of("login_hint", "alice@example.com", "ui_locales", "de fr"));
        assertThat(config.redirectChoice()).isEqualTo(new RedirectChoice(RedirectChoice.Host.IPV4, port));
        assertThat(config.loopbackTimeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(config.sessionFile()).contains(sessionFile);

        // While the person is on the sign-in page, the redirect's listener is on the typed port.
        browser.stall = true;
        robot.clickOn("#settings-apply");
        robot.clickOn("#sign-in");
        waitUntil(() -> composition.session().phaseProperty().get() == Phase.SIGNING_IN);
        try (Socket listener = new Socket(InetAddress.getLoopbackAddress(), port)) {
            assertThat(listener.isConnected()).isTrue();
        }
        robot.clickOn("#cancel-sign-in");
        waitUntil(() -> composition.session().phaseProperty().get() != Phase.SIGNING_IN
                && !robot.lookup("#sign-in").queryButton().isDisabled());

        browser.stall = false;
        robot.clickOn("#sign-in");
        waitUntil(() -> composition.session().phaseProperty().get() == Phase.SIGNED_IN);
        // Stay signed in: the session went to the typed file, owner-only.
        assertThat(sessionFile).exists();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(sessionFile)))
                .isEqualTo("rw-------");
    }

    @Test
    @DisplayName("UI16: a bad value in every sign-in field is refused at once, each under its own field in that"
            + " field's words, and nothing applies")
    void everyBadSignInFieldIsRefusedUnderItself(FxRobot robot) throws Exception {
        robot.interact(() -> {
            composition.session().settings().issuerProperty().set("https://login.example.com");
            robot.lookup("#settings-client-key-id").queryAs(TextField.class).setText("kid-1");
            robot.lookup("#settings-auth-params").queryAs(TextArea.class).setText("prompt=login\nscope=admin");
            robot.lookup("#settings-redirect-host").queryAs(TextField.class).setText("example.com");
            robot.lookup("#settings-redirect-port").queryAs(TextField.class).setText("70000");
            robot.lookup("#settings-browser-wait").queryAs(TextField.class).setText("soon");
            robot.lookup("#settings-session-file").queryAs(TextField.class).setText(dir.toString());
        });
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(error(robot, "#settings-client-key-id-error"))
                .startsWith("Client key id names the key of the" + " Client key file, which is empty");
        assertThat(error(robot, "#settings-auth-params-error"))
                .startsWith("Extra authorization parameters: 'scope'" + " is set by the client itself")
                .contains("use the Scopes field");
        assertThat(error(robot, "#settings-redirect-host-error"))
                .startsWith("Redirect host 'example.com' must be" + " 127.0.0.1, [::1] or localhost");
        assertThat(error(robot, "#settings-redirect-port-error"))
                .startsWith("Redirect port ")
                .contains("70000");
        assertThat(error(robot, "#settings-browser-wait-error")).startsWith("Browser wait 'soon' is not a duration");
        assertThat(error(robot, "#settings-session-file-error")).startsWith("Session file '" + dir + "' is a folder");
        SettingsViewModel settings = composition.session().settings();
        assertThat(settings.validProperty().get()).isFalse();
        assertThat(settings.refusedSummary())
                .contains(
                        SettingsViewModel.CLIENT_KEY_ID_LABEL,
                        SettingsViewModel.AUTH_PARAMS_LABEL,
                        SettingsViewModel.REDIRECT_HOST_LABEL,
                        SettingsViewModel.REDIRECT_PORT_LABEL,
                        SettingsViewModel.BROWSER_WAIT_LABEL,
                        SettingsViewModel.SESSION_FILE_LABEL);

        // Corrected one by one, each reason goes with its value.
        robot.interact(() ->
                robot.lookup("#settings-redirect-host").queryAs(TextField.class).setText("[::1]"));
        assertThat(robot.lookup("#settings-redirect-host-error")
                        .queryAs(Label.class)
                        .isVisible())
                .isFalse();
        assertThat(robot.lookup("#settings-redirect-port-error")
                        .queryAs(Label.class)
                        .isVisible())
                .isTrue();
    }

    @Test
    @DisplayName("UI16: with device sign-in ticked, Sign in asks the embedded provider for the device grant and"
            + " shows its code, and opens no browser")
    void deviceSignInTakesTheDeviceGrant(FxRobot robot) throws Exception {
        waitUntil(() -> composition.stack().isPresent()
                && !robot.lookup("#sign-in").queryButton().isDisabled());
        robot.interact(
                () -> robot.lookup("#settings-device").queryAs(CheckBox.class).setSelected(true));
        assertThat(composition.session().settings().deviceProperty().get()).isTrue();

        robot.clickOn("#settings-apply");
        robot.clickOn("#sign-in");
        waitUntil(() -> robot.lookup("#device-code")
                .queryAs(Label.class)
                .getText()
                .contains(composition.stack().orElseThrow().provider().issuer() + "/device"));

        assertThat(opened).isEmpty();
        assertThat(composition.stack().orElseThrow().provider().requestsReceived("POST", "/device_authorization"))
                .isEqualTo(1);
        assertThat(composition.session().phaseProperty().get()).isNotEqualTo(Phase.SIGNED_IN);
    }

    @Test
    @DisplayName("SX9: the End-session method field shows its trade-off, refuses a value other than post or get under"
            + " itself in its own words, and the reason goes once get is typed")
    void theEndSessionMethodFieldExplainsAndRefuses(FxRobot robot) {
        robot.interact(() -> {
            composition.session().settings().issuerProperty().set("https://login.example.com");
            robot.lookup("#settings-end-session-method")
                    .queryAs(TextField.class)
                    .setText("put");
        });
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(error(robot, "#settings-end-session-method-error"))
                .startsWith(SettingsViewModel.END_SESSION_METHOD_LABEL + " 'put' is not a method it takes")
                .contains("give post");
        assertThat(robot.lookup(".hint").queryAllAs(Label.class))
                .extracting(Label::getText)
                .anySatisfy(hint -> assertThat(hint).contains("address bar").contains("id_token_hint"));
        robot.interact(() -> robot.lookup("#settings-end-session-method")
                .queryAs(TextField.class)
                .setText("get"));
        assertThat(robot.lookup("#settings-end-session-method-error")
                        .queryAs(Label.class)
                        .isVisible())
                .isFalse();
        assertThat(composition.session().settings().endSessionMethod())
                .contains(dev.stormwatch.oauth.EndSessionMethod.GET);
    }

    private static String error(FxRobot robot, String id) {
        Label label = robot.lookup(id).queryAs(Label.class);
        assertThat(label.isVisible()).as(id + " shown").isTrue();
        return label.getText();
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void waitUntil(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> {
            WaitForAsyncUtils.waitForFxEvents();
            return condition.call();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }
}
