package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.Map;
import java.util.function.Supplier;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code stormwatch inspect-token} on a token this test signs itself, against a JWKS file: the words of each output
 * and of each refusal, on a fixed clock.
 */
class InspectTokenCommandEdgesTest {

    private static final Instant NOW = Instant.parse("2026-12-02T12:00:00Z");

    private static ECKey key;
    private static String token;

    @TempDir
    Path folder;

    private record Run(int exit, String out, String err) {}

    @BeforeAll
    static void sign() throws JOSEException {
        key = new ECKeyGenerator(Curve.P_256).keyID("edge-key").generate();
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.ES256).keyID("edge-key").build(),
                new JWTClaimsSet.Builder()
                        .issuer("https://login.example.com")
                        .subject("alice")
                        .audience("my-app")
                        .issueTime(Date.from(NOW.minusSeconds(60)))
                        .expirationTime(Date.from(NOW.plusSeconds(600)))
                        .build());
        jwt.sign(new ECDSASigner(key));
        token = jwt.serialize();
    }

    private static Run run(Supplier<InputStream> stdin, String... args) {
        return run(new InspectTokenCommand(stdin, Clock.fixed(NOW, ZoneOffset.UTC), name -> null), args);
    }

    private static Run run(InspectTokenCommand command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(command).setParameterExceptionHandler(new ShortUsageErrors());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return new Run(cli.execute(args), out.toString(), err.toString());
    }

    private static Run run(String stdin, String... args) {
        return run(() -> new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), args);
    }

    private Path jwksFile() throws IOException {
        return Files.writeString(
                folder.resolve("jwks.json"), new JWKSet(key.toPublicJWK()).toString(), StandardCharsets.UTF_8);
    }

    @Test
    @DisplayName("SX4: a token whose key is in the JWKS file is valid: header, claims and each check in words, exit 0")
    void aTokenSignedByTheFilesKeyIsValid() throws Exception {
        Run run = run(token + "\n", "--jwks-file", jwksFile().toString(), "--audience", "my-app");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("Header:\n")
                .contains("\"kid\" : \"edge-key\"")
                .contains("Claims:\n")
                .contains("\"sub\" : \"alice\"")
                .contains("Checks:\n")
                .containsPattern("\n  signature passed      verified with .*the JWKS file " + "\\S*jwks\\.json\n")
                .contains("\n  kid       passed      kid edge-key is in the key set\n")
                .contains("\n  iss       not checked https://login.example.com (no issuer expected)\n")
                .contains("\n  aud       passed      [my-app]\n")
                .contains("\n  exp       passed      expires 2026-12-02T12:10:00Z, in 600 s\n")
                .endsWith("Valid: every check that ran passed.\n");
        assertThat(run.out() + run.err()).doesNotContain(token.split("\\.")[2]);
    }

    @Test
    @DisplayName("SX4: --json says valid, the header and claims as objects and each check's result in lower case")
    void jsonOfAValidToken() throws Exception {
        Run run = run(token, "--jwks-file", jwksFile().toString(), "--json");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out().strip().lines()).hasSize(1);
        JsonNode root = new ObjectMapper().readTree(run.out());
        assertThat(root.path("valid").asBoolean()).isTrue();
        assertThat(root.path("header").path("kid").asText()).isEqualTo("edge-key");
        assertThat(root.path("claims").path("sub").asText()).isEqualTo("alice");
        assertThat(root.path("checks").get(0).path("check").asText()).isEqualTo("signature");
        assertThat(root.path("checks").get(0).path("result").asText()).isEqualTo("passed");
        assertThat(root.path("checks").findValuesAsText("result")).contains("not_checked");
        assertThat(run.out()).doesNotContain(token.split("\\.")[2]);
    }

    @Test
    @DisplayName("SX4: without an issuer or a JWKS the signature is not checked, so the token is NOT valid: exit 1")
    void withoutKeysTheTokenIsNotValid() {
        Run text = run(token);
        Run json = run(token, "--json");

        assertThat(text.exit()).isEqualTo(1);
        assertThat(text.out())
                .contains("  signature not checked no key set: give an issuer or a JWKS")
                .endsWith("NOT valid: see the checks above.\n");
        assertThat(json.exit()).isEqualTo(1);
        assertThat(json.out()).contains("\"valid\":false");
    }

    @Test
    @DisplayName("SX4: --issuer and --jwks-file together are refused, since the keys come from one place; exit 2")
    void anIssuerAndAJwksFileAreRefusedTogether() throws Exception {
        Run run = run(
                token,
                "--issuer",
                "https://login.example.com",
                "--jwks-file",
                jwksFile().toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("give --issuer or --jwks-file, not both: the keys come from one place");
        assertThat(run.out()).isEmpty();
    }

    @Test
    @DisplayName("SX5: a token file, stdin or a JWKS file that cannot be read is refused by its name, exit 2")
    void whatCannotBeReadIsNamed() throws Exception {
        Path missing = folder.resolve("missing.txt");

        Run tokenFile = run(token, "--token-file", missing.toString());
        Run stdin = run(() -> new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("closed");
            }
        });
        Run jwks = run(token, "--jwks-file", missing.toString());

        assertThat(tokenFile.exit()).isEqualTo(2);
        assertThat(tokenFile.err()).contains("--token-file " + missing + " cannot be read (NoSuchFileException)");
        assertThat(stdin.exit()).isEqualTo(2);
        assertThat(stdin.err()).contains("stdin cannot be read (IOException)");
        assertThat(jwks.exit()).isEqualTo(2);
        assertThat(jwks.err()).contains("--jwks-file " + missing + " cannot be read (NoSuchFileException)");
    }

    @Test
    @DisplayName("SX5: text in a --token-file that is no JWT is named by the file, not by stdin")
    void aTokenFileThatIsNoJwtIsNamed() throws Exception {
        Path file = Files.writeString(folder.resolve("token.txt"), "hello-there\n");

        Run run = run("", "--token-file", file.toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("--token-file " + file + " is not a JWT").doesNotContain("hello-there");
    }

    @Test
    @DisplayName("SX4: an --issuer that is no URL is refused by the option, and an issuer whose discovery fails is"
            + " said once on stderr: exit 1, nothing on stdout")
    void anIssuerThatGivesNoKeys() throws Exception {
        Run notAUrl = run(token, "--issuer", "login example");
        Run fails;
        try (MockWebServer issuer = new MockWebServer()) {
            issuer.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    return new MockResponse().setResponseCode(404);
                }
            });
            issuer.start();
            String url = issuer.url("/").toString().replaceAll("/$", "");
            fails = run(token, "--issuer", url);

            assertThat(fails.err()).startsWith("inspect-token: --issuer " + url + ": the keys could not be fetched: ");
        }

        assertThat(notAUrl.exit()).isEqualTo(2);
        assertThat(notAUrl.err()).contains("--issuer ");
        assertThat(fails.exit()).isEqualTo(1);
        assertThat(fails.out()).isEmpty();
    }

    @Test
    @DisplayName("PX1: --issuer's discovery goes through the environment's https_proxy")
    void theIssuerIsReadThroughTheEnvironmentsProxy() throws Exception {
        try (MockWebServer proxy = new MockWebServer()) {
            // A tunnelling proxy: the CONNECT is answered, then the tunnel's TLS shows a certificate nobody trusts,
            // so the inspector stops at once (a refused CONNECT would be retried for the whole budget).
            okhttp3.tls.HeldCertificate untrusted = new okhttp3.tls.HeldCertificate.Builder()
                    .addSubjectAlternativeName("login.example.test")
                    .build();
            proxy.useHttps(
                    new okhttp3.tls.HandshakeCertificates.Builder()
                            .heldCertificate(untrusted)
                            .build()
                            .sslSocketFactory(),
                    true);
            proxy.enqueue(new MockResponse()
                    .setSocketPolicy(okhttp3.mockwebserver.SocketPolicy.UPGRADE_TO_SSL_AT_END)
                    .clearHeaders());
            proxy.start();
            String proxyUrl = "http://127.0.0.1:" + proxy.getPort();
            InspectTokenCommand command = new InspectTokenCommand(
                    () -> new ByteArrayInputStream(token.getBytes(StandardCharsets.UTF_8)),
                    Clock.fixed(NOW, ZoneOffset.UTC),
                    Map.of("https_proxy", proxyUrl)::get);

            Run run = run(command, "--issuer", "https://login.example.test");

            assertThat(run.exit()).as(run.err()).isEqualTo(1);
            RecordedRequest asked = proxy.takeRequest(30, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(asked).isNotNull();
            assertThat(asked.getRequestLine()).isEqualTo("CONNECT login.example.test:443 HTTP/1.1");
        }
    }

    @Test
    @DisplayName("TL2: a --ca-file that cannot be read is refused by the option before any key is fetched")
    void aCaFileThatCannotBeReadIsRefused() {
        Path missing = folder.resolve("ca.pem");

        Run run = run(token, "--issuer", "https://127.0.0.1:1", "--ca-file", missing.toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("--ca-file");
    }
}
