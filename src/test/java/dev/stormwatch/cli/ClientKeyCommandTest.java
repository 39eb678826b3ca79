package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.JWK;
import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.testing.StartedProviders;
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
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code stormwatch client-key} and {@code session --client-key-file}: a private_key_jwt client end to end (CA4). */
class ClientKeyCommandTest {

    private static final String CLIENT_ID = "stormwatch-key-client";

    @TempDir
    Path dir;

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;

    private record Run(int exit, String out, String err) {}

    private static Run run(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private Run session(Map<String, String> env, String... args) {
        List<String> all = new ArrayList<>(List.of(
                "--issuer",
                provider.issuer().toString(),
                "--client-id",
                CLIENT_ID,
                "--scope",
                "openid offline_access",
                "--timeout",
                "20",
                "--json"));
        all.addAll(List.of(args));
        return run(new SessionCommand(new SignInPageBrowser(), env::get), all.toArray(String[]::new));
    }

    @Test
    @DisplayName("CA4: --generate writes an owner-only private key and prints only the public JWK; the registered"
            + " public JWK lets 'session --client-auth private_key_jwt' sign in, refresh and sign out")
    void generatedKeySignsIn() throws Exception {
        Path keyFile = dir.resolve("keys").resolve("client.jwk");

        Run generated = run(new ClientKeyCommand(), "--generate", keyFile.toString());
        Run shown = run(new ClientKeyCommand(), keyFile.toString());

        assertThat(generated.exit()).as(generated.err()).isZero();
        JWK printed = JWK.parse(generated.out().strip());
        assertThat(printed.isPrivate()).isFalse();
        assertThat(shown.out().strip()).isEqualTo(generated.out().strip());
        String privateD =
                JWK.parse(Files.readString(keyFile)).toJSONObject().get("d").toString();
        assertThat(generated.out() + generated.err()).doesNotContain(privateD);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(keyFile)))
                .isEqualTo("rw-------");

        provider = providers.start(
                ProviderConfig.defaults().withClients(List.of(ClientRegistration.privateKeyJwt(CLIENT_ID, printed))));
        Run signIn = session(
                Map.of(),
                "--client-auth",
                "private_key_jwt",
                "--client-key-file",
                keyFile.toString(),
                "--steps",
                "login,refresh,logout");

        assertThat(signIn.exit()).as(signIn.out() + signIn.err()).isZero();
        assertThat(signIn.out()).contains("\"tokenRevoked\":true").doesNotContain(privateD);
    }

    @Test
    @DisplayName("CA4: --generate never overwrites an existing file")
    void generateNeverOverwrites() throws Exception {
        Path keyFile = dir.resolve("client.jwk");
        Files.writeString(keyFile, "keep me");

        Run run = run(new ClientKeyCommand(), "--generate", keyFile.toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("exists").contains("never overwrites");
        assertThat(Files.readString(keyFile)).isEqualTo("keep me");
    }

    @Test
    @DisplayName("CA4: a bad key file, a key with a secret, a key with a secret method and private_key_jwt without a"
            + " key are usage errors in the options' words, before any request")
    void badKeySettingsAreUsageErrors() throws Exception {
        provider = providers.start();
        Path pkcs1 =
                Path.of(getClass().getResource("/client-keys/rsa-pkcs1.pem").toURI());
        Path good = Path.of(getClass().getResource("/client-keys/ec-p256.pem").toURI());

        Run wrongFormat = session(Map.of(), "--client-auth", "private_key_jwt", "--client-key-file", pkcs1.toString());
        Run withSecret = session(
                Map.of(SessionCommand.SECRET_VARIABLE, "s"),
                "--client-auth",
                "private_key_jwt",
                "--client-key-file",
                good.toString());
        Run withBasic = session(Map.of(), "--client-auth", "client_secret_basic", "--client-key-file", good.toString());
        Run withoutKey = session(Map.of(), "--client-auth", "private_key_jwt");

        assertThat(wrongFormat.exit()).isEqualTo(2);
        assertThat(wrongFormat.err())
                .contains("--client-key-file")
                .contains("BEGIN RSA PRIVATE KEY")
                .contains("openssl pkcs8 -topk8 -nocrypt");
        assertThat(withSecret.exit()).isEqualTo(2);
        assertThat(withSecret.err()).contains("STORMWATCH_CLIENT_SECRET").contains("--client-key-file");
        assertThat(withBasic.exit()).isEqualTo(2);
        assertThat(withBasic.err()).contains("--client-auth is client_secret_basic");
        assertThat(withoutKey.exit()).isEqualTo(2);
        assertThat(withoutKey.err()).contains("give --client-key-file");
        assertThat(provider.requestsReceived("GET", "/.well-known/openid-configuration"))
                .isZero();
    }
}
