package dev.stormwatch.app.session;

import dev.stormwatch.app.common.Durations;
import dev.stormwatch.app.common.FailureAdvice;
import dev.stormwatch.app.common.PauseCountdown;
import dev.stormwatch.app.common.Ticker;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.http.AttemptListener;
import dev.stormwatch.oauth.LogoutResult;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.Session;
import dev.stormwatch.oauth.SessionState;
import dev.stormwatch.oauth.TokenSet;
import dev.stormwatch.oauth.UserInfo;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.services.OAuthSessionTokens;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The session area: the state of the OAuth session, its tokens and claims, the visible calls as commands,
 * and what to do after a failure: a countdown while a pause runs, a retry button when a budget ran out (P9).
 * Every call runs on the background executor; every property changes on the UI executor.
 *
 * <p>Two countdowns, both live from the moment the client reports them and both ending by themselves: the pause
 * of an origin (P1, P2: published as {@link SessionState.Paused}), during which the actions that reach it are
 * disabled, and the in-budget wait before a retry (RA3, B3: an attempt event whose verdict is retry).
 */
public final class SessionViewModel {

    /** The closed set of states the window colours. */
    public enum Phase {
        SIGNED_OUT,
        SIGNING_IN,
        SIGNED_IN,
        REFRESHING,
        PAUSED,
        FAILED
    }

    /** How a message reads. */
    public enum Tone {
        INFO,
        SUCCESS,
        WARNING,
        ERROR
    }

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final Executor background;
    private final Executor ui;
    private final Clock clock;
    private final Ticker ticker;
    private final AttemptListener attempts;
    private final PauseCountdown countdown;
    /** The in-budget wait before the next attempt (RA3, B3): its own countdown, separate from a pause's. */
    private final PauseCountdown wait;

    private final AttemptListener waits = this::onAttempt;
    private final Consumer<SessionState> stateListener;

    private final ReadOnlyObjectWrapper<Phase> phase = new ReadOnlyObjectWrapper<>(Phase.SIGNED_OUT);
    private final ReadOnlyStringWrapper phaseText = new ReadOnlyStringWrapper("Signed out");
    private final ReadOnlyStringWrapper phaseDetail = new ReadOnlyStringWrapper("Sign in to see your session.");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper signedIn = new ReadOnlyBooleanWrapper(false);
    /** DV9, DV10: whether the session has an ID token; without one, UserInfo and RP-initiated logout are off. */
    private final ReadOnlyBooleanWrapper openId = new ReadOnlyBooleanWrapper(false);

    private final ReadOnlyStringWrapper authorizationUrl = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper expiry = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper refreshExpiry = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper userInfo = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Tone> tone = new ReadOnlyObjectWrapper<>(Tone.INFO);
    private final ReadOnlyBooleanWrapper retryOffered = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper retryHint = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper pauseReason = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper waitText = new ReadOnlyStringWrapper("");
    /** UI16, DV1: the device sign-in's user code and where to enter it, while it waits; never the device code. */
    private final ReadOnlyStringWrapper deviceCode = new ReadOnlyStringWrapper("");
    /** UI16: the page to open on the other device, for its QR code; empty when no device sign-in waits. */
    private final ReadOnlyStringWrapper devicePage = new ReadOnlyStringWrapper("");

    private final ObservableList<TokenDetails> tokens = FXCollections.observableArrayList();
    // One wrapper for the life of the model: the wrapper listens weakly, so a fresh one per call would be collected.
    private final ObservableList<TokenDetails> readOnlyTokens = FXCollections.unmodifiableObservableList(tokens);

    private final SettingsViewModel settings;
    private final Function<OAuthConfig, OAuthClient> clients;
    /** SX4: the token inspector; it fetches an issuer's keys with a client of the same factory (CA file, proxies). */
    private final TokenInspectorViewModel inspector;
    /** Read by a load run's thread too (its token source), hence volatile. */
    private volatile OAuthClient client;

