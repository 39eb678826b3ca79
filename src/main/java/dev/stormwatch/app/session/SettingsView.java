package dev.stormwatch.app.session;

import dev.stormwatch.app.common.FileDialogs;
import dev.stormwatch.app.common.RuleHints;
import dev.stormwatch.oauth.ClientAuthentication;
import dev.stormwatch.oauth.EndSessionMethod;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** The OAuth client's settings; a refused value shows its reason right under its field (C2). */
final class SettingsView extends VBox {

    /** The kinds a key or certificate file is listed as first (TX3). */
    private static final String[] PEM = {"*.pem", "*.crt", "*.key"};

    private final FileDialogs files;

    SettingsView(SessionViewModel session) {
        this(session, FileDialogs.desktop());
    }

    /** @param files asks for the key and certificate files (Choose…) */
    SettingsView(SessionViewModel session, FileDialogs files) {
        this.files = files;
        SettingsViewModel model = session.settings();
        Label title = new Label("Settings");
        title.getStyleClass().add("section-title");
        CheckBox dpop = new CheckBox("DPoP-bound tokens (RFC 9449)");
        dpop.setId("settings-dpop");
        dpop.selectedProperty().bindBidirectional(model.dpopProperty());
        ComboBox<PolicyChoice> preset = new ComboBox<>();
        preset.setId("settings-preset");
        preset.getItems().setAll(PolicyChoice.values());
        preset.valueProperty().bindBidirectional(model.presetProperty());
        preset.setMaxWidth(Double.MAX_VALUE);
        Label policy = new Label("Retry policy");
        policy.getStyleClass().add("subsection-title");
        Button apply = SessionView.button("Apply settings", "settings-apply", session::applySettings);
        apply.disableProperty().bind(session.busyProperty());

        // PF6: the embedded demo provider first, then the saved profiles; choosing one fills the fields below.
        ComboBox<String> profile = new ComboBox<>(model.profiles());
        profile.setId("settings-profile");
        profile.setMaxWidth(Double.MAX_VALUE);
        profile.setValue(SettingsViewModel.EMBEDDED_PROFILE);
        profile.setOnAction(e -> {
            if (profile.getValue() != null) {
                model.choose(profile.getValue());
            }
        });
        TextField profileName = new TextField();
        profileName.setId("settings-profile-name");
        profileName.setPromptText("profile name");
        profileName.textProperty().bindBidirectional(model.profileNameProperty());
        HBox.setHgrow(profileName, Priority.ALWAYS);
        Button saveProfile = SessionView.button("Save as profile", "settings-profile-save", model::saveProfile);
        saveProfile.setMinWidth(Region.USE_PREF_SIZE); // the name field gives way, never the button's words
        Label profileError = new Label();
        profileError.setId("settings-profile-error");
        profileError.getStyleClass().add("field-error");
        profileError.setWrapText(true);
        profileError.textProperty().bind(model.profileErrorProperty());
        profileError.visibleProperty().bind(model.profileErrorProperty().isNotEmpty());
        profileError.managedProperty().bind(profileError.visibleProperty());
        VBox profiles = new VBox(2, new Label("Profile"), profile, new HBox(4, profileName, saveProfile), profileError);

        ComboBox<ClientAuthentication.Method> clientAuth = new ComboBox<>();
        clientAuth.setId("settings-client-auth");
        // Every method, the mutual-TLS ones too: their certificate has its fields below (TX3).
        clientAuth.getItems().setAll(ClientAuthentication.Method.values());
        // The names the provider's discovery document and the command line use (client_secret_basic), not the enum's.
        clientAuth.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(ClientAuthentication.Method method) {
                if (method == null) {
                    return "";
                }
                return method == ClientAuthentication.Method.NONE
                        ? "none (a public client; PKCE proves it)"
                        : method.wireName();
            }

            @Override
            public ClientAuthentication.Method fromString(String text) {
                return null; // chosen, never typed
            }
        });
        clientAuth.valueProperty().bindBidirectional(model.clientAuthProperty());
        clientAuth.setMaxWidth(Double.MAX_VALUE);
        PasswordField secret = new PasswordField();
        secret.setId("settings-client-secret");
        secret.setPromptText("client secret (kept in memory only, never saved)");
        secret.textProperty().bindBidirectional(model.clientSecretProperty());
        Label authError = errorLabel("settings-client-auth-error", model.clientAuthErrorProperty());
        VBox authentication = new VBox(2, new Label("Client authentication"), clientAuth, secret, authError);

        // PX6, PX7: an explicit proxy, else the environment's; its password is kept in memory only.
        TextField proxyUrl = new TextField();
        proxyUrl.setId("settings-proxy");
        proxyUrl.setPromptText("empty: the environment's (HTTPS_PROXY); 'direct': none");
        proxyUrl.textProperty().bindBidirectional(model.proxyProperty());
        PasswordField proxyPassword = new PasswordField();
        proxyPassword.setId("settings-proxy-password");
        proxyPassword.setPromptText("proxy password (kept in memory only, never saved)");
        proxyPassword.textProperty().bindBidirectional(model.proxyPasswordProperty());
        VBox proxy = new VBox(
                2,
                new Label(SettingsViewModel.PROXY_LABEL + " (http://user@host:port)"),
                proxyUrl,
                proxyPassword,
                errorLabel("settings-proxy-error", model.proxyErrorProperty()));

        // UI16: the command line's sign-in options as fields of their own, each refusal under its field.
        Node clientKey = fileField(
                SettingsViewModel.CLIENT_KEY_FILE_LABEL + " (private_key_jwt: PKCS#8 PEM or JWK)",
                "settings-client-key-file",
                "for private_key_jwt (RFC 7523)",
                model.clientKeyFileProperty(),
                model.clientKeyFileErrorProperty(),
                "*.pem",
                "*.key",
                "*.json");
        Node clientKeyId = field(
                SettingsViewModel.CLIENT_KEY_ID_LABEL,
                "settings-client-key-id",
                model.clientKeyIdProperty(),
                model.clientKeyIdErrorProperty());
        javafx.scene.control.TextArea params = new javafx.scene.control.TextArea();
        params.setId("settings-auth-params");
        params.setPromptText("one name=value a line: prompt=login, audience=..., resource=https://api.example.com");
        params.setPrefRowCount(2);
        params.setWrapText(true);
        params.textProperty().bindBidirectional(model.authParamsProperty());
        TabLeavesTextArea.on(params); // UI11: a parameter needs no tab character
        Node authParams = new VBox(
                2,
                new Label(SettingsViewModel.AUTH_PARAMS_LABEL),
                params,
                errorLabel("settings-auth-params-error", model.authParamsErrorProperty()));
        Label redirectTradeOff = new Label("127.0.0.1 on any free port is RFC 8252's choice; a fixed port or"
                + " localhost only where the registration demands it.");
        redirectTradeOff.setWrapText(true);
        redirectTradeOff.getStyleClass().add("hint");
        Node redirect = new VBox(
                2,
                field(
                        SettingsViewModel.REDIRECT_HOST_LABEL + " (127.0.0.1, [::1] or localhost)",
                        "settings-redirect-host",
                        model.redirectHostProperty(),
                        model.redirectHostErrorProperty()),
                field(
                        SettingsViewModel.REDIRECT_PORT_LABEL + " (0: any free port)",
                        "settings-redirect-port",
                        model.redirectPortProperty(),
                        model.redirectPortErrorProperty()),
                redirectTradeOff);
        Node browserWait = field(
                SettingsViewModel.BROWSER_WAIT_LABEL + " (seconds, or 90s, 2m)",
                "settings-browser-wait",
                model.browserWaitProperty(),
                model.browserWaitErrorProperty());
        CheckBox staySignedIn = new CheckBox("Stay signed in (the session is kept in a file only you can read)");
        staySignedIn.setId("settings-stay-signed-in");
        staySignedIn.setWrapText(true);
        staySignedIn.selectedProperty().bindBidirectional(model.staySignedInProperty());
        Node sessionFile = fileField(
                SettingsViewModel.SESSION_FILE_LABEL + " (implies staying signed in)",
                "settings-session-file",
                "default: the profile's own file",
                model.sessionFileProperty(),
                model.sessionFileErrorProperty());
        CheckBox device = new CheckBox("Sign in on another device (device authorization, RFC 8628)");
        device.setId("settings-device");
        device.setWrapText(true);
        device.selectedProperty().bindBidirectional(model.deviceProperty());

        // SX9, PF11: how Sign out at provider sends its parameters, with its trade-off in one line.
        Label endSessionTradeOff = new Label(EndSessionMethod.TRADE_OFF + ".");
        endSessionTradeOff.setWrapText(true);
        endSessionTradeOff.getStyleClass().add("hint");
        Node endSession = new VBox(
                2,
                field(
                        SettingsViewModel.END_SESSION_METHOD_LABEL + " (post or get)",
                        "settings-end-session-method",
                        model.endSessionMethodProperty(),
                        model.endSessionMethodErrorProperty()),
                endSessionTradeOff);

        // Apply sits beside the title: the settings grew longer than a window, and Apply must stay in reach.
        HBox header = new HBox(12, title, apply);
        header.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        getChildren()
                .addAll(
                        header,
                        profiles,
                        accountField(model),
                        field("Issuer", "settings-issuer", model.issuerProperty(), model.issuerErrorProperty()),
                        field(
                                "Client id",
                                "settings-client-id",
                                model.clientIdProperty(),
                                model.clientIdErrorProperty()),
                        field("Scopes", "settings-scope", model.scopeProperty(), model.scopeErrorProperty()),
                        authentication,
                        field(
                                "CA file (PEM, trusted on top of the platform's)",
                                "settings-ca-file",
                                model.caFileProperty(),
                                model.caFileErrorProperty()),
                        proxy,
                        fileField(
                                SettingsViewModel.CLIENT_CERT_LABEL + " (PEM, mutual TLS)",
                                "settings-client-cert",
                                "for tls_client_auth or bound tokens (RFC 8705)",
                                model.clientCertProperty(),
                                model.clientCertErrorProperty(),
                                PEM),
                        fileField(
                                SettingsViewModel.CLIENT_CERT_KEY_LABEL + " (PKCS#8)",
                                "settings-client-cert-key",
                                "empty when the key is in the certificate's file",
                                model.clientCertKeyProperty(),
                                model.clientCertKeyErrorProperty(),
                                PEM),
                        clientKey,
                        clientKeyId,
                        authParams,
                        redirect,
                        browserWait,
                        staySignedIn,
                        sessionFile,
                        device,
                        endSession,
                        dpop,
                        policy,
                        preset,
                        field(
                                SettingsViewModel.LABELS.get("maxAttemptsPerOrigin"),
                                "policy-per-origin",
                                model.maxAttemptsPerOriginProperty(),
                                model.policyErrorProperty("maxAttemptsPerOrigin")),
                        field(
                                "Failed requests in all",
                                "policy-total",
                                model.maxTotalAttemptsProperty(),
                                model.policyErrorProperty("maxTotalAttempts")),
                        field(
                                "First backoff (ms)",
                                "policy-initial",
                                model.initialBackoffMsProperty(),
                                model.policyErrorProperty("initialBackoff")),
                        field(
                                "Multiplier",
                                "policy-multiplier",
                                model.multiplierProperty(),
                                model.policyErrorProperty("multiplier")),
                        field(
                                "Backoff cap (ms)",
                                "policy-max-backoff",
                                model.maxBackoffMsProperty(),
                                model.policyErrorProperty("maxBackoff")),
                        field(
                                "Time budget per call (ms)",
                                "policy-budget",
                                model.totalBudgetMsProperty(),
                                model.policyErrorProperty("totalBudget")));
        setSpacing(8);
        setPadding(new Insets(12));
        getStyleClass().add("settings");
    }

    private static Label errorLabel(String id, StringProperty error) {
        Label reason = new Label();
        reason.setId(id);
        reason.getStyleClass().add("field-error");
        reason.setWrapText(true);
        RuleHints.explain(reason);
        reason.textProperty().bind(error);
        reason.visibleProperty().bind(error.isNotEmpty());
        reason.managedProperty().bind(reason.visibleProperty());
        return reason;
    }

    /** PF8: an account and the button that finds its issuer by WebFinger, filling the Issuer field below. */
    private static Node accountField(SettingsViewModel model) {
        TextField input = new TextField();
        input.setId("settings-account");
        input.setPromptText("alice@example.com (optional)");
        input.textProperty().bindBidirectional(model.accountProperty());
        HBox.setHgrow(input, Priority.ALWAYS);
        Button find = SessionView.button("Find issuer", "settings-account-find", model::findIssuer);
        find.setMinWidth(Region.USE_PREF_SIZE);
        find.disableProperty().bind(model.findingIssuerProperty());
        Label title = new Label("Account (finds the issuer by WebFinger)");
        title.setWrapText(true);
        return new VBox(
                2, title, new HBox(4, input, find), errorLabel("settings-account-error", model.accountErrorProperty()));
    }

    /** TX3: a path typed or chosen with the platform's file chooser; the model checks it as it changes. */
    private Node fileField(
            String label, String id, String prompt, StringProperty value, StringProperty error, String... kinds) {
        TextField input = new TextField();
        input.setId(id);
        input.setPromptText(prompt);
        input.textProperty().bindBidirectional(value);
        HBox.setHgrow(input, Priority.ALWAYS);
        Button choose = new Button("Choose…");
        choose.setId(id + "-choose");
        choose.setMinWidth(Region.USE_PREF_SIZE);
        choose.setOnAction(e -> files.openOne(FileDialogs.windowOf(choose), label, kinds)
                .ifPresent(file -> value.set(file.toString())));
        Label title = new Label(label);
        title.setWrapText(true);
        return new VBox(2, title, new HBox(4, input, choose), errorLabel(id + "-error", error));
    }

    private static Node field(String label, String id, StringProperty value, StringProperty error) {
        TextField input = new TextField();
        input.setId(id);
        input.textProperty().bindBidirectional(value);
        return new VBox(2, new Label(label), input, errorLabel(id + "-error", error));
    }
}
