package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.oauth.ClientAuthentication;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** TX3 and PF8 on the real window: the certificate fields and the Account field, each refusing under itself. */
@ExtendWith(ApplicationExtension.class)
class SettingsCertificateAndAccountFieldsTest {

    @TempDir
    Path dir;

    private Composition composition;

    @Start
    void start(Stage stage) {
        composition = TestWindows.withoutServers();
        TestWindows.show(composition, stage);
    }

    @AfterEach
    void close() {
        TestWindows.close(composition);
    }

    @Test
    @DisplayName("TX3: the client authentication choice offers tls_client_auth and self_signed_tls_client_auth; a"
            + " typed key file of another certificate is refused under the key file's field and Apply is refused"
            + " until the right key is typed")
    void certificateFieldsRefuseUnderThemselves(FxRobot robot) throws Exception {
        HeldCertificate held =
                new HeldCertificate.Builder().commonName("stormwatch-mtls").build();
        Path cert = Files.writeString(dir.resolve("c.pem"), held.certificatePem());
        Path key = ownerOnly("k.pem", held.privateKeyPkcs8Pem());
        Path other = ownerOnly(
                "other.pem",
                new HeldCertificate.Builder().commonName("o").build().privateKeyPkcs8Pem());
        robot.interact(() -> composition.session().settings().issuerProperty().set("https://login.example.com"));

        @SuppressWarnings("unchecked")
        ComboBox<ClientAuthentication.Method> methods =
                robot.lookup("#settings-client-auth").queryAs(ComboBox.class);
        assertThat(methods.getItems())
                .contains(
                        ClientAuthentication.Method.TLS_CLIENT_AUTH,
                        ClientAuthentication.Method.SELF_SIGNED_TLS_CLIENT_AUTH);
        assertThat(robot.lookup("#settings-client-cert-choose")
                        .queryAs(Button.class)
                        .getText())
                .isEqualTo("Choose…");

        robot.interact(() -> methods.setValue(ClientAuthentication.Method.TLS_CLIENT_AUTH));
        Label certError = robot.lookup("#settings-client-cert-error").queryAs(Label.class);
        assertThat(certError.isVisible()).isTrue();
        assertThat(certError.getText()).startsWith("Client certificate is empty");

        // Typed into the fields themselves (the settings column scrolls; a path is set as typing would leave it).
        robot.interact(() -> {
            robot.lookup("#settings-client-cert").queryAs(TextField.class).setText(cert.toString());
            robot.lookup("#settings-client-cert-key").queryAs(TextField.class).setText(other.toString());
        });
        WaitForAsyncUtils.waitForFxEvents();
        Label keyError = robot.lookup("#settings-client-cert-key-error").queryAs(Label.class);
        assertThat(certError.isVisible()).isFalse();
        assertThat(keyError.isVisible()).isTrue();
        assertThat(keyError.getText())
                .startsWith("Client certificate's key file: the private key in")
                .contains("is not the key");
        assertThat(composition.session().settings().validProperty().get()).isFalse();

        robot.interact(() -> robot.lookup("#settings-client-cert-key")
                .queryAs(TextField.class)
                .setText(key.toString()));
        assertThat(keyError.isVisible()).isFalse();
        assertThat(composition.session().settings().validProperty().get()).isTrue();
    }

    @Test
    @DisplayName("PF8: Find issuer beside the Account field asks the account's host by WebFinger; a host without it"
            + " is said under the Account field and the Issuer keeps its value")
    void findIssuerSaysAHostWithoutWebFinger(FxRobot robot) throws Exception {
        try (dev.stormwatch.server.LoopbackServer bare = dev.stormwatch.server.LoopbackServer.start(
                "bare", dev.stormwatch.server.ServerOptions.defaults(), Map.of())) {
            String host = bare.baseUri().getHost() + ":" + bare.baseUri().getPort();
            robot.interact(() -> {
                composition.session().settings().issuerProperty().set("https://login.example.com");
                robot.lookup("#settings-account").queryAs(TextField.class).setText("alice@" + host);
            });
            robot.clickOn("#settings-account-find");
            Label error = robot.lookup("#settings-account-error").queryAs(Label.class);
            WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, error::isVisible);
            assertThat(error.getText()).contains(host + " has no WebFinger endpoint");
            assertThat(composition.session().settings().issuerProperty().get()).isEqualTo("https://login.example.com");
        }
    }

    private Path ownerOnly(String name, String text) throws Exception {
        Path file = Files.writeString(dir.resolve(name), text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }
}
