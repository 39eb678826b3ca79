package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.oauth.FileSessionStore;
import dev.stormwatch.oauth.Session;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SessionCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Stderr that acts like a person: follows the authorization URL printed on a line of its own. */
    private static final class FollowingErr extends Writer {
        final StringBuilder all = new StringBuilder();
        private final StringBuilder line = new StringBuilder();
        private final OkHttpClient http = new OkHttpClient();

        @Override
        public void write(char[] chars, int off, int len) {
            for (int i = off; i < off + len; i++) {
                all.append(chars[i]);
                if (chars[i] == '\n') {
                    String text = line.toString().trim();
                    line.setLength(0);
                    if (text.startsWith("http")) {
                        CompletableFuture.runAsync(() -> follow(text));
                    }
                } else {
                    line.append(chars[i]);
                }
            }
        }

        private void follow(String url) {
            try (Response response =
                    http.newCall(new Request.Builder().url(url).build()).execute()) {
                response.body().string();
            } catch (IOException e) {
                // the test's assertions will show the failed login
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    }

    private record Run(int exit, List<JsonNode> lines, String out, String err) {}

    private static Run run(String... args) throws IOException {
        StringWriter out = new StringWriter();
        FollowingErr err = new FollowingErr();
        CommandLine cli = StormwatchCommand.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        List<JsonNode> lines = new ArrayList<>();
        for (String line : out.toString().split("\n")) {
            if (!line.isBlank()) {
                lines.add(JSON.readTree(line));
            }
        }
        return new Run(exit, lines, out.toString(), err.all.toString());
    }

    @Test
    void runsTheWholeFlowWithoutABrowserAndPrintsNoToken() throws Exception {
        MockOAuth2Server server = new MockOAuth2Server();
        server.start(InetAddress.getByName("127.0.0.1"), 0);
        try {
            Run run = run(
                    "session",
                    "--issuer",
                    server.issuerUrl("default").toString(),
                    "--client-id",
                    "cli",
                    "--scope",
                    "openid offline_access",
                    "--no-browser",
                    "--timeout",
                    "20",
                    "--steps",
                    "login,userinfo,refresh,userinfo,logout",
                    "--json");

            assertThat(run.exit()).isZero();
            List<JsonNode> steps = run.lines().stream()
                    .filter(l -> l.path("type").asText().equals("step"))
                    .toList();
            assertThat(steps)
                    .extracting(l -> l.path("step").asText())
                    .containsExactly("login", "userinfo", "refresh", "userinfo", "logout");
            assertThat(steps)
                    .allSatisfy(l -> assertThat(l.path("outcome").asText()).isEqualTo("ok"));
            assertThat(steps.get(4).path("tokenRevoked").asBoolean()).isTrue();
            assertThat(run.lines())
                    .anySatisfy(l -> assertThat(l.path("type").asText()).isEqualTo("attempt"));
            assertThat(run.err()).contains("/authorize?");
            // RC6: the provider's tokens are JWTs ("eyJ..."): none may appear.
            assertThat(run.out()).doesNotContain("eyJ");
        } finally {
            server.shutdown();
        }
    }

    @Test
    @DisplayName("--session-file keeps the signed-in session in an owner-only file for 'load --oauth-session'")
    void sessionFileKeepsTheSessionForLaterRuns(@TempDir Path dir) throws Exception {
        MockOAuth2Server server = new MockOAuth2Server();
        server.start(InetAddress.getByName("127.0.0.1"), 0);
        try {
            Path file = dir.resolve("kept").resolve("session.json");
            Run kept = run(
                    "session",
                    "--issuer",
                    server.issuerUrl("default").toString(),
                    "--client-id",
                    "cli",
                    "--scope",
                    "openid offline_access",
                    "--no-browser",
                    "--timeout",
                    "20",
                    "--steps",
                    "login",
                    "--session-file",
                    file.toString(),
                    "--json");

            assertThat(kept.exit()).as(kept.out()).isZero();
            Session stored = new FileSessionStore(file).load().orElseThrow();
            assertThat(stored.claims().orElseThrow().issuer())
                    .isEqualTo(server.issuerUrl("default").toString());
            assertThat(stored.claims().orElseThrow().audience()).containsExactly("cli");
            assertThat(Files.getPosixFilePermissions(file))
                    .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
            assertThat(kept.out()).doesNotContain(stored.tokens().accessToken().reveal()); // RC6
        } finally {
            server.shutdown();
        }
    }

    @Test
    @DisplayName("without --session-file or --stay-signed-in the session stays in memory: a real process whose"
            + " XDG_CONFIG_HOME and HOME point at an empty folder signs in and leaves that folder empty")
    void withoutSessionFileNothingIsWritten(@TempDir Path dir) throws Exception {
        MockOAuth2Server server = new MockOAuth2Server();
        server.start(InetAddress.getByName("127.0.0.1"), 0);
        Path home = Files.createDirectories(dir.resolve("home"));
        Path config = Files.createDirectories(dir.resolve("config"));
        try {
            String java =
                    Path.of(System.getProperty("java.home"), "bin", "java").toString();
            ProcessBuilder builder = new ProcessBuilder(
                            java,
                            "-Xmx128m",
                            "-XX:TieredStopAtLevel=1",
                            "-Duser.home=" + home,
                            "-cp",
                            System.getProperty("java.class.path"),
                            "dev.stormwatch.Main",
                            "session",
                            "--issuer",
                            server.issuerUrl("default").toString(),
                            "--client-id",
                            "cli",
                            "--no-browser",
                            "--timeout",
                            "20",
                            "--steps",
                            "login",
                            "--json")
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            builder.environment().put("XDG_CONFIG_HOME", config.toString());
            builder.environment().put("HOME", home.toString());
            Process process = builder.start();
            FollowingErr err = new FollowingErr();
            try (BufferedReader lines =
                    new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    err.write(line + "\n"); // follows the authorization URL, as a person would
                }
                assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            } finally {
                process.destroyForcibly(); // never left running, whatever failed
            }

            assertThat(process.exitValue()).as(err.all.toString()).isZero();
            // The support log (HD2) is the one file a run writes; it never holds a token (SupportLogRedactionTest).
            Path supportLog = home.resolve(".local/state/stormwatch/logs");
            try (Stream<Path> written = Files.walk(dir)) {
                assertThat(written.filter(Files::isRegularFile).filter(file -> !file.startsWith(supportLog)))
                        .isEmpty();
            }
        } finally {
            server.shutdown();
        }
    }

    @Test
    void aFailedStepPrintsTheTypedErrorAndTheExitStatusIsNotZero() throws Exception {
        try (MockWebServer provider = new MockWebServer()) {
            provider.start(InetAddress.getByName("127.0.0.1"), 0);
            provider.enqueue(new MockResponse().setResponseCode(503).setHeader("Retry-After", "30"));

            Run run = run(
                    "session",
                    "--issuer",
                    "http://127.0.0.1:" + provider.getPort(),
                    "--client-id",
                    "cli",
                    "--no-browser",
                    "--steps",
                    "login",
                    "--json");

            assertThat(run.exit()).isEqualTo(1);
            JsonNode step = run.lines().get(run.lines().size() - 1);
            assertThat(step.path("outcome").asText()).isEqualTo("error");
            JsonNode error = step.path("error");
            assertThat(error.path("category").asText()).isEqualTo("Recoverable");
            assertThat(error.path("cause").asText()).isEqualTo("Server");
            assertThat(error.path("status").asInt()).isEqualTo(503);
            assertThat(error.path("retryAfterMs").asLong()).isEqualTo(30_000);
            assertThat(error.path("attempts").asInt()).isEqualTo(1);
        }
    }

    @Test
    void aBadIssuerOrStepIsAUsageErrorWithoutAStackTrace() throws Exception {
        Run http = run("session", "--issuer", "http://login.example.com", "--client-id", "cli");
        Run step = run("session", "--issuer", "https://login.example.com", "--client-id", "cli", "--steps", "dance");

        assertThat(http.exit()).isEqualTo(2);
        assertThat(http.err()).contains("must use https").doesNotContain("at dev.");
        assertThat(step.exit()).isEqualTo(2);
        assertThat(step.err()).contains("unknown step 'dance'");
    }

    // Regression: only CallFailure was caught, so any other exception ended the run with a stack trace and no step
    // line.
    @Test
    void anUnexpectedExceptionIsOneStepLineWithoutStackTraceOrSecretAndExitStatusOne() throws Exception {
        try (MockWebServer provider = new MockWebServer()) {
            provider.start(InetAddress.getByName("127.0.0.1"), 0);
            String issuer = "http://127.0.0.1:" + provider.getPort();
            provider.enqueue(new MockResponse()
                    .setHeader("Content-Type", "application/json")
                    .setBody("{\"issuer\":\"" + issuer + "\",\"authorization_endpoint\":\"" + issuer + "/authorize\","
                            + "\"token_endpoint\":\"" + issuer + "/token\",\"jwks_uri\":\"" + issuer + "/jwks\"}"));
            // The browser fails in a way no typed error covers; its message carries the URL with the state.
            SessionCommand command = new SessionCommand(url -> {
                throw new IllegalStateException("cannot open " + url);
            });
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CommandLine cli = new CommandLine(command);
            cli.setOut(new PrintWriter(out, true));
            cli.setErr(new PrintWriter(err, true));

            int exit = cli.execute("--issuer", issuer, "--client-id", "cli", "--steps", "login,logout", "--json");

            assertThat(exit).isEqualTo(1);
            List<JsonNode> steps = new ArrayList<>();
            for (String line : out.toString().split("\n")) {
                JsonNode node = JSON.readTree(line);
                if (node.path("type").asText().equals("step")) {
                    steps.add(node);
                }
            }
            assertThat(steps).extracting(l -> l.path("step").asText()).containsExactly("login", "logout");
            JsonNode error = steps.get(0).path("error");
            assertThat(steps.get(0).path("outcome").asText()).isEqualTo("error");
            assertThat(error.path("category").asText()).isEqualTo("Unexpected");
            assertThat(error.path("message").asText())
                    .contains("IllegalStateException")
                    .doesNotContain("\n");
            assertThat(out.toString() + err)
                    .doesNotContain("state=")
                    .doesNotContain("/authorize")
                    .doesNotContain("at dev.");
        }
    }
}