    private Optional<Instant> accessExpiresAt = Optional.empty();
    /** SX3: when the refresh token runs out, if known; empty also when there is no refresh token. */
    private Optional<Instant> refreshExpiresAt = Optional.empty();

    private boolean hasRefreshToken;
    private Runnable stopExpiryTicks = () -> {};
    private Runnable lastCall = () -> {};
    /** What the last visible call was, for advice that depends on it (F1: a refresh is not a read). */
    private Call lastCallKind = Call.NONE;
    /** The origin whose pause runs, and its end; a retry held back by it is offered when it ends (P9). */
    private Optional<Origin> pausedOrigin = Optional.empty();

    private boolean retryAfterPause;
    private String waitLead = "";
    private String waitThen = "retrying";
    private Instant waitEnd = Instant.MIN;

    private enum Call {
        NONE,
        SIGN_IN,
        REFRESH,
        USER_INFO,
        SIGN_OUT
    }

    /**
     * @param clients makes the OAuth client for applied settings; clients it makes share the process's pauses (P4)
     * @param attempts receives every attempt of every call (the request timeline)
     */
    public SessionViewModel(
            SettingsViewModel settings,
            Function<OAuthConfig, OAuthClient> clients,
            Executor background,
            Executor ui,
            Clock clock,
            Ticker ticker,
            AttemptListener attempts) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clients = Objects.requireNonNull(clients, "clients");
        // The client id is never sent: discovery and the JWKS are anonymous reads.
        this.inspector = new TokenInspectorViewModel(
                background,
                ui,
                clock,
                issuer -> clients.apply(OAuthConfig.of(issuer, "stormwatch-token-inspector"))
                        .providerKeys());
        this.background = Objects.requireNonNull(background, "background");
        this.ui = Objects.requireNonNull(ui, "ui");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.ticker = Objects.requireNonNull(ticker, "ticker");
        this.attempts = Objects.requireNonNull(attempts, "attempts");
        this.countdown = new PauseCountdown(clock, ticker);
        this.wait = new PauseCountdown(clock, ticker);
        this.stateListener = state -> ui.execute(() -> show(state));
        // P9: a pause that ends by itself gives the actions back without a click.
        countdown.runningProperty().addListener((obs, was, now) -> {
            if (was && !now) {
                pauseEnded();
            }
        });
        wait.secondsLeftProperty().addListener((obs, was, now) -> showWait());
        wait.runningProperty().addListener((obs, was, now) -> showWait());
    }

    /**
     * The access token of this window's session, for a load run: the current client's, refreshed when it
     * expired; a run started before sign-in learns at once that there is no session.
     */
    public dev.stormwatch.load.options.SessionTokenSource accessTokens() {
        return new OAuthSessionTokens(() -> Optional.ofNullable(client), LOAD_RUN_ADVICE);
    }

    /** What a load run that cannot use this window's session tells its user to do, in this window's words. */
    static final OAuthSessionTokens.Advice LOAD_RUN_ADVICE = new OAuthSessionTokens.Advice(
            "not signed in; sign in on the Session tab first",
            "sign in again on the Session tab",
            "the session's tokens are DPoP-bound; a load run can only send Bearer tokens: sign in without DPoP"
                    + " (Session tab settings) to use the session in a load run",
            "the session's access token is bound to a client certificate (RFC 8705), and a load run does not present"
                    + " one: sign in with the Client certificate field empty to use the session in a load run");

    /** Works with this client from now on (new settings make a new client); the old one is let go. */
    public void use(OAuthClient next) {
        if (client != null) {
            client.removeStateListener(stateListener);
            client.removeAttemptListener(attempts);
            client.removeAttemptListener(waits);
        }
        client = Objects.requireNonNull(next, "client");
        client.addStateListener(stateListener);
        client.addAttemptListener(attempts);
        client.addAttemptListener(waits);
        show(client.state());
    }

    // ------------------------------------------------------------------ commands

    /**
     * Makes a client for the settings as edited. A refused field keeps the current client and shows its reason
     * next to the field (C2).
     *
     * @return whether the settings were applied
     */
    public boolean applySettings() {
        if (busy.get()) {
            return false;
        }
        Optional<OAuthConfig> config = settings.toConfig();
        if (config.isEmpty()) {
            finish("Settings not applied: " + settings.refusedSummary(), Tone.ERROR);
            return false;
        }
        boolean first = client == null;
        if (signedIn.get()) {
            // Another provider or client id cannot use this session's tokens, and signing out sends a revocation,
            // which is the user's call to make (and never work for the UI thread).
            finish(
                    "Sign out before you change the settings: this session belongs to the current provider.",
                    Tone.WARNING);
            return false;
        }
        apply(config.get());
        if (!first) {
            finish(
                    "Settings applied: the next call goes to "
                            + config.get().issuer().value() + ".",
                    Tone.INFO);
        }
        return true;
    }

    /** A new client for new settings; a failed call of the old settings is not offered again with the new ones. */
    private void apply(OAuthConfig config) {
        appliedTransport = settings.transportChoices();
        use(clients.apply(config));
        forgetLastCall();
    }

    private void forgetLastCall() {
        lastCall = () -> {};
        lastCallKind = Call.NONE;
        retryOffered.set(false);
        retryAfterPause = false;
        retryHint.set("");
    }

    /** The token inspector (SX4). */
    public TokenInspectorViewModel inspector() {
        return inspector;
    }

    public SettingsViewModel settings() {
        return settings;
    }

    /** The settings' transport choices when the current client was made (see SettingsViewModel.transportChoices). */
    private Object appliedTransport = List.of();

    /**
     * Signs in with the settings as they are shown: never with older applied ones while a field is refused (C2),
     * and settings edited since the last apply are applied first (there is no session to lose).
     */
    public void signIn() {
        if (busy.get() || signedIn.get()) {
            return;
        }
        Optional<OAuthConfig> config = settings.toConfig();
        if (config.isEmpty()) {
            finish("Sign-in not started: " + settings.refusedSummary(), Tone.ERROR);
            return;
        }
        if (client == null
                || !client.config().equals(config.get())
                || !appliedTransport.equals(settings.transportChoices())) {
            apply(config.get()); // PX6: a new proxy (or CA file) needs a new client, as a new config does
        }
        boolean onDevice = settings.deviceProperty().get();
        deviceCode.set("");
        devicePage.set("");
        run(Call.SIGN_IN, () -> {
            if (onDevice) {
                // UI16, DV1: the code and the page are shown; the client polls until done, refused or expired.
                try {
                    Session session = client.loginOnDevice(shown -> ui.execute(() -> {
                        deviceCode.set(deviceText(shown));
                        devicePage.set(devicePage(shown));
                    }));
                    if (!session.openId()) {
                        return "Signed in on another device. " + Session.OAUTH_ONLY + ".";
                    }
                } finally {
                    ui.execute(() -> {
                        deviceCode.set("");
                        devicePage.set("");
                    });
                }
                return "Signed in on another device; the ID token's signature and claims were verified.";
            }
            Session session = client.login();
            // The banner already says "Signed in" and as whom: the message adds what the banner cannot.
            return session.openId() ? "The ID token's signature and claims were verified." : Session.OAUTH_ONLY + ".";
        });
    }

    /** DV1: what the person does on another device, in the provider's own words (printable text only). */
    static String deviceText(dev.stormwatch.oauth.DeviceAuthorization shown) {
        return "On any device, open " + dev.stormwatch.retry.PrintableText.of(devicePage(shown))
                + " and enter the code "
                + dev.stormwatch.retry.PrintableText.of(shown.userCode()) + ". It expires at "
                + shown.expiresAt() + ".";
    }

    /** UI16: the page a phone opens from the QR code: the complete one (with the code) when the provider gave it. */
    static String devicePage(dev.stormwatch.oauth.DeviceAuthorization shown) {
        return shown.verificationUriComplete().orElse(shown.verificationUri()).toString();
    }

    /** UI16: the device sign-in's page for its QR code while it waits, empty otherwise. */
    public javafx.beans.property.ReadOnlyStringProperty devicePageProperty() {
        return devicePage.getReadOnlyProperty();
    }

    /** UI16: the device sign-in's code and page while it waits, empty otherwise. */
    public javafx.beans.property.ReadOnlyStringProperty deviceCodeProperty() {
        return deviceCode.getReadOnlyProperty();
    }

    /** Stops a sign-in that waits for the browser; its port closes and the state leaves "signing in". */
    public void cancelSignIn() {
        if (client != null) {
            // Closing the loopback socket is quick and never blocks: safe on any thread, also while closing the app.
            client.cancelLogin();
        }
    }

    public void refresh() {
        run(Call.REFRESH, () -> {
            client.refresh();
            return "Tokens refreshed.";
        });
    }

    public void loadUserInfo() {
        run(Call.USER_INFO, () -> {
            UserInfo info = client.userInfo();
            String text = PrettyJson.of(info.claims());
            ui.execute(() -> userInfo.set(text));
            return "UserInfo loaded; its subject matches the ID token's.";
        });
    }

    public void signOut() {
        run(Call.SIGN_OUT, () -> {
            LogoutResult result = client.logout();
            if (result.tokenRevoked()) {
                return "Signed out. The provider revoked the token.";
            }
            return "Signed out locally. The token was NOT revoked"
                    + result.revocationError()
                            .map(e -> ": " + e.getMessage())
                            .orElse(" (the provider has no revocation endpoint).");
        });
    }

    /**
     * SX1: signs out as {@link #signOut()} does, then the browser ends the sign-in at the provider too (RP-initiated
     * logout); the message says what the provider did with each.
     */
    public void signOutAtProvider() {
        // SX9: the End-session method as the settings show it; a refused one starts nothing (C2).
        Optional<dev.stormwatch.oauth.EndSessionMethod> method = settings.endSessionMethod();
        if (method.isEmpty()) {
            settings.toConfig(); // shows the reason under the field
            finish("Not signed out at the provider: " + settings.refusedSummary(), Tone.ERROR);
            return;
        }
        run(Call.SIGN_OUT, () -> {
            LogoutResult result = client.endSession(method.get());
            String revocation = result.tokenRevoked()
                    ? "The provider revoked the token."
                    : "The token was NOT revoked"
                            + result.revocationError()
                                    .map(e -> ": " + e.getMessage())
                                    .orElse(" (the provider has no revocation endpoint).");
            String provider = result.endSession()
                    .map(end -> end.confirmed()
                            ? "The provider ended its own sign-in and sent the browser back."
                            : "The provider's own sign-in was NOT confirmed ended: " + end.detail() + ".")
                    .orElse("");
            return "Signed out. " + revocation + " " + provider;
        });
    }

    /** Runs the call that failed again (P9: offered when requests were sent and the budget ran out). */
    public void retry() {
        lastCall.run();
    }

    private void run(Call kind, Supplier<String> call) {
        if (client == null || busy.get()) {
            return;
        }
        if (countdown.runningProperty().get() && kind != Call.SIGN_OUT) {
            return; // P2: it would only be refused; the disabled action says why (P8: sign-out is always possible)
        }
        lastCall = () -> run(kind, call);
        lastCallKind = kind;
        busy.set(true);
        retryOffered.set(false);
        retryAfterPause = false;
        retryHint.set("");
        message.set("");
        background.execute(() -> {
            try {
                String done = call.get();
                ui.execute(() -> finish(done, Tone.SUCCESS));
            } catch (CallFailure failure) {
                ui.execute(() -> advise(failure));
            } catch (RuntimeException unexpected) {
                // E1 promises a typed error; anything else is our bug, shown rather than swallowed.
                ui.execute(() -> finish("Unexpected error (please report it): " + unexpected, Tone.ERROR));
            }
        });
    }

    private void finish(String text, Tone how) {
        busy.set(false);
        wait.cancel();
        message.set(text);
        tone.set(how);
    }

    private void advise(CallFailure failure) {
        busy.set(false);
        wait.cancel();
        FailureAdvice advice = FailureAdvice.of(failure);
        if (advice instanceof FailureAdvice.Countdown) {
            // P2, P9: nothing was sent; the pause's own countdown (started by the Paused state) says how long.
            message.set("Nothing was sent: " + pausedOriginText() + " is paused. The action comes back by itself "
                    + "when the pause ends.");
            tone.set(Tone.WARNING);
        } else if (advice instanceof FailureAdvice.RetryButton
                && countdown.runningProperty().get()) {
            // P1: the call itself started the pause; a retry now would only be refused, so it waits for the end.
            retryAfterPause = true;
            message.set(stripTryAgain(failure.getMessage()) + " Retry comes back when the pause ends.");
            tone.set(Tone.WARNING);
        } else if (advice instanceof FailureAdvice.RetryButton) {
            retryOffered.set(true);
            Optional<String> maybeProcessed = refreshMayHaveBeenProcessed(failure);
            if (maybeProcessed.isPresent()) {
                message.set(maybeProcessed.get());
                retryHint.set("Sends the same refresh token once more. If the provider processed the lost one, "
                        + "it answers invalid_grant and you sign in again (F3).");
                tone.set(Tone.WARNING);
            } else {
                message.set(failure.getMessage());
                retryHint.set("Runs the call again with a fresh budget (B1).");
                tone.set(Tone.ERROR);
            }
        } else if (advice instanceof FailureAdvice.SignInAgain) {
            message.set(failure.getMessage() + " Sign in again.");
            tone.set(Tone.WARNING);
        } else {
            message.set(failure.getMessage());
            tone.set(Tone.ERROR);
        }
    }

    /**
     * F1: a refresh whose request may have reached the provider is not resent by the client; the person must know
     * what Retry does before pressing it, since a rotating provider may already have used up the old token (F3).
     */
    private Optional<String> refreshMayHaveBeenProcessed(CallFailure failure) {
        if (lastCallKind != Call.REFRESH || !(failure instanceof CallFailure.Recoverable recoverable)) {
            return Optional.empty();
        }
        String what;
        if (recoverable.reason() instanceof CallFailure.Network network
                && !network.kind().certainlyNeverLeft()) {
            what = capitalised(network.kind().description());
        } else if (recoverable.reason() instanceof CallFailure.Server server && server.status() != 429) {
            what = "The provider answered " + server.status() + ", which a gateway may send after the provider "
                    + "processed the request";
        } else {
            return Optional.empty();
        }
        return Optional.of(what + ": the refresh may have been processed, so the client did not send it again "
                + "(F1). Retry sends the same refresh token once more: if the provider "
                + "already rotated it, the answer is invalid_grant and you will need to sign in again (F3); if "
                + "not, you get new tokens.");
    }

    private static String capitalised(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /** The failure's own "Try again in 49.966 s" goes stale at once; the live countdown says it instead. */
    private static String stripTryAgain(String text) {
        return text.replaceAll(" Try again in [^)]*\\)\\.", "").replaceAll(" Try again later\\.", "");
    }

    private String pausedOriginText() {
        return pausedOrigin.map(Origin::toString).orElse("the provider");
    }

    // ------------------------------------------------------------------ waits and pauses

    /**
     * RA3, B3, RH13: the client chose to wait before its next attempt, or before sending while a pace holds it: count
     * that wait down where the person looks.
     */
    private void onAttempt(AttemptEvent event) {
        ui.execute(() -> {
            boolean paced = event.verdict() == AttemptEvent.Verdict.PACED;
            if ((event.verdict() != AttemptEvent.Verdict.RETRY && !paced)
                    || event.delay().isEmpty()) {
                wait.cancel();
                return;
            }
            Duration delay = event.delay().get();
            waitEnd = event.at().plus(delay);
            waitThen = paced ? "sending at" : "retrying at";
            waitLead = paced
                    ? "Nothing is left of the provider's quota until its reset; waiting " + Durations.human(delay)
                            + " (" + event.waitHint().orElse("RH13") + ")"
                    : event.retryAfter()
                            .map(asked -> "The provider asked to wait " + Durations.human(asked) + " (RA3)")
                            .orElse("Backing off " + Durations.human(delay) + " with full jitter (B3)");
            wait.start(Duration.between(clock.instant(), waitEnd));
            showWait();
        });
    }

    private void showWait() {
        if (!wait.runningProperty().get()) {
            waitText.set("");
            return;
        }
        waitText.set(waitLead + "; " + waitThen + " " + TIME.format(waitEnd.atZone(ZoneId.systemDefault())) + " (in "
                + wait.secondsLeftProperty().get() + " s).");
    }

    private void startPause(SessionState.Paused paused) {
        pausedOrigin = Optional.of(paused.origin());
        String until = TIME.format(paused.until().atZone(ZoneId.systemDefault()));
        pauseReason.set("Paused: " + paused.origin() + " answered " + paused.status() + " and asked for quiet "
                + "until " + until + " (P1). Nothing is sent to it until then (P2).");
        countdown.start(Duration.between(clock.instant(), paused.until()));
    }

    /** P9: the pause is over: the state, the actions and a held-back retry come back by themselves. */
    private void pauseEnded() {
        pauseReason.set("");
        String origin = pausedOriginText();
        pausedOrigin = Optional.empty();
        if (phase.get() != Phase.PAUSED || client == null) {
            return;
        }
        Optional<Session> session = client.session();
        show(session.<SessionState>map(SessionState.SignedIn::new).orElseGet(SessionState.SignedOut::new));
        if (busy.get()) {
            return;
        }
        if (retryAfterPause && lastCallKind == Call.SIGN_IN) {
            // Sign in is its own retry: a second button for the same thing would only ask which one to press.
            retryAfterPause = false;
            message.set("The pause ended: " + origin + " accepts requests again. Sign in when you are ready.");
        } else if (retryAfterPause) {
            retryAfterPause = false;
            retryOffered.set(true);
            retryHint.set("Runs the call again with a fresh budget (B1).");
            message.set(
                    "The pause ended: " + origin + " accepts requests again. Retry runs the " + callName() + " again.");
        } else {
            message.set("The pause ended: " + origin + " accepts requests again.");
        }
        tone.set(Tone.INFO);
    }

    private String callName() {
        return switch (lastCallKind) {
            case SIGN_IN -> "sign-in";
            case REFRESH -> "refresh";
            case USER_INFO -> "UserInfo read";
            case SIGN_OUT -> "sign-out";
            case NONE -> "call";
        };
    }

    // ------------------------------------------------------------------ state

    private void show(SessionState state) {
        authorizationUrl.set("");
        if (state instanceof SessionState.SignedOut) {
            set(Phase.SIGNED_OUT, "Signed out", "Sign in to see your session.");
            showSession(Optional.empty());
        } else if (state instanceof SessionState.SigningIn signingIn) {
            authorizationUrl.set(signingIn.authorizationUrl().toString());
            set(
                    Phase.SIGNING_IN,
                    "Signing in",
                    signingIn.browserOpened()
                            ? "Finish signing in in your browser. If it did not open, copy the address below."
                            : "No browser could be started: open the address below in a browser to sign in.");
        } else if (state instanceof SessionState.SignedIn signedInState) {
            set(
                    Phase.SIGNED_IN,
                    "Signed in",
                    signedInState
                            .session()
                            .subject()
                            .map(subject -> "As " + subject + ".")
                            // DV9: said plainly in place of claims; the subject is not known without an ID token.
                            .orElse(Session.OAUTH_ONLY + "; the subject is unknown."));
            showSession(Optional.of(signedInState.session()));
        } else if (state instanceof SessionState.Refreshing refreshing) {
            set(Phase.REFRESHING, "Refreshing", "One refresh for every caller (F4).");
            showSession(Optional.of(refreshing.session()));
        } else if (state instanceof SessionState.Paused paused) {
            set(
                    Phase.PAUSED,
                    "Paused",
                    paused.origin() + " answered " + paused.status() + " and asked for quiet "
                            + "until " + TIME.format(paused.until().atZone(ZoneId.systemDefault()))
                            + (paused.session().isPresent()
                                    ? "; nothing is sent to it until then. Your session is kept."
                                    : "; nothing is sent to it until then. Sign in when the pause ends."));
            showSession(paused.session());
            startPause(paused);
        } else if (state instanceof SessionState.Failed failed) {
            set(
                    Phase.FAILED,
                    "Failed",
                    failed.session().isPresent()
                            ? "The last call failed; your session is kept."
                            : "The last call failed.");
            showSession(failed.session());
        }
    }

    private void set(Phase next, String text, String detail) {
        phase.set(next);
        phaseText.set(text);
        phaseDetail.set(detail);
    }

    private void showSession(Optional<Session> session) {
        signedIn.set(session.isPresent());
        openId.set(session.map(Session::openId).orElse(false));
        stopExpiryTicks.run();
        stopExpiryTicks = () -> {};
        if (session.isEmpty()) {
            tokens.clear();
            expiry.set("");
            refreshExpiry.set("");
            userInfo.set("");
            accessExpiresAt = Optional.empty();
            refreshExpiresAt = Optional.empty();
            return;
        }
        TokenSet set = session.get().tokens();
        List<TokenDetails> details = new ArrayList<>();
        String jwks = client.jwksFetchedAt()
                .map(at -> "the provider's JWKS fetched at " + TIME.format(at.atZone(ZoneId.systemDefault())))
                .orElse("the provider's JWKS");
        set.idToken()
                .ifPresent(idToken -> details.add(TokenDetails.of(
                        "ID token",
                        idToken,
                        "Verified by this client: signature ("
                                + TokenDetails.algorithmAndKey(idToken) + ") against " + jwks + ", then iss, aud, "
                                + "exp, iat and nonce.")));
        details.add(TokenDetails.of(
                "Access token",
                set.accessToken(),
                (set.dpopBound() ? "DPoP-bound to this app's key (RFC 9449). " : "Bearer token. ")
                        + "Not checked by this client: the resource server verifies it."));
        set.refreshToken()
                .ifPresent(
                        refresh -> details.add(
                                TokenDetails.of(
                                        "Refresh token",
                                        refresh,
                                        "Opaque to this client; sent only to the token endpoint, and replaced when the provider rotates it.")));
        tokens.setAll(details);
        accessExpiresAt = set.expiresAt();
        refreshExpiresAt = set.refreshExpiresAt();
        hasRefreshToken = set.refreshToken().isPresent();
        tickExpiry();
        if (accessExpiresAt.isPresent() || refreshExpiresAt.isPresent()) {
            stopExpiryTicks = ticker.everySecond(this::tickExpiry);
        }
    }

    private void tickExpiry() {
        expiry.set(accessExpiresAt
                .map(at -> {
                    Duration left = Duration.between(clock.instant(), at);
                    return left.isNegative() || left.isZero()
                            ? "Access token expired " + Durations.format(left.negated())
                                    + " ago: the next call refreshes first."
                            : "Access token expires in " + Durations.ceilSeconds(left) + " s.";
                })
                .orElse("The provider did not say when the access token expires."));
        refreshExpiry.set(refreshExpiryText());
    }

    /** SX3: the refresh token's lifetime, ticking like the access token's, and what its end means for the session. */
    private String refreshExpiryText() {
        if (!hasRefreshToken) {
            return "No refresh token: when the access token expires, sign in again.";
        }
        return refreshExpiresAt
                .map(at -> {
                    Duration left = Duration.between(clock.instant(), at);
                    return left.isNegative() || left.isZero()
                            ? "Refresh token expired " + Durations.format(left.negated())
                                    + " ago: the session cannot be"
                                    + " renewed; sign in again when the access token expires."
                            : "Refresh token expires in " + Durations.ceilSeconds(left) + " s.";
                })
                .orElse("The provider did not say when the refresh token expires.");
    }

    // ------------------------------------------------------------------ bindings

    /**
     * Sign in is possible when no session exists, no call runs, no pause counts down (P3: it would be refused
     * before the browser) and no settings field is refused (C2).
     */
    public BooleanBinding canSignIn() {
        return busy.not()
                .and(signedIn.not())
                .and(countdown.runningProperty().not())
                .and(settings.validProperty());
    }

    /** Refresh and UserInfo are possible with a session, no call running and no pause counting down (P2). */
    public BooleanBinding canAct() {
        return busy.not().and(signedIn).and(countdown.runningProperty().not());
    }

    /** DV10: UserInfo as {@link #canAct()}, and only for a session with an ID token (OpenID Connect). */
    public BooleanBinding canReadUserInfo() {
        return canAct().and(openId);
    }

    /** DV10: sign-out at the provider as {@link #canSignOut()}, and only with an ID token for its id_token_hint. */
    public BooleanBinding canEndSession() {
        return canSignOut().and(openId);
    }

    /** Whether a session is shown (signed in, refreshing, paused or failed with the session kept). */
    public ReadOnlyBooleanProperty signedInProperty() {
        return signedIn.getReadOnlyProperty();
    }

    /** DV9: whether the session has an ID token; false for an OAuth 2.0-only session and when signed out. */
    public ReadOnlyBooleanProperty openIdProperty() {
        return openId.getReadOnlyProperty();
    }

    /** Sign out is possible with a session and no call running, also during a pause (P8). */
    public BooleanBinding canSignOut() {
        return busy.not().and(signedIn);
    }

    /** Why the actions to the provider are disabled, for their tooltip; empty when they are not paused. */
    public ReadOnlyStringProperty pauseReasonProperty() {
        return pauseReason.getReadOnlyProperty();
    }

    /** The in-budget wait before the next attempt, live: "The provider asked to wait 5 s (RA3); retrying at ...". */
    public ReadOnlyStringProperty waitTextProperty() {
        return waitText.getReadOnlyProperty();
    }

    /** What Retry will do, said before it is pressed. */
    public ReadOnlyStringProperty retryHintProperty() {
        return retryHint.getReadOnlyProperty();
    }

    public PauseCountdown waitCountdown() {
        return wait;
    }

    public BooleanBinding signingIn() {
        return Bindings.equal(phase, Phase.SIGNING_IN);
    }

    public ReadOnlyObjectProperty<Phase> phaseProperty() {
        return phase.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty phaseTextProperty() {
        return phaseText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty phaseDetailProperty() {
        return phaseDetail.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty authorizationUrlProperty() {
        return authorizationUrl.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty expiryProperty() {
        return expiry.getReadOnlyProperty();
    }
    /** SX3: the refresh token's lifetime, ticking; what the session can still do when it has run out. */
    public ReadOnlyStringProperty refreshExpiryProperty() {
        return refreshExpiry.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty userInfoProperty() {
        return userInfo.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Tone> toneProperty() {
        return tone.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty retryOfferedProperty() {
        return retryOffered.getReadOnlyProperty();
    }

    public PauseCountdown countdown() {
        return countdown;
    }

    public ObservableList<TokenDetails> tokens() {
        return readOnlyTokens;
    }
}
