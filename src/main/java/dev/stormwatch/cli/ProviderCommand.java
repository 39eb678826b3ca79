package dev.stormwatch.cli;

import dev.stormwatch.base.DurationText;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.DemoUser;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.server.FaultAdmin;
import dev.stormwatch.server.PlannedFault;
import dev.stormwatch.server.ServerOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code stormwatch provider}: runs the embedded demo OpenID provider on 127.0.0.1 until Ctrl-C. */
@Command(
        name = "provider",
        mixinStandardHelpOptions = true,
        description = "Run the demo OpenID provider on 127.0.0.1 until Ctrl-C.")
public final class ProviderCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--port",
            description = "Port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).",
            defaultValue = "0")
    private int port;

    @Option(
            names = "--access-token-ttl",
            description = "Access token lifetime, as " + DurationText.FORMS + " (default: ${DEFAULT-VALUE}).",
            defaultValue = "5m")
    private String accessTokenTtl;

    @Option(
            names = "--refresh-token-ttl",
            description = "Refresh token lifetime, as " + DurationText.FORMS + " (default: ${DEFAULT-VALUE}).",
            defaultValue = "8h")
    private String refreshTokenTtl;

    @Option(
            names = "--keep-alive",
            description = "Close a keep-alive connection idle this long, e.g. 5s as Node's "
                    + "http server does (default: ${DEFAULT-VALUE}).",
            defaultValue = "60s")
    private String keepAlive;

    @Option(names = "--dpop-nonce", description = "Require server-supplied DPoP nonces (RFC 9449 §8).")
    private boolean dpopNonce;

    @Option(
            names = "--id-token-alg",
            description = "RS256 or ES256 (default: ${DEFAULT-VALUE}).",
            defaultValue = "RS256")
    private ProviderConfig.SigningAlgorithm idTokenAlgorithm;

    @Option(
            names = "--client-id",
            description = "The public client's id (default: ${DEFAULT-VALUE}).",
            defaultValue = ClientRegistration.DESKTOP_CLIENT_ID)
    private String clientId;

    @Option(
            names = "--redirect-uri",
            description = "A registered redirect URI (repeatable; default: " + "http://127.0.0.1/callback, any port).")
    private List<URI> redirectUris = new ArrayList<>();

    @Option(
            names = "--fault",
            paramLabel = "ENDPOINT=KIND[,key=value...]",
            description = "Plan a fault, e.g. /token=503,retry-after=30,times=2 or /token=process-then-reset "
                    + "(repeatable). Kinds: 429, 503, 500, 502, 504, delay, reset, slow-body, malformed-json, "
                    + "process-then-reset.")
    private List<String> faults = new ArrayList<>();

    @Option(names = "--run-for", hidden = true, description = "Stop after this long instead of waiting for Ctrl-C.")
    private String runFor;

    @Override
    public Integer call() throws IOException {
        ProviderConfig config = config();
        List<PlannedFault> planned = FaultOptions.parse(spec.commandLine(), faults);
        Optional<Duration> lifetime = Optional.ofNullable(runFor).map(text -> duration("--run-for", text));
        PrintWriter out = spec.commandLine().getOut();
        DemoProvider provider = DemoProvider.start(config);
        FaultOptions.apply(planned, provider.faults());
        out.println("Demo OpenID provider on " + provider.baseUrl());
        out.println("  issuer     " + provider.issuer());
        out.println("  discovery  " + provider.discoveryUrl());
        out.println("  client id  " + clientId + " (public, PKCE S256), redirect "
                + config.clients().get(0).redirectUris());
        if (config.clients().size() > 1) {
            // A demo credential, public in the code (like the relay's sk-demo): printing it helps, hides nothing.
            out.println("  client id  " + ClientRegistration.CONFIDENTIAL_CLIENT_ID + " (confidential,"
                    + " client_secret_basic or client_secret_post, secret '"
                    + ClientRegistration.CONFIDENTIAL_CLIENT_SECRET + "')");
        }
        out.println("  keep-alive " + keepAlive + " (an idle connection is closed after it)");
        out.println(
                "  users      " + config.users().stream().map(DemoUser::subject).toList());
        out.println("  faults     POST " + provider.baseUrl() + FaultAdmin.PATH + " (JSON), planned now: "
                + planned.size());
        out.println("Press Ctrl-C to stop.");
        out.flush();
        ServerLifetime.runUntilStopped(provider, lifetime, out);
        return 0;
    }

    /** The confidential demo client (CA1), with the same redirects as the public one. */
    private static ClientRegistration confidential(List<URI> redirects) {
        ClientRegistration demo = ClientRegistration.confidential();
        return new ClientRegistration(
                demo.clientId(), redirects, demo.postLogoutRedirectUris(), demo.secret(), demo.authMethods());
    }

    private ProviderConfig config() {
        List<URI> redirects =
                redirectUris.isEmpty() ? ClientRegistration.desktop().redirectUris() : redirectUris;
        ClientRegistration client = new ClientRegistration(
                clientId, redirects, ClientRegistration.desktop().postLogoutRedirectUris());
        try {
            return ProviderConfig.defaults()
                    .withPort(ServerLifetime.checkedPort(spec.commandLine(), port))
                    .withClients(
                            clientId.equals(ClientRegistration.CONFIDENTIAL_CLIENT_ID)
                                    ? List.of(client)
                                    : List.of(client, confidential(redirects)))
                    .withAccessTokenTtl(duration("--access-token-ttl", accessTokenTtl))
                    .withRefreshTokenTtl(duration("--refresh-token-ttl", refreshTokenTtl))
                    .withDpopNonceRequired(dpopNonce)
                    .withIdTokenAlgorithm(idTokenAlgorithm)
                    .withKeepAlive(keepAliveDuration());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private Duration keepAliveDuration() {
        Duration value = duration("--keep-alive", keepAlive);
        if (value.toMillis() < 1 || value.compareTo(ServerOptions.MAX_KEEP_ALIVE) > 0) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--keep-alive must be from 1ms to 24d, was " + keepAlive + ": type a duration such as 5s or 2m");
        }
        return value;
    }

    /** HD5: one duration grammar for every option; a bad value is refused naming the option it was given to. */
    private Duration duration(String option, String text) {
        try {
            return DurationText.parse(text);
        } catch (DurationText.Invalid e) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + " " + e.getMessage());
        }
    }
}
