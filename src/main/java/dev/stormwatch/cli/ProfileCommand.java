package dev.stormwatch.cli;

import dev.stormwatch.http.ClientCertificate;
import dev.stormwatch.oauth.AuthorizationParameters;
import dev.stormwatch.oauth.ClientAssertionKey;
import dev.stormwatch.oauth.ClientAuthentication;
import dev.stormwatch.oauth.EndSessionMethod;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.Profile;
import dev.stormwatch.oauth.ProfileStore;
import dev.stormwatch.oauth.RedirectChoice;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.PrintableText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stormwatch profile}: named provider settings saved side by side (spec PF1–PF4), each with its own session;
 * export and import as JSON that holds no secret, so a team can share a setup in a ticket.
 */
@Command(
        name = "profile",
        mixinStandardHelpOptions = true,
        description = {
            "Save, list, show, delete, export and import provider profiles (issuer, client id, scope, client",
            "authentication, CA file, DPoP). Use one with 'stormwatch session --profile NAME'; each profile keeps its",
            "own session. Profiles are owner-only files in $XDG_CONFIG_HOME/stormwatch (else ~/.config/stormwatch)",
            "and never hold a secret."
        },
        footer = {
            "",
            "Example:",
            "  stormwatch profile save work --issuer https://login.example.com --client-id my-app \\",
            "      --client-auth client_secret_basic",
            "  stormwatch session --profile work --stay-signed-in --client-secret-file ~/.config/stormwatch/work-secret",
            "  stormwatch profile export work --output work.json   # share it; import with 'profile import work.json'"
        })
