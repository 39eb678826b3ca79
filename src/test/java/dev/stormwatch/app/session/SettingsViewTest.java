package dev.stormwatch.app.session;

import static dev.stormwatch.testing.ShownArea.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.common.ManualTicker;
import dev.stormwatch.app.session.SessionViewModel.Phase;
import dev.stormwatch.oauth.ClientAuthentication;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.Profile;
import dev.stormwatch.oauth.ProfileStore;
import dev.stormwatch.provider.RunningDemoProvider;
import dev.stormwatch.testing.AnsweredFileDialogs;
import dev.stormwatch.testing.FakeClock;
import dev.stormwatch.testing.FxThread;
import dev.stormwatch.testing.ShownArea;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextInputControl;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The Session settings alone on a real JavaFX toolkit, over their real view model and the session's, with the
 * embedded demo provider on loopback: every field shows its setting and writes what is typed back, every refusal
 * stands under its own field and under a label in the words the refusal uses (C2, UI16), and the profile, client
 * authentication and Apply controls do what they say.
 */
@ExtendWith(ApplicationExtension.class)
class SettingsViewTest {

    @RegisterExtension
    static final RunningDemoProvider DEMO = new RunningDemoProvider();

    /** Each text field's id, and the setting it edits. */
    private static final Map<String, Function<SettingsViewModel, StringProperty>> TEXT_FIELDS = textFields();

    /** The fields that take a path, each with a Choose… button beside it (TX3). */
    private static final List<String> FILE_FIELDS = List.of(
            "settings-client-cert", "settings-client-cert-key", "settings-client-key-file", "settings-session-file");

    /** Each refusal's line, by the id of the field it stands under, and the setting's reason it shows. */
    private static final Map<String, Function<SettingsViewModel, StringProperty>> REFUSALS = refusals();

    @TempDir
    Path home;

    @RegisterExtension
    final ShownArea area = new ShownArea();

    private final ExecutorService background = area.background();
    private final AnsweredFileDialogs files = new AnsweredFileDialogs();
    private final FakeClock clock = new FakeClock(Instant.now());
    private SessionViewModel session;
    private SettingsViewModel model;
    private SettingsView view;

    /** The settings over {@code store}'s profiles, for the embedded provider, applied once as the app does at start. */
    private void show(Optional<ProfileStore> store) throws Exception {
        FxThread.run(() -> {
            model = new SettingsViewModel(store, clock);
            model.embeddedIssuer(DEMO.provider().issuer().toString());
            model.issuerProperty().set(DEMO.provider().issuer().toString());
            session = new SessionViewModel(
                    model,
                    config -> OAuthClient.builder(config)
                            .clock(clock)
                            .browser(url -> true) // the person never comes back from the sign-in page
                            .build(),
                    background,
                    Platform::runLater,
                    clock,
                    new ManualTicker(),
                    event -> {});
            session.applySettings();
            view = new SettingsView(session, files);
            area.show(new javafx.scene.control.ScrollPane(view), 900, 800);
        });
    }

    @Test
    @DisplayName("UI16: every text field shows its setting, and what is typed into it is the setting")
    void everyTextFieldIsItsSetting() throws Exception {
        show(Optional.empty());

        Map<String, StringProperty> fields = new LinkedHashMap<>();
        TEXT_FIELDS.forEach((id, setting) -> fields.put(id, setting.apply(model)));
        area.assertFieldsAre(fields);
    }

    @Test
    @DisplayName("UI16, PF4: every tick box shows its setting, and ticking it is the setting")
    void everyTickBoxIsItsSetting() throws Exception {
        show(Optional.empty());
        Map<String, Function<SettingsViewModel, BooleanProperty>> boxes = Map.of(
                "settings-dpop", SettingsViewModel::dpopProperty,
                "settings-stay-signed-in", SettingsViewModel::staySignedInProperty,
                "settings-device", SettingsViewModel::deviceProperty);

        for (Map.Entry<String, Function<SettingsViewModel, BooleanProperty>> box : boxes.entrySet()) {
            BooleanProperty setting = box.getValue().apply(model);
            CheckBox tick = area.node(box.getKey());
            boolean before = setting.get();

            FxThread.run(() -> setting.set(!before));
            assertThat(tick.isSelected())
                    .as("%s shows its setting", box.getKey())
                    .isEqualTo(!before);
            FxThread.run(tick::fire);
            assertThat(setting.get()).as("%s writes its setting", box.getKey()).isEqualTo(before);
        }
    }

