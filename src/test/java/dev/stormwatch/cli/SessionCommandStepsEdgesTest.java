package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.oauth.BrowserLauncher;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.server.FaultSpec;
import dev.stormwatch.testing.StartedProviders;
import java.io.PrintWriter;
import java.io.StringWriter;
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

/** {@code stormwatch session}'s steps against the demo provider: each step's line, in JSON and in text. */
class SessionCommandStepsEdgesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;

    private record Run(int exit, String out, String err) {
        List<JsonNode> lines(String type) throws Exception {
            List<JsonNode> found = new ArrayList<>();
            for (String line : out.split("\n")) {
                if (line.startsWith("{")
                        && JSON.readTree(line).path("type").asText().equals(type)) {
                    found.add(JSON.readTree(line));
                }
            }
            return found;
        }
    }

    @BeforeEach
    void start() throws Exception {
        provider = providers.start();
    }

    private Run run(BrowserLauncher browser, Map<String, String> env, String clientId, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new SessionCommand(browser, env::get));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        List<String> all = new ArrayList<>(List.of("--issuer", provider.issuer().toString(), "--client-id", clientId));
        all.addAll(List.of(args));
        return new Run(cli.execute(all.toArray(String[]::new)), out.toString(), err.toString());
    }

    private Run run(String... args) {
        return run(new SignInPageBrowser(), Map.of(), ClientRegistration.DESKTOP_CLIENT_ID, args);
    }

    @Test
    @DisplayName("RC6: --json prints an attempt line per request and a step line per step, each with what the step"
            + " learnt and never a token")
    void everyStepsLineInJson() throws Exception {
        Run run = run(
                "--json", "--scope", "openid offline_access", "--steps", "login,userinfo,access_token,refresh,logout");

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        List<JsonNode> steps = run.lines("step");
        assertThat(steps)
                .extracting(s -> s.path("step").asText())
                .containsExactly("login", "userinfo", "access_token", "refresh", "logout");
        JsonNode login = steps.get(0);
        assertThat(login.path("outcome").asText()).isEqualTo("ok");
        assertThat(login.path("subject").asText()).isEqualTo("alice");
        assertThat(login.path("issuer").asText()).isEqualTo(provider.issuer().toString());
        assertThat(login.path("openId").asBoolean()).isTrue();
        assertThat(login.has("note")).isFalse();
        assertThat(login.path("tokenType").asText()).isNotBlank();
        assertThat(login.path("accessTokenExpiresAt").asText()).endsWith("Z");
        assertThat(login.path("hasRefreshToken").asBoolean()).isTrue();
        assertThat(login.path("certificateBound").asBoolean()).isFalse();
        assertThat(run.err().lines().filter(l -> l.startsWith(provider.issuer().toString())))
                .as("AR2: the browser opened, so the authorization address is not printed for copying")
                .isEmpty();
        JsonNode userinfo = steps.get(1);
        assertThat(userinfo.path("subject").asText()).isEqualTo("alice");
        assertThat(userinfo.path("claims").toString()).contains("\"sub\"");
        assertThat(steps.get(2).path("accessTokenExpiresAt").asText()).endsWith("Z");
        assertThat(steps.get(3).path("issuer").asText())
                .isEqualTo(provider.issuer().toString());
        assertThat(steps.get(4).path("tokenRevoked").asBoolean()).isTrue();
        List<JsonNode> attempts = run.lines("attempt");
        assertThat(attempts).isNotEmpty();
        assertThat(attempts.get(0).path("verdict").asText()).isEqualTo("DELIVER");
        assertThat(run.out()).doesNotContain("eyJ");
    }

    @Test
    @DisplayName("DV9: a session without openid says so in place of a subject, with the scope granted")
    void anOAuthOnlySessionSaysSo() throws Exception {
        Run run = run("--json", "--scope", "offline_access", "--steps", "login");

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        JsonNode login = run.lines("step").get(0);
        assertThat(login.path("openId").asBoolean()).isFalse();
        assertThat(login.path("note").asText()).isNotBlank();
        assertThat(login.has("subject")).isFalse();
        assertThat(login.path("scope").asText()).isEqualTo("offline_access");
    }

    @Test
    @DisplayName("E1: without --json a failing step prints its error after its name, a later step still runs, and"
            + " the exit status is 1")
    void aFailingStepInText() {
        Run run = run("--steps", "userinfo,logout");

        assertThat(run.exit()).isEqualTo(1);
        String[] lines = run.out().split("\n");
        assertThat(lines[0]).startsWith("userinfo: error - ");
        assertThat(lines[1]).isEqualTo("logout: ok");
        assertThat(run.out()).doesNotContain("{");
    }

    @Test
    @DisplayName("AR2: with --no-browser the authorization URL is printed on a line of its own on stderr and no"
            + " browser is started; the sign-in then waits out --timeout")
    void noBrowserPrintsTheUrl() throws Exception {
        List<String> started = new ArrayList<>();
        Run run = run(
                url -> {
                    started.add(url.toString());
                    return true;
                },
                Map.of(),
                ClientRegistration.DESKTOP_CLIENT_ID,
                "--no-browser",
                "--timeout",
                "1",
                "--json",
                "--steps",
                "login");

        assertThat(started).isEmpty();
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.err().lines().filter(l -> l.startsWith(provider.issuer().toString())))
                .hasSize(1);
        assertThat(run.lines("step").get(0).path("outcome").asText()).isEqualTo("error");
    }

    @Test
    @DisplayName("SX1: with --no-browser end_session opens nothing and says the provider's sign-in was not ended; the"
            + " address, which carries the ID token, is not printed")
    void noBrowserEndsNoProviderSession(@TempDir Path dir) throws Exception {
        Path kept = dir.resolve("session.json");
        Run login = run("--session-file", kept.toString(), "--timeout", "20", "--json", "--steps", "login");
        assertThat(login.exit()).as(login.out() + login.err()).isZero();
        List<String> opened = new ArrayList<>();
        Run end = run(
                url -> {
                    opened.add(url.toString());
                    return true;
                },
                Map.of(),
                ClientRegistration.DESKTOP_CLIENT_ID,
                "--session-file",
                kept.toString(),
                "--no-browser",
                "--timeout",
                "20",
                "--json",
                "--steps",
                "end_session");

        assertThat(end.exit()).as(end.out() + end.err()).isZero();
        assertThat(opened).isEmpty();
        JsonNode ended = end.lines("step").get(0);
        assertThat(ended.path("tokenRevoked").asBoolean()).isTrue();
        assertThat(ended.path("endSession").asText()).isEqualTo("browser_not_opened");
        assertThat(end.out() + end.err()).doesNotContain("eyJ");
    }

    @Test
    @DisplayName("P8, SX1: a revocation the provider refuses is said on logout's and end_session's lines: the token was"
            + " not revoked, and why")
    void aRefusedRevocationIsSaid(@TempDir Path dir) throws Exception {
        Path kept = dir.resolve("session.json");
        Run login = run("--session-file", kept.toString(), "--timeout", "20", "--json", "--steps", "login");
        assertThat(login.exit()).as(login.out() + login.err()).isZero();
        provider.faults().inject("/revoke", FaultSpec.parseText("/revoke=500").fault(), 50);

        Run end = run(
                url -> false,
                Map.of(),
                ClientRegistration.DESKTOP_CLIENT_ID,
                "--session-file",
                kept.toString(),
                "--timeout",
                "20",
                "--json",
                "--steps",
                "end_session");
        Run logout = run("--timeout", "20", "--json", "--steps", "login,logout");

        JsonNode ended = end.lines("step").get(0);
        assertThat(ended.path("tokenRevoked").asBoolean()).as(end.out()).isFalse();
        assertThat(ended.path("revocationError").asText()).contains("500");
        JsonNode out = logout.lines("step").get(1);
        assertThat(out.path("step").asText()).isEqualTo("logout");
        assertThat(out.path("tokenRevoked").asBoolean()).as(logout.out()).isFalse();
        assertThat(out.path("revocationError").asText()).contains("500");
    }

    @Test
    @DisplayName("SX1: without --json end_session's line says what became of the token and of the provider's session")
    void endSessionInText() {
        Run run = run("--timeout", "20", "--steps", "login,end_session");

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out().lines().filter(l -> l.startsWith("end_session: ")))
                .singleElement()
                .asString()
                .matches("end_session: ok - token revoked; provider session: the provider ended its session and sent"
                        + " the browser back to http://127\\.0\\.0\\.1:\\d+/logged-out");
    }

    @Test
    @DisplayName("IN1, CA7: a confidential client's token and the provider's view of the access token, never the"
            + " token or the secret")
    void clientCredentialsAndIntrospection() throws Exception {
        Run run = run(
                new SignInPageBrowser(),
                Map.of(SessionCommand.SECRET_VARIABLE, ClientRegistration.CONFIDENTIAL_CLIENT_SECRET),
                ClientRegistration.CONFIDENTIAL_CLIENT_ID,
                "--client-auth",
                "client_secret_basic",
                "--json",
                "--steps",
                "login,introspect,client_credentials");

        assertThat(run.out() + run.err()).doesNotContain(ClientRegistration.CONFIDENTIAL_CLIENT_SECRET);
        List<JsonNode> steps = run.lines("step");
        JsonNode introspect = steps.get(1);
        assertThat(introspect.path("step").asText()).isEqualTo("introspect");
        assertThat(introspect.path("outcome").asText()).as(run.out()).isEqualTo("ok");
        assertThat(introspect.path("active").asBoolean()).isTrue();
        assertThat(introspect.path("clientId").asText()).isEqualTo(ClientRegistration.CONFIDENTIAL_CLIENT_ID);
        assertThat(introspect.path("subject").asText()).isEqualTo("alice");
        assertThat(introspect.path("scope").asText()).contains("openid");
        assertThat(introspect.path("expiresAt").asText()).endsWith("Z");
        assertThat(introspect.path("tokenType").asText()).isEqualTo("Bearer");
        JsonNode machine = steps.get(2);
        assertThat(machine.path("outcome").asText()).as(run.out()).isEqualTo("ok");
        assertThat(machine.path("tokenType").asText()).isNotBlank();
        assertThat(machine.path("accessTokenExpiresAt").asText()).endsWith("Z");
        assertThat(machine.path("certificateBound").asBoolean()).isFalse();
    }
}
