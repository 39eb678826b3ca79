package dev.stormwatch.app.session;

import static dev.stormwatch.testing.ShownArea.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.app.common.ManualTicker;
import dev.stormwatch.app.session.SessionViewModel.Phase;
import dev.stormwatch.app.timeline.TimelineViewModel;
import dev.stormwatch.oauth.BrowserLauncher;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.provider.RunningDemoProvider;
import dev.stormwatch.retry.OriginPauses;
import dev.stormwatch.server.Fault;
import dev.stormwatch.testing.FakeClock;
import dev.stormwatch.testing.FxThread;
import dev.stormwatch.testing.HeldSleeper;
import dev.stormwatch.testing.ShownArea;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The Session area alone on a real JavaFX toolkit, over its real view model, a real OAuth client and the embedded demo
 * provider on loopback: what the banner, the actions, their reasons, the countdowns and the token tabs show in each
 * state a person reaches, and what the buttons do. The client's clock and sleeps are the test's, so a pause or a wait
 * is seen at its start and ended by moving the clock.
 */
@ExtendWith(ApplicationExtension.class)
class SessionViewTest {

    @RegisterExtension
    static final RunningDemoProvider DEMO = new RunningDemoProvider();

    @RegisterExtension
    final ShownArea area = new ShownArea();

    private final ExecutorService background = area.background();
    private final FakeClock clock = new FakeClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    private final ManualTicker ticker = new ManualTicker();
    private final HeldSleeper sleeper = new HeldSleeper(clock);
    private SessionViewModel model;
    private SessionView view;

    SessionViewTest() {
        area.atEnd(sleeper::release);
    }

    /** The area over a model of the embedded provider whose settings {@code settings} changed, shown at 1280×800. */
    private void show(BrowserLauncher browser, Consumer<SettingsViewModel> settings) throws Exception {
        OriginPauses pauses = new OriginPauses(clock);
        FxThread.run(() -> {
            SettingsViewModel fields = new SettingsViewModel();
            fields.issuerProperty().set(DEMO.provider().issuer().toString());
            settings.accept(fields);
            model = new SessionViewModel(
                    fields,
                    config -> OAuthClient.builder(config)
                            .clock(clock)
                            .pauses(pauses)
                            .browser(browser)
                            .sleeper(sleeper)
                            .build(),
                    background,
                    Platform::runLater,
                    clock,
                    ticker,
                    event -> {});
            model.applySettings();
            view = new SessionView(model, new TimelineViewModel(Platform::runLater));
            area.show(view, 1280, 800);
        });
    }

    private void show(BrowserLauncher browser) throws Exception {
        show(browser, fields -> {});
    }

    private void signedIn() throws Exception {
        show(new SignInPageBrowser());
        area.fire("sign-in");
        await(() -> model.phaseProperty().get() == Phase.SIGNED_IN
                && !model.busyProperty().get());
    }

    /** The reason a person reads on hovering the action {@code id}, disabled or not. */
    private String why(String id) throws Exception {
        return FxThread.call(() -> {
            Node slot = area.node(id + "-slot");
            Object tip = slot.getProperties().get("javafx.scene.control.Tooltip");
            return ((Tooltip) tip).getText();
        });
    }

    private TabPane tokens() {
        return area.node("tokens");
    }

    private List<String> tabNames() {
        return tokens().getTabs().stream().map(Tab::getText).toList();
    }

    private Tab selectedTab() {
        return tokens().getSelectionModel().getSelectedItem();
    }

    private SplitPane split() {
        return (SplitPane) ((javafx.scene.control.ScrollPane) area.node("session-column")).getContent();
    }

    private List<String> phaseStyles() {
        return area.node("session-phase").getStyleClass().stream()
                .filter(s -> s.startsWith("phase-") && !s.equals("phase-badge"))
                .toList();
    }

    private List<String> toneStyles() {
        return area.node("session-message").getStyleClass().stream()
                .filter(s -> s.startsWith("tone-"))
                .toList();
    }

