package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.testing.StartedProviders;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code stormwatch inspect-token} against a real ID token of the embedded provider (SX4, SX5). */
class InspectTokenCommandTest {

    @RegisterExtension
    static final StartedProviders PROVIDERS = new StartedProviders();

    private static DemoProvider provider;
    private static String idToken;

    @TempDir
    Path folder;

    private record Run(int exit, String out, String err) {}

    @BeforeAll
    static void signIn() throws Exception {
        provider = PROVIDERS.start();
        idToken = SignInPageBrowser.signInForIdToken(provider);
    }

    private static Run run(String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new InspectTokenCommand(
                () -> new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), Clock.systemUTC()));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return new Run(cli.execute(args), out.toString(), err.toString());
    }

    @Test
    @DisplayName("SX4: a token on stdin, verified against the issuer's fetched JWKS: every check passed, exit 0, and"
            + " the token itself is printed nowhere")
    void aTokenOnStdinIsVerifiedAgainstTheIssuer() {
        Run run = run(
                idToken + "\n",
                "--issuer",
                provider.issuer().toString(),
                "--audience",
                ClientRegistration.DESKTOP_CLIENT_ID);

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out())
                .contains("signature passed")
                .contains(provider.jwksUrl().toString())
                .contains("kid       passed")
                .contains("aud       passed")
                .contains("Valid:");
        assertThat(run.out() + run.err()).doesNotContain(idToken).doesNotContain(idToken.split("\\.")[2]);
    }

    @Test
    @DisplayName(
            "SX4: --token-file with a --jwks-file that lacks the key, as JSON: the signature and kid failed, exit 1")
    void aJwksFileWithoutTheKeyFailsTheSignature() throws Exception {
        Path token = Files.writeString(folder.resolve("token.txt"), idToken);
        Path jwks = Files.writeString(
                folder.resolve("jwks.json"),
                "{\"keys\":[{\"kty\":\"EC\",\"crv\":\"P-256\","
                        + "\"kid\":\"other\",\"x\":\"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU\","
                        + "\"y\":\"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0\"}]}");

        Run run = run("", "--token-file", token.toString(), "--jwks-file", jwks.toString(), "--json");

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out())
                .contains("\"valid\":false")
                .contains("{\"check\":\"signature\",\"result\":\"failed\"")
                .contains("{\"check\":\"kid\",\"result\":\"failed\"")
                .contains("the JWKS file");
        assertThat(run.out()).doesNotContain(idToken);
    }

    @Test
    @DisplayName("SX5: text that is no JWT and a JWKS with no usable key are usage errors in the option's words,"
            + " before any key is fetched")
    void badInputIsSaidInTheOptionsWords() throws Exception {
        Path jwks =
                Files.writeString(folder.resolve("secret.json"), "{\"keys\":[{\"kty\":\"oct\",\"k\":\"c2VjcmV0\"}]}");
        long discoveries = provider.requestsReceived("GET", "/.well-known/openid-configuration");

        Run notAJwt = run("hello-there\n", "--issuer", provider.issuer().toString());
        Run noKey = run(idToken, "--jwks-file", jwks.toString());

        assertThat(notAJwt.exit()).isEqualTo(2);
        assertThat(notAJwt.err()).contains("the token on stdin is not a JWT").doesNotContain("hello-there");
        assertThat(provider.requestsReceived("GET", "/.well-known/openid-configuration"))
                .isEqualTo(discoveries);
        assertThat(noKey.exit()).isEqualTo(2);
        assertThat(noKey.err())
                .contains("--jwks-file")
                .contains("has no usable key")
                .doesNotContain("c2VjcmV0");
    }
}
