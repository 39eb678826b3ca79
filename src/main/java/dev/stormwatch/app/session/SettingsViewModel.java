package dev.stormwatch.app.session;

import dev.stormwatch.app.common.Durations;
import dev.stormwatch.base.Secret;
import dev.stormwatch.base.SecretFiles;
import dev.stormwatch.http.ClientCertificate;
import dev.stormwatch.http.ProxyRoutes;
import dev.stormwatch.oauth.AuthorizationParameters;
import dev.stormwatch.oauth.ClientAssertionKey;
import dev.stormwatch.oauth.ClientAuthentication;
import dev.stormwatch.oauth.EndSessionMethod;
import dev.stormwatch.oauth.FileSessionStore;
import dev.stormwatch.oauth.Issuer;
import dev.stormwatch.oauth.LoopbackReceiver;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.Profile;
import dev.stormwatch.oauth.ProfileStore;
import dev.stormwatch.oauth.RedirectChoice;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.RetryPolicy;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The OAuth client's settings as the user edits them: text in, an {@link OAuthConfig} out, or a reason next to
 * each refused field (spec C2: refused, never clamped; E1: raised when the settings are made).
 */
public final class SettingsViewModel {

    /** The demo provider's public client, registered by the embedded provider's defaults. */
    public static final String DEMO_CLIENT_ID = "stormwatch-desktop";

    public static final String DEFAULT_SCOPE = "openid profile email offline_access";

    private final StringProperty issuer = new SimpleStringProperty("");
    private final StringProperty clientId = new SimpleStringProperty(DEMO_CLIENT_ID);
    private final StringProperty scope = new SimpleStringProperty(DEFAULT_SCOPE);
    private final BooleanProperty dpop = new SimpleBooleanProperty(false);
    private final ObjectProperty<ClientAuthentication.Method> clientAuth =
            new SimpleObjectProperty<>(ClientAuthentication.Method.NONE);
    /** Kept in memory for this window only: never in a profile, a file or a log (CA2, PF3). */
    private final StringProperty clientSecret = new SimpleStringProperty("");

    private final StringProperty caFile = new SimpleStringProperty("");
    /** PX6, PX7: the explicit proxy (a URL, {@code direct}, or empty for the environment's) and its password. */
    private final StringProperty proxy = new SimpleStringProperty("");
    /** Kept in memory for this window only: never in a profile, a file or a log (PX7, PF3). */
    private final StringProperty proxyPassword = new SimpleStringProperty("");

    private final StringProperty proxyError = new SimpleStringProperty("");
    private final StringProperty clientAuthError = new SimpleStringProperty("");
    private final StringProperty caFileError = new SimpleStringProperty("");
    /** TX1, PF7: the client certificate's PEM file and, when apart, its PKCS#8 key file (paths, never the key). */
    private final StringProperty clientCert = new SimpleStringProperty("");

    private final StringProperty clientCertKey = new SimpleStringProperty("");
    private final StringProperty clientCertError = new SimpleStringProperty("");
    private final StringProperty clientCertKeyError = new SimpleStringProperty("");
    /**
     * UI16: the sign-in choices the command line's session options make, as fields: private_key_jwt's key file and
     * key id (--client-key-file, --client-key-id), extra authorization parameters one name=value a line
     * (--auth-param), the redirect's host and port (--redirect-host, --redirect-port), the browser wait
     * (--timeout), staying signed in and its file (--stay-signed-in, --session-file) and the device grant (--device).
     */
    private final StringProperty clientKeyFile = new SimpleStringProperty("");

    private final StringProperty clientKeyId = new SimpleStringProperty("");
    private final StringProperty clientKeyFileError = new SimpleStringProperty("");
    private final StringProperty clientKeyIdError = new SimpleStringProperty("");
    private final StringProperty authParams = new SimpleStringProperty("");
    private final StringProperty authParamsError = new SimpleStringProperty("");
    private final StringProperty redirectHost =
            new SimpleStringProperty(RedirectChoice.DEFAULT.host().uriHost());
    private final StringProperty redirectHostError = new SimpleStringProperty("");
    private final StringProperty redirectPort = new SimpleStringProperty("0");
    private final StringProperty redirectPortError = new SimpleStringProperty("");
    private final StringProperty browserWait =
            new SimpleStringProperty(Long.toString(LoopbackReceiver.DEFAULT_TIMEOUT.toSeconds()));
    private final StringProperty browserWaitError = new SimpleStringProperty("");
    private final BooleanProperty staySignedIn = new SimpleBooleanProperty(false);
    private final StringProperty sessionFile = new SimpleStringProperty("");
    private final StringProperty sessionFileError = new SimpleStringProperty("");
    private final BooleanProperty device = new SimpleBooleanProperty(false);
    /** SX9, PF11: how Sign out at provider sends its parameters: post (the default) or get. */
    private final StringProperty endSessionMethod = new SimpleStringProperty(EndSessionMethod.DEFAULT.wireName());

    private final StringProperty endSessionMethodError = new SimpleStringProperty("");
    /** The labels of the UI16 fields, so that a refusal names what the person sees (C2). */
    public static final String CLIENT_KEY_FILE_LABEL = "Client key file";

    public static final String CLIENT_KEY_ID_LABEL = "Client key id";
    public static final String AUTH_PARAMS_LABEL = "Extra authorization parameters";
    public static final String REDIRECT_HOST_LABEL = "Redirect host";
    public static final String REDIRECT_PORT_LABEL = "Redirect port";
    public static final String BROWSER_WAIT_LABEL = "Browser wait";
    public static final String SESSION_FILE_LABEL = "Session file";
    public static final String END_SESSION_METHOD_LABEL = "End-session method";
    /** PF8: an e-mail-like account whose host names the issuer by WebFinger; a finder's refusal is said under it. */
    private final StringProperty account = new SimpleStringProperty("");

    private final StringProperty accountError = new SimpleStringProperty("");
    private final BooleanProperty findingIssuer = new SimpleBooleanProperty(false);
    private IssuerFinder issuerFinder = acct -> {
        throw new IllegalStateException("no issuer finder in this window");
    };
    private java.util.concurrent.Executor findOn = Runnable::run;
    private java.util.concurrent.Executor showOn = Runnable::run;
    /** The labels of the certificate fields, so that a refusal names what the person sees (C2). */
    public static final String CLIENT_CERT_LABEL = "Client certificate";

    public static final String CLIENT_CERT_KEY_LABEL = "Client certificate's key file";
    /** The embedded demo provider first, then the saved profiles (PF6). */
    private final ObservableList<String> profiles = FXCollections.observableArrayList(EMBEDDED_PROFILE);

