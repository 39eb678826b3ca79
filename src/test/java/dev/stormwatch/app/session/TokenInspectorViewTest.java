package dev.stormwatch.app.session;

import static dev.stormwatch.app.session.InspectorTokens.NOW;
import static dev.stormwatch.app.session.InspectorTokens.jwks;
import static dev.stormwatch.app.session.InspectorTokens.token;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.oauth.TokenInspection;
import dev.stormwatch.testing.FakeClock;
import dev.stormwatch.testing.FxThread;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextInputControl;
import javafx.stage.Stage;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The token inspector's view on a real JavaFX toolkit, on its own, over a real view model checking tokens signed
 * here: what each field writes to the model, what the model shows back, and when the buttons are refused (SX4, SX5).
 */
@ExtendWith(ApplicationExtension.class)
class TokenInspectorViewTest {

    private final ArrayDeque<Runnable> background = new ArrayDeque<>();
    private final TokenInspectorViewModel model = new TokenInspectorViewModel(
            background::add, Runnable::run, new FakeClock(NOW), issuer -> TokenInspection.Keys.parse(jwks(), issuer));
    private final dev.stormwatch.testing.AnsweredFileDialogs files = new dev.stormwatch.testing.AnsweredFileDialogs();
    private Parent view;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        // The desktop's file chooser is left out: the headless toolkit has none. This one answers as the test says.
        view = (Parent) TokenInspectorView.build(model, files);
        stage.setScene(new Scene(view, 1000, 640));
        // The toolkit's one stage may still have the size an earlier test class gave it.
        stage.sizeToScene();
        stage.show();
    }

    @SuppressWarnings("unchecked")
    private <T extends Node> T find(String id) {
        return (T) view.lookup("#" + id);
    }

    @Test
    @DisplayName(
            "SX4, UI23: each field says what it takes; the token and issuer take the row's room, the JWKS one line,"
                    + " and the decoded parts and checks all the height left")
    void eachFieldSaysWhatItTakes() {
        assertThat(this.<TextInputControl>find("inspector-token").getPromptText())
                .isEqualTo("Paste a JWT (header.payload.signature)");
        assertThat(this.<TextInputControl>find("inspector-issuer").getPromptText())
                .isEqualTo("Issuer URL: its JWKS is fetched");
        assertThat(this.<TextInputControl>find("inspector-audience").getPromptText())
                .isEqualTo("Expected aud (optional)");
        TextArea jwks = find("inspector-jwks");
        assertThat(jwks.getPromptText()).isEqualTo("...or paste a JWKS ({\"keys\": [...]})");
        assertThat(jwks.getPrefRowCount()).isEqualTo(1);
        assertThat(this.<Button>find("inspector-open-file").getMinWidth())
                .isEqualTo(javafx.scene.layout.Region.USE_PREF_SIZE);
        assertThat(javafx.scene.layout.HBox.getHgrow(find("inspector-token")))
                .isEqualTo(javafx.scene.layout.Priority.ALWAYS);
        assertThat(javafx.scene.layout.HBox.getHgrow(find("inspector-issuer")))
                .isEqualTo(javafx.scene.layout.Priority.ALWAYS);
        SplitPane read = (SplitPane) find("inspector-checks").getParent().getParent();
        assertThat(javafx.scene.layout.VBox.getVgrow(read)).isEqualTo(javafx.scene.layout.Priority.ALWAYS);
        assertThat(javafx.scene.layout.VBox.getVgrow(find("inspector-claims")))
                .isEqualTo(javafx.scene.layout.Priority.ALWAYS);
        assertThat(((javafx.scene.layout.VBox) view).getPadding()).isEqualTo(new javafx.geometry.Insets(8));
    }

    @Test
    @DisplayName("SX4: each field writes its model's value and shows it back")
    void eachFieldIsBoundBothWays() throws Exception {
        FxThread.run(() -> {
            this.<TextInputControl>find("inspector-token").setText("a.b.c");
            this.<TextInputControl>find("inspector-issuer").setText("https://issuer.example");
            this.<TextInputControl>find("inspector-audience").setText("app");
            this.<TextInputControl>find("inspector-jwks").setText("{\"keys\": []}");
        });
        assertThat(model.tokenProperty().get()).isEqualTo("a.b.c");
        assertThat(model.issuerProperty().get()).isEqualTo("https://issuer.example");
        assertThat(model.audienceProperty().get()).isEqualTo("app");
        assertThat(model.jwksProperty().get()).isEqualTo("{\"keys\": []}");

        FxThread.run(() -> {
            model.tokenProperty().set("");
            model.issuerProperty().set("");
            model.audienceProperty().set("");
            model.jwksProperty().set("");
        });
        for (String id : new String[] {"inspector-token", "inspector-issuer", "inspector-audience", "inspector-jwks"}) {
            assertThat(this.<TextInputControl>find(id).getText()).as(id).isEmpty();
        }
    }

    @Test
    @DisplayName("SX5: no verdict and no refusal yet, no empty lines; a paste that is no JWT is said under the token's"
            + " field, and only there")
    void aRefusalShowsUnderItsFieldOnly() throws Exception {
        Label tokenError = find("inspector-token-error");
        Label keysError = find("inspector-keys-error");
        Label verdict = find("inspector-verdict");
        for (Label label : new Label[] {tokenError, keysError, verdict}) {
            assertThat(label.isVisible()).as(label.getId()).isFalse();
            assertThat(label.isManaged()).as(label.getId()).isFalse();
        }

        FxThread.run(() -> {
            model.tokenProperty().set("not a token");
            this.<Button>find("inspector-inspect").fire();
        });

        assertThat(tokenError.getText())
                .isEqualTo(model.tokenErrorProperty().get())
                .startsWith("The token ");
        assertThat(tokenError.isVisible()).isTrue();
        assertThat(tokenError.isManaged()).isTrue();
        assertThat(tokenError.isWrapText()).isTrue();
        assertThat(tokenError.getStyleClass()).contains("field-error");
        assertThat(keysError.isVisible()).isFalse();
        assertThat(verdict.isVisible()).isFalse();

        FxThread.run(() -> {
            model.issuerProperty().set("https://issuer.example");
            model.jwksProperty().set("{\"keys\": []}");
            model.tokenProperty().set(token("k1", NOW.plusSeconds(600)));
            this.<Button>find("inspector-inspect").fire();
        });
        assertThat(tokenError.isVisible()).isFalse();
        assertThat(keysError.isVisible()).isTrue();
        assertThat(keysError.getText())
                .isEqualTo("Give an issuer or a pasted JWKS, not both: the keys come from one place.");
    }

    @Test
    @DisplayName("SX4: a checked token's verdict, decoded header and claims and its checks, one row each, show")
    void aCheckedTokenShowsItsVerdictDecodedPartsAndChecks() throws Exception {
        FxThread.run(() -> {
            model.tokenProperty().set(token("k1", NOW.plusSeconds(600)));
            model.jwksProperty().set(jwks());
            this.<Button>find("inspector-inspect").fire();
        });

        Label verdict = find("inspector-verdict");
        assertThat(verdict.isVisible()).isTrue();
        assertThat(verdict.getText()).isEqualTo("Valid: the signature and every check that ran passed.");
        TextArea header = find("inspector-header");
        TextArea claims = find("inspector-claims");
        assertThat(header.getText()).contains("\"kid\" : \"k1\"");
        assertThat(claims.getText()).contains("\"sub\" : \"alice\"");
        assertThat(header.isEditable()).isFalse();
        assertThat(claims.isEditable()).isFalse();
        assertThat(header.getStyleClass()).contains("code");
        TableView<TokenInspectorViewModel.Row> checks = find("inspector-checks");
        assertThat(checks.getItems()).isEqualTo(model.checks()).isNotEmpty();
        TokenInspectorViewModel.Row first = model.checks().get(0);
        assertThat(checks.getColumns())
                .extracting(column -> (Object) column.getCellData(first))
                .containsExactly(first.check(), first.result(), first.detail());
    }

    @Test
    @DisplayName("SX4, UI3: the checks' columns are titled, as wide as asked and never cut below 100 px or their"
            + " asked width; the placeholder says what to do")
    void theChecksColumnsAndPlaceholder() {
        TableView<TokenInspectorViewModel.Row> checks = find("inspector-checks");

        assertThat(checks.getColumns())
                .extracting(TableColumn::getText)
                .containsExactly("Check", "Result", "What was seen");
        assertThat(checks.getColumns()).extracting(TableColumn::getPrefWidth).containsExactly(90.0, 100.0, 520.0);
        assertThat(checks.getColumns()).extracting(TableColumn::getMinWidth).containsExactly(90.0, 100.0, 100.0);
        assertThat(((Label) checks.getPlaceholder()).getText()).isEqualTo("Paste a token and press Inspect.");
        assertThat(checks.getColumnResizePolicy()).isSameAs(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
    }

    @Test
    @DisplayName("SX4: while an issuer's keys are fetched, Inspect and Open file are refused; the checks then show")
    void whileKeysAreFetchedTheButtonsAreRefused() throws Exception {
        Button inspect = find("inspector-inspect");
        Button open = find("inspector-open-file");
        FxThread.run(() -> {
            model.tokenProperty().set(token("k1", NOW.plusSeconds(600)));
            model.issuerProperty().set("https://issuer.example");
            inspect.fire();
        });
        assertThat(background).hasSize(1);
        assertThat(inspect.isDisable()).isTrue();
        assertThat(open.isDisable()).isTrue();

        FxThread.run(() -> background.poll().run());

        assertThat(inspect.isDisable()).isFalse();
        assertThat(open.isDisable()).isFalse();
        assertThat(this.<TableView<?>>find("inspector-checks").getItems()).isNotEmpty();
    }

    @Test
    @DisplayName("UI26: the checks table's least height is its header and its placeholder's line, whole")
    void theChecksLeastHeightIsItsHeaderAndPlaceholder() throws Exception {
        TableView<?> checks = find("inspector-checks");

        double least = FxThread.call(() -> checks.minHeight(-1));
        double header =
                FxThread.call(() -> checks.lookup(".column-header-background").prefHeight(-1));
        double placeholder = FxThread.call(() -> checks.lookup(".placeholder").prefHeight(-1));

        assertThat(header).isPositive();
        assertThat(placeholder).isPositive();
        assertThat(least).isEqualTo(checks.snappedTopInset() + header + placeholder + checks.snappedBottomInset());
    }

    @Test
    @DisplayName("UI23, UI26: the decoded header and claims take their share above the checks at every height")
    void theDecodedPartsKeepTheirShareAtEveryHeight() throws Exception {
        SplitPane read = (SplitPane) find("inspector-checks").getParent().getParent();
        SplitPane decoded = (SplitPane) read.getItems().get(0);
        assertThat(read.getOrientation()).isEqualTo(javafx.geometry.Orientation.VERTICAL);
        assertThat(decoded.getOrientation()).isEqualTo(javafx.geometry.Orientation.HORIZONTAL);
        assertThat(decoded.getDividerPositions()[0]).isEqualTo(0.3, org.assertj.core.data.Offset.offset(0.01));

        FxThread.run(() -> read.setDividerPositions(0.2));
        FxThread.run(() -> stage.setHeight(stage.getHeight() + 40));

        assertThat(read.getDividerPositions()[0])
                .isEqualTo(TokenInspectorView.DECODED_SHARE, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    @DisplayName("SX6: Open file… asks for a file over the window; the file chosen goes into the masked field and is"
            + " inspected at once; a cancel changes nothing")
    void openFileReadsTheChosenFileIntoTheMaskedField(@TempDir Path dir) throws Exception {
        String saved = token("k1", NOW.plusSeconds(600));
        Path file = Files.writeString(dir.resolve("token.jwt"), saved + "\n");
        Button open = find("inspector-open-file");

        FxThread.run(open::fire);
        assertThat(files.asked())
                .containsExactly(
                        new dev.stormwatch.testing.AnsweredFileDialogs.Asked("open", stage, "Open a token file", ""));
        assertThat(model.tokenProperty().get()).isEmpty();

        files.answer(file);
        FxThread.run(open::fire);
        assertThat(files.asked()).hasSize(2);
        assertThat(this.<TextInputControl>find("inspector-token").getText())
                .isEqualTo(token("k1", NOW.plusSeconds(600)));
        assertThat(this.<TableView<?>>find("inspector-checks").getItems()).isNotEmpty();
    }

    @Test
    @DisplayName("UI11: Tab in the JWKS box goes on to the next control and types no tab")
    void tabLeavesTheJwksBox(FxRobot robot) throws Exception {
        TextArea jwks = find("inspector-jwks");
        FxThread.run(jwks::requestFocus);
        assertThat(jwks.isFocused()).isTrue();

        robot.type(javafx.scene.input.KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(jwks.getText()).doesNotContain("\t");
        assertThat(jwks.isFocused()).isFalse();
    }

    @Test
    @DisplayName("SX6: the view the app builds opens token files with the desktop's own chooser, behind Open file…")
    void theAppsViewHasOpenFile() throws Exception {
        Parent built = FxThread.call(() -> (Parent) TokenInspectorView.build(model));

        assertThat(built.lookup("#inspector-open-file")).isInstanceOf(Button.class);
    }
}
