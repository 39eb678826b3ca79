package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Labeled;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextInputControl;
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

/** SX6 on the real window: the inspector's Open file… button, and a token from a file redacted as a pasted one. */
@ExtendWith(ApplicationExtension.class)
class TokenInspectorOpenFileTest {

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
    @DisplayName("SX6: the inspector offers Open file…; a token read from a file sits in the masked field only, its"
            + " claims are shown, and no text of the window shows the token")
    void aTokenFromAFileIsRedactedAsAPastedOne(FxRobot robot) throws Exception {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String token = b64.encodeToString("{\"alg\":\"RS256\",\"kid\":\"k1\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString("{\"iss\":\"https://login.example.com\",\"sub\":\"alice-from-file\"}"
                        .getBytes(StandardCharsets.UTF_8))
                + ".c2lnbmF0dXJlLW5vdC1jaGVja2Vk";
        Path saved = Files.writeString(dir.resolve("access_token.jwt"), token + "\n");
        javafx.scene.control.TabPane tabs = robot.lookup("#tokens").queryAs(javafx.scene.control.TabPane.class);
        robot.interact(() -> tabs.getSelectionModel()
                .select(tabs.getTabs().stream()
                        .filter(t -> "token-inspector".equals(t.getId()))
                        .findFirst()
                        .orElseThrow()));

        Button open = robot.lookup("#inspector-open-file").queryAs(Button.class);
        assertThat(open.getText()).isEqualTo("Open file…");
        robot.interact(() -> composition.session().inspector().openTokenFile(saved));
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.lookup("#inspector-token").queryAs(PasswordField.class).getText())
                .isEqualTo(token);
        assertThat(composition.session().inspector().claimsProperty().get()).contains("alice-from-file");
        // Every text the window shows, labels and the read-only boxes alike, leaves the token out.
        for (Node node : robot.lookup(n -> n instanceof Labeled || n instanceof TextInputControl)
                .queryAll()) {
            if (node instanceof PasswordField) {
                continue; // the masked field shows bullets
            }
            String text = node instanceof Labeled labeled ? labeled.getText() : ((TextInputControl) node).getText();
            assertThat(text == null ? "" : text)
                    .as(node.getId())
                    .doesNotContain(token)
                    .doesNotContain("c2lnbmF0dXJlLW5vdC1jaGVja2Vk");
        }
    }
}