    @Test
    @DisplayName("UI23, UI12, P3: signed out, the inspector is the only token tab and the timeline keeps only its lanes"
            + " under the session; Sign in is the one action, and says what it opens")
    void signedOutTheInspectorAndSignInAreAllThereIs() throws Exception {
        show(new SignInPageBrowser());

        assertThat(area.text("session-phase")).isEqualTo("Signed out");
        assertThat(phaseStyles()).containsExactly("phase-signed_out");
        assertThat(area.off("sign-in")).isFalse();
        assertThat(area.node("sign-in").getStyleClass()).contains("primary");
        assertThat(why("sign-in")).isEqualTo("Opens your browser to sign in; the code exchange is sent once (P3).");
        assertThat(List.of(area.off("refresh"), area.off("userinfo"), area.off("sign-out"), area.off("end-session")))
                .containsOnly(true);
        assertThat(why("refresh")).endsWith("processed (F1).");
        assertThat(why("userinfo")).isEqualTo("Reads the UserInfo claims, a retried read (OP4).");
        assertThat(why("sign-out"))
                .isEqualTo("Erases the session here, then asks the provider to revoke the token (P8).");
        assertThat(why("end-session")).startsWith("Signs out as Sign out does").endsWith("(SX1).");
        // What is not there keeps no room either (UI26): hidden and out of the layout.
        List<Node> absent = List.of(
                area.node("cancel-sign-in"),
                area.node("pause-countdown"),
                area.node("retry"),
                area.node("wait-countdown"),
                area.node("session-message"),
                area.node("device-code"),
                area.node("device-qr"),
                area.node("authorization-url").getParent(),
                area.node("token-expiry").getParent());
        for (Node hidden : absent) {
            assertThat(hidden.isVisible() || hidden.isManaged())
                    .as("%s keeps no room", hidden.getId() == null ? hidden : hidden.getId())
                    .isFalse();
        }

        assertThat(tabNames()).containsExactly("Inspect a token");
        assertThat(tokens().getTabClosingPolicy()).isEqualTo(TabPane.TabClosingPolicy.UNAVAILABLE);
        // UI23: the timeline keeps its title and lanes; the session takes all the rest.
        Region timeline = (Region) split().getItems().get(1);
        assertThat(timeline.getMinHeight()).isEqualTo(SessionView.TIMELINE_MIN_HEIGHT_SIGNED_OUT);
        assertThat(timeline.getHeight()).isEqualTo(SessionView.TIMELINE_MIN_HEIGHT_SIGNED_OUT, within(1));
        assertThat(tokens().getMinHeight()).isEqualTo(SessionView.TOKENS_MIN_HEIGHT);
    }

    @Test
    @DisplayName("UI21, UI29, SX4: signed in, the tokens show in tabs without their values, UserInfo after them and the"
            + " inspector last; the timeline takes its signed-in share back, and both lifetimes show on one line")
    void signedInTheTokensShowWithoutTheirValues() throws Exception {
        signedIn();

        assertThat(area.text("session-phase"))
                .isEqualTo(model.phaseTextProperty().get());
        assertThat(phaseStyles()).containsExactly("phase-signed_in");
        assertThat(area.text("session-message")).isEqualTo("The ID token's signature and claims were verified.");
        assertThat(area.shown("session-message")).isTrue();
        assertThat(toneStyles())
                .containsExactly("tone-" + model.toneProperty().get().name().toLowerCase());
        assertThat(area.off("sign-in")).isTrue();
        assertThat(List.of(area.off("refresh"), area.off("userinfo"), area.off("sign-out"), area.off("end-session")))
                .containsOnly(false);
        assertThat(area.node("token-expiry").getParent().isVisible()).isTrue();
        assertThat(area.text("token-expiry"))
                .isEqualTo(model.expiryProperty().get())
                .isNotEmpty();
        assertThat(area.text("refresh-token-expiry"))
                .isEqualTo(model.refreshExpiryProperty().get())
                .isNotEmpty();

        assertThat(tabNames())
                .containsExactly("ID token", "Access token", "Refresh token", "UserInfo", "Inspect a token");
        assertThat(selectedTab().getText()).as("signing in shows the ID token").isEqualTo("ID token");
        TokenDetails id = model.tokens().get(0);
        javafx.scene.layout.VBox body =
                (javafx.scene.layout.VBox) tokens().getTabs().get(0).getContent();
        Label facts = (Label) body.getChildren().get(0);
        assertThat(facts.getText()).isEqualTo(id.fingerprint() + " · " + id.length() + " characters · value hidden");
        assertThat(facts.getStyleClass()).contains("muted");
        Label verification = (Label) body.getChildren().get(1);
        assertThat(verification.getText()).isEqualTo(id.verification());
        assertThat(verification.isWrapText()).as("UI21: one line").isFalse();
        assertThat(verification.getTooltip().getText()).isEqualTo(id.verification());
        assertThat(((TextArea) body.lookup("#token-header")).getText()).isEqualTo(id.header());
        assertThat(((TextArea) body.lookup("#token-claims")).getText()).isEqualTo(id.claims());
        assertThat(((TextArea) body.lookup("#token-claims")).isEditable()).isFalse();
        javafx.scene.layout.VBox refreshBody =
                (javafx.scene.layout.VBox) tokens().getTabs().get(2).getContent();
        assertThat(((Label) refreshBody.getChildren().get(2)).getText())
                .as("an opaque token says so")
                .isEqualTo("Opaque: nothing to decode.");

        Region timeline = (Region) split().getItems().get(1);
        assertThat(timeline.getMinHeight()).isEqualTo(SessionView.TIMELINE_MIN_HEIGHT);
        assertThat(split().getDividerPositions()[0]).isEqualTo(SessionView.SESSION_SHARE, within(0.01));

        TextArea userInfo = (TextArea) tokens().getTabs().get(3).getContent();
        assertThat(userInfo.getText()).startsWith("Press UserInfo to fetch the claims");
        area.fire("userinfo");
        await(() ->
                !model.busyProperty().get() && !model.userInfoProperty().get().isEmpty());
        assertThat(((TextArea) area.node("userinfo-claims")).getText())
                .isEqualTo(model.userInfoProperty().get())
                .contains("\"sub\"");
    }