    @Test
    @DisplayName("C2: a refused value's reason stands right under its own field, and once the value is fixed the line"
            + " is gone and keeps no room")
    void aRefusalStandsUnderItsOwnField() throws Exception {
        show(Optional.empty());

        FxThread.run(
                () -> REFUSALS.forEach((field, reason) -> reason.apply(model).set("refused: " + field)));
        for (String field : REFUSALS.keySet()) {
            Label line = area.node(field + "-error");
            assertThat(line.getText()).as(field).isEqualTo("refused: " + field);
            assertThat(area.shown(field + "-error"))
                    .as("%s's reason shown", field)
                    .isTrue();
            assertThat(fieldBox(field).getChildrenUnmodifiable())
                    .as("%s's reason is in its own field's box, after the field", field)
                    .containsSubsequence(inputOf(field), line);
        }

        FxThread.run(
                () -> REFUSALS.values().forEach(reason -> reason.apply(model).set("")));
        for (String field : REFUSALS.keySet()) {
            Node line = area.node(field + "-error");
            assertThat(line.isVisible() || line.isManaged())
                    .as("%s's reason gone, keeping no room", field)
                    .isFalse();
        }
    }

    @Test
    @DisplayName("C2, UI16: a refused value is named in the words of the field's own label")
    void refusalsUseTheFieldsOwnWords() throws Exception {
        show(Optional.empty());
        Map<String, String> bad = new LinkedHashMap<>();
        bad.put("settings-redirect-port", "eighty");
        bad.put("settings-browser-wait", "soon");
        bad.put("settings-redirect-host", "example.com");
        bad.put("settings-end-session-method", "delete");
        bad.put("settings-auth-params", "no equals sign");
        bad.put("settings-issuer", "not an address");

        for (Map.Entry<String, String> value : bad.entrySet()) {
            String field = value.getKey();
            FxThread.run(() -> ((TextInputControl) area.node(field)).setText(value.getValue()));
            await(() -> area.shown(field + "-error"));
            String label = FxThread.call(
                    () -> ((Label) fieldBox(field).getChildrenUnmodifiable().get(0)).getText());
            String name = label.contains(" (") ? label.substring(0, label.indexOf(" (")) : label;
            assertThat(area.text(field + "-error"))
                    .as("the reason under %s", label)
                    .containsIgnoringCase(name);
        }
    }

    @Test
    @DisplayName("CA1, TX3: client authentication offers every method by the name discovery and the command line use;"
            + " none says that PKCE proves the public client, and a choice is the setting")
    void clientAuthenticationUsesTheWireNames() throws Exception {
        show(Optional.empty());
        ComboBox<ClientAuthentication.Method> methods = area.node("settings-client-auth");

        assertThat(methods.getItems()).containsExactly(ClientAuthentication.Method.values());
        for (ClientAuthentication.Method method : ClientAuthentication.Method.values()) {
            String shown = methods.getConverter().toString(method);
            if (method == ClientAuthentication.Method.NONE) {
                assertThat(shown).isEqualTo("none (a public client; PKCE proves it)");
            } else {
                assertThat(shown).isEqualTo(method.wireName());
            }
        }
        assertThat(methods.getConverter().toString(null)).isEmpty();
        assertThat(methods.getValue()).isEqualTo(model.clientAuthProperty().get());

        FxThread.run(() -> methods.setValue(ClientAuthentication.Method.CLIENT_SECRET_POST));
        assertThat(model.clientAuthProperty().get()).isEqualTo(ClientAuthentication.Method.CLIENT_SECRET_POST);
        FxThread.run(() -> model.clientAuthProperty().set(ClientAuthentication.Method.PRIVATE_KEY_JWT));
        assertThat(methods.getValue()).isEqualTo(ClientAuthentication.Method.PRIVATE_KEY_JWT);
    }

