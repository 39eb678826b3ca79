package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** {@code stormwatch profile}'s own subcommands, on the file system only: no provider is asked anything. */
class ProfileCommandEdgesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ISSUER = "https://login.example.com";

    @TempDir
    Path home;

    private record Run(int exit, String out, String err) {}

    private Run profile(String... args) {
        Map<String, String> env = Map.of("XDG_CONFIG_HOME", home.toString());
        CommandLine cli = new CommandLine(new ProfileCommand(env::get));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private Run save(String name, String... more) {
        String[] args = new String[5 + more.length];
        args[0] = "save";
        args[1] = name;
        args[2] = "--issuer";
        args[3] = ISSUER;
        args[4] = "--client-id=app-" + name;
        System.arraycopy(more, 0, args, 5, more.length);
        return profile(args);
    }

    @Test
    @DisplayName("PF1: save says what it saved, list names each profile's issuer, client and method, show prints it"
            + " as JSON, and delete removes it with its session")
    void saveListShowDelete() throws Exception {
        Run saved = save("work", "--client-auth", "client_secret_basic");
        Run listed = profile("list");
        Run shown = profile("show", "work");
        Run deleted = profile("delete", "work");

        assertThat(saved.exit()).as(saved.err()).isZero();
        assertThat(saved.out()).isEqualTo("saved profile work" + System.lineSeparator());
        assertThat(listed.out()).contains("work  " + ISSUER + "  app-work  client_secret_basic");
        assertThat(listed.out()).doesNotContain("no profiles saved yet");
        assertThat(shown.exit()).isZero();
        JsonNode json = JSON.readTree(shown.out());
        assertThat(json.path("name").asText()).isEqualTo("work");
        assertThat(json.path("client_auth").asText()).isEqualTo("client_secret_basic");
        assertThat(deleted.exit()).isZero();
        assertThat(deleted.out()).contains("deleted profile work and its session");
        assertThat(profile("list").out()).contains("no profiles saved yet: stormwatch profile save NAME");
        assertThat(profile("show", "work").exit()).isEqualTo(2);
    }

    @Test
    @DisplayName("PF9: every sign-in choice given to save is kept, each as the option said it")
    void everyChoiceIsKept() throws Exception {
        Path ca = Files.writeString(home.resolve("ca.pem"), "not read until used");
        Run saved = save(
                "all",
                "--scope",
                "openid email",
                "--dpop",
                "--ca-file",
                ca.toString(),
                "--auth-param",
                "prompt=login",
                "--redirect-host",
                "localhost",
                "--redirect-port",
                "8765",
                "--timeout",
                "2m",
                "--stay-signed-in",
                "--device",
                "--proxy",
                "http://proxy.example:3128",
                "--retry-policy",
                "patient",
                "--end-session-method",
                "get");

        assertThat(saved.exit()).as(saved.err()).isZero();
        JsonNode json = JSON.readTree(profile("show", "all").out());
        assertThat(json.path("scope").asText()).isEqualTo("openid email");
        assertThat(json.path("dpop").asBoolean()).isTrue();
        assertThat(json.path("ca_file").asText()).isEqualTo(ca.toAbsolutePath().toString());
        assertThat(json.path("auth_params").path("prompt").asText()).isEqualTo("login");
        assertThat(json.path("redirect_host").asText()).isEqualTo("localhost");
        assertThat(json.path("redirect_port").asInt()).isEqualTo(8765);
        assertThat(json.path("browser_wait_seconds").asLong()).isEqualTo(120);
        assertThat(json.path("stay_signed_in").asBoolean()).isTrue();
        assertThat(json.path("device").asBoolean()).isTrue();
        assertThat(json.path("proxy").asText()).isEqualTo("http://proxy.example:3128");
        assertThat(json.path("retry_policy").isObject()).isTrue();
        assertThat(json.path("end_session_method").asText()).isEqualTo("get");
    }

    @Test
    @DisplayName("PF9: without the choices, save keeps the defaults: no proxy, the default policy, post, 300 s")
    void theDefaultsAreKept() throws Exception {
        assertThat(save("plain").exit()).isZero();

        JsonNode json = JSON.readTree(profile("show", "plain").out());
        assertThat(json.has("proxy")).isFalse();
        assertThat(json.has("retry_policy")).isFalse();
        assertThat(json.has("end_session_method")).isFalse();
        assertThat(json.has("auth_params")).isFalse();
        assertThat(json.has("ca_file")).isFalse();
        assertThat(json.path("browser_wait_seconds").asLong()).isEqualTo(300);
        assertThat(json.path("redirect_host").asText()).isEqualTo("127.0.0.1");
        assertThat(json.path("client_auth").asText()).isEqualTo("none");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--auth-param         | state=abc                 | --auth-param 'state' is set by the client itself",
                "--auth-param         | prompt                    | --auth-param 'prompt' is not name=value",
                "--redirect-host      | example.com               | --redirect-host 'example.com' must be 127.0.0.1,"
                        + " [::1] or localhost",
                "--redirect-port      | 70000                     | --redirect-port the redirect port 70000 is outside",
                "--timeout            | soon                      | --timeout 'soon' is not a duration",
                "--proxy              | http://u:pw@proxy:3128    | --proxy holds a password, which a profile never"
                        + " keeps",
                "--proxy              | ftp://proxy:21            | --proxy is not a proxy URL",
                "--retry-policy       | reckless                  | --retry-policy 'reckless' is not a retry policy:"
                        + " use one of",
                "--end-session-method | put                       | --end-session-method 'put' is not a method it"
                        + " takes",
                "--client-auth        | magic                     | client authentication 'magic'",
            })
    @DisplayName("PF1: a refused choice is named by its option, and nothing is saved")
    void aRefusedChoiceSavesNothing(String option, String value, String expected) {
        Run refused = save("w", option, value);

        assertThat(refused.exit()).isEqualTo(2);
        assertThat(refused.err()).contains(expected);
        assertThat(refused.out()).doesNotContain("saved profile");
        assertThat(profile("list").out()).contains("no profiles saved yet");
    }

    @Test
    @DisplayName("PF7, PF9: a key file, a certificate or a CA file that cannot be read is refused by its option,"
            + " and nothing is saved")
    void filesThatCannotBeReadSaveNothing() {
        String missing = home.resolve("missing.pem").toString();

        Run key = save("w", "--client-key-file", missing);
        Run cert = save("w", "--client-cert", missing);
        Run ca = save("w", "--ca-file", missing);

        assertThat(key.exit()).isEqualTo(2);
        assertThat(key.err()).contains("--client-key-file " + missing);
        assertThat(cert.exit()).isEqualTo(2);
        assertThat(cert.err()).contains("--client-cert");
        assertThat(ca.exit()).isEqualTo(2);
        assertThat(ca.err()).contains("--ca-file " + missing + " cannot be read");
        assertThat(profile("list").out()).contains("no profiles saved yet");
    }

    @Test
    @DisplayName("PF3: export without --output prints the profile's JSON; import of a file that cannot be read names"
            + " it; --replace replaces a saved profile")
    void exportToStdoutAndImportWithReplace() throws Exception {
        save("team");
        Run exported = profile("export", "team");
        Path file = Files.writeString(home.resolve("team.json"), exported.out().replace("app-team", "app-new"));
        Path missing = home.resolve("nowhere.json");

        Run unreadable = profile("import", missing.toString());
        Run replaced = profile("import", file.toString(), "--replace");
        Run written =
                profile("export", "team", "--output", home.resolve("out.json").toString());

        assertThat(exported.exit()).isZero();
        assertThat(JSON.readTree(exported.out()).path("client_id").asText()).isEqualTo("app-team");
        assertThat(unreadable.exit()).isEqualTo(2);
        assertThat(unreadable.err()).contains(missing + " cannot be read (NoSuchFileException)");
        assertThat(replaced.exit()).as(replaced.err()).isZero();
        assertThat(replaced.out()).contains("imported profile team");
        assertThat(JSON.readTree(profile("show", "team").out())
                        .path("client_id")
                        .asText())
                .isEqualTo("app-new");
        assertThat(written.out()).contains("exported profile team to " + home.resolve("out.json"));
        assertThat(profile("delete", "nobody").exit()).isEqualTo(2);
        assertThat(profile("export", "nobody").err()).contains("nobody");
    }

    @Test
    @DisplayName("PF1: 'profile' alone prints its usage and the subcommands")
    void theGroupAlonePrintsItsUsage() {
        Run usage = profile();

        assertThat(usage.exit()).isZero();
        assertThat(usage.out()).contains("Usage:").contains("save").contains("import");
    }
}