    @Test
    @DisplayName("UI8, UI12: the session column scrolls only up and down, the settings beside it fit their width; a"
            + " label that may grow wraps and keeps its height, the phase, the countdown and the actions never shrink"
            + " to an ellipsis, and a reason on hover wraps at a readable width")
    void theLayoutKeepsEveryWord() throws Exception {
        signedIn();

        assertThat(view.getId()).isEqualTo("session");
        javafx.scene.control.ScrollPane column = area.node("session-column");
        assertThat(view.getCenter()).isSameAs(column);
        assertThat(List.of(column.isFitToWidth(), column.isFitToHeight())).containsOnly(true);
        assertThat(column.getHbarPolicy()).isEqualTo(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        javafx.scene.control.ScrollPane settings = (javafx.scene.control.ScrollPane) view.getLeft();
        assertThat(settings.getContent()).isInstanceOf(SettingsView.class);
        assertThat(settings.isFitToWidth()).isTrue();
        assertThat(settings.getPrefWidth()).isEqualTo(330);

        for (String id : List.of("session-phase", "pause-countdown")) {
            assertThat(((Region) area.node(id)).getMinWidth()).as(id).isEqualTo(Region.USE_PREF_SIZE);
        }
        for (String id : List.of("session-detail", "wait-countdown", "session-message", "device-code")) {
            Label label = area.node(id);
            assertThat(label.isWrapText()).as("%s wraps", id).isTrue();
            assertThat(label.getMinHeight()).as("%s keeps its lines", id).isEqualTo(Region.USE_PREF_SIZE);
        }
        assertThat(((Label) area.node("session-message")).getMaxWidth()).isEqualTo(Double.MAX_VALUE);
        javafx.scene.layout.HBox banner =
                (javafx.scene.layout.HBox) area.node("session-phase").getParent();
        assertThat(banner.getAlignment()).isEqualTo(javafx.geometry.Pos.CENTER_LEFT);
        assertThat(javafx.scene.layout.HBox.getHgrow(area.node("session-detail")))
                .isEqualTo(javafx.scene.layout.Priority.ALWAYS);
        javafx.scene.layout.FlowPane actions =
                (javafx.scene.layout.FlowPane) area.node("sign-in-slot").getParent();
        assertThat(actions.getAlignment()).isEqualTo(javafx.geometry.Pos.CENTER_LEFT);
        javafx.scene.layout.HBox urlRow =
                (javafx.scene.layout.HBox) area.node("authorization-url").getParent();
        assertThat(urlRow.getAlignment()).isEqualTo(javafx.geometry.Pos.CENTER_LEFT);
        assertThat(javafx.scene.layout.HBox.getHgrow(area.node("authorization-url")))
                .isEqualTo(javafx.scene.layout.Priority.ALWAYS);
        Tooltip reason = (Tooltip) area.node("sign-out-slot").getProperties().get("javafx.scene.control.Tooltip");
        assertThat(reason.isWrapText()).isTrue();
        assertThat(reason.getMaxWidth()).isEqualTo(420);

        javafx.scene.layout.VBox pane = (javafx.scene.layout.VBox) banner.getParent();
        assertThat(pane.getPadding()).isEqualTo(new javafx.geometry.Insets(12));
        assertThat(javafx.scene.layout.VBox.getVgrow(tokens())).isEqualTo(javafx.scene.layout.Priority.ALWAYS);
        javafx.scene.layout.VBox body =
                (javafx.scene.layout.VBox) tokens().getTabs().get(0).getContent();
        assertThat(body.getPadding()).isEqualTo(new javafx.geometry.Insets(8));
        SplitPane decoded = (SplitPane) body.getChildren().get(2);
        assertThat(javafx.scene.layout.VBox.getVgrow(decoded)).isEqualTo(javafx.scene.layout.Priority.ALWAYS);
        assertThat(decoded.getDividerPositions()[0]).as("the header's share").isEqualTo(0.3, within(0.01));
        javafx.scene.layout.VBox claims =
                (javafx.scene.layout.VBox) decoded.getItems().get(1);
        assertThat(javafx.scene.layout.VBox.getVgrow(claims.getChildren().get(1)))
                .isEqualTo(javafx.scene.layout.Priority.ALWAYS);
        assertThat(((TextArea) area.node("userinfo-claims")).isEditable()).isFalse();
    }

    @Test
    @DisplayName("UI23: signed out, the timeline goes back to its least height after the window is made lower and"
            + " then higher again, rather than keep the share the lower window forced")
    void signedOutTheTimelineStaysAtItsLeastHeightAcrossAResize() throws Exception {
        show(new SignInPageBrowser());
        Region timeline = (Region) split().getItems().get(1);

        FxThread.run(() -> area.stage().setHeight(500));
        FxThread.run(() -> area.stage().setHeight(800));

        await(() -> Math.abs(timeline.getHeight() - SessionView.TIMELINE_MIN_HEIGHT_SIGNED_OUT) < 1);
        assertThat(split().getDividerPositions()[0]).isGreaterThan(0.75);
    }

    @Test
    @DisplayName("SX4, UI29: an area built over a session already signed in shows its token tabs at once")
    void anAreaBuiltOverASignedInSessionShowsItsTokens() throws Exception {
        signedIn();

        FxThread.run(() -> {
            view = new SessionView(model, new TimelineViewModel(Platform::runLater));
            area.show(view, 1280, 800);
        });

        assertThat(tabNames())
                .containsExactly("ID token", "Access token", "Refresh token", "UserInfo", "Inspect a token");
    }

    @Test
    @DisplayName("UI16, DV1: a device sign-in shows its code and its page as a QR code, 4 px a module, dark on white,"
            + " while it waits for the person on the other device")
    void aDeviceSignInShowsItsCodeAndQrCode() throws Exception {
        sleeper.hold(); // the client waits before its first poll: the code and the page stay shown
        show(url -> false, fields -> fields.deviceProperty().set(true));

        area.fire("sign-in");
        await(() -> !model.devicePageProperty().get().isEmpty());

        assertThat(area.shown("device-code")).isTrue();
        assertThat(area.text("device-code"))
                .isEqualTo(model.deviceCodeProperty().get())
                .contains(model.devicePageProperty().get().replaceFirst("\\?.*", ""));
        assertThat(area.shown("device-qr")).isTrue();
        boolean[][] modules = DeviceQrCode.modules(model.devicePageProperty().get());
        javafx.scene.canvas.Canvas qr = area.node("device-qr");
        assertThat(qr.getWidth()).isEqualTo(modules.length * 4.0);
        assertThat(qr.getHeight()).isEqualTo(modules.length * 4.0);
        // On a transparent ground: the canvas paints its own white, whatever is behind it.
        javafx.scene.SnapshotParameters ground = new javafx.scene.SnapshotParameters();
        ground.setFill(javafx.scene.paint.Color.TRANSPARENT);
        javafx.scene.image.PixelReader pixels =
                FxThread.call(() -> qr.snapshot(ground, null)).getPixelReader();
        for (int y = 0; y < modules.length; y++) {
            for (int x = 0; x < modules[y].length; x++) {
                javafx.scene.paint.Color centre = pixels.getColor(x * 4 + 2, y * 4 + 2);
                assertThat(centre)
                        .as("module %d,%d", x, y)
                        .isEqualTo(modules[y][x] ? javafx.scene.paint.Color.BLACK : javafx.scene.paint.Color.WHITE);
                // Each module fills its 4 px square, its corners too.
                assertThat(pixels.getColor(x * 4, y * 4))
                        .as("corner of %d,%d", x, y)
                        .isEqualTo(centre);
                assertThat(pixels.getColor(x * 4 + 3, y * 4 + 3))
                        .as("corner of %d,%d", x, y)
                        .isEqualTo(centre);
            }
        }

        FxThread.run(model::cancelSignIn);
        sleeper.release();
        await(() -> !model.busyProperty().get());
        assertThat(area.shown("device-qr")).isFalse();
        assertThat(area.shown("device-code")).isFalse();
    }

    @Test
    @DisplayName("The tab a person chose stays chosen when Refresh rebuilds the token tabs, the inspector's too (SX4)")
    void theChosenTabStaysChosenAcrossARefresh() throws Exception {
        signedIn();
        FxThread.run(() -> tokens().getSelectionModel().select(1));

        area.fire("refresh");
        await(() -> !model.busyProperty().get() && model.messageProperty().get().equals("Tokens refreshed."));

        assertThat(selectedTab().getText()).isEqualTo("Access token");
        assertThat(tabNames()).hasSize(5).endsWith("Inspect a token");

        FxThread.run(() -> tokens().getSelectionModel().selectLast());
        area.fire("refresh");
        await(() -> !model.busyProperty().get() && phaseStyles().equals(List.of("phase-signed_in")));

        assertThat(selectedTab().getId()).isEqualTo("token-inspector");
    }

    @Test
    @DisplayName("P1, P3, P8, P9: a 429 pause counts down beside the actions, each of which says why it waits, and"
            + " Sign out stays; when the pause ends by itself the actions and their words come back")
    void aPauseCountsDownAndEachActionSaysWhyItWaits() throws Exception {
        signedIn();
        DEMO.provider().faults().inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(60)), 1);

