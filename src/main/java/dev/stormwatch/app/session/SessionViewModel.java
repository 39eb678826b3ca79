package dev.stormwatch.app.session;

import dev.stormwatch.app.common.Durations;
import dev.stormwatch.app.common.FailureAdvice;
import dev.stormwatch.app.common.PauseCountdown;
import dev.stormwatch.app.common.Ticker;
import dev.stormwatch.http.AttemptListener;
import dev.stormwatch.oauth.LogoutResult;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.Session;
import dev.stormwatch.oauth.SessionState;
import dev.stormwatch.oauth.TokenSet;
import dev.stormwatch.oauth.UserInfo;
import dev.stormwatch.retry.CallFailure;
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
 */
public final class SessionViewModel {

    /** The closed set of states the window colours. */
    public enum Phase { SIGNED_OUT, SIGNING_IN, SIGNED_IN, REFRESHING, PAUSED, FAILED }

    /** How a message reads. */
    public enum Tone { INFO, SUCCESS, WARNING, ERROR }

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final Executor background;
    private final Executor ui;
    private final Clock clock;
    private final Ticker ticker;
    private final AttemptListener attempts;
    private final PauseCountdown countdown;
    private final Consumer<SessionState> stateListener;

    private final ReadOnlyObjectWrapper<Phase> phase = new ReadOnlyObjectWrapper<>(Phase.SIGNED_OUT);
    private final ReadOnlyStringWrapper phaseText = new ReadOnlyStringWrapper("Signed out");
    private final ReadOnlyStringWrapper phaseDetail = new ReadOnlyStringWrapper("Sign in to see your session.");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper signedIn = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper authorizationUrl = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper expiry = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper userInfo = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Tone> tone = new ReadOnlyObjectWrapper<>(Tone.INFO);
    private final ReadOnlyBooleanWrapper retryOffered = new ReadOnlyBooleanWrapper(false);
    private final ObservableList<TokenDetails> tokens = FXCollections.observableArrayList();
    // One wrapper for the life of the model: the wrapper listens weakly, so a fresh one per call would be collected.
    private final ObservableList<TokenDetails> readOnlyTokens = FXCollections.unmodifiableObservableList(tokens);

    private final SettingsViewModel settings;
    private final Function<OAuthConfig, OAuthClient> clients;
    /** Read by a load run's thread too (its token source), hence volatile. */
    private volatile OAuthClient client;
    private Optional<Instant> accessExpiresAt = Optional.empty();
    private Runnable stopExpiryTicks = () -> {};
    private Runnable lastCall = () -> {};