    private final StringProperty profileName = new SimpleStringProperty("");
    private final StringProperty profileError = new SimpleStringProperty("");
    private final Optional<ProfileStore> store;
    private final java.time.Clock clock;
    private String embeddedIssuer = "";
    private final ObjectProperty<PolicyChoice> preset = new SimpleObjectProperty<>(PolicyChoice.DEFAULT);
    private final StringProperty maxAttemptsPerOrigin = new SimpleStringProperty();
    private final StringProperty maxTotalAttempts = new SimpleStringProperty();
    private final StringProperty initialBackoffMs = new SimpleStringProperty();
    private final StringProperty multiplier = new SimpleStringProperty();
    private final StringProperty maxBackoffMs = new SimpleStringProperty();
    private final StringProperty totalBudgetMs = new SimpleStringProperty();

    private final StringProperty issuerError = new SimpleStringProperty("");
    private final StringProperty clientIdError = new SimpleStringProperty("");
    private final StringProperty scopeError = new SimpleStringProperty("");
    /** Each policy field's label, as the settings show it, so that a reason names what the person sees. */
    static final Map<String, String> LABELS = orderedLabels();

    private final Map<String, StringProperty> policyErrors = Map.of(
            "maxAttemptsPerOrigin", new SimpleStringProperty(""),
            "maxTotalAttempts", new SimpleStringProperty(""),
            "initialBackoff", new SimpleStringProperty(""),
            "multiplier", new SimpleStringProperty(""),
            "maxBackoff", new SimpleStringProperty(""),
            "totalBudget", new SimpleStringProperty(""));

    private final ReadOnlyBooleanWrapper valid = new ReadOnlyBooleanWrapper(false);
    private boolean filling;

    /** The chooser's first entry: the embedded demo provider, always there (PF6). */
    public static final String EMBEDDED_PROFILE = "Embedded demo provider";

    /** Settings without saved profiles (the chooser holds the embedded demo provider only). */
    public SettingsViewModel() {
        this(Optional.empty());
    }

    /** Settings whose chooser lists the profiles saved in {@code store} after the embedded demo provider (PF6). */
    public SettingsViewModel(Optional<ProfileStore> store) {
        this(store, java.time.Clock.systemUTC());
    }

    /**
     * As above, with the clock that says whether a client certificate is valid now (TX1, TX3).
     */
    public SettingsViewModel(Optional<ProfileStore> store, java.time.Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
        store.ifPresent(s -> {
            try {
                s.list().forEach(p -> profiles.add(p.name()));
            } catch (CallFailure.Configuration unreadable) {
                profileError.set("Saved profiles cannot be read: " + unreadable.getMessage());
            }
        });
        fill(RetryPolicy.DEFAULT);
        preset.addListener((obs, old, chosen) -> chosen.policy().ifPresent(this::fill));
        for (StringProperty field : new StringProperty[] {
            maxAttemptsPerOrigin, maxTotalAttempts, initialBackoffMs, multiplier, maxBackoffMs, totalBudgetMs
        }) {
            field.addListener((obs, old, now) -> {
                if (!filling) {
                    preset.set(PolicyChoice.CUSTOM);
                }
            });
        }
        // Every field is checked as it is typed: a reason appears at once, and goes when the field is corrected.
        for (javafx.beans.Observable field : new javafx.beans.Observable[] {
            issuer,
            clientId,
            scope,
            dpop,
            clientAuth,
            clientSecret,
            caFile,
            proxy,
            proxyPassword,
            clientCert,
            clientCertKey,
            clientKeyFile,
            clientKeyId,
            authParams,
            redirectHost,
            redirectPort,
            browserWait,
            staySignedIn,
            sessionFile,
            endSessionMethod,
            profileName,
            maxAttemptsPerOrigin,
            maxTotalAttempts,
            initialBackoffMs,
            multiplier,
            maxBackoffMs,
            totalBudgetMs
        }) {
            field.addListener(o -> {
                if (!filling) {
                    toConfig();
                }
            });
        }
        toConfig();
    }

    private void fill(RetryPolicy policy) {
        filling = true;
        maxAttemptsPerOrigin.set(Integer.toString(policy.maxAttemptsPerOrigin()));
        maxTotalAttempts.set(Integer.toString(policy.maxTotalAttempts()));
        initialBackoffMs.set(Long.toString(policy.initialBackoff().toMillis()));
        multiplier.set(Double.toString(policy.multiplier()));
        maxBackoffMs.set(Long.toString(policy.maxBackoff().toMillis()));
        totalBudgetMs.set(Long.toString(policy.totalBudget().toMillis()));
        filling = false;
        toConfig();
    }

    /**
     * Checks every field and builds the settings. Every refused field gets its reason at once, in the words of
     * its label; nothing is clamped (C2).
     *
     * @return the settings, or empty when a field was refused
     */
    public Optional<OAuthConfig> toConfig() {
        Map<StringProperty, String> refused = new LinkedHashMap<>();
        Optional<Issuer> parsedIssuer = issuer(refused);
        String id = clientId.get() == null ? "" : clientId.get().trim();
        if (id.isEmpty()) {
            refused.put(
                    clientIdError,
                    "Client id is empty: type the client id registered at the provider " + "(the demo provider's is "
                            + DEMO_CLIENT_ID + ").");
        }
        String scopes = scope.get() == null ? "" : scope.get().trim().replaceAll("\\s+", " ");
        // DV9: without openid the session is OAuth 2.0 only (no ID token), the person's choice; empty asks for nothing.
        if (scopes.isEmpty()) {
            refused.put(
                    scopeError,
                    "Scopes are empty: type openid for a session with an ID token, for example \"" + DEFAULT_SCOPE
                            + "\", or the API's scopes alone (such as \"message.read\") for an OAuth 2.0-only"
                            + " session.");
        }
        Optional<RetryPolicy> policy = toPolicy(refused);
        Optional<ClientCertificate> certificate = clientCertificate(refused);
        Optional<ClientAuthentication> authentication = clientAuthentication(refused, certificate);
        trustedCaFile(refused);
        proxyRoutes(ProxyRoutes.DIRECT, refused);
        Optional<AuthorizationParameters> parameters = authorizationParameters(refused);
        Optional<RedirectChoice> redirect = redirectChoice(refused);
        Optional<Duration> wait = browserWait(refused);
        Optional<Optional<Path>> keptIn = sessionFile(refused);
        endSessionMethod(refused);
        Optional<OAuthConfig> config = Optional.empty();
        if (refused.isEmpty()) {
            try {
                config = Optional.of(OAuthConfig.of(parsedIssuer.orElseThrow().value(), id)
                        .withScope(scopes)
                        .withDpop(dpop.get())
                        .withRetryPolicy(policy.orElseThrow())
                        .withClientAuthentication(authentication.orElseThrow())
                        .withAuthorizationParameters(parameters.orElseThrow())
                        .withRedirectChoice(redirect.orElseThrow())
                        .withLoopbackTimeout(wait.orElseThrow())
                        .withSessionFile(keptIn.orElseThrow()));
            } catch (CallFailure.Configuration other) {
                // A rule of the client this view does not know by name: shown as the client words it.
                refused.put(issuerError, other.getMessage());
            }
        }
        for (StringProperty error : allErrors()) {
            error.set(refused.getOrDefault(error, ""));
        }
        valid.set(config.isPresent());
        return config;
    }