    @Test
    @DisplayName("C1, C3: the retry policy's preset is the setting, both ways")
    void thePresetIsTheSetting() throws Exception {
        show(Optional.empty());
        ComboBox<PolicyChoice> preset = area.node("settings-preset");

        assertThat(preset.getItems()).containsExactly(PolicyChoice.values());
        FxThread.run(() -> preset.setValue(PolicyChoice.PATIENT));
        assertThat(model.presetProperty().get()).isEqualTo(PolicyChoice.PATIENT);
        FxThread.run(() -> model.presetProperty().set(PolicyChoice.CONSERVATIVE));
        assertThat(preset.getValue()).isEqualTo(PolicyChoice.CONSERVATIVE);
    }

    @Test
    @DisplayName("PF6: the profile chooser starts on the embedded provider; choosing a saved profile fills the fields,"
            + " and Save as profile keeps the fields under the typed name, or says why not under the name")
    void profilesAreChosenAndSaved() throws Exception {
        ProfileStore store = new ProfileStore(home.resolve("stormwatch"));
        store.save(Profile.of("work", "https://login.example.com", "my-app"));
        show(Optional.of(store));
        ComboBox<String> chooser = area.node("settings-profile");

        assertThat(chooser.getValue()).isEqualTo(SettingsViewModel.EMBEDDED_PROFILE);
        assertThat(chooser.getItems()).containsExactly(SettingsViewModel.EMBEDDED_PROFILE, "work");
        FxThread.run(() -> chooser.setValue("work"));
        assertThat(((TextInputControl) area.node("settings-issuer")).getText()).isEqualTo("https://login.example.com");
        assertThat(((TextInputControl) area.node("settings-client-id")).getText())
                .isEqualTo("my-app");

        Node profileError = area.node("settings-profile-error");
        assertThat(profileError.isVisible() || profileError.isManaged())
                .as("no reason, no room")
                .isFalse();
        FxThread.run(() -> ((TextInputControl) area.node("settings-profile-name")).setText(""));
        area.fire("settings-profile-save");
        assertThat(area.shown("settings-profile-error")).isTrue();
        assertThat(area.text("settings-profile-error"))
                .isEqualTo(model.profileErrorProperty().get())
                .isNotBlank();

        FxThread.run(() -> ((TextInputControl) area.node("settings-profile-name")).setText("work-copy"));
        area.fire("settings-profile-save");
        assertThat(store.require("work-copy").issuer()).isEqualTo("https://login.example.com");
        assertThat(chooser.getItems()).contains("work-copy");
        assertThat(area.shown("settings-profile-error")).isFalse();
    }

    @Test
    @DisplayName("C2: Apply settings makes the next call's client and says where the next call goes; it is off"
            + " while a sign-in runs, as is Find issuer while it asks")
    void applyIsOffWhileTheSessionIsBusy() throws Exception {
        show(Optional.empty());
        FxThread.run(() -> model.issuerProperty().set("https://login.example.com"));
        area.fire("settings-apply");
        await(() -> session.messageProperty().get().startsWith("Settings applied"));
        assertThat(session.messageProperty().get())
                .isEqualTo("Settings applied: the next call goes to https://login.example.com.");
        FxThread.run(() -> model.issuerProperty().set(DEMO.provider().issuer().toString()));
        area.fire("settings-apply");

        FxThread.run(session::signIn);
        await(() -> session.phaseProperty().get() == Phase.SIGNING_IN);
        assertThat(area.off("settings-apply")).isTrue();
        FxThread.run(session::cancelSignIn);
        await(() -> !session.busyProperty().get());
        assertThat(area.off("settings-apply")).isFalse();

        assertThat(area.off("settings-account-find")).isFalse();
        FxThread.run(() -> model.findingIssuerProperty().set(true));
        assertThat(area.off("settings-account-find")).isTrue();
    }

