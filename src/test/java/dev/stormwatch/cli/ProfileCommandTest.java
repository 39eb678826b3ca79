package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code stormwatch profile} and {@code stormwatch session --profile}: one session per profile (PF1–PF5). */
class ProfileCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path home;

    private record Run(int exit, String out, String err) {
        List<JsonNode> steps() throws Exception {
            List<JsonNode> steps = new ArrayList<>();
            for (String line : out.split("\n")) {
                if (!line.isBlank()
                        && line.startsWith("{")
                        && JSON.readTree(line).path("type").asText().equals("step")) {
                    steps.add(JSON.readTree(line));
                }
            }
            return steps;
        }
    }

    private Map<String, String> env() {
        return Map.of("XDG_CONFIG_HOME", home.toString());
    }

    private Run profile(String... args) {
        return execute(new CommandLine(new ProfileCommand(env()::get)), args);
    }

    private Run session(Map<String, String> extraEnv, String... args) {
        Map<String, String> all = new java.util.HashMap<>(env());
        all.putAll(extraEnv);
        return execute(new CommandLine(new SessionCommand(new SignInPageBrowser(), all::get)), args);
    }

    private static Run execute(CommandLine cli, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    @DisplayName("PF4: two profiles on two providers each keep their own session: B is not signed in by A's"
            + " session, B's provider never sees A's tokens, and A's session is still there after B signs out")
    void switchingProfileNeverUsesAnotherProvidersTokens() throws Exception {
        try (DemoProvider a = DemoProvider.start(ProviderConfig.defaults());
                DemoProvider b = DemoProvider.start(ProviderConfig.defaults())) {
            assertThat(profile(
                                    "save",
                                    "a",
                                    "--issuer",
                                    a.issuer().toString(),
                                    "--client-id",
                                    ClientRegistration.DESKTOP_CLIENT_ID,
                                    "--scope",
                                    "openid offline_access")
                            .exit())
                    .isZero();
            assertThat(profile(
                                    "save",
                                    "b",
                                    "--issuer",
                                    b.issuer().toString(),
                                    "--client-id",
                                    ClientRegistration.DESKTOP_CLIENT_ID,
                                    "--scope",
                                    "openid offline_access")
                            .exit())
                    .isZero();

            Run signIn = session(
                    Map.of(), "--profile", "a", "--stay-signed-in", "--timeout", "20", "--json", "--steps", "login");
            Path sessionA = home.resolve("stormwatch/sessions/a.json");
            String storedA = Files.readString(sessionA);
            Run underB = session(
                    Map.of(), "--profile", "b", "--stay-signed-in", "--json", "--steps", "refresh,userinfo,logout");
            Run stillA = session(Map.of(), "--profile", "a", "--stay-signed-in", "--json", "--steps", "userinfo");

            assertThat(signIn.exit()).as(signIn.out() + signIn.err()).isZero();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(sessionA)))
                    .isEqualTo("rw-------");
            assertThat(underB.steps())
                    .extracting(s -> s.path("outcome").asText())
                    .containsExactly("error", "error", "ok");
            assertThat(underB.steps().get(0).path("error").path("message").asText())
                    .contains("not signed in");
            assertThat(b.requestsReceived("POST", "/token")).isZero();
            assertThat(b.requestsReceived("GET", "/userinfo")).isZero();
            assertThat(b.requestsReceived("POST", "/revoke")).isZero();
            assertThat(Files.readString(sessionA)).isEqualTo(storedA);
            assertThat(stillA.exit()).as(stillA.out() + stillA.err()).isZero();
            assertThat(a.requestsReceived("GET", "/userinfo")).isEqualTo(1);
        }
    }

    @Test
    @DisplayName("PF4: an option given beside --profile overrides the profile for that run only")
    void optionsOverrideTheProfileForOneRun() throws Exception {
        try (DemoProvider a = DemoProvider.start(ProviderConfig.defaults())) {
            profile("save", "a", "--issuer", a.issuer().toString(), "--client-id", "unknown-client");

            Run run = session(
                    Map.of(),
                    "--profile",
                    "a",
                    "--client-id",
                    ClientRegistration.DESKTOP_CLIENT_ID,
                    "--timeout",
                    "20",
                    "--json",
                    "--steps",
                    "login");

            assertThat(run.exit()).as(run.out() + run.err()).isZero();
            assertThat(profile("show", "a").out()).contains("unknown-client");
        }
    }

    @Test
    @DisplayName("PF9: profile save keeps the sign-in choices, and session --profile signs in with them: the fixed"
            + " redirect port, and the session kept in the profile's own file; a bad one saves nothing")
    void aProfileKeepsTheSignInChoices() throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        try (DemoProvider a = DemoProvider.start(ProviderConfig.defaults())) {
            Run saved = profile(
                    "save",
                    "a",
                    "--issuer",
                    a.issuer().toString(),
                    "--client-id",
                    ClientRegistration.DESKTOP_CLIENT_ID,
                    "--auth-param",
                    "login_hint=alice@example.com",
                    "--redirect-port",
                    Integer.toString(port),
                    "--timeout",
                    "20",
                    "--stay-signed-in");
            assertThat(saved.exit()).as(saved.err()).isZero();
            assertThat(profile("show", "a").out())
                    .contains(
                            "\"login_hint\" : \"alice@example.com\"",
                            "\"redirect_port\" : " + port,
                            "\"browser_wait_seconds\" : 20",
                            "\"stay_signed_in\" : true");

            Run run = session(Map.of(), "--profile", "a", "--json", "--steps", "login");

            assertThat(run.exit()).as(run.out() + run.err()).isZero();
            assertThat(home.resolve("stormwatch/sessions/a.json")).exists();
        }
        Run bad = profile(
                "save", "b", "--issuer", "https://login.example.com", "--client-id", "c", "--auth-param", "state=x");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("--auth-param 'state' is set by the client itself");
        assertThat(profile("list").out()).doesNotContain("b  ");
    }

    @Test
    @DisplayName("PF1: a refused value is named in the option's words and nothing is saved; session needs an issuer"
            + " or a profile")
    void refusedValuesSaveNothing() {
        Run badName = profile("save", "../x", "--issuer", "https://login.example.com", "--client-id", "c");
        Run badIssuer = profile("save", "w", "--issuer", "http://login.example.com", "--client-id", "c");
        Run badAuth = profile(
                "save", "w", "--issuer", "https://login.example.com", "--client-id", "c", "--client-auth", "magic");
        Run missing = session(Map.of(), "--steps", "login");
        Run unknown = session(Map.of(), "--profile", "nope", "--steps", "login");

        assertThat(badName.exit()).isEqualTo(2);
        assertThat(badName.err()).contains("profile name '../x'");
        assertThat(badIssuer.exit()).isEqualTo(2);
        assertThat(badIssuer.err()).contains("issuer");
        assertThat(badAuth.err()).contains("client authentication 'magic'");
        assertThat(profile("list").out()).contains("no profiles saved yet");
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("--issuer and --client-id, or --profile NAME");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("no profile named 'nope'");
    }

    @Test
    @DisplayName("PF3: export then import under another name; an import with a secret saves nothing, and an import"
            + " never replaces a profile unless asked")
    void exportAndImport() throws Exception {
        profile(
                "save",
                "work",
                "--issuer",
                "https://login.example.com",
                "--client-id",
                "my-app",
                "--client-auth",
                "client_secret_post");
        Path shared = home.resolve("work.json");
        assertThat(profile("export", "work", "--output", shared.toString()).exit())
                .isZero();
        Path withSecret = home.resolve("leaky.json");
        Files.writeString(
                withSecret,
                Files.readString(shared).replace("\"dpop\"", "\"client_secret\" : \"hunter2\"," + " \"dpop\""));

        Run again = profile("import", shared.toString());
        Run renamed = profile("import", shared.toString(), "--as", "work-copy");
        Run leaky = profile("import", withSecret.toString(), "--as", "leaky");

        assertThat(Files.readString(shared)).contains("client_secret_post").doesNotContain("hunter2");
        assertThat(again.exit()).isEqualTo(2);
        assertThat(again.err()).contains("--replace");
        assertThat(renamed.exit()).as(renamed.err()).isZero();
        assertThat(leaky.exit()).isEqualTo(2);
        assertThat(leaky.err()).contains("'client_secret'").doesNotContain("hunter2");
        assertThat(profile("list").out()).contains("work-copy").doesNotContain("leaky");
    }

    @Test
    @DisplayName("PF5: a client secret file that others can read is refused before anything is sent, with chmod 600")
    void aSecretFileOthersCanReadIsRefused() throws Exception {
        try (DemoProvider a = DemoProvider.start(ProviderConfig.defaults())) {
            Path secret = home.resolve("secret");
            Files.writeString(secret, ClientRegistration.CONFIDENTIAL_CLIENT_SECRET + "\n");
            Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-r-----"));

            Run run = session(
                    Map.of(),
                    "--issuer",
                    a.issuer().toString(),
                    "--client-id",
                    ClientRegistration.CONFIDENTIAL_CLIENT_ID,
                    "--client-auth",
                    "client_secret_basic",
                    "--client-secret-file",
                    secret.toString(),
                    "--steps",
                    "login");
            Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
            Run ownerOnly = session(
                    Map.of(),
                    "--issuer",
                    a.issuer().toString(),
                    "--client-id",
                    ClientRegistration.CONFIDENTIAL_CLIENT_ID,
                    "--client-auth",
                    "client_secret_basic",
                    "--client-secret-file",
                    secret.toString(),
                    "--timeout",
                    "20",
                    "--steps",
                    "login");

            assertThat(run.exit()).isEqualTo(2);
            assertThat(run.err())
                    .contains("--client-secret-file")
                    .contains("rw-r-----")
                    .contains("chmod 600")
                    .doesNotContain(ClientRegistration.CONFIDENTIAL_CLIENT_SECRET);
            assertThat(ownerOnly.exit()).as(ownerOnly.out() + ownerOnly.err()).isZero();
        }
    }

    @Test
    @DisplayName("PF7: profile save checks --client-cert and --client-cert-key as session does and saves nothing on"
            + " a refusal; session --profile then reads the saved key file, refusing it once others may read it")
    void aProfileKeepsTheClientCertificate() throws Exception {
        okhttp3.tls.HeldCertificate held =
                new okhttp3.tls.HeldCertificate.Builder().commonName("mtls").build();
        Path cert = Files.writeString(home.resolve("c.pem"), held.certificatePem());
        Path key = Files.writeString(home.resolve("k.pem"), held.privateKeyPkcs8Pem());
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        Path otherKey = Files.writeString(
                home.resolve("other.pem"),
                new okhttp3.tls.HeldCertificate.Builder()
                        .commonName("other")
                        .build()
                        .privateKeyPkcs8Pem());

        Run mismatch = profile(
                "save",
                "bank",
                "--issuer",
                "https://127.0.0.1:9",
                "--client-id",
                "app",
                "--client-auth",
                "tls_client_auth",
                "--client-cert",
                cert.toString(),
                "--client-cert-key",
                otherKey.toString());
        Run noCert = profile(
                "save",
                "bank",
                "--issuer",
                "https://127.0.0.1:9",
                "--client-id",
                "app",
                "--client-auth",
                "tls_client_auth");
        assertThat(mismatch.exit()).isEqualTo(2);
        assertThat(mismatch.err()).contains("--client-cert-key: the private key in");
        assertThat(noCert.exit()).isEqualTo(2);
        assertThat(noCert.err()).contains("client certificate file");
        assertThat(home.resolve("stormwatch/profiles/bank.json")).doesNotExist();

        Run saved = profile(
                "save",
                "bank",
                "--issuer",
                "https://127.0.0.1:9",
                "--client-id",
                "app",
                "--client-auth",
                "tls_client_auth",
                "--client-cert",
                cert.toString(),
                "--client-cert-key",
                key.toString());
        assertThat(saved.exit()).as(saved.err()).isZero();
        assertThat(Files.readString(home.resolve("stormwatch/profiles/bank.json")))
                .contains("\"client_cert_pkcs8\" : \"" + key.toAbsolutePath() + "\"")
                .doesNotContain("PRIVATE KEY");

        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r--r--"));
        Run used = session(Map.of(), "--profile", "bank", "--steps", "client_credentials", "--json");
        assertThat(used.exit()).isEqualTo(2);
        assertThat(used.err())
                .contains("--client-cert-key " + key.toAbsolutePath())
                .contains("chmod 600");
    }

    @Test
    @DisplayName("PF10: 'profile save --retry-policy patient' keeps the policy, 'session --profile' uses it, and"
            + " --retry-policy on the session replaces it; an unknown name is refused naming the option and the"
            + " presets, and nothing is saved")
    void aProfilesRetryPolicyIsUsedUnlessGiven() throws Exception {
        try (DemoProvider provider = DemoProvider.start(ProviderConfig.defaults())) {
            String[] base = {
                "save",
                "patient",
                "--issuer",
                provider.issuer().toString(),
                "--client-id",
                ClientRegistration.DESKTOP_CLIENT_ID,
                "--retry-policy"
            };
            Run refused = profile(append(base, "eager"));
            Run saved = profile(append(base, "patient"));
            Run byProfile = session(Map.of(), "--profile", "patient", "--json", "--steps", "login");
            Run given = session(
                    Map.of(), "--profile", "patient", "--retry-policy", "conservative", "--json", "--steps", "login");

            assertThat(refused.exit()).isNotZero();
            assertThat(refused.err())
                    .contains("--retry-policy 'eager' is not a retry policy")
                    .contains("default, conservative, patient");
            assertThat(saved.exit()).as(saved.err()).isZero();
            assertThat(Files.readString(home.resolve("stormwatch/profiles/patient.json")))
                    .contains("\"max_attempts_per_origin\" : 5");
            // B1: what an origin may still fail is the policy's per-origin limit while nothing has failed.
            assertThat(attemptsLeft(byProfile)).isNotEmpty().containsOnly(5);
            assertThat(attemptsLeft(given)).isNotEmpty().containsOnly(2);
        }
    }

    @Test
    @DisplayName("PF11, SX9: 'profile save --end-session-method get' keeps the method and 'session --profile' ends"
            + " the session by GET; --end-session-method post on the session replaces it; a value other than post or"
            + " get is refused in the option's words before anything is saved or sent")
    void aProfilesEndSessionMethodIsUsedUnlessGiven() throws Exception {
        try (DemoProvider provider = DemoProvider.start(ProviderConfig.defaults())) {
            String[] base = {
                "save",
                "bye",
                "--issuer",
                provider.issuer().toString(),
                "--client-id",
                ClientRegistration.DESKTOP_CLIENT_ID,
                "--scope",
                "openid offline_access",
                "--end-session-method"
            };
            Run refused = profile(append(base, "put"));
            assertThat(refused.exit()).isNotZero();
            assertThat(refused.err())
                    .contains("--end-session-method 'put' is not a method it takes")
                    .contains("give post");
            assertThat(home.resolve("stormwatch/profiles/bye.json")).doesNotExist();
            Run saved = profile(append(base, "get"));
            assertThat(saved.exit()).as(saved.err()).isZero();
            assertThat(Files.readString(home.resolve("stormwatch/profiles/bye.json")))
                    .contains("\"end_session_method\" : \"get\"");

            SignInPageBrowser byProfile = new SignInPageBrowser();
            Run got = session(byProfile, "--profile", "bye", "--json", "--steps", "login,end_session");
            assertThat(got.exit()).as(got.out() + got.err()).isZero();
            assertThat(byProfile.endSessionUrls)
                    .singleElement()
                    .satisfies(url -> assertThat(url.getPath()).isEqualTo("/logout"));
            assertThat(got.steps().get(1).path("endSession").asText()).isEqualTo("confirmed");
            assertThat(provider.requestsReceived("GET", "/logout")).isEqualTo(1);

            SignInPageBrowser byOption = new SignInPageBrowser();
            Run posted = session(
                    byOption,
                    "--profile",
                    "bye",
                    "--end-session-method",
                    "post",
                    "--json",
                    "--steps",
                    "login,end_session");
            assertThat(posted.exit()).as(posted.out() + posted.err()).isZero();
            assertThat(byOption.endSessionUrls)
                    .singleElement()
                    .satisfies(url -> assertThat(url.getPath())
                            .startsWith(dev.stormwatch.oauth.LoopbackReceiver.END_SESSION_PAGE_PREFIX));
            assertThat(provider.requestsReceived("POST", "/logout")).isEqualTo(1);
            assertThat(provider.requestsReceived("GET", "/logout")).isEqualTo(1);

            long tokenRequests = provider.requestsReceived("POST", "/token");
            Run wrong = session(
                    new SignInPageBrowser(),
                    "--profile",
                    "bye",
                    "--end-session-method",
                    "put",
                    "--steps",
                    "login,end_session");
            assertThat(wrong.exit()).isEqualTo(2);
            assertThat(wrong.err()).contains("--end-session-method 'put' is not a method it takes");
            assertThat(provider.requestsReceived("POST", "/token")).isEqualTo(tokenRequests);
        }
    }

    private Run session(SignInPageBrowser browser, String... args) {
        return execute(new CommandLine(new SessionCommand(browser, env()::get)), args);
    }

    private static String[] append(String[] head, String last) {
        String[] all = java.util.Arrays.copyOf(head, head.length + 1);
        all[head.length] = last;
        return all;
    }

    private static List<Integer> attemptsLeft(Run run) throws Exception {
        List<Integer> left = new ArrayList<>();
        for (String line : run.out().split("\n")) {
            if (line.startsWith("{")
                    && JSON.readTree(line).path("type").asText().equals("attempt")) {
                left.add(JSON.readTree(line).path("attemptsLeftAtOrigin").asInt());
            }
        }
        return left;
    }
}
