package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.testing.StartedProviders;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
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

/** {@code stormwatch session --client-auth}: a confidential client against the demo provider (CA1–CA3). */
class SessionCommandClientAuthTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SECRET = ClientRegistration.CONFIDENTIAL_CLIENT_SECRET;

    @TempDir
    Path dir;

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;

    private record Run(int exit, List<JsonNode> steps, String out, String err) {}

    @BeforeEach
    void start() throws Exception {
        provider = providers.start();
    }

    private Run run(Map<String, String> env, String... args) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new SessionCommand(new SignInPageBrowser(), env::get));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        List<String> all = new ArrayList<>(List.of(
                "--issuer",
                provider.issuer().toString(),
                "--client-id",
                ClientRegistration.CONFIDENTIAL_CLIENT_ID,
                "--scope",
                "openid offline_access",
                "--timeout",
                "20",
                "--json"));
        all.addAll(List.of(args));
        int exit = cli.execute(all.toArray(String[]::new));
        List<JsonNode> steps = new ArrayList<>();
        for (String line : out.toString().split("\n")) {
            if (!line.isBlank() && JSON.readTree(line).path("type").asText().equals("step")) {
                steps.add(JSON.readTree(line));
            }
        }
        return new Run(exit, steps, out.toString(), err.toString());
    }

    @Test
    @DisplayName("CA2, CA3: client_secret_basic from --client-secret-file: every step succeeds, and the secret is"
            + " in no output line and not in the session file")
    void basicFromAFile() throws Exception {
        Path secretFile = dir.resolve("secret");
        Files.writeString(secretFile, SECRET + "\n");
        Files.setPosixFilePermissions(secretFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Path sessionFile = dir.resolve("session.json");

        Run run = run(
                Map.of(),
                "--client-auth",
                "client_secret_basic",
                "--client-secret-file",
                secretFile.toString(),
                "--steps",
                "login,userinfo,refresh",
                "--session-file",
                sessionFile.toString());
        String kept = Files.readString(sessionFile);
        Run logout = run(
                Map.of(),
                "--client-auth",
                "client_secret_basic",
                "--client-secret-file",
                secretFile.toString(),
                "--steps",
                "logout",
                "--session-file",
                sessionFile.toString());

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.steps())
                .allSatisfy(l -> assertThat(l.path("outcome").asText()).isEqualTo("ok"));
        assertThat(kept).contains("refresh_token").doesNotContain(SECRET).doesNotContain("client_secret");
        assertThat(logout.exit()).as(logout.out()).isZero();
        assertThat(logout.steps().get(0).path("tokenRevoked").asBoolean()).isTrue();
        assertThat(run.out() + run.err() + logout.out() + logout.err()).doesNotContain(SECRET);
    }

    @Test
    @DisplayName("CA2, CA3: client_secret_post from STORMWATCH_CLIENT_SECRET, and auto likewise")
    void postAndAutoFromTheEnvironment() throws Exception {
        for (String method : List.of("client_secret_post", "auto")) {
            Run run = run(
                    Map.of(SessionCommand.SECRET_VARIABLE, SECRET),
                    "--client-auth",
                    method,
                    "--steps",
                    "login,refresh,logout");

            assertThat(run.exit()).as(method + run.out() + run.err()).isZero();
            assertThat(run.out() + run.err()).doesNotContain(SECRET);
        }
    }

    @Test
    @DisplayName("CA2: there is no flag that takes the secret itself (command lines are visible in ps)")
    void theSecretIsNeverAFlagValue() throws Exception {
        Run run = run(Map.of(), "--client-auth", "client_secret_basic", "--client-secret", SECRET);

        assertThat(run.exit()).isEqualTo(2);
        assertThat(provider.requestsReceived("POST", "/token")).isZero();
    }

    @Test
    @DisplayName("CA1: a secret with --client-auth none, and a secret method without a secret, are usage errors")
    void mismatchedMethodAndSecretAreRefused() throws Exception {
        Run withNone = run(Map.of(SessionCommand.SECRET_VARIABLE, SECRET), "--client-auth", "none");
        Run withoutSecret = run(Map.of(), "--client-auth", "client_secret_post");
        Run unknown = run(Map.of(), "--client-auth", "client_secret_jwt");

        assertThat(withNone.exit()).isEqualTo(2);
        assertThat(withNone.err())
                .contains("STORMWATCH_CLIENT_SECRET")
                .contains("--client-auth is none")
                .doesNotContain(SECRET);
        assertThat(withoutSecret.exit()).isEqualTo(2);
        assertThat(withoutSecret.err()).contains("needs a client secret");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err())
                .contains("--client-auth")
                .contains(
                        "none, client_secret_basic, client_secret_post, private_key_jwt, tls_client_auth, self_signed_tls_client_auth or auto");
        assertThat(provider.requestsReceived("GET", "/.well-known/openid-configuration"))
                .isZero();
    }

    @Test
    @DisplayName("CA2, ST3: a wrong secret ends the login in a Configuration error that says what to check, without"
            + " the secret")
    void aWrongSecretIsAConfigurationStepError() throws Exception {
        String wrong = "not-the-secret-42";

        Run run = run(
                Map.of(SessionCommand.SECRET_VARIABLE, wrong),
                "--client-auth",
                "client_secret_basic",
                "--steps",
                "login");

        assertThat(run.exit()).isEqualTo(1);
        JsonNode error = run.steps().get(0).path("error");
        assertThat(error.path("category").asText()).isEqualTo("Configuration");
        assertThat(error.path("message").asText()).contains("invalid_client").contains("client secret");
        assertThat(run.out() + run.err()).doesNotContain(wrong);
    }
}