    @Test
    @DisplayName("UI8, UI16: at the column's width every word stays whole: labels, tick boxes and reasons wrap, the"
            + " buttons beside a field keep their words and the field takes the rest, the lists take the width, and"
            + " an empty field's prompt says what empty means")
    void everyWordStaysWholeInTheColumn() throws Exception {
        show(Optional.empty());

        assertThat(view.getSpacing()).isEqualTo(8);
        assertThat(view.getPadding()).isEqualTo(new javafx.geometry.Insets(12));
        assertThat(((javafx.scene.layout.HBox) area.node("settings-apply").getParent()).getAlignment())
                .as("Apply beside the title")
                .isEqualTo(javafx.geometry.Pos.CENTER_LEFT);
        for (String id : List.of("settings-profile", "settings-client-auth", "settings-preset")) {
            assertThat(((Region) area.node(id)).getMaxWidth()).as(id).isEqualTo(Double.MAX_VALUE);
        }
        Map<String, String> buttonAndField = new LinkedHashMap<>();
        buttonAndField.put("settings-profile-save", "settings-profile-name");
        buttonAndField.put("settings-account-find", "settings-account");
        for (String file : FILE_FIELDS) {
            buttonAndField.put(file + "-choose", file);
        }
        buttonAndField.forEach((button, field) -> {
            assertThat(((Region) area.node(button)).getMinWidth()).as(button).isEqualTo(Region.USE_PREF_SIZE);
            assertThat(javafx.scene.layout.HBox.getHgrow(area.node(field)))
                    .as(field)
                    .isEqualTo(javafx.scene.layout.Priority.ALWAYS);
        });
        for (String file : FILE_FIELDS) {
            assertThat(((javafx.scene.control.Button) area.node(file + "-choose")).getText())
                    .isEqualTo("Choose…");
            assertThat(labelOf(file).isWrapText()).as("%s's name", file).isTrue();
        }
        assertThat(labelOf("settings-account").isWrapText()).isTrue();
        for (String id : REFUSALS.keySet()) {
            assertThat(((Label) area.node(id + "-error")).isWrapText()).as(id).isTrue();
        }
        assertThat(((Label) area.node("settings-profile-error")).isWrapText()).isTrue();
        for (String id : List.of("settings-stay-signed-in", "settings-device")) {
            assertThat(((CheckBox) area.node(id)).isWrapText()).as(id).isTrue();
        }
        // The trade-offs under the redirect and the end-session fields.
        for (String field : List.of("settings-redirect-port", "settings-end-session-method")) {
            Parent group = fieldBox(field).getParent();
            Label tradeOff = (Label) group.getChildrenUnmodifiable()
                    .get(group.getChildrenUnmodifiable().size() - 1);
            assertThat(tradeOff.getStyleClass()).contains("hint");
            assertThat(tradeOff.isWrapText())
                    .as("the trade-off under %s", field)
                    .isTrue();
        }
        javafx.scene.control.TextArea params = area.node("settings-auth-params");
        assertThat(params.isWrapText()).isTrue();
        assertThat(params.getPrefRowCount()).isEqualTo(2);

        Map<String, String> prompts = new LinkedHashMap<>();
        prompts.put("settings-profile-name", "profile name");
        prompts.put("settings-account", "alice@example.com (optional)");
        prompts.put("settings-client-secret", "client secret (kept in memory only, never saved)");
        prompts.put("settings-proxy", "empty: the environment's (HTTPS_PROXY); 'direct': none");
        prompts.put("settings-proxy-password", "proxy password (kept in memory only, never saved)");
        prompts.put(
                "settings-auth-params",
                "one name=value a line: prompt=login, audience=..., resource=https://api.example.com");
        prompts.put("settings-client-key-file", "for private_key_jwt (RFC 7523)");
        prompts.put("settings-client-cert", "for tls_client_auth or bound tokens (RFC 8705)");
        prompts.put("settings-client-cert-key", "empty when the key is in the certificate's file");
        prompts.put("settings-session-file", "default: the profile's own file");
        prompts.forEach((id, prompt) -> assertThat(((TextInputControl) area.node(id)).getPromptText())
                .as(id)
                .isEqualTo(prompt));
    }

