package dev.stormwatch.app.session;

import dev.stormwatch.app.common.ClipboardText;
import dev.stormwatch.app.common.RuleHints;
import dev.stormwatch.app.timeline.TimelineView;
import dev.stormwatch.app.timeline.TimelineViewModel;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/** The Session area: settings on the left, the session and its actions in the middle, the timeline below. */
public final class SessionView extends BorderPane {

    /** DV10: why an action is off for an OAuth 2.0-only session. */
    private static final String NEEDS_OPENID = "This session has no ID token (the scopes have no openid).";

    private static final List<String> PHASE_STYLES = List.of(
            "phase-signed_out",
            "phase-signing_in",
            "phase-signed_in",
            "phase-refreshing",
            "phase-paused",
            "phase-failed");

    /**
     * UI12: the token tabs keep a claims box of at least five lines of claims (the verification above it is one line,
     * whole on hover, UI21).
     */
    static final double TOKENS_MIN_HEIGHT = 226;
    /** UI12: the timeline keeps its title, its lanes and at least four rows of its table (one line each, UI22). */
    static final double TIMELINE_MIN_HEIGHT = 284;
    /** UI23: signed out, the timeline keeps its title and lanes; the inspector takes the rest. */
    static final double TIMELINE_MIN_HEIGHT_SIGNED_OUT = 150;
    /**
     * UI21: the session's share of the column above the timeline: at 1280×800 signed in, the claims box keeps five
     * lines and the timeline six rows, with no scrollbar.
     */
    static final double SESSION_SHARE = 0.52;

    public SessionView(SessionViewModel model, TimelineViewModel timeline) {
        this(model, timeline, dev.stormwatch.app.common.FileDialogs.desktop());
    }

    /** @param files asks for the settings' key files and the token inspector's token file */
    public SessionView(
            SessionViewModel model, TimelineViewModel timeline, dev.stormwatch.app.common.FileDialogs files) {
        setId("session");
        TimelineView timelineView = new TimelineView(timeline);
        // UI12: the timeline keeps room for its lanes and a few rows, however much the session above needs (set
        // below, with the signed-out share of UI23).
        SplitPane vertical = new SplitPane(sessionPane(model, files), timelineView);
        vertical.setOrientation(Orientation.VERTICAL);
        // UI23: signed out, the token inspector is the only token tab and the timeline has nothing of this session to
        // show: the session takes all but the timeline's least height, so that the inspector's header and claims
        // are usable without scrolling; signed in, the shares of UI21 come back.
        // Only when that changes: a refresh rebuilds the tokens, and a divider the person moved stays where it is.
        javafx.beans.binding.BooleanBinding signedOut = Bindings.isEmpty(model.tokens());
        Runnable share = () -> {
            timelineView.setMinHeight(signedOut.get() ? TIMELINE_MIN_HEIGHT_SIGNED_OUT : TIMELINE_MIN_HEIGHT);
            vertical.setDividerPositions(signedOut.get() ? 1.0 : SESSION_SHARE);
        };
        signedOut.addListener((obs, was, now) -> share.run());
        // A smaller window clamps the divider to the timeline's least height; signed out, it goes back down after.
        vertical.heightProperty().addListener((obs, was, now) -> {
            if (signedOut.get()) {
                vertical.setDividerPositions(1.0);
            }
        });
        vertical.getProperties().put(SignedOutShare.class, signedOut); // kept as long as the view
        share.run();
        // UI8, UI12: when the window is lower than the session (a pause adds its countdown and message), a usable
        // claims box and timeline need, the column scrolls instead of squeezing them.
        ScrollPane column = new ScrollPane(vertical);
        column.setId("session-column");
        column.setFitToWidth(true);
        column.setFitToHeight(true);
        column.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        column.getStyleClass().add("edge-to-edge");
        ScrollPane settings = new ScrollPane(new SettingsView(model, files));
        settings.setFitToWidth(true);
        settings.setPrefWidth(330);
        settings.getStyleClass().add("settings-scroll");
        setLeft(settings);
        setCenter(column);
    }

