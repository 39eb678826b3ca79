package dev.stormwatch.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stormwatch.base.DurationText;
import dev.stormwatch.http.TrustedCertificates;
import dev.stormwatch.oauth.AuthorizationParameters;
import dev.stormwatch.oauth.BrowserLauncher;
import dev.stormwatch.oauth.DeviceAuthorization;
import dev.stormwatch.oauth.EndSessionMethod;
import dev.stormwatch.oauth.FileSessionStore;
import dev.stormwatch.oauth.Introspection;
import dev.stormwatch.oauth.LogoutResult;
import dev.stormwatch.oauth.MachineToken;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.Profile;
import dev.stormwatch.oauth.ProfileStore;
import dev.stormwatch.oauth.RedirectChoice;
import dev.stormwatch.oauth.Session;
import dev.stormwatch.oauth.SystemBrowserLauncher;
import dev.stormwatch.oauth.UserInfo;
import dev.stormwatch.oauth.WebFinger;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.PrintableText;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import okhttp3.OkHttpClient;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stormwatch session}: runs OAuth steps in one process against any OpenID provider and prints one
 * JSON line per attempt and per step. No token ever appears in the output (RC6).
 */
@Command(
        name = "session",
        mixinStandardHelpOptions = true,
        description = {
            "Sign in through the browser and run OAuth steps, printing each attempt and each step's outcome.",
            "Exit status 0 only when every step succeeded."
        },
        footer = {
            "",
            "Example:",
            "  stormwatch session --issuer https://login.example.com --client-id my-app \\",
            "      --steps login,userinfo,refresh,userinfo,logout --json",
            "",
            "A confidential client (the secret from a file, or from STORMWATCH_CLIENT_SECRET):",
            "  stormwatch session --issuer https://accounts.google.com --client-id ID \\",
            "      --client-auth auto --client-secret-file ~/.config/stormwatch/client-secret",
            "",
            "A client with a private key (private_key_jwt; register the public JWK that client-key prints):",
            "  stormwatch client-key --generate ~/.config/stormwatch/client-key.jwk",
            "  stormwatch session --issuer https://login.example.com --client-id ID \\",
            "      --client-auth private_key_jwt --client-key-file ~/.config/stormwatch/client-key.jwk"
        })
public final class SessionCommand implements Callable<Integer> {

    /** Where the client secret comes from when no --client-secret-file is given (CA2: never a flag's value). */
    static final String SECRET_VARIABLE = "STORMWATCH_CLIENT_SECRET";