    /** One line naming every refused field, for a message away from the fields. */
    public String refusedSummary() {
        List<String> names = new ArrayList<>();
        if (!issuerError.get().isEmpty()) names.add("Issuer");
        if (!clientIdError.get().isEmpty()) names.add("Client id");
        if (!scopeError.get().isEmpty()) names.add("Scopes");
        if (!clientAuthError.get().isEmpty()) names.add("Client authentication");
        if (!caFileError.get().isEmpty()) names.add("CA file");
        if (!proxyError.get().isEmpty()) names.add(PROXY_LABEL);
        if (!clientCertError.get().isEmpty()) names.add(CLIENT_CERT_LABEL);
        if (!clientCertKeyError.get().isEmpty()) names.add(CLIENT_CERT_KEY_LABEL);
        if (!clientKeyFileError.get().isEmpty()) names.add(CLIENT_KEY_FILE_LABEL);
        if (!clientKeyIdError.get().isEmpty()) names.add(CLIENT_KEY_ID_LABEL);
        if (!authParamsError.get().isEmpty()) names.add(AUTH_PARAMS_LABEL);
        if (!redirectHostError.get().isEmpty()) names.add(REDIRECT_HOST_LABEL);
        if (!redirectPortError.get().isEmpty()) names.add(REDIRECT_PORT_LABEL);
        if (!browserWaitError.get().isEmpty()) names.add(BROWSER_WAIT_LABEL);
        if (!sessionFileError.get().isEmpty()) names.add(SESSION_FILE_LABEL);
        if (!endSessionMethodError.get().isEmpty()) names.add(END_SESSION_METHOD_LABEL);
        for (Map.Entry<String, String> label : LABELS.entrySet()) {
            if (!policyErrors.get(label.getKey()).get().isEmpty()) {
                names.add(label.getValue());
            }
        }
        return (names.size() == 1 ? "this field is refused: " : "these fields are refused: ") + String.join(", ", names)
                + ". The reason is under each.";
    }

    /** CA1: the method and the secret as typed; a secret that does not fit the method is refused, not dropped. */
    private Optional<ClientAuthentication> clientAuthentication(
            Map<StringProperty, String> refused, Optional<ClientCertificate> certificate) {
        String typed = clientSecret.get() == null ? "" : clientSecret.get().strip();
        Optional<Secret> secret = typed.isEmpty() ? Optional.empty() : Optional.of(Secret.of(typed));
        ClientAuthentication.Method method =
                clientAuth.get() == null ? ClientAuthentication.Method.NONE : clientAuth.get();
        if (!text(clientKeyFile).isEmpty() || method == ClientAuthentication.Method.PRIVATE_KEY_JWT) {
            return keyAuthentication(refused, method, secret, certificate);
        }
        if (!text(clientKeyId).isEmpty()) {
            refused.put(
                    clientKeyIdError,
                    CLIENT_KEY_ID_LABEL + " names the key of the " + CLIENT_KEY_FILE_LABEL
                            + ", which is empty: choose the key file too, or clear the key id (CA4).");
            return Optional.empty();
        }
        if (method.mutualTls()) {
            // TX3: the certificate proves the client; its absence is said under the certificate's own field.
            if (text(clientCert).isEmpty()) {
                refused.put(
                        clientCertError,
                        CLIENT_CERT_LABEL + " is empty: Client authentication " + method.wireName()
                                + " proves the client with a certificate; choose its PEM file (TX3).");
                return Optional.empty();
            }
            if (secret.isPresent()) {
                refused.put(
                        clientAuthError,
                        "A client secret was typed but Client authentication is " + method.wireName()
                                + ", which proves the client with its certificate: clear the secret (TX3).");
                return Optional.empty();
            }
            if (certificate.isEmpty()) {
                return Optional.empty(); // refused under the certificate's fields
            }
        }
        if (!text(clientCert).isEmpty() && certificate.isEmpty()) {
            return Optional.empty(); // refused under the certificate's fields
        }
        if (method == ClientAuthentication.Method.NONE && secret.isPresent()) {
            refused.put(
                    clientAuthError,
                    "A client secret was typed but Client authentication is none: choose"
                            + " client_secret_basic, client_secret_post or auto, or clear the secret (CA1).");
            return Optional.empty();
        }
        try {
            return Optional.of(new ClientAuthentication(method, secret, Optional.empty(), certificate));
        } catch (CallFailure.Configuration rule) {
            refused.put(clientAuthError, "Client authentication: " + rule.getMessage() + " (CA1).");
            return Optional.empty();
        }
    }