    private static VBox sessionPane(SessionViewModel model, dev.stormwatch.app.common.FileDialogs files) {
        Label phase = new Label();
        phase.setId("session-phase");
        phase.textProperty().bind(model.phaseTextProperty());
        phase.getStyleClass().add("phase-badge");
        phase.setMinWidth(Region.USE_PREF_SIZE);
        model.phaseProperty().addListener((obs, old, now) -> {
            phase.getStyleClass().removeAll(PHASE_STYLES);
            phase.getStyleClass().add("phase-" + now.name().toLowerCase());
        });
        phase.getStyleClass().add("phase-" + model.phaseProperty().get().name().toLowerCase());
        Label detail = new Label();
        detail.setId("session-detail");
        detail.textProperty().bind(model.phaseDetailProperty());
        detail.setWrapText(true);
        RuleHints.explain(detail);
        detail.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(detail, Priority.ALWAYS);
        HBox banner = new HBox(12, phase, detail);
        banner.setAlignment(Pos.CENTER_LEFT);

        Button signIn = button("Sign in", "sign-in", model::signIn);
        signIn.disableProperty().bind(model.canSignIn().not());
        signIn.getStyleClass().add("primary");
        Button cancel = button("Cancel", "cancel-sign-in", model::cancelSignIn);
        cancel.visibleProperty().bind(model.signingIn());
        cancel.managedProperty().bind(cancel.visibleProperty());
        Button refresh = button("Refresh", "refresh", model::refresh);
        Button userInfo = button("UserInfo", "userinfo", model::loadUserInfo);
        Button signOut = button("Sign out", "sign-out", model::signOut);
        Button endSession = button("Sign out at provider", "end-session", model::signOutAtProvider);
        refresh.disableProperty().bind(model.canAct().not());
        userInfo.disableProperty().bind(model.canReadUserInfo().not());
        signOut.disableProperty().bind(model.canSignOut().not());
        endSession.disableProperty().bind(model.canEndSession().not());
        Label countdown = new Label();
        countdown.setId("pause-countdown");
        countdown.getStyleClass().add("countdown");
        countdown.setMinWidth(Region.USE_PREF_SIZE);
        countdown
                .textProperty()
                .bind(Bindings.format(
                        "Paused: try again in %d s", model.countdown().secondsLeftProperty()));
        countdown.visibleProperty().bind(model.countdown().runningProperty());
        countdown.managedProperty().bind(countdown.visibleProperty());
        Button retry = button("Retry", "retry", model::retry);
        retry.getStyleClass().add("retry");
        retry.visibleProperty()
                .bind(model.retryOfferedProperty().and(model.busyProperty().not()));
        retry.managedProperty().bind(retry.visibleProperty());
        Tooltip retryHint = new Tooltip();
        retryHint.textProperty().bind(model.retryHintProperty());
        retry.setTooltip(retryHint);
        // A disabled control gets no mouse events, so its reason hangs on a wrapper that does.
        Node signInSlot = explained(
                signIn,
                Bindings.when(model.pauseReasonProperty().isNotEmpty())
                        .then(model.pauseReasonProperty().concat(" Sign in comes back when it ends (P3)."))
                        .otherwise(Bindings.when(
                                        model.settings().validProperty().not())
                                .then("A settings field is refused: its reason is under it. Correct it to sign in.")
                                .otherwise("Opens your browser to sign in; the code exchange is sent once (P3).")));
        Node refreshSlot = explained(
                refresh,
                Bindings.when(model.pauseReasonProperty().isNotEmpty())
                        .then(model.pauseReasonProperty())
                        .otherwise("Sends the refresh token for new tokens; resent only when it certainly was not "
                                + "processed (F1)."));
        Node userInfoSlot = explained(
                userInfo,
                Bindings.when(model.signedInProperty()
                                .and(model.openIdProperty().not()))
                        .then(NEEDS_OPENID + " UserInfo is OpenID Connect's (DV10).")
                        .otherwise(Bindings.when(model.pauseReasonProperty().isNotEmpty())
                                .then(model.pauseReasonProperty())
                                .otherwise("Reads the UserInfo claims, a retried read (OP4).")));
        Node signOutSlot = explained(
                signOut,
                Bindings.when(model.pauseReasonProperty().isNotEmpty())
                        .then("Signs you out here at once; while the pause runs, the provider is not asked to revoke "
                                + "the token (P8).")
                        .otherwise("Erases the session here, then asks the provider to revoke the token (P8)."));
        Node endSessionSlot = explained(
                endSession,
                Bindings.when(model.signedInProperty()
                                .and(model.openIdProperty().not()))
                        .then(NEEDS_OPENID + " Ending the sign-in at the provider sends the ID token (DV10); Sign out"
                                + " revokes the token.")
                        .otherwise(
                                Bindings.when(model.pauseReasonProperty().isNotEmpty())
                                        .then(
                                                "Signs you out here and at the provider; the browser opens the provider's end-session page"
                                                        + " (SX1).")
                                        .otherwise(
                                                "Signs out as Sign out does, then opens the provider's end-session page in your browser"
                                                        + " to end your sign-in there too, and says whether it came back (SX1).")));
        Label wait = new Label();
        wait.setId("wait-countdown");
        wait.getStyleClass().add("countdown");
        wait.setWrapText(true);
        RuleHints.explain(wait);
        wait.textProperty().bind(model.waitTextProperty());
        wait.visibleProperty().bind(model.waitTextProperty().isNotEmpty());
        wait.managedProperty().bind(wait.visibleProperty());
        wait.setMinHeight(Region.USE_PREF_SIZE);
        // UI8: the actions wrap to a second line when the countdown and Retry do not fit beside them (1024 px while
        // paused), instead of squeezing every button to "Si…".
        javafx.scene.layout.FlowPane actions = new javafx.scene.layout.FlowPane(
                8, 6, signInSlot, cancel, refreshSlot, userInfoSlot, signOutSlot, endSessionSlot, countdown, retry);
        actions.setAlignment(Pos.CENTER_LEFT);

        Label message = new Label();
        message.setId("session-message");
        message.setWrapText(true);
        RuleHints.explain(message);
        message.textProperty().bind(model.messageProperty());
        message.getStyleClass().add("message");
        message.setMinHeight(Region.USE_PREF_SIZE);
        message.setMaxWidth(Double.MAX_VALUE);
        message.visibleProperty().bind(model.messageProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
        model.toneProperty().addListener((obs, old, now) -> {
            message.getStyleClass().removeAll("tone-info", "tone-success", "tone-warning", "tone-error");
            message.getStyleClass().add("tone-" + now.name().toLowerCase());
        });

        TextField url = new TextField();
        url.setId("authorization-url");
        url.setEditable(false);
        url.textProperty().bind(model.authorizationUrlProperty());
        HBox.setHgrow(url, Priority.ALWAYS);
        Button copy = button("Copy", "copy-authorization-url", () -> ClipboardText.put(url.getText()));
        HBox urlRow = new HBox(8, new Label("Authorization URL"), url, copy);
        urlRow.setAlignment(Pos.CENTER_LEFT);
        urlRow.visibleProperty().bind(model.authorizationUrlProperty().isNotEmpty());
        urlRow.managedProperty().bind(urlRow.visibleProperty());

        // UI16, DV1: the device sign-in's code and page, while it waits.
        Label deviceCode = new Label();
        deviceCode.setId("device-code");
        deviceCode.setWrapText(true);
        deviceCode.textProperty().bind(model.deviceCodeProperty());
        deviceCode.visibleProperty().bind(model.deviceCodeProperty().isNotEmpty());
        deviceCode.managedProperty().bind(deviceCode.visibleProperty());
        deviceCode.setMinHeight(Region.USE_PREF_SIZE);
        // UI16: the same page as a QR code, for a phone's camera.
        javafx.scene.canvas.Canvas qr = new javafx.scene.canvas.Canvas();
        qr.setId("device-qr");
        model.devicePageProperty().addListener((obs, old, page) -> drawQr(qr, DeviceQrCode.modules(page)));
        qr.visibleProperty().bind(model.devicePageProperty().isNotEmpty());
        qr.managedProperty().bind(qr.visibleProperty());

        Label expiry = new Label();
        expiry.setId("token-expiry");
        expiry.textProperty().bind(model.expiryProperty());
        Label refreshExpiry = new Label();
        refreshExpiry.setId("refresh-token-expiry");
        refreshExpiry.textProperty().bind(model.refreshExpiryProperty());
        // UI8: one line for both lifetimes, so that the claims box keeps its room at 1024x700.
        HBox expiries = new HBox(16, expiry, refreshExpiry);
        // UI26: signed out there is no lifetime to show, and an empty line would take the inspector's room.
        expiries.visibleProperty()
                .bind(model.expiryProperty()
                        .isNotEmpty()
                        .or(model.refreshExpiryProperty().isNotEmpty()));
        expiries.managedProperty().bind(expiries.visibleProperty());

        TabPane tokens = new TabPane();
        tokens.setId("tokens");
        tokens.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        // SX4: the token inspector is the last tab, kept when the session's tabs are rebuilt.
        Tab inspector = new Tab("Inspect a token", TokenInspectorView.build(model.inspector(), files));
        inspector.setId("token-inspector");
        model.tokens().addListener((javafx.collections.ListChangeListener<TokenDetails>) change -> {
            // Chosen by the person only when there was another tab to choose: before sign-in the inspector is the only
            // tab, and signing in then shows the ID token, not an empty inspector.
            boolean inspecting = tokens.getSelectionModel().getSelectedItem() == inspector
                    && tokens.getTabs().size() > 1;
            rebuildTokens(tokens, model);
            tokens.getTabs().add(inspector);
            if (inspecting) {
                tokens.getSelectionModel().select(inspector);
            }
        });
        rebuildTokens(tokens, model);
        tokens.getTabs().add(inspector);
        VBox.setVgrow(tokens, Priority.ALWAYS);
        tokens.setMinHeight(TOKENS_MIN_HEIGHT); // UI12

        VBox pane = new VBox(6, banner, actions, wait, message, deviceCode, qr, urlRow, expiries, tokens);
        pane.setPadding(new Insets(12));
        pane.getStyleClass().add("session-pane");
        return pane;
    }

    /** Draws the QR code's modules, 4 px each, dark on white whatever the theme (a camera needs the contrast). */
    private static void drawQr(javafx.scene.canvas.Canvas canvas, boolean[][] modules) {
        double module = 4;
        int size = modules.length;
        canvas.setWidth(size * module);
        canvas.setHeight(size * module);
        javafx.scene.canvas.GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(javafx.scene.paint.Color.WHITE);
        g.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
        g.setFill(javafx.scene.paint.Color.BLACK);
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < modules[y].length; x++) {
                if (modules[y][x]) {
                    g.fillRect(x * module, y * module, module, module);
                }
            }
        }
    }

    private static void rebuildTokens(TabPane tabs, SessionViewModel model) {
        // The person's chosen tab stays chosen when a refresh or a failure rebuilds the tabs.
        String chosen = tabs.getSelectionModel().getSelectedItem() == null
                ? ""
                : tabs.getSelectionModel().getSelectedItem().getText();
        tabs.getTabs().clear();
        for (TokenDetails token : model.tokens()) {
            Label facts = new Label(token.fingerprint() + " · " + token.length() + " characters · value hidden");
            facts.getStyleClass().add("muted");
            Label verification = RuleHints.explain(new Label(token.verification()));
            // UI21: one line (a label's default), whole on hover: a line that wraps at 1024 px takes the claims box's
            // room.
            if (verification.getTooltip() == null) {
                verification.setTooltip(new javafx.scene.control.Tooltip(token.verification()));
            }
            VBox body = new VBox(6, facts, verification);
            if (token.decoded()) {
                SplitPane decoded = new SplitPane(code("Header", token.header()), code("Claims", token.claims()));
                decoded.setDividerPositions(0.3);
                VBox.setVgrow(decoded, Priority.ALWAYS);
                body.getChildren().add(decoded);
            } else {
                body.getChildren().add(new Label("Opaque: nothing to decode."));
            }
            body.setPadding(new Insets(8));
            tabs.getTabs().add(new Tab(token.name(), body));
        }
        TextArea info = new TextArea();
        info.setId("userinfo-claims");
        info.setEditable(false);
        info.getStyleClass().add("code");
        info.textProperty()
                .bind(Bindings.when(model.userInfoProperty().isEmpty())
                        .then("Press UserInfo to fetch the claims (a retried read; its sub must match the ID token's).")
                        .otherwise(model.userInfoProperty()));
        if (!model.tokens().isEmpty()) {
            tabs.getTabs().add(new Tab("UserInfo", info));
        }
        tabs.getTabs().stream()
                .filter(t -> t.getText().equals(chosen))
                .findFirst()
                .ifPresent(t -> tabs.getSelectionModel().select(t));
    }

    private static VBox code(String title, String text) {
        TextArea area = new TextArea(text);
        area.setId("token-" + title.toLowerCase(java.util.Locale.ROOT));
        area.setEditable(false);
        area.getStyleClass().add("code");
        VBox.setVgrow(area, Priority.ALWAYS);
        return new VBox(4, new Label(title), area);
    }

    /** The control in a slot that carries its tooltip, shown also while the control is disabled. */
    private static Node explained(Button control, javafx.beans.value.ObservableValue<String> why) {
        StackPane slot = new StackPane(control);
        slot.setId(control.getId() + "-slot");
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(why);
        tip.setWrapText(true);
        tip.setMaxWidth(420);
        Tooltip.install(slot, tip);
        return slot;
    }

    static Button button(String text, String id, Runnable action) {
        Button button = new Button(text);
        button.setId(id);
        button.setOnAction(e -> action.run());
        return button;
    }

    /** The key under which the split keeps its signed-out binding, so that the binding lives as long as the view. */
    private enum SignedOutShare {}
}
