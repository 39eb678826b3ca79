package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code stormwatch session --client-cert}: bad certificate and key files are refused in the option's words before
 * anything is sent (TX1); the issuer is never contacted (an address nothing listens on).
 */
class SessionCommandClientCertTest {

    @TempDir
    Path dir;

    private final HeldCertificate held =
            new HeldCertificate.Builder().commonName("stormwatch-mtls").build();

    private record Run(int exit, String err) {}

    private Run run(Map<String, String> env, String... args) {
        return run(new SessionCommand(url -> false, env::get), args);
    }

    private Run run(SessionCommand command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        List<String> all = new ArrayList<>(List.of(
                "--issuer", "https://127.0.0.1:9", "--client-id", "c", "--steps", "client_credentials", "--json"));
        all.addAll(List.of(args));
        return new Run(cli.execute(all.toArray(String[]::new)), err.toString());
    }

    private Path ownerOnly(String name, String text) throws Exception {
        Path file = Files.writeString(dir.resolve(name), text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    @Test
    @DisplayName("TX1: a certificate that is not valid on the command's clock is refused before anything is sent,"
            + " naming --client-cert and its dates")
    void aCertificateNotValidOnTheClockIsRefused() throws Exception {
        Path cert = ownerOnly("c.pem", held.certificatePem() + held.privateKeyPkcs8Pem());
        SessionCommand later = new SessionCommand(url -> false, name -> null);
        // HeldCertificate is valid for a day from its making.
        later.clientAuthOptions.clock = java.time.Clock.offset(java.time.Clock.systemUTC(), Duration.ofDays(2));

        Run run = run(later, "--client-auth", "self_signed_tls_client_auth", "--client-cert", cert.toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err())
                .contains("--client-cert: the certificate in " + cert)
                .contains(", not now; the provider would refuse it: give a current one");
    }

    @Test
    @DisplayName("TX1: tls_client_auth without --client-cert is refused naming --client-cert")
    void mutualTlsWithoutACertificateIsRefused() {
        Run run = run(Map.of(), "--client-auth", "tls_client_auth");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err())
                .contains("--client-auth tls_client_auth needs the client certificate")
                .contains("--client-cert FILE.pem");
    }

    @Test
    @DisplayName("TX1, PF5: a --client-cert-key that others may read is refused with chmod 600; a key of another"
            + " certificate and a missing file are refused naming the option; the key is never quoted")
    void badKeyFilesAreRefusedInTheOptionsWords() throws Exception {
        Path cert = ownerOnly("c.pem", held.certificatePem());
        Path readable = Files.writeString(dir.resolve("k.pem"), held.privateKeyPkcs8Pem());
        Files.setPosixFilePermissions(readable, PosixFilePermissions.fromString("rw-r--r--"));
        Path otherKey = ownerOnly(
                "other.pem",
                new HeldCertificate.Builder().commonName("other").build().privateKeyPkcs8Pem());

        Run open = run(
                Map.of(),
                "--client-auth",
                "self_signed_tls_client_auth",
                "--client-cert",
                cert.toString(),
                "--client-cert-key",
                readable.toString());
        Run mismatch = run(
                Map.of(),
                "--client-auth",
                "self_signed_tls_client_auth",
                "--client-cert",
                cert.toString(),
                "--client-cert-key",
                otherKey.toString());
        Run missing = run(
                Map.of(),
                "--client-auth",
                "tls_client_auth",
                "--client-cert",
                dir.resolve("none.pem").toString(),
                "--client-cert-key",
                otherKey.toString());

        assertThat(open.exit()).isEqualTo(2);
        assertThat(open.err()).contains("--client-cert-key").contains("chmod 600");
        assertThat(mismatch.err())
                .contains("--client-cert-key: the private key in")
                .contains("is not the key");
        assertThat(missing.err()).contains("--client-cert: no file");
        String keyLine = held.privateKeyPkcs8Pem().lines().skip(1).findFirst().orElseThrow();
        assertThat(open.err() + mismatch.err() + missing.err()).doesNotContain(keyLine);
    }

    @Test
    @DisplayName("TX1: a client secret beside tls_client_auth is refused, naming where it came from")
    void aSecretBesideACertificateIsRefused() throws Exception {
        Path both = ownerOnly("both.pem", held.certificatePem() + held.privateKeyPkcs8Pem());

        Run run = run(
                Map.of(SessionCommand.SECRET_VARIABLE, "s3cret"),
                "--client-auth",
                "tls_client_auth",
                "--client-cert",
                both.toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err())
                .contains(SessionCommand.SECRET_VARIABLE)
                .contains("give no secret")
                .doesNotContain("s3cret");
    }

    @Test
    @DisplayName("TX1: a usable certificate and no secret pass the options; the session then goes to the provider")
    void aUsableCertificateWithoutASecretIsAccepted() throws Exception {
        Path cert = ownerOnly("c.pem", held.certificatePem() + held.privateKeyPkcs8Pem());

        Run run = run(Map.of(), "--client-auth", "self_signed_tls_client_auth", "--client-cert", cert.toString());

        // Exit 1: the step failed at the unreachable issuer, after the options were read (a refusal would be 2).
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        assertThat(run.err()).isEmpty();
    }
}