    @Test
    @DisplayName("UI11: Tab in the extra authorization parameters goes on to the next field and types no tab")
    void tabLeavesTheParameters(FxRobot robot) throws Exception {
        show(Optional.empty());
        javafx.scene.control.TextArea params = area.node("settings-auth-params");
        FxThread.run(params::requestFocus);
        assertThat(params.isFocused()).isTrue();

        robot.type(javafx.scene.input.KeyCode.TAB);
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();

        assertThat(params.getText()).doesNotContain("\t");
        assertThat(params.isFocused()).isFalse();
    }

    /** The name over {@code field}, in the box that holds the field (or its row with a button). */
    private Label labelOf(String field) {
        return (Label) fieldBox(field).getChildrenUnmodifiable().get(0);
    }

    /** The box that holds {@code field}'s label, the field (or its row with a Choose… button) and its reason. */
    private Parent fieldBox(String field) {
        return area.<Node>node(field + "-error").getParent();
    }

    /** The node in {@code field}'s box that holds the field: the field itself, or its row beside a button. */
    private Node inputOf(String field) {
        Node input = area.node(field);
        return input.getParent() == fieldBox(field) ? input : input.getParent();
    }

    private static Map<String, Function<SettingsViewModel, StringProperty>> textFields() {
        Map<String, Function<SettingsViewModel, StringProperty>> fields = new LinkedHashMap<>();
        fields.put("settings-profile-name", SettingsViewModel::profileNameProperty);
        fields.put("settings-account", SettingsViewModel::accountProperty);
        fields.put("settings-issuer", SettingsViewModel::issuerProperty);
        fields.put("settings-client-id", SettingsViewModel::clientIdProperty);
        fields.put("settings-scope", SettingsViewModel::scopeProperty);
        fields.put("settings-client-secret", SettingsViewModel::clientSecretProperty);
        fields.put("settings-ca-file", SettingsViewModel::caFileProperty);
        fields.put("settings-proxy", SettingsViewModel::proxyProperty);
        fields.put("settings-proxy-password", SettingsViewModel::proxyPasswordProperty);
        fields.put("settings-client-cert", SettingsViewModel::clientCertProperty);
        fields.put("settings-client-cert-key", SettingsViewModel::clientCertKeyProperty);
        fields.put("settings-client-key-file", SettingsViewModel::clientKeyFileProperty);
        fields.put("settings-client-key-id", SettingsViewModel::clientKeyIdProperty);
        fields.put("settings-auth-params", SettingsViewModel::authParamsProperty);
        fields.put("settings-redirect-host", SettingsViewModel::redirectHostProperty);
        fields.put("settings-redirect-port", SettingsViewModel::redirectPortProperty);
        fields.put("settings-browser-wait", SettingsViewModel::browserWaitProperty);
        fields.put("settings-session-file", SettingsViewModel::sessionFileProperty);
        fields.put("settings-end-session-method", SettingsViewModel::endSessionMethodProperty);
        fields.put("policy-per-origin", SettingsViewModel::maxAttemptsPerOriginProperty);
        fields.put("policy-total", SettingsViewModel::maxTotalAttemptsProperty);
        fields.put("policy-initial", SettingsViewModel::initialBackoffMsProperty);
        fields.put("policy-multiplier", SettingsViewModel::multiplierProperty);
        fields.put("policy-max-backoff", SettingsViewModel::maxBackoffMsProperty);
        fields.put("policy-budget", SettingsViewModel::totalBudgetMsProperty);
        return fields;
    }