    /** The steps a run may list. */
    enum Step {
        LOGIN,
        USERINFO,
        REFRESH,
        ACCESS_TOKEN,
        LOGOUT,
        END_SESSION,
        CLIENT_CREDENTIALS,
        INTROSPECT
    }

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--profile",
            paramLabel = "NAME",
            description = "Use a saved profile's settings (stormwatch profile save) and its own session (PF4);"
                    + " options given here override the profile for this run only.")
    private String profileName;

    @Option(
            names = "--issuer",
            paramLabel = "URL",
            description = "The provider's issuer URL (required without --profile).")
    private String issuer;

    @Option(
            names = "--account",
            paramLabel = "USER@HOST",
            description = "Find the issuer from an e-mail-like account by WebFinger (RFC 7033, OpenID Connect"
                    + " Discovery 1.0 section 2) at the account's host: https, or http when the host is this machine"
                    + " (PF8). Instead of --issuer.")
    private String account;

    @Option(
            names = "--client-id",
            paramLabel = "ID",
            description = "The registered client id (required without --profile).")
    private String clientId;

    /** How the client proves itself: method, secret, key or certificate (CA1–CA4, TX1); shared with load. */
    @CommandLine.Mixin
    ClientAuthenticationOptions clientAuthOptions = new ClientAuthenticationOptions();

    @Option(
            names = {"--scope", "--scopes"},
            paramLabel = "S",
            description = "Scopes to request, space-separated (default: ${DEFAULT-VALUE}); without openid the session"
                    + " is OAuth 2.0 only: no ID token, no UserInfo or end-session (DV9, DV10).")
    private String scope = OAuthConfig.DEFAULT_SCOPE;

    @Option(names = "--dpop", description = "Bind tokens to a DPoP key (RFC 9449).")
    private boolean dpop;

    @Option(
            names = "--auth-param",
            paramLabel = "NAME=VALUE",
            description = "An extra authorization request parameter, repeatable: prompt=login, max_age=0,"
                    + " audience=..., resource=https://api.example.com (RFC 8707), acr_values=..., login_hint=...,"
                    + " ui_locales=..., or any other the provider takes; never one the client sets itself (AR1).")
    private List<String> authParams = List.of();

    @Option(
            names = "--redirect-port",
            paramLabel = "PORT",
            defaultValue = "0",
            description = "A fixed port for the browser's redirect, for registrations that match the redirect URI"
                    + " exactly (Okta and others); default 0, any free port, as RFC 8252 recommends (AR2).")
    private int redirectPort;

    @Option(
            names = "--redirect-host",
            paramLabel = "HOST",
            defaultValue = "127.0.0.1",
            description = "The redirect URI's host: 127.0.0.1 (default, RFC 8252 §7.3), [::1] (the IPv6 loopback"
                    + " literal, AR3) or localhost, where the provider registers that (Entra ID); the listener stays on"
                    + " loopback addresses (AR2).")
    private String redirectHost;

    @Option(
            names = "--device",
            description = "Sign in with the device authorization grant (RFC 8628) instead of the browser: the login"
                    + " step prints a code and a URL to open on any other device, then polls until the sign-in is"
                    + " done, refused or expired (DV1-DV5). For machines without a browser.")
    private boolean device;

    @Option(names = "--no-browser", description = "Print the authorization URL on stderr instead of opening a browser.")
    private boolean noBrowser;

    @Option(
            names = "--steps",
            split = ",",
            paramLabel = "STEP",
            description = "Steps in order, comma-separated: login, userinfo, refresh, access_token, logout"
                    + " (erases the session and revokes its token), end_session (logout, then the browser ends the"
                    + " sign-in at the provider too: OpenID RP-Initiated Logout, back to a loopback /logged-out; SX1),"
                    + " introspect (the provider's view of the access token, RFC 7662; IN1),"
                    + " client_credentials (a token for the client itself, RFC 6749 §4.4: needs --client-auth with a"
                    + " secret or key; --scope need not hold openid when it is the only step; CA7)"
                    + " (default: login,userinfo,refresh,userinfo,logout).")
    private List<String> steps = List.of("login", "userinfo", "refresh", "userinfo", "logout");

    @Option(
            names = "--end-session-method",
            paramLabel = "METHOD",
            description = "How the browser sends end_session's parameters to the provider: post (the default; a form"
                    + " from a one-time loopback page, the ID token in no address) or get (the endpoint opened with"
                    + " them in its query, for providers that read only the query: the ID token is then in the"
                    + " browser's address bar and history); a profile's own choice (PF11) when not given (SX9).")
    private String endSessionMethod;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            defaultValue = "300",
            description = "How long to wait for the browser, as " + DurationText.FORMS + " (default ${DEFAULT-VALUE}).")
    private String timeout;

    @Option(names = "--json", description = "Print JSON lines (attempts and steps) instead of text.")
    private boolean json;

    @Option(
            names = "--stay-signed-in",
            description = "Keep the session in a file readable only by you, for later runs (e.g. 'stormwatch load"
                    + " --oauth-session'); default: in memory, gone when this run ends.")
    private boolean staySignedIn;

    @Option(
            names = "--ca-file",
            paramLabel = "FILE.pem",
            description = "Also trust the certificates in this PEM file (a private CA, or a self-signed provider such"
                    + " as a local Keycloak), on top of the Java runtime's authorities (TL2).")
    private Path caFile;

    @Option(
            names = "--session-file",
            paramLabel = "FILE",
            description =
                    "The file --stay-signed-in uses (implies it); default: $XDG_CONFIG_HOME/stormwatch/session.json"
                            + " or ~/.config/stormwatch/session.json.")
    private Path sessionFile;

    @Option(names = "--proxy", paramLabel = "URL", description = ProxyOption.DESCRIPTION)
    private String proxy;

    @Option(
            names = "--retry-policy",
            paramLabel = "PRESET",
            description = "The budget of each step's call: default (C1; the default), conservative or patient (C3),"
                    + " interactive or batch (RC4); a profile's own policy (PF10) when not given.")
    private String retryPolicy;

    /** PF10: the policy of --profile when --retry-policy is not given. */
    private dev.stormwatch.retry.RetryPolicy profilePolicy = dev.stormwatch.retry.RetryPolicy.DEFAULT;

    /** SX9: how end_session's parameters travel, read once the options and the profile are known. */
    private EndSessionMethod ending = EndSessionMethod.DEFAULT;

    /** Opens the system browser; replaced in tests. */
    private final BrowserLauncher systemBrowser;

    /** Reads the environment; replaced in tests. */
    private final UnaryOperator<String> environment;

    public SessionCommand() {
        this(new SystemBrowserLauncher());
    }

    SessionCommand(BrowserLauncher systemBrowser) {
        this(systemBrowser, System::getenv);
    }

    SessionCommand(BrowserLauncher systemBrowser, UnaryOperator<String> environment) {
        this.systemBrowser = systemBrowser;
        this.environment = environment;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Step> plan = steps.stream().map(this::step).toList();
        Optional<Profile> profile = profile();
        if (account != null) {
            // PF8: the issuer from the account's host, asked once through the same proxies and trust as discovery.
            try {
                OkHttpClient finger = TrustedCertificates.trustingOperatingSystem(
                        ProxyOption.routes(proxy, environment, spec.commandLine())
                                .applyTo(new OkHttpClient()),
                        TrustedCertificates.OPERATING_SYSTEM_BUNDLES,
                        Optional.ofNullable(caFile),
                        "--ca-file");
                issuer = WebFinger.discover(account, finger, "--account").value();
            } catch (CallFailure.Configuration | IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        OAuthConfig config;
        try {
            // CA7: a run of client_credentials steps alone asks for no ID token: its scope need not hold openid.
            boolean machineOnly = plan.stream().allMatch(s -> s == Step.CLIENT_CREDENTIALS);
            String sessionScope = machineOnly && !scope.contains("openid") ? OAuthConfig.DEFAULT_SCOPE : scope;
            config = OAuthConfig.of(issuer, clientId)
                    .withScope(sessionScope)
                    .withDpop(dpop)
                    .withLoopbackTimeout(DurationText.parse(timeout))
                    .withRetryPolicy(RetryPolicyOption.read(retryPolicy, spec.commandLine())
                            .orElse(profilePolicy))
                    .withClientAuthentication(clientAuthOptions.read(environment));
        } catch (DurationText.Invalid e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--timeout " + e.getMessage());
        } catch (CallFailure.Configuration e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        RedirectChoice.Host host;
        try {
            host = RedirectChoice.Host.parse(redirectHost);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--redirect-host " + e.getMessage());
        }
        try {
            config = config.withRedirectChoice(new RedirectChoice(host, redirectPort));
        } catch (CallFailure.Configuration e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--redirect-port " + e.getMessage());
        }
        try {
            config = config.withAuthorizationParameters(AuthorizationParameters.parse(authParams));
        } catch (CallFailure.Configuration e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--auth-param " + e.getMessage());
        }
        if (sessionFile != null) {
            config = config.withSessionFile(Optional.of(sessionFile));
        } else if (staySignedIn) {
            // PF4: a profile's session lives in its own file, so another profile never loads it.
            config = config.withSessionFile(Optional.of(
                    profile.isPresent()
                            ? profiles().sessionFile(profile.get().name())
                            : FileSessionStore.defaultLocation()));
        }
        // The settings' choices travel in the config, built as the app's settings build theirs (UI16).
        OAuthClient.Builder builder = OAuthClient.builder(config).browser(browser(err));
        try {
            // PX1, PX2, PX6: --proxy, else the environment's proxies (else Java's), never for this machine.
            OkHttpClient http =
                    ProxyOption.routes(proxy, environment, spec.commandLine()).applyTo(new OkHttpClient());
            // PX4, TL2: the system's CA bundle and --ca-file on top of the Java runtime's authorities.
            builder.httpClient(TrustedCertificates.trustingOperatingSystem(
                    http, TrustedCertificates.OPERATING_SYSTEM_BUNDLES, Optional.ofNullable(caFile), "--ca-file"));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        try {
            // SX9, PF11: the option, else the profile's choice, else post.
            ending = endSessionMethod != null
                    ? EndSessionMethod.parse(endSessionMethod, "--end-session-method")
                    : profile.map(Profile::endSessionMethod).orElse(EndSessionMethod.DEFAULT);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        OAuthClient client = builder.build();
        if (json) {
            client.addAttemptListener(event -> print(out, SessionJson.attempt(event)));
        }
        boolean allOk = true;
        for (Step step : plan) {
            String name = step.name().toLowerCase(Locale.ROOT);
            try {
                ObjectNode line = run(client, step, SessionJson.ok(name));
                print(out, line);
            } catch (CallFailure failure) {
                allOk = false;
                print(out, SessionJson.error(name, failure));
            } catch (RuntimeException unexpected) {
                // Bad input rule: a bug must still end in one step line and a failing exit status, never a stack
                // trace; its message is left out because it may carry a URL with state or a token (RC6).
                allOk = false;
                print(out, SessionJson.unexpected(name, unexpected));
            }
        }
        return allOk ? 0 : 1;
    }

    /**
     * PF1, PF4: the saved profile named by --profile, whose values fill every option the command line did not give;
     * without --profile, --issuer and --client-id are required.
     */
    private Optional<Profile> profile() {
        CommandLine.ParseResult given = spec.commandLine().getParseResult();
        if (account != null && issuer != null) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--account finds the issuer, and --issuer" + " gives it: give one of them");
        }
        if (profileName == null) {
            if ((issuer == null && account == null) || clientId == null) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "give --issuer and --client-id, or" + " --profile NAME (saved with 'stormwatch profile save')");
            }
            return Optional.empty();
        }
        Profile profile;
        try {
            profile = profiles().require(profileName);
        } catch (CallFailure.Configuration e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--profile " + e.getMessage());
        }
        if (!given.hasMatchedOption("--issuer") && account == null) {
            issuer = profile.issuer();
        }
        if (!given.hasMatchedOption("--client-id")) {
            clientId = profile.clientId();
        }
        if (!given.hasMatchedOption("--scope")) {
            scope = profile.scope();
        }
        if (!given.hasMatchedOption("--client-auth")) {
            clientAuthOptions.clientAuth = profile.clientAuth().wireName();
        }
        if (!given.hasMatchedOption("--ca-file")) {
            caFile = profile.caFile().orElse(null);
        }
        if (!given.hasMatchedOption("--dpop")) {
            dpop = profile.dpop();
        }
        // PF7: the profile's client certificate and its key file, unless given on this command line.
        if (!given.hasMatchedOption("--client-cert") && !given.hasMatchedOption("--client-cert-key")) {
            clientAuthOptions.clientCert = profile.clientCert().orElse(null);
            clientAuthOptions.clientCertKey = profile.clientCertPkcs8().orElse(null);
        }
        // PF9: the profile's sign-in choices, each unless its option is given on this command line.
        if (!given.hasMatchedOption("--client-key-file") && !given.hasMatchedOption("--client-key-id")) {
            clientAuthOptions.clientKeyFile = profile.clientAssertionFile().orElse(null);
            clientAuthOptions.clientKeyId = profile.clientAssertionKid().orElse(null);
        }
        if (!given.hasMatchedOption("--auth-param")) {
            authParams = profile.authorizationParameters().values().entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue())
                    .toList();
        }
        if (!given.hasMatchedOption("--redirect-host")) {
            redirectHost = profile.redirectChoice().host().uriHost();
        }
        if (!given.hasMatchedOption("--redirect-port")) {
            redirectPort = profile.redirectChoice().port();
        }
        if (!given.hasMatchedOption("--timeout")) {
            timeout = profile.browserWait().toSeconds() + "s";
        }
        if (!given.hasMatchedOption("--stay-signed-in")) {
            staySignedIn = profile.staySignedIn();
        }
        if (!given.hasMatchedOption("--device")) {
            device = profile.device();
        }
        profilePolicy = profile.retryPolicy(); // PF10: used unless --retry-policy is given
        if (!given.hasMatchedOption("--proxy")) {
            proxy = profile.proxy(); // PX7: the profile's proxy, its password from the environment
        }
        return Optional.of(profile);
    }

    private ProfileStore profiles() {
        return new ProfileStore(ProfileStore.defaultFolder(environment));
    }

    private ObjectNode run(OAuthClient client, Step step, ObjectNode line) {
        switch (step) {
            case LOGIN, REFRESH -> {
                Session session = step == Step.REFRESH
                        ? client.refresh()
                        : device ? client.loginOnDevice(this::showDeviceCode) : client.login();
                session.subject().ifPresent(subject -> line.put("subject", subject));
                line.put("issuer", session.binding().issuer());
                // DV9: said plainly in place of claims: no ID token was asked for, so the subject is unknown.
                line.put("openId", session.openId());
                if (!session.openId()) {
                    line.put("note", Session.OAUTH_ONLY);
                    session.tokens().scope().ifPresent(granted -> line.put("scope", granted));
                }
                line.put("tokenType", session.tokens().tokenType());
                session.tokens().expiresAt().ifPresent(at -> line.put("accessTokenExpiresAt", at.toString()));
                line.put("hasRefreshToken", session.tokens().refreshToken().isPresent());
                // TX2: whether the access token is bound to the client certificate, never the token.
                line.put(
                        "certificateBound",
                        session.tokens().certificateThumbprint().isPresent());
                // SX3: the refresh token's own lifetime, when the provider says it.
                session.tokens().refreshExpiresAt().ifPresent(at -> line.put("refreshTokenExpiresAt", at.toString()));
            }
            case USERINFO -> {
                UserInfo info = client.userInfo();
                line.put("subject", info.subject());
                line.putPOJO("claims", info.claims().keySet().stream().sorted().toList());
            }
            case ACCESS_TOKEN -> {
                client.accessToken();
                client.session()
                        .flatMap(s -> s.tokens().expiresAt())
                        .ifPresent(at -> line.put("accessTokenExpiresAt", at.toString()));
            }
            case INTROSPECT -> {
                // IN1: what the provider says about the access token; the token itself is never printed.
                Introspection seen = client.introspect();
                line.put("active", seen.active());
                seen.scope().ifPresent(v -> line.put("scope", v));
                seen.clientId().ifPresent(v -> line.put("clientId", v));
                seen.subject().ifPresent(v -> line.put("subject", v));
                seen.expiresAt().ifPresent(v -> line.put("expiresAt", v.toString()));
                seen.tokenType().ifPresent(v -> line.put("tokenType", v));
            }
            case CLIENT_CREDENTIALS -> {
                // CA7: the token itself is never printed; what it is and how long it lives are.
                MachineToken token = client.clientCredentials(scope);
                line.put("tokenType", token.tokenType());
                token.expiresAt().ifPresent(at -> line.put("accessTokenExpiresAt", at.toString()));
                token.scope().ifPresent(granted -> line.put("scope", granted));
                line.put("certificateBound", token.certificateThumbprint().isPresent());
            }
            case LOGOUT -> {
                LogoutResult result = client.logout();
                line.put("tokenRevoked", result.tokenRevoked());
                result.revocationError().ifPresent(e -> line.put("revocationError", e.getMessage()));
            }
            case END_SESSION -> {
                // SX1: what the provider did with each: the revocation, and the sign-in at its end-session endpoint.
                LogoutResult result = client.endSession(ending);
                line.put("tokenRevoked", result.tokenRevoked());
                result.revocationError().ifPresent(e -> line.put("revocationError", e.getMessage()));
                result.endSession().ifPresent(end -> {
                    line.put("endSession", end.outcome().name().toLowerCase(Locale.ROOT));
                    line.put("endSessionDetail", PrintableText.of(end.detail()));
                });
            }
        }
        return line;
    }

    /**
     * DV1: what the person needs on the other device: a JSON line on stdout with --json (for a script or a QR
     * code), else one line on stderr. The user code is meant to be shown; the device code never is.
     */
    private void showDeviceCode(DeviceAuthorization authorization) {
        String complete =
                authorization.verificationUriComplete().map(URI::toString).orElse("");
        if (json) {
            ObjectNode line = SessionJson.ok("login");
            line.put("type", "device");
            line.put("userCode", PrintableText.of(authorization.userCode()));
            line.put(
                    "verificationUri",
                    PrintableText.of(authorization.verificationUri().toString()));
            if (!complete.isEmpty()) {
                line.put("verificationUriComplete", PrintableText.of(complete));
            }
            line.put("expiresAt", authorization.expiresAt().toString());
            line.put("intervalSeconds", authorization.interval().toSeconds());
            line.remove("outcome");
            spec.commandLine().getOut().println(line);
            spec.commandLine().getOut().flush();
            return;
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println("To sign in, open "
                + PrintableText.of(authorization.verificationUri().toString())
                + " on any device and enter the code " + PrintableText.of(authorization.userCode())
                + " (valid until " + authorization.expiresAt() + ")"
                + (complete.isEmpty() ? "" : "; or open " + PrintableText.of(complete)));
        err.flush();
    }

    private BrowserLauncher browser(PrintWriter err) {
        return new BrowserLauncher() {
            @Override
            public boolean startBrowser(URI url) {
                return !noBrowser && systemBrowser.startBrowser(url);
            }

            @Override
            public boolean open(URI url) {
                if (startBrowser(url)) {
                    return true;
                }
                // A person or a script completes the sign-in with this URL: one line of its own on stderr.
                // Built from the provider's authorization_endpoint: printable, so it cannot act on the terminal.
                err.println(dev.stormwatch.retry.PrintableText.of(url.toString()));
                err.flush();
                return false;
            }

            @Override
            public boolean openCarryingToken(URI url) {
                // SX1: the end-session URL holds the ID token: opened or not, it is never printed.
                return !noBrowser && systemBrowser.openCarryingToken(url);
            }
        };
    }

    private Step step(String name) {
        try {
            return Step.valueOf(name.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "unknown step '" + name
                            + "': use login, userinfo, refresh, access_token, logout, end_session, client_credentials or"
                            + " introspect");
        }
    }

    /**
     * What a person reads after a sign-in (through the browser or on another device) or a refresh, from the step's
     * own JSON fields: as whom, at which provider, and until when; never a token. Empty for other steps.
     */
    static String signedIn(ObjectNode line) {
        if (!line.has("issuer") || line.has("error")) {
            return ""; // only login and refresh name the issuer
        }
        java.util.StringJoiner parts = new java.util.StringJoiner("; ", " - ", "");
        String who = (line.has("subject") ? "as " + line.path("subject").asText() + " " : "") + "at "
                + line.path("issuer").asText();
        parts.add(who);
        if (line.has("accessTokenExpiresAt")) {
            parts.add("access token until " + line.path("accessTokenExpiresAt").asText());
        }
        if (line.has("refreshTokenExpiresAt")) {
            parts.add(
                    "refresh token until " + line.path("refreshTokenExpiresAt").asText());
        } else if (line.has("hasRefreshToken")) {
            parts.add(line.path("hasRefreshToken").asBoolean() ? "with a refresh token" : "no refresh token");
        }
        // The subject and issuer come from the provider: printable, so they cannot act on the terminal.
        return PrintableText.of(parts.toString());
    }

    private void print(PrintWriter out, ObjectNode line) {
        if (json) {
            out.println(line.toString());
        } else if (!"attempt".equals(line.path("type").asText())) {
            out.println(line.path("step").asText() + ": " + line.path("outcome").asText()
                    + (line.has("error")
                            ? " - " + line.path("error").path("message").asText()
                            : "")
                    + signedIn(line)
                    + (line.has("endSession")
                            ? " - token " + (line.path("tokenRevoked").asBoolean() ? "revoked" : "not revoked")
                                    + "; provider session: "
                                    + line.path("endSessionDetail").asText()
                            : ""));
        }
        out.flush();
    }
}