        area.fire("refresh");
        await(() -> model.phaseProperty().get() == Phase.PAUSED
                && !model.busyProperty().get());

        assertThat(phaseStyles()).containsExactly("phase-paused");
        assertThat(area.shown("pause-countdown")).isTrue();
        assertThat(area.text("pause-countdown")).isEqualTo("Paused: try again in 60 s");
        assertThat(area.node("pause-countdown").getStyleClass()).contains("countdown");
        assertThat(area.shown("retry")).as("a pause is not a spent budget").isFalse();
        assertThat(List.of(area.off("refresh"), area.off("userinfo"))).containsOnly(true);
        assertThat(List.of(area.off("sign-out"), area.off("end-session"))).containsOnly(false);
        String reason = model.pauseReasonProperty().get();
        assertThat(reason).contains("429", "(P1)");
        assertThat(why("refresh")).isEqualTo(reason);
        assertThat(why("userinfo")).isEqualTo(reason);
        assertThat(why("sign-in")).isEqualTo(reason + " Sign in comes back when it ends (P3).");
        assertThat(why("sign-out")).contains("while the pause runs").endsWith("(P8).");
        assertThat(why("end-session"))
                .startsWith("Signs you out here and at the provider")
                .endsWith("(SX1).");
        assertThat(toneStyles()).containsExactly("tone-warning");