    private static Map<String, Function<SettingsViewModel, StringProperty>> refusals() {
        Map<String, Function<SettingsViewModel, StringProperty>> lines = new LinkedHashMap<>();
        lines.put("settings-account", SettingsViewModel::accountErrorProperty);
        lines.put("settings-issuer", SettingsViewModel::issuerErrorProperty);
        lines.put("settings-client-id", SettingsViewModel::clientIdErrorProperty);
        lines.put("settings-scope", SettingsViewModel::scopeErrorProperty);
        lines.put("settings-client-auth", SettingsViewModel::clientAuthErrorProperty);
        lines.put("settings-ca-file", SettingsViewModel::caFileErrorProperty);
        lines.put("settings-proxy", SettingsViewModel::proxyErrorProperty);
        lines.put("settings-client-cert", SettingsViewModel::clientCertErrorProperty);
        lines.put("settings-client-cert-key", SettingsViewModel::clientCertKeyErrorProperty);
        lines.put("settings-client-key-file", SettingsViewModel::clientKeyFileErrorProperty);
        lines.put("settings-client-key-id", SettingsViewModel::clientKeyIdErrorProperty);
        lines.put("settings-auth-params", SettingsViewModel::authParamsErrorProperty);
        lines.put("settings-redirect-host", SettingsViewModel::redirectHostErrorProperty);
        lines.put("settings-redirect-port", SettingsViewModel::redirectPortErrorProperty);
        lines.put("settings-browser-wait", SettingsViewModel::browserWaitErrorProperty);
        lines.put("settings-session-file", SettingsViewModel::sessionFileErrorProperty);
        lines.put("settings-end-session-method", SettingsViewModel::endSessionMethodErrorProperty);
        lines.put("policy-per-origin", m -> m.policyErrorProperty("maxAttemptsPerOrigin"));
        lines.put("policy-total", m -> m.policyErrorProperty("maxTotalAttempts"));
        lines.put("policy-initial", m -> m.policyErrorProperty("initialBackoff"));
        lines.put("policy-multiplier", m -> m.policyErrorProperty("multiplier"));
        lines.put("policy-max-backoff", m -> m.policyErrorProperty("maxBackoff"));
        lines.put("policy-budget", m -> m.policyErrorProperty("totalBudget"));
        return lines;
    }

    @Test
    @DisplayName("TX3: Choose… asks over the window for the field's file, titled with the field's label and listing its"
            + " kinds first; the file chosen becomes the field's value, and a cancel leaves the value as it was")
    void chooseAsksForTheFieldsFile(@TempDir Path chosen) throws Exception {
        show(Optional.empty());
        Map<String, StringProperty> fields = new LinkedHashMap<>();
        fields.put("settings-client-key-file", model.clientKeyFileProperty());
        fields.put("settings-session-file", model.sessionFileProperty());
        fields.put("settings-client-cert", model.clientCertProperty());
        fields.put("settings-client-cert-key", model.clientCertKeyProperty());
        FxThread.run(() -> fields.values().forEach(value -> value.set("")));

        for (String id : fields.keySet()) {
            area.fire(id + "-choose");
        }
        assertThat(files.asked())
                .extracting(AnsweredFileDialogs.Asked::dialog, AnsweredFileDialogs.Asked::owner)
                .containsOnly(org.assertj.core.groups.Tuple.tuple("open", area.stage()));
        assertThat(files.asked())
                .extracting(AnsweredFileDialogs.Asked::title, AnsweredFileDialogs.Asked::offered)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                SettingsViewModel.CLIENT_KEY_FILE_LABEL + " (private_key_jwt: PKCS#8 PEM or JWK)",
                                "*.pem *.key *.json"),
                        org.assertj.core.groups.Tuple.tuple(
                                SettingsViewModel.SESSION_FILE_LABEL + " (implies staying signed in)", ""),
                        org.assertj.core.groups.Tuple.tuple(
                                SettingsViewModel.CLIENT_CERT_LABEL + " (PEM, mutual TLS)", "*.pem *.crt *.key"),
                        org.assertj.core.groups.Tuple.tuple(
                                SettingsViewModel.CLIENT_CERT_KEY_LABEL + " (PKCS#8)", "*.pem *.crt *.key"));
        assertThat(FxThread.call(
                        () -> fields.values().stream().map(StringProperty::get).toList()))
                .as("a cancel changes nothing")
                .containsOnly("");

        for (String id : fields.keySet()) {
            files.answer(chosen.resolve(id + ".pem"));
            area.fire(id + "-choose");
        }
        for (Map.Entry<String, StringProperty> field : fields.entrySet()) {
            assertThat(FxThread.call(field.getValue()::get))
                    .as(field.getKey())
                    .isEqualTo(chosen.resolve(field.getKey() + ".pem").toString());
        }
    }
}