    /**
     * @param clients makes the OAuth client for applied settings; clients it makes share the process's pauses (P4)
     * @param attempts receives every attempt of every call (the request timeline)
     */
    public SessionViewModel(SettingsViewModel settings, Function<OAuthConfig, OAuthClient> clients,
            Executor background, Executor ui, Clock clock, Ticker ticker, AttemptListener attempts) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clients = Objects.requireNonNull(clients, "clients");
        this.background = Objects.requireNonNull(background, "background");
        this.ui = Objects.requireNonNull(ui, "ui");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.ticker = Objects.requireNonNull(ticker, "ticker");
        this.attempts = Objects.requireNonNull(attempts, "attempts");
        this.countdown = new PauseCountdown(clock, ticker);
        this.stateListener = state -> ui.execute(() -> show(state));
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
                    + " (Session tab settings) to use the session in a load run");

    /** Works with this client from now on (new settings make a new client); the old one is let go. */
    public void use(OAuthClient next) {
        if (client != null) {
            client.removeStateListener(stateListener);
            client.removeAttemptListener(attempts);
        }
        client = Objects.requireNonNull(next, "client");
        client.addStateListener(stateListener);
        client.addAttemptListener(attempts);
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
            finish("Settings not applied: a field was refused; its reason is next to it.", Tone.ERROR);
            return false;
        }
        boolean first = client == null;
        if (signedIn.get()) {
            // Another provider or client id cannot use this session's tokens, and signing out sends a revocation,
            // which is the user's call to make (and never work for the UI thread).
            finish("Sign out before you change the settings: this session belongs to the current provider.",
                    Tone.WARNING);
            return false;
        }
        use(clients.apply(config.get()));
        if (!first) {
            finish("Settings applied: the next call goes to " + config.get().issuer().value() + ".", Tone.INFO);
        }
        return true;
    }

    public SettingsViewModel settings() {
        return settings;
    }

    public void signIn() {
        run(() -> {
            Session session = client.login();
            return "Signed in as " + session.claims().subject() + ".";
        });
    }

    /** Stops a sign-in that waits for the browser; its port closes and the state leaves "signing in". */
    public void cancelSignIn() {
        if (client != null) {
            // Closing the loopback socket is quick and never blocks: safe on any thread, also while closing the app.
            client.cancelLogin();
        }
    }

    public void refresh() {
        run(() -> {
            client.refresh();
            return "Tokens refreshed.";
        });
    }

    public void loadUserInfo() {
        run(() -> {
            UserInfo info = client.userInfo();
            String text = PrettyJson.of(info.claims());
            ui.execute(() -> userInfo.set(text));
            return "UserInfo loaded; its subject matches the ID token's.";
        });
    }

    public void signOut() {
        run(() -> {
            LogoutResult result = client.logout();
            if (result.tokenRevoked()) {
                return "Signed out. The provider revoked the token.";
            }
            return "Signed out locally. The token was NOT revoked"
                    + result.revocationError().map(e -> ": " + e.getMessage()).orElse(
                            " (the provider has no revocation endpoint).");
        });
    }

    /** Runs the call that failed again (P9: offered when requests were sent and the budget ran out). */
    public void retry() {
        lastCall.run();
    }

    private void run(Supplier<String> call) {
        if (client == null || busy.get()) {
            return;
        }
        lastCall = () -> run(call);
        busy.set(true);
        retryOffered.set(false);
        countdown.cancel();
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
        message.set(text);
        tone.set(how);
    }

    private void advise(CallFailure failure) {
        busy.set(false);
        FailureAdvice advice = FailureAdvice.of(failure);
        if (advice instanceof FailureAdvice.Countdown pause) {
            // P9: nothing was sent; the action comes back when the pause ends.
            countdown.start(pause.remaining());
            message.set("The provider asked for quiet; nothing was sent. " + failure.getMessage());
            tone.set(Tone.WARNING);
        } else if (advice instanceof FailureAdvice.RetryButton) {
            retryOffered.set(true);
            message.set(failure.getMessage());
            tone.set(Tone.ERROR);
        } else if (advice instanceof FailureAdvice.SignInAgain) {
            message.set(failure.getMessage() + " Sign in again.");
            tone.set(Tone.WARNING);
        } else {
            message.set(failure.getMessage());
            tone.set(Tone.ERROR);
        }
    }

    // ------------------------------------------------------------------ state

    private void show(SessionState state) {
        authorizationUrl.set("");
        if (state instanceof SessionState.SignedOut) {
            set(Phase.SIGNED_OUT, "Signed out", "Sign in to see your session.");
            showSession(Optional.empty());
        } else if (state instanceof SessionState.SigningIn signingIn) {
            authorizationUrl.set(signingIn.authorizationUrl().toString());
            set(Phase.SIGNING_IN, "Signing in", signingIn.browserOpened()
                    ? "Finish signing in in your browser. If it did not open, copy the address below."
                    : "No browser could be started: open the address below in a browser to sign in.");
        } else if (state instanceof SessionState.SignedIn signedInState) {
            set(Phase.SIGNED_IN, "Signed in", "As " + signedInState.session().claims().subject() + ".");
            showSession(Optional.of(signedInState.session()));
        } else if (state instanceof SessionState.Refreshing refreshing) {
            set(Phase.REFRESHING, "Refreshing", "One refresh for every caller (F4).");
            showSession(Optional.of(refreshing.session()));
        } else if (state instanceof SessionState.Paused paused) {
            set(Phase.PAUSED, "Paused", "The provider asked " + paused.origin() + " for quiet (" + paused.status()
                    + ") until " + TIME.format(paused.until().atZone(ZoneId.systemDefault()))
                    + "; requests to it fail at once until then. Your session is kept.");
            showSession(paused.session());
        } else if (state instanceof SessionState.Failed failed) {
            set(Phase.FAILED, "Failed", failed.session().isPresent()
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
        stopExpiryTicks.run();
        stopExpiryTicks = () -> {};
        if (session.isEmpty()) {
            tokens.clear();
            expiry.set("");
            userInfo.set("");
            accessExpiresAt = Optional.empty();
            return;
        }
        TokenSet set = session.get().tokens();
        List<TokenDetails> details = new ArrayList<>();
        String jwks = client.jwksFetchedAt()
                .map(at -> "the provider's JWKS fetched at " + TIME.format(at.atZone(ZoneId.systemDefault())))
                .orElse("the provider's JWKS");
        details.add(TokenDetails.of("ID token", set.idToken(), "Verified by this client: signature ("
                + TokenDetails.algorithmAndKey(set.idToken()) + ") against " + jwks + ", then iss, aud, "
                + "exp, iat and nonce."));
        details.add(TokenDetails.of("Access token", set.accessToken(), (set.dpopBound()
                ? "DPoP-bound to this app's key (RFC 9449). " : "Bearer token. ")
                + "Not checked by this client: the resource server verifies it."));
        set.refreshToken().ifPresent(refresh -> details.add(TokenDetails.of("Refresh token", refresh,
                "Opaque to this client; sent only to the token endpoint, and replaced when the provider rotates it.")));
        tokens.setAll(details);
        accessExpiresAt = set.expiresAt();
        tickExpiry();
        if (accessExpiresAt.isPresent()) {
            stopExpiryTicks = ticker.everySecond(this::tickExpiry);
        }
    }

    private void tickExpiry() {
        expiry.set(accessExpiresAt.map(at -> {
            Duration left = Duration.between(clock.instant(), at);
            return left.isNegative() || left.isZero()
                    ? "Access token expired " + Durations.format(left.negated()) + " ago: the next call refreshes first."
                    : "Access token expires in " + Durations.ceilSeconds(left) + " s.";
        }).orElse("The provider did not say when the access token expires."));
    }


    // ------------------------------------------------------------------ bindings

    /** Sign in is possible when no session exists and no call runs. */
    public BooleanBinding canSignIn() {
        return busy.not().and(signedIn.not());
    }

    /** Refresh, UserInfo and Sign out are possible with a session, no call running and no pause counting down. */
    public BooleanBinding canAct() {
        return busy.not().and(signedIn).and(countdown.runningProperty().not());
    }

    public BooleanBinding signingIn() {
        return Bindings.equal(phase, Phase.SIGNING_IN);
    }

    public ReadOnlyObjectProperty<Phase> phaseProperty() { return phase.getReadOnlyProperty(); }
    public ReadOnlyStringProperty phaseTextProperty() { return phaseText.getReadOnlyProperty(); }
    public ReadOnlyStringProperty phaseDetailProperty() { return phaseDetail.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }
    public ReadOnlyStringProperty authorizationUrlProperty() { return authorizationUrl.getReadOnlyProperty(); }
    public ReadOnlyStringProperty expiryProperty() { return expiry.getReadOnlyProperty(); }
    public ReadOnlyStringProperty userInfoProperty() { return userInfo.getReadOnlyProperty(); }
    public ReadOnlyStringProperty messageProperty() { return message.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<Tone> toneProperty() { return tone.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty retryOfferedProperty() { return retryOffered.getReadOnlyProperty(); }
    public PauseCountdown countdown() { return countdown; }
    public ObservableList<TokenDetails> tokens() { return readOnlyTokens; }
}
