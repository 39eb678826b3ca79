package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * {@code stormwatch session}'s checks of what was typed, each refused in the words of its option before any request
 * is sent (the issuer is a closed port, so a request that went out would fail as a network error instead).
 */
class SessionCommandEdgesTest {

    private static final String ISSUER = "http://127.0.0.1:1";

    @TempDir
    Path home;

    private final Map<String, String> env = new HashMap<>();

    private record Run(int exit, String out, String err) {}

    private Run session(String... args) {
        env.putIfAbsent("XDG_CONFIG_HOME", home.toString());
        List<String> opened = new ArrayList<>();
        CommandLine cli = new CommandLine(new SessionCommand(
                        url -> {
                            opened.add(url.toString());
                            return false;
                        },
                        env::get))
                .setParameterExceptionHandler(new ShortUsageErrors());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        assertThat(opened).as("no browser is opened by a refused command").isEmpty();
        return new Run(exit, out.toString(), err.toString());
    }

    private Run withIssuer(String... more) {
        String[] args = new String[4 + more.length];
        args[0] = "--issuer";
        args[1] = ISSUER;
        args[2] = "--client-id";
        args[3] = "app";
        System.arraycopy(more, 0, args, 4, more.length);
        return session(args);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--steps              | login,fly           | unknown step 'fly': use login, userinfo, refresh,"
                        + " access_token, logout, end_session, client_credentials or introspect",
                "--timeout            | soon                | --timeout 'soon' is not a duration",
                "--retry-policy       | reckless            | --retry-policy 'reckless' is not a retry policy",
                "--redirect-host      | example.com         | --redirect-host 'example.com' must be 127.0.0.1, [::1]"
                        + " or localhost",
                "--redirect-port      | 70000               | --redirect-port the redirect port 70000 is outside",
                "--auth-param         | state=abc           | --auth-param 'state' is set by the client itself",
                "--proxy              | ftp://proxy:21      | --proxy is not a proxy URL",
                "--end-session-method | put                 | --end-session-method 'put' is not a method it takes",
                "--client-auth        | magic               | --client-auth ",
                "--client-auth        | client_secret_basic | --client-auth ",
                "--client-auth        | tls_client_auth     | --client-auth tls_client_auth needs the client"
                        + " certificate: give --client-cert FILE.pem",
                "--client-auth        | private_key_jwt     | --client-auth private_key_jwt needs the client's private"
                        + " key: give --client-key-file FILE",
                "--client-key-id      | kid-1               | --client-key-id names the key of --client-key-file,"
                        + " which was not given",
                "--client-cert-key    | key.pem             | --client-cert-key is the key of --client-cert, which was"
                        + " not given",
            })
    @DisplayName("HD5: a value session cannot use is refused naming its option, exit 2, before anything is sent")
    void aBadValueIsRefusedInItsOptionsWords(String option, String value, String expected) {
        Run refused = withIssuer(option, value);

        assertThat(refused.exit()).as(refused.err()).isEqualTo(2);
        assertThat(refused.err()).contains(expected).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(refused.out()).isEmpty();
    }

    @Test
    @DisplayName("PF1: without --profile both --issuer (or --account) and --client-id are needed; --account and"
            + " --issuer together are refused")
    void theIssuerAndTheClientAreNeeded() {
        Run noClient = session("--issuer", ISSUER);
        Run noIssuer = session("--client-id", "app");
        Run accountNoClient = session("--account", "alice@127.0.0.1");
        Run both = session("--account", "alice@127.0.0.1", "--issuer", ISSUER, "--client-id", "app");
        Run unknownProfile = session("--profile", "nope");

        for (Run run : List.of(noClient, noIssuer, accountNoClient)) {
            assertThat(run.exit()).isEqualTo(2);
            assertThat(run.err()).contains("give --issuer and --client-id, or --profile NAME");
        }
        assertThat(both.exit()).isEqualTo(2);
        assertThat(both.err()).contains("--account finds the issuer, and --issuer gives it: give one of them");
        assertThat(unknownProfile.exit()).isEqualTo(2);
        assertThat(unknownProfile.err()).contains("--profile ").contains("'nope'");
    }

    @Test
    @DisplayName("CA2: a client secret beside --client-auth none is refused naming where it came from, the file or"
            + " the variable, and never printed")
    void aSecretBesideNoneIsRefused() throws Exception {
        Path file = ownerOnly("secret", "s3cret-from-file\nsecond line\n");

        Run fromFile = withIssuer("--client-secret-file", file.toString());
        env.put(SessionCommand.SECRET_VARIABLE, "s3cret-from-env");
        Run fromEnv = withIssuer();

        assertThat(fromFile.exit()).isEqualTo(2);
        assertThat(fromFile.err())
                .contains("a client secret was given (--client-secret-file) but --client-auth is none")
                .doesNotContain("s3cret");
        assertThat(fromEnv.exit()).isEqualTo(2);
        assertThat(fromEnv.err())
                .contains("a client secret was given (" + SessionCommand.SECRET_VARIABLE + ") but --client-auth is"
                        + " none")
                .doesNotContain("s3cret");
    }

    @Test
    @DisplayName("CA2: a secret file without a line break is read whole, and the command goes on to the provider")
    void aSecretFileWithoutALineBreakIsRead() throws Exception {
        Path file = ownerOnly("secret", "s3cret-no-newline");

        Run run = withIssuer(
                "--client-auth",
                "client_secret_basic",
                "--client-secret-file",
                file.toString(),
                "--steps",
                "client_credentials");

        // Exit 1: the step failed at the unreachable issuer, after the options were read (a refusal would be 2).
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        assertThat(run.err()).doesNotContain("s3cret").doesNotContain("Exception");
    }

    @Test
    @DisplayName("CA2, PF5: a secret file whose first line is empty, one missing or readable by others is refused by"
            + " its option")
    void aSecretFileThatCannotBeUsedIsRefused() throws Exception {
        // The secret is the first line: an empty one is refused even when a later line has text.
        Path empty = ownerOnly("empty", "\nsecond line\n");
        Path open = Files.writeString(home.resolve("open"), "s3cret\n");
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
        Path missing = home.resolve("missing");

        Run emptyRun = withIssuer("--client-auth", "client_secret_basic", "--client-secret-file", empty.toString());
        Run openRun = withIssuer("--client-auth", "client_secret_basic", "--client-secret-file", open.toString());
        Run missingRun = withIssuer("--client-auth", "client_secret_basic", "--client-secret-file", missing.toString());

        assertThat(emptyRun.err()).contains("--client-secret-file " + empty + " is empty");
        assertThat(openRun.err()).contains("--client-secret-file " + open + " can be read or changed by other users");
        assertThat(missingRun.err()).contains("--client-secret-file " + missing + " cannot be read (");
        for (Run run : List.of(emptyRun, openRun, missingRun)) {
            assertThat(run.exit()).isEqualTo(2);
            assertThat(run.err()).doesNotContain("s3cret");
        }
    }

    @Test
    @DisplayName("CA4: a key file beside a secret method, or beside a secret, is refused; a key file that is no key is"
            + " named")
    void aKeyFileMustGoAlone() throws Exception {
        Path notAKey = ownerOnly("key.jwk", "{\"kty\":\"none\"}");
        Path secret = ownerOnly("secret", "s3cret\n");

        Run withBasic = withIssuer("--client-auth", "client_secret_basic", "--client-key-file", notAKey.toString());
        Run withSecretFile = withIssuer(
                "--client-auth",
                "auto",
                "--client-key-file",
                notAKey.toString(),
                "--client-secret-file",
                secret.toString());
        Run notKey = withIssuer("--client-auth", "private_key_jwt", "--client-key-file", notAKey.toString());
        env.put(SessionCommand.SECRET_VARIABLE, "s3cret");
        Run withSecretVariable = withIssuer("--client-auth", "auto", "--client-key-file", notAKey.toString());

        assertThat(withBasic.err())
                .contains("--client-key-file was given but --client-auth is client_secret_basic: choose"
                        + " private_key_jwt or auto");
        assertThat(withSecretFile.err())
                .contains("both a client secret (--client-secret-file) and --client-key-file were given");
        assertThat(withSecretVariable.err())
                .contains("both a client secret (" + SessionCommand.SECRET_VARIABLE + ") and --client-key-file were"
                        + " given");
        assertThat(notKey.err()).contains("--client-key-file " + notAKey + " ");
        for (Run run : List.of(withBasic, withSecretFile, notKey, withSecretVariable)) {
            assertThat(run.exit()).isEqualTo(2);
            assertThat(run.err()).doesNotContain("s3cret");
        }
    }

    @Test
    @DisplayName("TX1: a client secret beside mutual TLS is refused before the certificate is read; a missing"
            + " certificate is named")
    void mutualTlsTakesNoSecret() {
        String missing = home.resolve("cert.pem").toString();

        Run noCert = withIssuer("--client-auth", "tls_client_auth", "--client-cert", missing);

        assertThat(noCert.exit()).isEqualTo(2);
        assertThat(noCert.err()).contains("--client-cert");
    }

    private Path ownerOnly(String name, String text) throws Exception {
        Path file = Files.writeString(home.resolve(name), text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }
}