    /**
     * CA4, UI16: private_key_jwt with the key of the Client key file, read and checked as the command line's
     * {@code --client-key-file} is ({@link ClientAssertionKey#read}), each refusal under the key file's field.
     */
    private Optional<ClientAuthentication> keyAuthentication(
            Map<StringProperty, String> refused,
            ClientAuthentication.Method method,
            Optional<Secret> secret,
            Optional<ClientCertificate> certificate) {
        String file = text(clientKeyFile);
        if (file.isEmpty()) {
            refused.put(
                    clientKeyFileError,
                    CLIENT_KEY_FILE_LABEL + " is empty: Client authentication private_key_jwt"
                            + " signs with the client's private key; choose its PKCS#8 PEM or private JWK file, or make one"
                            + " with 'stormwatch client-key --generate FILE' (CA4).");
            return Optional.empty();
        }
        if (method != ClientAuthentication.Method.PRIVATE_KEY_JWT && method != ClientAuthentication.Method.AUTO) {
            refused.put(
                    clientKeyFileError,
                    CLIENT_KEY_FILE_LABEL + " is private_key_jwt's, but Client authentication" + " is "
                            + method.wireName() + ": choose private_key_jwt or auto, or clear the key file (CA4).");
            return Optional.empty();
        }
        if (secret.isPresent()) {
            refused.put(
                    clientAuthError,
                    "A client secret was typed beside the " + CLIENT_KEY_FILE_LABEL
                            + ": private_key_jwt signs with the key; clear the secret or the key file (CA4).");
            return Optional.empty();
        }
        if (!text(clientCert).isEmpty() && certificate.isEmpty()) {
            return Optional.empty(); // refused under the certificate's fields
        }
        Path path;
        try {
            path = Path.of(file);
        } catch (InvalidPathException e) {
            refused.put(
                    clientKeyFileError,
                    CLIENT_KEY_FILE_LABEL + " '" + file + "' is not a path: " + e.getReason() + " (CA4).");
            return Optional.empty();
        }
        String kid = text(clientKeyId);
        try {
            ClientAssertionKey key = ClientAssertionKey.read(path, kid.isEmpty() ? Optional.empty() : Optional.of(kid));
            return Optional.of(new ClientAuthentication(method, Optional.empty(), Optional.of(key), certificate));
        } catch (IllegalArgumentException e) {
            // The reader's words say what the file holds and what to give instead, never its content (CA4).
            refused.put(clientKeyFileError, CLIENT_KEY_FILE_LABEL + " " + e.getMessage() + " (CA4).");
            return Optional.empty();
        } catch (CallFailure.Configuration e) {
            refused.put(clientAuthError, "Client authentication: " + e.getMessage() + " (CA4).");
            return Optional.empty();
        }
    }

    /** AR1, UI16: one name=value a line, read by the parser of the command line's repeated --auth-param. */
    private Optional<AuthorizationParameters> authorizationParameters(Map<StringProperty, String> refused) {
        List<String> items = text(authParams)
                .lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .toList();
        try {
            return Optional.of(AuthorizationParameters.parse(items));
        } catch (CallFailure.Configuration e) {
            refused.put(
                    authParamsError,
                    AUTH_PARAMS_LABEL + ": " + e.getMessage().replace("use --scope", "use the Scopes field")
                            + "; write one name=value a line, such as prompt=login (AR1).");
            return Optional.empty();
        }
    }

    /** AR2, AR3, UI16: the redirect's host and port, read as --redirect-host and --redirect-port are. */
    private Optional<RedirectChoice> redirectChoice(Map<StringProperty, String> refused) {
        Optional<RedirectChoice.Host> host;
        try {
            host = Optional.of(RedirectChoice.Host.parse(text(redirectHost)));
        } catch (IllegalArgumentException e) {
            refused.put(
                    redirectHostError,
                    REDIRECT_HOST_LABEL + " " + e.getMessage()
                            + ": 127.0.0.1 is RFC 8252's default; localhost or [::1] only where the registration names it"
                            + " (AR2, AR3).");
            host = Optional.empty();
        }
        String portText = text(redirectPort);
        int port;
        try {
            port = portText.isEmpty() ? 0 : Integer.parseInt(portText);
        } catch (NumberFormatException e) {
            refused.put(
                    redirectPortError,
                    REDIRECT_PORT_LABEL + " '" + portText + "' is not a whole number: type the"
                            + " registered port from 1 to 65535, or 0 for any free port (AR2).");
            return Optional.empty();
        }
        try {
            RedirectChoice choice = new RedirectChoice(host.orElse(RedirectChoice.Host.IPV4), port);
            return host.map(h -> choice);
        } catch (CallFailure.Configuration e) {
            refused.put(redirectPortError, REDIRECT_PORT_LABEL + " " + e.getMessage() + " (AR2).");
            return Optional.empty();
        }
    }

    /**
     * SX9: the method Sign out at provider uses, as typed: post or get, read as {@code --end-session-method} is;
     * empty while the field is refused (its reason is under it).
     */
    public Optional<EndSessionMethod> endSessionMethod() {
        return endSessionMethod(new LinkedHashMap<>());
    }

    private Optional<EndSessionMethod> endSessionMethod(Map<StringProperty, String> refused) {
        try {
            return Optional.of(EndSessionMethod.parse(text(endSessionMethod), END_SESSION_METHOD_LABEL));
        } catch (IllegalArgumentException e) {
            refused.put(endSessionMethodError, e.getMessage() + ".");
            return Optional.empty();
        }
    }

    /** UI16: how long a sign-in waits for the browser, in the forms --timeout takes. */
    private Optional<Duration> browserWait(Map<StringProperty, String> refused) {
        String typed = text(browserWait);
        try {
            Duration wait = dev.stormwatch.base.DurationText.parse(typed);
            if (wait.isZero() || wait.isNegative()) {
                refused.put(
                        browserWaitError,
                        BROWSER_WAIT_LABEL + " must be more than 0 s: type how long a sign-in"
                                + " waits for the browser, such as 300 (five minutes) (UI16).");
                return Optional.empty();
            }
            return Optional.of(wait);
        } catch (IllegalArgumentException e) {
            refused.put(
                    browserWaitError,
                    BROWSER_WAIT_LABEL
                            + (typed.isEmpty()
                                    ? " is empty: write " + dev.stormwatch.base.DurationText.FORMS
                                    : " " + e.getMessage())
                            + " (UI16).");
            return Optional.empty();
        }
    }

    /**
     * PF4, UI16: where the session is kept between runs. The Session file when typed (it implies staying signed
     * in); else, with Stay signed in, the chosen profile's own file, or the default file without a profile.
     */
    private Optional<Optional<Path>> sessionFile(Map<StringProperty, String> refused) {
        String typed = text(sessionFile);
        if (!typed.isEmpty()) {
            try {
                Path path = Path.of(typed);
                if (Files.isDirectory(path)) {
                    refused.put(
                            sessionFileError,
                            SESSION_FILE_LABEL + " '" + typed + "' is a folder: type the path" + " of a file, such as "
                                    + path.resolve("session.json") + " (PF4).");
                    return Optional.empty();
                }
                return Optional.of(Optional.of(path.toAbsolutePath()));
            } catch (InvalidPathException e) {
                refused.put(
                        sessionFileError,
                        SESSION_FILE_LABEL + " '" + typed + "' is not a path: " + e.getReason() + " (PF4).");
                return Optional.empty();
            }
        }
        if (!staySignedIn.get()) {
            return Optional.of(Optional.empty());
        }
        String name = text(profileName);
        if (store.isPresent() && !name.isEmpty()) {
            try {
                return Optional.of(Optional.of(store.get().sessionFile(name)));
            } catch (CallFailure.Configuration notAName) {
                // A name the profile field refuses on saving; the session goes to the default file meanwhile.
            }
        }
        return Optional.of(Optional.of(FileSessionStore.defaultLocation()));
    }

