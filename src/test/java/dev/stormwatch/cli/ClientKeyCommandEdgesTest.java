package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.JWK;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code stormwatch client-key} without a provider: reading a key, naming it, and each file it refuses (CA4). */
class ClientKeyCommandEdgesTest {

    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {}

    private static Run clientKey(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new ClientKeyCommand()).setParameterExceptionHandler(new ShortUsageErrors());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return new Run(cli.execute(args), out.toString(), err.toString());
    }

    private Path resource(String name) throws Exception {
        return Path.of(getClass().getResource("/client-keys/" + name).toURI());
    }

    @Test
    @DisplayName("CA4: a PEM key is read and only its public JWK is printed, under the key id given")
    void aPemKeyPrintsItsPublicJwkUnderTheGivenKid() throws Exception {
        Run run = clientKey("--client-key-id", "my-kid", resource("ec-p256.pem").toString());

        assertThat(run.exit()).as(run.err()).isZero();
        JWK printed = JWK.parse(run.out().strip());
        assertThat(printed.isPrivate()).isFalse();
        assertThat(printed.getKeyID()).isEqualTo("my-kid");
    }

    @Test
    @DisplayName("CA4: a file that holds no usable key is refused naming FILE and why, exit 2, nothing printed")
    void aFileThatIsNoKeyIsRefused() throws Exception {
        Path pkcs1 = resource("rsa-pkcs1.pem");

        Run run = clientKey(pkcs1.toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("FILE " + pkcs1 + " ").contains("BEGIN RSA PRIVATE KEY");
        assertThat(run.out()).isEmpty();
    }

    @Test
    @DisplayName("CA4: --generate to a file the file system cannot create is refused naming FILE, and prints no key")
    void aKeyThatCannotBeWrittenIsRefused() {
        Path target = dir.resolve("k".repeat(300) + ".jwk"); // longer than any file name may be

        Run run = clientKey("--generate", target.toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("FILE " + target + " cannot be written (");
        assertThat(run.out()).isEmpty();
    }

    @Test
    @DisplayName(
            "CA4: --generate into an existing folder writes the private JWK as one line, and prints the public one")
    void aKeyIsWrittenToANewFileInAnExistingFolder() throws Exception {
        Path target = dir.resolve("client.jwk");

        Run run = clientKey("--generate", target.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(JWK.parse(Files.readString(target)).isPrivate()).isTrue();
        assertThat(Files.readString(target)).endsWith("}\n");
        assertThat(JWK.parse(run.out().strip()).isPrivate()).isFalse();
    }

    @Test
    @DisplayName(
            "CA4: --generate below a file that is not a folder says so, not that the key exists, and writes nothing")
    void aKeyBelowAFileIsRefusedNamingTheFile() throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("notes.txt"), "kept");

        Path target = notAFolder.resolve("key.jwk");
        Run run = clientKey("--generate", target.toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err())
                .contains("FILE " + target + " cannot be written: " + notAFolder + " is a file, not a folder")
                .doesNotContain("never overwrites");
        assertThat(run.out()).isEmpty();
        Path deeper = notAFolder.resolve("sub/key.jwk");
        assertThat(clientKey("--generate", deeper.toString()).err())
                .contains("FILE " + deeper + " cannot be written")
                .doesNotContain("never overwrites");
        assertThat(Files.readString(notAFolder)).isEqualTo("kept");
    }
}
