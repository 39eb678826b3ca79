package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.oauth.BrowserLauncher;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.testing.StartedProviders;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code session --profile NAME} with no option beside it: each of the profile's sign-in choices is the one the
 * sign-in uses (PF9), seen where the demo provider and the browser show it.
 */
class SessionProfileValuesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path home;

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;

    private record Run(int exit, String out, String err) {
        List<JsonNode> steps() throws Exception {
            List<JsonNode> steps = new ArrayList<>();
            for (String line : out.split("\n")) {
                if (line.startsWith("{")
                        && JSON.readTree(line).path("type").asText().equals("step")) {
                    steps.add(JSON.readTree(line));
                }
            }
            return steps;
        }
    }

    @BeforeEach
    void start() throws Exception {
        provider = providers.start();
    }

    private Run execute(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return new Run(cli.execute(args), out.toString(), err.toString());
    }

    private Run save(String name, String... choices) {
        List<String> args = new ArrayList<>(List.of(
                "save",
                name,
                "--issuer",
                provider.issuer().toString(),
                "--client-id",
                ClientRegistration.DESKTOP_CLIENT_ID));
        args.addAll(List.of(choices));
        Run saved = execute(new ProfileCommand(env()::get), args.toArray(String[]::new));
        assertThat(saved.exit()).as(saved.err()).isZero();
        return saved;
    }

    private Map<String, String> env() {
        return Map.of("XDG_CONFIG_HOME", home.toString());
    }

    private Run session(BrowserLauncher browser, String... args) {
        return execute(new SessionCommand(browser, env()::get), args);
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    @DisplayName("PF9: the profile's scope, DPoP and redirect address are the sign-in's when no option is given")
    void theProfilesChoicesAreUsed() throws Exception {
        int port = freePort();
        save(
                "p",
                "--scope",
                "openid email",
                "--dpop",
                "--redirect-host",
                "[::1]",
                "--redirect-port",
                Integer.toString(port),
                "--timeout",
                "20");
        SignInPageBrowser browser = new SignInPageBrowser();

        Run run = session(browser, "--profile", "p", "--json", "--steps", "login,userinfo,end_session");

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        List<JsonNode> steps = run.steps();
        assertThat(steps.get(0).path("tokenType").asText()).as("--dpop").isEqualTo("DPoP");
        assertThat(steps.get(1).path("claims").toString()).as("--scope").contains("\"email\"");
        URI page = browser.endSessionUrls.get(0);
        assertThat(page.getHost()).as("--redirect-host").isEqualTo("[::1]");
        assertThat(page.getPort()).as("--redirect-port").isEqualTo(port);
    }

    @Test
    @DisplayName("PF9: the profile's browser wait is the sign-in's, and the error says it in its own unit")
    void theProfilesBrowserWaitIsUsed() throws Exception {
        save("q", "--timeout", "1");
        List<URI> opened = new ArrayList<>();

        Run run = session(
                url -> {
                    opened.add(url);
                    return true; // a browser opens, and nobody signs in
                },
                "--profile",
                "q",
                "--json",
                "--steps",
                "login");

        assertThat(opened).hasSize(1);
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.steps().get(0).path("error").path("message").asText())
                .contains("no sign-in came back from the browser within 1 s; sign in again");
    }

    @Test
    @DisplayName("PF9, CA2: the profile's client authentication is the sign-in's: a secret method without a secret is"
            + " refused before anything is sent")
    void theProfilesClientAuthenticationIsUsed() throws Exception {
        save("c", "--client-auth", "client_secret_basic", "--timeout", "2");

        Run run = session(url -> true, "--profile", "c", "--json", "--steps", "login");

        assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(2);
        assertThat(run.err()).contains("client_secret_basic");
        assertThat(provider.requestsReceived("GET", "/.well-known/openid-configuration"))
                .isZero();
    }

    @Test
    @DisplayName("PF9, CA4: the profile's client key file is the sign-in's: private_key_jwt with it goes to the"
            + " provider, where without it the command would be refused")
    void theProfilesClientKeyIsUsed() throws Exception {
        Path key = home.resolve("client.jwk");
        Run generated = execute(new ClientKeyCommand(), "--generate", key.toString());
        assertThat(generated.exit()).as(generated.err()).isZero();
        save("k", "--client-auth", "private_key_jwt", "--client-key-file", key.toString(), "--timeout", "2");

        Run run = session(url -> true, "--profile", "k", "--json", "--steps", "login");

        assertThat(run.err()).doesNotContain("--client-key-file");
        assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(1);
        assertThat(provider.requestsReceived("GET", "/.well-known/openid-configuration"))
                .isPositive();
    }
}