    /** TL2: the CA file, when one is typed, must be a readable file; its certificates are read when applied. */
    private Optional<Path> trustedCaFile(Map<StringProperty, String> refused) {
        String text = caFile.get() == null ? "" : caFile.get().trim();
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            Path path = Path.of(text);
            if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
                refused.put(
                        caFileError,
                        "CA file '" + text + "' is not a readable file: type the path of a PEM file"
                                + " with the CA's certificate, or leave it empty to trust the platform's authorities (TL2).");
                return Optional.empty();
            }
            // The certificates are read now, so a file with none is refused here, under its field.
            dev.stormwatch.http.TrustedCertificates.trusting(new okhttp3.OkHttpClient(), path, "CA file");
            return Optional.of(path);
        } catch (InvalidPathException e) {
            refused.put(caFileError, "CA file '" + text + "' is not a path: " + e.getReason() + " (TL2).");
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            refused.put(caFileError, e.getMessage() + " (TL2).");
            return Optional.empty();
        }
    }

    /**
     * TX3: the client certificate and its key, read and checked as the command line's {@code --client-cert} and
     * {@code --client-cert-key} are (TX1), each refusal said under the field it is about, in that field's words.
     */
    private Optional<ClientCertificate> clientCertificate(Map<StringProperty, String> refused) {
        String certText = text(clientCert);
        String keyText = text(clientCertKey);
        if (certText.isEmpty()) {
            if (!keyText.isEmpty()) {
                refused.put(
                        clientCertKeyError,
                        CLIENT_CERT_KEY_LABEL + " is the key of the " + CLIENT_CERT_LABEL
                                + ", which is empty: choose the certificate too, or clear the key file (TX3).");
            }
            return Optional.empty();
        }
        Path certPath;
        Optional<Path> keyPath;
        try {
            certPath = Path.of(certText);
        } catch (InvalidPathException e) {
            refused.put(
                    clientCertError,
                    CLIENT_CERT_LABEL + " '" + certText + "' is not a path: " + e.getReason() + " (TX3).");
            return Optional.empty();
        }
        try {
            keyPath = keyText.isEmpty() ? Optional.empty() : Optional.of(Path.of(keyText));
        } catch (InvalidPathException e) {
            refused.put(
                    clientCertKeyError,
                    CLIENT_CERT_KEY_LABEL + " '" + keyText + "' is not a path: " + e.getReason() + " (TX3).");
            return Optional.empty();
        }
        // The key's field, or the certificate's when the key sits in the certificate's file.
        StringProperty keyError = keyPath.isPresent() ? clientCertKeyError : clientCertError;
        String keyLabel = keyPath.isPresent() ? CLIENT_CERT_KEY_LABEL : CLIENT_CERT_LABEL;
        try {
            // PF5's rule: a key that others may read is no longer the client's alone.
            SecretFiles.requireOwnerOnly(keyPath.orElse(certPath), keyLabel);
        } catch (IllegalArgumentException e) {
            refused.put(keyError, e.getMessage() + " (TX3).");
            return Optional.empty();
        } catch (java.io.IOException e) {
            refused.put(
                    keyError,
                    keyLabel + " " + keyPath.orElse(certPath) + " is not a readable file: choose the"
                            + " PEM file of the certificate's PKCS#8 key (TX3).");
            return Optional.empty();
        }
        try {
            return Optional.of(ClientCertificate.read(
                    certPath, keyPath, CLIENT_CERT_LABEL, CLIENT_CERT_KEY_LABEL, clock.instant()));
        } catch (ClientCertificate.Unusable e) {
            boolean aboutKey = switch (e.problem()) {
                case NO_KEY, KEY_FORMAT, KEY_MISMATCH -> true;
                case UNREADABLE -> e.getMessage().startsWith(CLIENT_CERT_KEY_LABEL);
                default -> false;
            };
            refused.put(aboutKey ? keyError : clientCertError, e.getMessage() + " (TX3).");
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            refused.put(clientCertError, e.getMessage() + " (TX3).");
            return Optional.empty();
        }
    }

    /**
     * The choices the client factory reads besides the config (CA file, proxy and its password): a sign-in makes a
     * new client when they changed since the last apply, as it does for the config. Compared, never shown.
     */
    public Object transportChoices() {
        // The password as a Secret: compared whole (two passwords of one hash are two choices), never printed.
        return java.util.List.of(
                text(caFile), text(proxy), Secret.of(proxyPassword.get() == null ? "" : proxyPassword.get()));
    }

    /** The Proxy field's label, named in its refusals. */
    public static final String PROXY_LABEL = "Proxy";

    /**
     * PX6, PX7: the routes the fields choose: the environment's when the Proxy field is empty, none for
     * {@code direct}, else the typed proxy with the Proxy password (when its URL names a user and no password).
     */
    public ProxyRoutes proxyRoutes(ProxyRoutes environment) {
        return proxyRoutes(environment, new LinkedHashMap<>());
    }

    private ProxyRoutes proxyRoutes(ProxyRoutes environment, Map<StringProperty, String> refused) {
        String typed = text(proxy);
        String password = proxyPassword.get() == null ? "" : proxyPassword.get();
        try {
            ProxyRoutes routes = ProxyRoutes.explicit(
                    typed, password.isEmpty() ? Optional.empty() : Optional.of(password), PROXY_LABEL, environment);
            if (!password.isEmpty()
                    && (typed.isEmpty()
                            || ProxyRoutes.DIRECT_WORD.equalsIgnoreCase(typed)
                            || routes.https()
                                    .flatMap(ProxyRoutes.ProxyUrl::user)
                                    .isEmpty())) {
                refused.put(
                        proxyError,
                        "A proxy password was typed but " + PROXY_LABEL + " names no user: type the proxy as"
                                + " http://user@host:port, or clear the password (PX7).");
            }
            return routes;
        } catch (IllegalArgumentException e) {
            refused.put(proxyError, e.getMessage() + " (PX6).");
            return environment;
        }
    }

    /** The PEM file whose certificates the applied settings trust on top of the platform's (TL2), if any. */
    public Optional<Path> caFile() {
        return trustedCaFile(new LinkedHashMap<>());
    }

    /** PF8: finds the issuer named by an account's host (WebFinger), or throws a Configuration error to show. */
    @FunctionalInterface
    public interface IssuerFinder {
        String issuerFor(String account);
    }

    /** PF8: how the Account field finds an issuer, on which executor it asks, and where its answer is shown. */
    public void issuerFinder(
            IssuerFinder finder, java.util.concurrent.Executor background, java.util.concurrent.Executor ui) {
        this.issuerFinder = Objects.requireNonNull(finder);
        this.findOn = Objects.requireNonNull(background);
        this.showOn = Objects.requireNonNull(ui);
    }

    /**
     * PF8: asks the account's host for its issuer off the UI thread and fills the Issuer field with it; a refusal
     * (not an account, no WebFinger, no issuer link) is said under the Account field and the Issuer is left as it was.
     */
    public void findIssuer() {
        String typed = text(account);
        if (typed.isEmpty()) {
            accountError.set("Account is empty: type one like alice@example.com, whose host names the issuer (PF8).");
            return;
        }
        accountError.set("");
        findingIssuer.set(true);
        findOn.execute(() -> {
            String found = null;
            String refused = null;
            try {
                found = issuerFinder.issuerFor(typed);
            } catch (CallFailure.Configuration | IllegalArgumentException e) {
                refused = e.getMessage() + " (PF8).";
            }
            String issuerFound = found;
            String reason = refused;
            showOn.execute(() -> {
                findingIssuer.set(false);
                if (issuerFound != null) {
                    issuer.set(issuerFound);
                } else {
                    accountError.set(reason);
                }
            });
        });
    }

    public StringProperty accountProperty() {
        return account;
    }

    public StringProperty accountErrorProperty() {
        return accountError;
    }

    public BooleanProperty findingIssuerProperty() {
        return findingIssuer;
    }

    /** Tells the chooser where the embedded demo provider listens, once it runs. */
    public void embeddedIssuer(String issuerUrl) {
        embeddedIssuer = Objects.requireNonNull(issuerUrl);
    }

    /**
     * PF6: fills every field from the chosen profile (the embedded demo provider's defaults for the first entry);
     * the secret field is cleared, since a profile holds none. The fields are applied as usual (Apply, Sign in).
     */
    public void choose(String name) {
        profileError.set("");
        if (EMBEDDED_PROFILE.equals(name)) {
            issuer.set(embeddedIssuer);
            clientId.set(DEMO_CLIENT_ID);
            scope.set(DEFAULT_SCOPE);
            clientAuth.set(ClientAuthentication.Method.NONE);
            caFile.set("");
            clientCert.set("");
            clientCertKey.set("");
            fillSignIn(Profile.of(EMBEDDED_PROFILE_NAME, "http://127.0.0.1/", DEMO_CLIENT_ID));
            dpop.set(false);
            clientSecret.set("");
            proxy.set("");
            proxyPassword.set("");
            endSessionMethod.set(EndSessionMethod.DEFAULT.wireName());
            choosePolicy(RetryPolicy.DEFAULT);
            profileName.set("");
            return;
        }
        Optional<Profile> profile;
        try {
            profile = store.flatMap(s -> s.find(name));
        } catch (CallFailure.Configuration unreadable) {
            profileError.set("Profile '" + name + "' cannot be read: " + unreadable.getMessage());
            return;
        }
        if (profile.isEmpty()) {
            profileError.set("Profile '" + name + "' is no longer saved.");
            return;
        }
        Profile p = profile.get();
        issuer.set(p.issuer());
        clientId.set(p.clientId());
        scope.set(p.scope());
        clientAuth.set(p.clientAuth());
        caFile.set(p.caFile().map(Path::toString).orElse(""));
        clientCert.set(p.clientCert().map(Path::toString).orElse(""));
        clientCertKey.set(p.clientCertPkcs8().map(Path::toString).orElse(""));
        fillSignIn(p);
        dpop.set(p.dpop());
        clientSecret.set("");
        proxy.set(p.proxy()); // PX7: the password is typed again; a profile holds none
        proxyPassword.set("");
        endSessionMethod.set(p.endSessionMethod().wireName()); // PF11
        choosePolicy(p.retryPolicy());
        profileName.set(p.name());
    }

    /** PF10: a profile's retry policy into its fields, under its preset's name when it is one, else Custom. */
    private void choosePolicy(RetryPolicy policy) {
        PolicyChoice named = java.util.Arrays.stream(PolicyChoice.values())
                .filter(c -> c.policy().equals(Optional.of(policy)))
                .findFirst()
                .orElse(PolicyChoice.CUSTOM);
        if (named == PolicyChoice.CUSTOM) {
            fill(policy);
            preset.set(PolicyChoice.CUSTOM);
        } else {
            preset.set(named);
            fill(policy); // also when the preset was chosen already and its fields were edited since
        }
    }

    /** The profile name the embedded entry's defaults are read from; never saved. */
    private static final String EMBEDDED_PROFILE_NAME = "embedded";

    /** PF9, UI16: the sign-in choices of a profile into their fields; the session file stays the profile's own. */
    private void fillSignIn(Profile p) {
        clientKeyFile.set(p.clientAssertionFile().map(Path::toString).orElse(""));
        clientKeyId.set(p.clientAssertionKid().orElse(""));
        authParams.set(String.join(
                "\n",
                p.authorizationParameters().values().entrySet().stream()
                        .sorted(Map.Entry.comparingByKey())
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .toList()));
        redirectHost.set(p.redirectChoice().host().uriHost());
        redirectPort.set(Integer.toString(p.redirectChoice().port()));
        browserWait.set(Long.toString(p.browserWait().toSeconds()));
        staySignedIn.set(p.staySignedIn());
        sessionFile.set("");
        device.set(p.device());
    }

    /**
     * PF6: saves the fields as shown under the typed name (replacing a profile of that name), never the secret;
     * a refused name or field says why under the profile name and nothing is saved.
     *
     * @return whether it was saved
     */
    public boolean saveProfile() {
        String name = profileName.get() == null ? "" : profileName.get().trim();
        if (store.isEmpty()) {
            profileError.set("Profiles cannot be saved in this window.");
            return false;
        }
        Optional<OAuthConfig> config = toConfig();
        if (config.isEmpty()) {
            profileError.set("Not saved: " + refusedSummary());
            return false;
        }
        try {
            String kid = text(clientKeyId);
            // PF9: the sign-in choices as the config holds them, so a profile means what the fields meant.
            Profile profile = new Profile(
                    name,
                    issuer.get().trim(),
                    clientId.get().trim(),
                    scope.get().trim().replaceAll("\\s+", " "),
                    clientAuth.get(),
                    caFile(),
                    dpop.get(),
                    optionalPath(clientCert),
                    optionalPath(clientCertKey),
                    config.get().authorizationParameters(),
                    config.get().redirectChoice(),
                    config.get().loopbackTimeout(),
                    optionalPath(clientKeyFile),
                    kid.isEmpty() ? Optional.empty() : Optional.of(kid),
                    staySignedIn.get() || !text(sessionFile).isEmpty(),
                    device.get(),
                    ProxyRoutes.withoutPassword(text(proxy), PROXY_LABEL),
                    config.get().retryPolicy(), // PF10: the policy as the fields make it
                    endSessionMethod().orElseThrow()); // PF11: checked by toConfig above
            store.get().save(profile);
            if (!profiles.contains(profile.name())) {
                profiles.add(profile.name());
            }
            profileError.set("");
            return true;
        } catch (CallFailure.Configuration refusedName) {
            profileError.set("Not saved: " + refusedName.getMessage() + ".");
            return false;
        }
    }

    /** A field's path, made absolute so that a saved profile means the same file wherever it is used (PF7). */
    private static Optional<Path> optionalPath(StringProperty field) {
        String value = text(field);
        return value.isEmpty() ? Optional.empty() : Optional.of(Path.of(value).toAbsolutePath());
    }

    private Optional<Issuer> issuer(Map<StringProperty, String> refused) {
        String text = issuer.get() == null ? "" : issuer.get().trim();
        if (text.isEmpty()) {
            refused.put(issuerError, "Issuer is empty: type the provider's URL, like https://login.example.com.");
            return Optional.empty();
        }
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            refused.put(
                    issuerError,
                    "Issuer '" + text + "' is not a URL: type one like https://login.example.com"
                            + (text.contains(" ") ? " (without spaces)." : "."));
            return Optional.empty();
        }
        if (uri.getScheme() == null || uri.getHost() == null) {
            refused.put(
                    issuerError,
                    "Issuer '" + text + "' is not a full URL: type one with https:// and a host, "
                            + "like https://login.example.com.");
            return Optional.empty();
        }
        try {
            return Optional.of(new Issuer(text));
        } catch (CallFailure.Configuration rule) {
            refused.put(issuerError, "Issuer: " + rule.getMessage().replaceFirst("^issuer '[^']*' ", "") + ".");
            return Optional.empty();
        }
    }

    private Optional<RetryPolicy> toPolicy(Map<StringProperty, String> refused) {
        Optional<Long> perOrigin =
                whole(refused, "maxAttemptsPerOrigin", maxAttemptsPerOrigin, 1, RetryPolicy.LIMIT_ATTEMPTS_PER_ORIGIN);
        Optional<Long> total =
                whole(refused, "maxTotalAttempts", maxTotalAttempts, 1, RetryPolicy.LIMIT_TOTAL_ATTEMPTS);
        Optional<Duration> initial = millis(refused, "initialBackoff", initialBackoffMs, Duration.ofDays(1));
        Optional<Double> mult = multiplier(refused);
        Optional<Duration> max = millis(refused, "maxBackoff", maxBackoffMs, RetryPolicy.LIMIT_MAX_BACKOFF);
        Optional<Duration> budget = millis(refused, "totalBudget", totalBudgetMs, RetryPolicy.LIMIT_TOTAL_BUDGET);
        if (perOrigin.isPresent() && total.isPresent() && perOrigin.get() > total.get()) {
            refused.put(
                    policyErrors.get("maxAttemptsPerOrigin"),
                    LABELS.get("maxAttemptsPerOrigin") + " ("
                            + perOrigin.get() + ") cannot be more than " + LABELS.get("maxTotalAttempts") + " ("
                            + total.get() + "): lower it, or raise the other (C2).");
        }
        if (initial.isPresent() && max.isPresent() && max.get().compareTo(initial.get()) < 0) {
            refused.put(
                    policyErrors.get("maxBackoff"),
                    LABELS.get("maxBackoff") + " (" + Durations.human(max.get())
                            + ") cannot be below " + LABELS.get("initialBackoff") + " ("
                            + Durations.human(initial.get())
                            + "): raise it to at least " + initial.get().toMillis() + " (C2).");
        }
        if (refused.keySet().stream().anyMatch(policyErrors::containsValue)) {
            return Optional.empty();
        }
        try {
            return Optional.of(new RetryPolicy(
                    perOrigin.get().intValue(),
                    total.get().intValue(),
                    initial.get(),
                    mult.get(),
                    max.get(),
                    budget.get()));
        } catch (CallFailure.Configuration other) {
            // A rule this view does not check by name: shown as the policy words it, next to the first field.
            refused.put(policyErrors.get("maxAttemptsPerOrigin"), other.getMessage());
            return Optional.empty();
        }
    }

    private Optional<Long> whole(
            Map<StringProperty, String> refused, String name, StringProperty field, long min, long max) {
        String text = text(field);
        String range = "a whole number from " + min + " to " + max + " (C2)";
        try {
            long value = Long.parseLong(text);
            if (value < min || value > max) {
                refused.put(policyErrors.get(name), LABELS.get(name) + " must be " + range + ", not " + value + ".");
                return Optional.empty();
            }
            return Optional.of(value);
        } catch (NumberFormatException e) {
            refused.put(
                    policyErrors.get(name),
                    LABELS.get(name) + (text.isEmpty() ? " is empty" : " '" + text + "' is not a whole number")
                            + ": type " + range + ".");
            return Optional.empty();
        }
    }

    private Optional<Duration> millis(
            Map<StringProperty, String> refused, String name, StringProperty field, Duration max) {
        String text = text(field);
        String expected =
                "type a number of milliseconds from 1 to " + max.toMillis() + " (" + Durations.human(max) + ")";
        try {
            long value = Long.parseLong(text);
            if (value <= 0) {
                refused.put(
                        policyErrors.get(name),
                        LABELS.get(name) + " must be more than 0 ms"
                                + (name.equals("totalBudget") ? "" : ", or jitter would be switched off (B4)") + ": "
                                + expected + ", such as " + example(name) + ".");
                return Optional.empty();
            }
            Duration duration = Duration.ofMillis(value);
            if (duration.compareTo(max) > 0) {
                refused.put(
                        policyErrors.get(name),
                        LABELS.get(name) + " must be at most " + Durations.human(max) + ", not "
                                + Durations.human(duration) + ": " + expected + " (C2).");
                return Optional.empty();
            }
            return Optional.of(duration);
        } catch (NumberFormatException e) {
            refused.put(
                    policyErrors.get(name),
                    LABELS.get(name)
                            + (text.isEmpty()
                                    ? " is empty: "
                                    : " '" + text + "' is not a whole number of milliseconds: ")
                            + expected + ", such as "
                            + example(name) + ".");
            return Optional.empty();
        }
    }

    private static String example(String name) {
        return switch (name) {
            case "initialBackoff" -> "500 (half a second)";
            case "maxBackoff" -> "10000 (10 s)";
            default -> "20000 (20 s)";
        };
    }

    private Optional<Double> multiplier(Map<StringProperty, String> refused) {
        String text = text(multiplier);
        String label = LABELS.get("multiplier");
        try {
            double value = Double.parseDouble(text);
            if (!(value >= 1.0) || Double.isInfinite(value)) {
                refused.put(
                        policyErrors.get("multiplier"),
                        label + " must be at least 1.0, not " + text
                                + ", or each wait would be shorter than the last: type a number such as 2.0 (C2).");
                return Optional.empty();
            }
            return Optional.of(value);
        } catch (NumberFormatException e) {
            refused.put(
                    policyErrors.get("multiplier"),
                    label + (text.isEmpty() ? " is empty" : " '" + text + "' is not a number")
                            + ": type a number such as 2.0.");
            return Optional.empty();
        }
    }

    private static String text(StringProperty field) {
        return field.get() == null ? "" : field.get().trim();
    }

    private List<StringProperty> allErrors() {
        List<StringProperty> all = new ArrayList<>(List.of(
                issuerError,
                clientIdError,
                scopeError,
                clientAuthError,
                caFileError,
                proxyError,
                clientCertError,
                clientCertKeyError,
                clientKeyFileError,
                clientKeyIdError,
                authParamsError,
                redirectHostError,
                redirectPortError,
                browserWaitError,
                sessionFileError,
                endSessionMethodError));
        all.addAll(policyErrors.values());
        return all;
    }

    /** False while any field is refused: nothing may start with settings the person cannot see (C2). */
    public ReadOnlyBooleanProperty validProperty() {
        return valid.getReadOnlyProperty();
    }

    private static Map<String, String> orderedLabels() {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("maxAttemptsPerOrigin", "Failed requests per origin");
        labels.put("maxTotalAttempts", "Failed requests in all");
        labels.put("initialBackoff", "First backoff (ms)");
        labels.put("multiplier", "Multiplier");
        labels.put("maxBackoff", "Backoff cap (ms)");
        labels.put("totalBudget", "Time budget per call (ms)");
        return java.util.Collections.unmodifiableMap(labels);
    }

    public StringProperty issuerProperty() {
        return issuer;
    }

    public StringProperty clientIdProperty() {
        return clientId;
    }

    public StringProperty scopeProperty() {
        return scope;
    }

    public BooleanProperty dpopProperty() {
        return dpop;
    }

    public ObjectProperty<ClientAuthentication.Method> clientAuthProperty() {
        return clientAuth;
    }

    public StringProperty clientSecretProperty() {
        return clientSecret;
    }

    public StringProperty caFileProperty() {
        return caFile;
    }

    public StringProperty clientAuthErrorProperty() {
        return clientAuthError;
    }

    public StringProperty caFileErrorProperty() {
        return caFileError;
    }

    public StringProperty endSessionMethodProperty() {
        return endSessionMethod;
    }

    public StringProperty endSessionMethodErrorProperty() {
        return endSessionMethodError;
    }

    public StringProperty proxyProperty() {
        return proxy;
    }

    public StringProperty proxyPasswordProperty() {
        return proxyPassword;
    }

    public StringProperty proxyErrorProperty() {
        return proxyError;
    }

    public StringProperty clientCertProperty() {
        return clientCert;
    }

    public StringProperty clientCertKeyProperty() {
        return clientCertKey;
    }

    public StringProperty clientCertErrorProperty() {
        return clientCertError;
    }

    public StringProperty clientCertKeyErrorProperty() {
        return clientCertKeyError;
    }

    public StringProperty clientKeyFileProperty() {
        return clientKeyFile;
    }

    public StringProperty clientKeyIdProperty() {
        return clientKeyId;
    }

    public StringProperty clientKeyFileErrorProperty() {
        return clientKeyFileError;
    }

    public StringProperty clientKeyIdErrorProperty() {
        return clientKeyIdError;
    }

    public StringProperty authParamsProperty() {
        return authParams;
    }

    public StringProperty authParamsErrorProperty() {
        return authParamsError;
    }

    public StringProperty redirectHostProperty() {
        return redirectHost;
    }

    public StringProperty redirectHostErrorProperty() {
        return redirectHostError;
    }

    public StringProperty redirectPortProperty() {
        return redirectPort;
    }

    public StringProperty redirectPortErrorProperty() {
        return redirectPortError;
    }

    public StringProperty browserWaitProperty() {
        return browserWait;
    }

    public StringProperty browserWaitErrorProperty() {
        return browserWaitError;
    }

    public BooleanProperty staySignedInProperty() {
        return staySignedIn;
    }

    public StringProperty sessionFileProperty() {
        return sessionFile;
    }

    public StringProperty sessionFileErrorProperty() {
        return sessionFileError;
    }
    /** UI16: sign in with the device authorization grant (RFC 8628) instead of the browser, as --device does. */
    public BooleanProperty deviceProperty() {
        return device;
    }

    public ObservableList<String> profiles() {
        return profiles;
    }

    public StringProperty profileNameProperty() {
        return profileName;
    }

    public StringProperty profileErrorProperty() {
        return profileError;
    }

    public ObjectProperty<PolicyChoice> presetProperty() {
        return preset;
    }

    public StringProperty maxAttemptsPerOriginProperty() {
        return maxAttemptsPerOrigin;
    }

    public StringProperty maxTotalAttemptsProperty() {
        return maxTotalAttempts;
    }

    public StringProperty initialBackoffMsProperty() {
        return initialBackoffMs;
    }

    public StringProperty multiplierProperty() {
        return multiplier;
    }

    public StringProperty maxBackoffMsProperty() {
        return maxBackoffMs;
    }

    public StringProperty totalBudgetMsProperty() {
        return totalBudgetMs;
    }

    public StringProperty issuerErrorProperty() {
        return issuerError;
    }

    public StringProperty clientIdErrorProperty() {
        return clientIdError;
    }

    public StringProperty scopeErrorProperty() {
        return scopeError;
    }

    /** The reason a policy field was refused, by the field's name in {@link RetryPolicy}; empty when accepted. */
    public StringProperty policyErrorProperty(String field) {
        return policyErrors.get(field);
    }
}
