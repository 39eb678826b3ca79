package dev.stormwatch.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stormwatch.base.Secret;
import dev.stormwatch.http.ProxyRoutes;
import dev.stormwatch.http.TrustedCertificates;
import dev.stormwatch.oauth.IdTokenValidator;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.TokenInspection;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.PrintableText;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import okhttp3.OkHttpClient;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stormwatch inspect-token}: a JWT's header and claims and every check with its result, against an issuer's
 * JWKS (fetched) or a JWKS file (SX4). The token comes from stdin or a file, never from an argument, which would land
 * in shell history and in {@code ps} (SX5); it is never printed, logged or written anywhere.
 */
@Command(
        name = "inspect-token",
        mixinStandardHelpOptions = true,
        description = {
            "Show a JWT's header and claims and check it: signature, kid, alg, iss, aud, exp, nbf, iat, each with its",
            "result and the key's provenance. The token is read from stdin (or --token-file), never from an argument.",
            "Exit status 0 when every check that ran passed and the signature was verified, 1 otherwise."
        },
        footer = {
            "",
            "Examples:",
            "  pbpaste | stormwatch inspect-token --issuer https://login.example.com --audience my-app",
            "  stormwatch inspect-token --token-file id_token.txt --jwks-file jwks.json --json"
        })
public final class InspectTokenCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = CommandJson.MAPPER;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--token-file",
            paramLabel = "FILE",
            description = "Read the token from this file (its first line); default: stdin. Never an argument.")
    private Path tokenFile;

    @Option(
            names = "--issuer",
            paramLabel = "URL",
            description = "Fetch the issuer's JWKS through its discovery document and expect it as iss.")
    private String issuer;

    @Option(
            names = "--jwks-file",
            paramLabel = "FILE",
            description = "Verify against the keys of this JWKS file instead of fetching an issuer's.")
    private Path jwksFile;

    @Option(names = "--audience", paramLabel = "AUD", description = "Expect this value in aud (e.g. your client id).")
    private String audience;

    @Option(
            names = "--ca-file",
            paramLabel = "FILE.pem",
            description = "Also trust the certificates in this PEM file when fetching the issuer's keys (TL2).")
    private Path caFile;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    private boolean json;

    private final Supplier<InputStream> stdin;
    private final Clock clock;
    private final UnaryOperator<String> environment;

    public InspectTokenCommand() {
        this(() -> System.in, Clock.systemUTC(), System::getenv);
    }

    /** For tests: reads the token from {@code stdin}, checks it on {@code clock}, proxies from the process environment. */
    InspectTokenCommand(Supplier<InputStream> stdin, Clock clock) {
        this(stdin, clock, System::getenv);
    }

    /** For tests: as above, with the proxies of {@code environment} (PX1). */
    InspectTokenCommand(Supplier<InputStream> stdin, Clock clock, UnaryOperator<String> environment) {
        this.stdin = stdin;
        this.clock = clock;
        this.environment = environment;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (issuer != null && jwksFile != null) {
            throw usage("give --issuer or --jwks-file, not both: the keys come from one place");
        }
        Secret token = readToken();
        TokenInspection.Expected expected;
        try {
            expected = new TokenInspection.Expected(
                    Optional.ofNullable(issuer).map(i -> new dev.stormwatch.oauth.Issuer(i).value()),
                    Optional.ofNullable(audience));
        } catch (CallFailure.Configuration e) {
            throw usage("--issuer " + e.getMessage());
        }
        // SX5: a token that is no JWT is said before any key is fetched.
        String source = tokenFile == null ? "the token on stdin" : "--token-file " + tokenFile;
        try {
            TokenInspection.inspect(token, Optional.empty(), expected, clock, IdTokenValidator.DEFAULT_SKEW);
        } catch (IllegalArgumentException e) {
            throw usage(source + " " + e.getMessage());
        }
        Optional<TokenInspection.Keys> keys;
        try {
            keys = keys();
        } catch (CallFailure failure) {
            // The issuer did not give its keys: said once, with the typed error's own words; nothing else printed.
            spec.commandLine()
                    .getErr()
                    .println("inspect-token: --issuer " + issuer + ": the keys could not be" + " fetched: "
                            + failure.getMessage());
            spec.commandLine().getErr().flush();
            return 1;
        }
        TokenInspection inspection =
                TokenInspection.inspect(token, keys, expected, clock, IdTokenValidator.DEFAULT_SKEW);
        if (json) {
            ObjectNode root = JSON.createObjectNode();
            root.put("valid", inspection.valid());
            try {
                root.set("header", JSON.readTree(inspection.header()));
                root.set("claims", JSON.readTree(inspection.claims()));
            } catch (IOException e) {
                throw new IllegalStateException("the inspection's JSON is its own", e);
            }
            ArrayNode checks = root.putArray("checks");
            inspection
                    .checks()
                    .forEach(c -> checks.addObject()
                            .put("check", c.name())
                            .put("result", c.result().name().toLowerCase(Locale.ROOT))
                            .put("detail", PrintableText.of(c.detail())));
            out.println(root);
        } else {
            out.println("Header:");
            out.println(PrintableText.of(inspection.header()));
            out.println("Claims:");
            out.println(PrintableText.of(inspection.claims()));
            out.println("Checks:");
            for (TokenInspection.Check check : inspection.checks()) {
                out.println(String.format(
                        "  %-9s %-11s %s",
                        check.name(),
                        check.result().name().toLowerCase(Locale.ROOT).replace('_', ' '),
                        PrintableText.of(check.detail())));
            }
            out.println(
                    inspection.valid() ? "Valid: every check that ran passed." : "NOT valid: see the checks above.");
        }
        out.flush();
        return inspection.valid() ? 0 : 1;
    }

    /** SX5: the first line of the file or of stdin; never echoed, never written anywhere. */
    private Secret readToken() {
        String text;
        try {
            if (tokenFile != null) {
                text = Files.readString(tokenFile, StandardCharsets.UTF_8);
            } else {
                text = new String(stdin.get().readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw usage((tokenFile == null ? "stdin" : "--token-file " + tokenFile) + " cannot be read ("
                    + e.getClass().getSimpleName() + ")");
        }
        return TokenInspection.tokenText(text);
    }

    private Optional<TokenInspection.Keys> keys() {
        if (jwksFile != null) {
            try {
                return Optional.of(TokenInspection.Keys.parse(
                        Files.readString(jwksFile, StandardCharsets.UTF_8), "the JWKS file " + jwksFile));
            } catch (IOException e) {
                throw usage("--jwks-file " + jwksFile + " cannot be read ("
                        + e.getClass().getSimpleName() + ")");
            } catch (IllegalArgumentException e) {
                throw usage("--jwks-file " + jwksFile + " " + e.getMessage());
            }
        }
        if (issuer == null) {
            return Optional.empty();
        }
        OkHttpClient http;
        try {
            http = TrustedCertificates.trustingOperatingSystem(
                    ProxyRoutes.from(environment, System::getProperty).applyTo(new OkHttpClient()),
                    TrustedCertificates.OPERATING_SYSTEM_BUNDLES,
                    Optional.ofNullable(caFile),
                    "--ca-file");
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        // The client id is not sent: discovery and the JWKS are anonymous reads.
        OAuthClient client = OAuthClient.builder(OAuthConfig.of(issuer, "stormwatch-token-inspector"))
                .httpClient(http)
                .clock(clock)
                .build();
        return Optional.of(client.providerKeys());
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