        clock.advance(Duration.ofSeconds(60));
        FxThread.run(ticker::tick);

        assertThat(area.shown("pause-countdown")).isFalse();
        assertThat(phaseStyles()).containsExactly("phase-signed_in");
        assertThat(area.off("refresh")).isFalse();
        assertThat(why("refresh")).startsWith("Sends the refresh token for new tokens");
    }

    @Test
    @DisplayName("RA3: a Retry-After that fits the budget shows its own countdown under the actions until the retry")
    void anInBudgetWaitShowsItsCountdown() throws Exception {
        signedIn();
        DEMO.provider().faults().inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(5)), 1);
        sleeper.hold();

        area.fire("refresh");
        await(() -> !model.waitTextProperty().get().isEmpty());

        assertThat(area.shown("wait-countdown")).isTrue();
        assertThat(area.text("wait-countdown"))
                .isEqualTo(model.waitTextProperty().get())
                .contains("(RA3)");
        assertThat(((Label) area.node("wait-countdown")).isWrapText()).isTrue();

        sleeper.release();
        await(() -> !model.busyProperty().get());

        assertThat(area.shown("wait-countdown")).isFalse();
        assertThat(area.text("session-message")).isEqualTo("Tokens refreshed.");
    }

    @Test
    @DisplayName("E5, P9: a read whose budget is spent on 500s offers Retry with its reason; Retry runs it again")
    void aSpentBudgetOffersRetry() throws Exception {
        signedIn();
        DEMO.provider().faults().inject("/userinfo", new Fault.ServerError(500), 50);

        area.fire("userinfo");
        await(() -> !model.busyProperty().get() && model.retryOfferedProperty().get());

        assertThat(area.shown("retry")).isTrue();
        assertThat(area.node("retry").getStyleClass()).contains("retry");
        assertThat(((Button) area.node("retry")).getTooltip().getText())
                .isEqualTo(model.retryHintProperty().get())
                .isNotEmpty();
        assertThat(phaseStyles()).containsExactly("phase-failed");
        assertThat(toneStyles()).containsExactly("tone-error");

        DEMO.provider().faults().clear();
        area.fire("retry");
        await(() ->
                !model.busyProperty().get() && !model.userInfoProperty().get().isEmpty());

        assertThat(area.shown("retry")).isFalse();
        assertThat(phaseStyles()).containsExactly("phase-signed_in");
    }

    @Test
    @DisplayName("DV9, DV10: an OAuth 2.0-only session has no ID token tab; UserInfo and Sign out at provider are off"
            + " and say why")
    void anOAuthOnlySessionSaysWhyItsOpenIdActionsAreOff() throws Exception {
        show(new SignInPageBrowser(), fields -> fields.scopeProperty().set("offline_access"));
        area.fire("sign-in");
        await(() -> model.phaseProperty().get() == Phase.SIGNED_IN
                && !model.busyProperty().get());

        assertThat(tabNames()).containsExactly("Access token", "Refresh token", "UserInfo", "Inspect a token");
        assertThat(area.off("userinfo")).isTrue();
        assertThat(area.off("end-session")).isTrue();
        assertThat(why("userinfo"))
                .isEqualTo("This session has no ID token (the scopes have no openid). UserInfo is OpenID Connect's"
                        + " (DV10).");
        assertThat(why("end-session"))
                .startsWith("This session has no ID token (the scopes have no openid). Ending the sign-in")
                .endsWith("Sign out revokes the token.");
        assertThat(area.off("sign-out")).isFalse();
    }

    @Test
    @DisplayName("Without a browser, the authorization URL shows with Copy, which puts it on the clipboard; Cancel"
            + " ends the wait")
    void withoutABrowserTheUrlShowsAndCopies() throws Exception {
        show(url -> false);
        area.fire("sign-in");
        await(() -> !model.authorizationUrlProperty().get().isEmpty());

        TextField url = area.node("authorization-url");
        assertThat(url.getParent().isVisible()).isTrue();
        assertThat(url.getText()).isEqualTo(model.authorizationUrlProperty().get());
        assertThat(url.isEditable()).isFalse();
        assertThat(phaseStyles()).containsExactly("phase-signing_in");
        assertThat(area.text("session-detail")).contains("No browser could be started");
        assertThat(((Label) area.node("session-detail")).isWrapText()).isTrue();

        area.fire("copy-authorization-url");
        assertThat(FxThread.call(() -> Clipboard.getSystemClipboard().getString()))
                .isEqualTo(url.getText());

        area.fire("cancel-sign-in");
        await(() -> !model.busyProperty().get());

        assertThat(url.getParent().isVisible()).isFalse();
        assertThat(area.off("sign-in")).isFalse();
    }

    @Test
    @DisplayName("C2: while a settings field is refused, Sign in is off and says where the reason is")
    void aRefusedFieldTurnsSignInOff() throws Exception {
        show(new SignInPageBrowser());
        FxThread.run(() -> model.settings().clientIdProperty().set(" "));

        assertThat(area.off("sign-in")).isTrue();
        assertThat(why("sign-in"))
                .isEqualTo("A settings field is refused: its reason is under it. Correct it to sign in.");
    }

    private static org.assertj.core.data.Offset<Double> within(double offset) {
        return org.assertj.core.data.Offset.offset(offset);
    }
}