public final class ProfileCommand implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    private final UnaryOperator<String> environment;

    public ProfileCommand() {
        this(System::getenv);
    }

    ProfileCommand(UnaryOperator<String> environment) {
        this.environment = environment;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(
            name = "save",
            mixinStandardHelpOptions = true,
            description = "Save (or replace) a profile; every value is checked first, and nothing is saved when one"
                    + " is refused (PF1).")
    int save(
            @Parameters(paramLabel = "NAME", description = "The profile's name: letters, digits, '.', '_', '-'.")
                    String name,
            @Option(names = "--issuer", required = true, paramLabel = "URL", description = "The provider's issuer URL.")
                    String issuer,
            @Option(
                            names = "--client-id",
                            required = true,
                            paramLabel = "ID",
                            description = "The registered client id.")
                    String clientId,
            @Option(
                            names = "--scope",
                            paramLabel = "S",
                            defaultValue = OAuthConfig.DEFAULT_SCOPE,
                            description = "Scope to request (default: ${DEFAULT-VALUE}).")
                    String scope,
            @Option(
                            names = "--client-auth",
                            paramLabel = "METHOD",
                            defaultValue = "none",
                            description = "none, client_secret_basic, client_secret_post, private_key_jwt,"
                                    + " tls_client_auth, self_signed_tls_client_auth or auto (CA1, TX1); the secret itself is"
                                    + " never saved.")
                    String clientAuth,
            @Option(
                            names = "--ca-file",
                            paramLabel = "FILE.pem",
                            description = "A PEM file of extra trusted certificates (TL2).")
                    Path caFile,
            @Option(names = "--dpop", description = "Bind tokens to a DPoP key (RFC 9449).") boolean dpop,
            @Option(
                            names = "--client-cert",
                            paramLabel = "FILE.pem",
                            description =
                                    "The client certificate presented in the TLS handshake (TX1); its path is saved.")
                    Path clientCert,
            @Option(
                            names = "--client-cert-key",
                            paramLabel = "FILE.pem",
                            description =
                                    "The PKCS#8 key file of --client-cert, when apart; only its path is saved (PF7),"
                                            + " never the key.")
                    Path clientCertKey,
            @Option(
                            names = "--client-key-file",
                            paramLabel = "FILE",
                            description =
                                    "private_key_jwt's key file (CA4); only its path is saved (PF9), never the key.")
                    Path clientKeyFile,
            @Option(
                            names = "--client-key-id",
                            paramLabel = "KID",
                            description = "The key id the assertion names, when not the key's own (CA4, PF9).")
                    String clientKeyId,
            @Option(
                            names = "--auth-param",
                            paramLabel = "NAME=VALUE",
                            description = "An extra authorization request parameter, repeatable (AR1, PF9).")
                    List<String> authParams,
            @Option(
                            names = "--redirect-host",
                            paramLabel = "HOST",
                            defaultValue = "127.0.0.1",
                            description = "127.0.0.1 (default), [::1] or localhost (AR2, AR3, PF9).")
                    String redirectHost,
            @Option(
                            names = "--redirect-port",
                            paramLabel = "PORT",
                            defaultValue = "0",
                            description = "A fixed redirect port; 0, any free port, is the default (AR2, PF9).")
                    int redirectPort,
            @Option(
                            names = "--timeout",
                            paramLabel = "DURATION",
                            defaultValue = "300",
                            description = "How long a sign-in waits for the browser (default ${DEFAULT-VALUE} s; PF9).")
                    String timeout,
            @Option(names = "--stay-signed-in", description = "Keep the session in the profile's own file (PF4, PF9).")
                    boolean staySignedIn,
            @Option(names = "--device", description = "Sign in with the device grant (RFC 8628; PF9).") boolean device,
            @Option(
                            names = "--proxy",
                            paramLabel = "URL",
                            description = "The http proxy the profile's requests go through, as"
                                    + " http://[user@]host:port without a password (it comes from "
                                    + ProxyOption.PASSWORD_VARIABLE
                                    + " when the profile is used), or 'direct'; default: the environment's"
                                    + " (PX6, PX7).")
                    String proxy,
            @Option(
                            names = "--retry-policy",
                            paramLabel = "PRESET",
                            description = "The retry policy the profile's calls use: default (C1; the default),"
                                    + " conservative or patient (C3), interactive or batch (RC4) (PF10).")
                    String retryPolicy,
            @Option(
                            names = "--end-session-method",
                            paramLabel = "METHOD",
                            description = "How end_session sends its parameters: post (the default) or get, for"
                                    + " providers that read only the query (SX9, PF11).")
                    String endSessionMethod) {
        Profile profile;
        try {
            // PF9: each sign-in choice read as session reads its option, named by the option when refused.
            AuthorizationParameters parameters;
            try {
                parameters = AuthorizationParameters.parse(authParams == null ? List.of() : authParams);
            } catch (CallFailure.Configuration e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--auth-param " + e.getMessage());
            }
            RedirectChoice redirect;
            try {
                redirect = new RedirectChoice(RedirectChoice.Host.parse(redirectHost), redirectPort);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--redirect-host " + e.getMessage());
            } catch (CallFailure.Configuration e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--redirect-port " + e.getMessage());
            }
            java.time.Duration wait;
            try {
                wait = dev.stormwatch.base.DurationText.parse(timeout);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--timeout " + e.getMessage());
            }
            // PX7: a profile keeps no password; the proxy is checked in the words of its option.
            try {
                if (dev.stormwatch.http.ProxyRoutes.hasPassword(proxy, "--proxy")) {
                    throw new CommandLine.ParameterException(
                            spec.commandLine(),
                            "--proxy holds a password, which a profile never keeps: give the URL without it, and"
                                    + " the password in " + ProxyOption.PASSWORD_VARIABLE
                                    + " when the profile is used");
                }
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            if (clientKeyFile != null) {
                try {
                    ClientAssertionKey.read(clientKeyFile, Optional.ofNullable(clientKeyId));
                } catch (IllegalArgumentException e) {
                    throw new CommandLine.ParameterException(
                            spec.commandLine(), "--client-key-file " + clientKeyFile + " " + e.getMessage());
                }
            }
            profile = new Profile(
                    name,
                    issuer,
                    clientId,
                    scope,
                    ClientAuthentication.Method.parse(clientAuth),
                    Optional.ofNullable(caFile).map(Path::toAbsolutePath),
                    dpop,
                    Optional.ofNullable(clientCert).map(Path::toAbsolutePath),
                    Optional.ofNullable(clientCertKey).map(Path::toAbsolutePath),
                    parameters,
                    redirect,
                    wait,
                    Optional.ofNullable(clientKeyFile).map(Path::toAbsolutePath),
                    Optional.ofNullable(clientKeyId),
                    staySignedIn,
                    device,
                    proxy == null ? "" : proxy,
                    RetryPolicyOption.read(retryPolicy, spec.commandLine())
                            .orElse(dev.stormwatch.retry.RetryPolicy.DEFAULT),
                    ending(endSessionMethod));
        } catch (CallFailure.Configuration e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        // PF7, TX1: the certificate and its key are read and checked now, as session would; nothing half-saved.
        if (clientCert != null) {
            try {
                ClientCertificate.read(
                        clientCert,
                        Optional.ofNullable(clientCertKey),
                        "--client-cert",
                        "--client-cert-key",
                        java.time.Instant.now());
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        if (caFile != null && !Files.isReadable(caFile)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--ca-file " + caFile + " cannot be read");
        }
        store().save(profile);
        out().println("saved profile " + profile.name());
        return 0;
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the saved profiles.")
    int list() {
        List<Profile> profiles = store().list();
        if (profiles.isEmpty()) {
            out().println("no profiles saved yet: stormwatch profile save NAME --issuer URL --client-id ID");
        }
        for (Profile p : profiles) {
            out().println(PrintableText.of(p.name() + "  " + p.issuer() + "  " + p.clientId() + "  "
                    + p.clientAuth().wireName()));
        }
        return 0;
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "Print one profile as JSON (no secret).")
    int show(@Parameters(paramLabel = "NAME") String name) {
        // An imported profile's values may hold characters that act on a terminal: each line is made printable.
        ProfileStore.export(require(name)).lines().map(PrintableText::of).forEach(out()::println);
        out().flush();
        return 0;
    }

    @Command(name = "delete", mixinStandardHelpOptions = true, description = "Delete a profile and its stored session.")
    int delete(@Parameters(paramLabel = "NAME") String name) {
        require(name);
        store().delete(name);
        out().println("deleted profile " + name + " and its session");
        return 0;
    }

    @Command(
            name = "export",
            mixinStandardHelpOptions = true,
            description = "Write a profile as JSON to share (to stdout, or --output FILE); it holds no secret (PF3).")
    int export(
            @Parameters(paramLabel = "NAME") String name, @Option(names = "--output", paramLabel = "FILE") Path output)
            throws IOException {
        String json = ProfileStore.export(require(name));
        if (output == null) {
            out().print(json);
            out().flush();
        } else {
            Files.writeString(output, json, StandardCharsets.UTF_8);
            out().println("exported profile " + name + " to " + output);
        }
        return 0;
    }

    @Command(
            name = "import",
            mixinStandardHelpOptions = true,
            description = "Save a profile from a shared JSON file; a file with a secret or an unknown field is"
                    + " refused, and nothing is saved (PF3).")
    int importFile(
            @Parameters(paramLabel = "FILE") Path file,
            @Option(names = "--as", paramLabel = "NAME", description = "Save it under another name.") String as,
            @Option(names = "--replace", description = "Replace a saved profile of the same name.") boolean replace) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    file + " cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        Profile profile;
        try {
            profile = ProfileStore.parse(text, file.toString());
            if (as != null) {
                profile = profile.withName(as);
            }
        } catch (CallFailure.Configuration e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        ProfileStore store = store();
        if (!replace && store.find(profile.name()).isPresent()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "a profile named '" + profile.name()
                            + "' is already saved: give --replace to replace it, or --as NAME to keep both");
        }
        store.save(profile);
        out().println("imported profile " + profile.name());
        return 0;
    }

    /** SX9, PF11: the end-session method, refused in the option's words. */
    private EndSessionMethod ending(String typed) {
        if (typed == null) {
            return EndSessionMethod.DEFAULT;
        }
        try {
            return EndSessionMethod.parse(typed, "--end-session-method");
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private Profile require(String name) {
        try {
            return store().require(name);
        } catch (CallFailure.Configuration e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private ProfileStore store() {
        return new ProfileStore(ProfileStore.defaultFolder(environment));
    }

    private PrintWriter out() {
        return spec.commandLine().getOut();
    }
}
