package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.ProxiedTarget;
import dev.stormwatch.testing.RealTinyproxy;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code stormwatch call} and {@code stormwatch load} with the environment's proxy, through Debian's real tinyproxy
 * (which adds its {@code Via} header and asks for Basic credentials), as {@code TinyproxyTest} sets it up (PX5).
 */
class ProxiedCommandsTest {

    @TempDir
    Path dir;

    private ProxiedTarget proxied;
    private int proxyPort;
    private MockWebServer target;
    private String hostName;

    @BeforeEach
    void start() throws Exception {
        proxied = ProxiedTarget.start(dir);
        target = proxied.target();
        hostName = proxied.hostName();
        proxyPort = proxied.proxyPort();
    }

    @AfterEach
    void stop() throws Exception {
        if (proxied != null) {
            proxied.stop();
        }
    }

    private String proxyUrl() {
        return "http://ada:s3cret-proxy@127.0.0.1:" + proxyPort;
    }

    @Test
    @DisplayName("PX5, PX3: 'call' goes through HTTP_PROXY (tinyproxy's Via reaches the target, its 407 answered"
            + " once) and says so, naming the proxy without its credentials")
    void callGoesThroughTheEnvironmentsProxy() throws Exception {
        target.enqueue(new MockResponse().setBody("{}"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Map<String, String> env = Map.of("HTTP_PROXY", proxyUrl());
        CommandLine cli = new CommandLine(new CallCommand(env::get)).setCaseInsensitiveEnumValuesAllowed(true);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));

        int exit = cli.execute("http://" + hostName + ":" + target.getPort() + "/v1/models");

        RecordedRequest seen = target.takeRequest(5, TimeUnit.SECONDS);
        assertThat(exit).as(out + "" + err).isZero();
        assertThat(seen).isNotNull();
        assertThat(seen.getHeader("Via")).contains("tinyproxy");
        assertThat(out.toString())
                .contains("through the proxy 127.0.0.1:" + proxyPort + " (with credentials)")
                .doesNotContain("s3cret-proxy");
    }

    @Test
    @DisplayName("PX5: 'load' refuses a target the environment would proxy, saying why and naming NO_PROXY; nothing"
            + " reaches the proxy or the target; with the host in NO_PROXY the same run is not refused for it")
    void loadRefusesAProxiedTargetWithTheReason() throws Exception {
        String url = "http://" + hostName + ":" + target.getPort() + "/v1";
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = StormwatchCommand.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        LoadCommand load = (LoadCommand) cli.getSubcommands().get("load").getCommand();
        load.environment(Map.of("HTTP_PROXY", proxyUrl())::get);

        int exit = cli.execute("load", "--target", url, "--rate", "2", "--duration", "1s");

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString())
                .contains("would go through the proxy 127.0.0.1:" + proxyPort)
                .contains("does not go through proxies")
                .contains("NO_PROXY")
                .doesNotContain("s3cret-proxy");
        assertThat(target.getRequestCount()).isZero();
        assertThat(Files.readString(dir.resolve("tinyproxy.log"))).doesNotContain("/v1");

        target.enqueue(new MockResponse().setBody("{\"object\":\"list\",\"data\":[]}"));
        StringWriter direct = new StringWriter();
        CommandLine again = StormwatchCommand.newCommandLine();
        again.setOut(new PrintWriter(new StringWriter(), true));
        again.setErr(new PrintWriter(direct, true));
        ((LoadCommand) again.getSubcommands().get("load").getCommand())
                .environment(Map.of("HTTP_PROXY", proxyUrl(), "NO_PROXY", hostName)::get);
        again.execute("load", "--target", url, "--rate", "2", "--duration", "1s");
        assertThat(direct.toString()).doesNotContain("does not go through proxies");
    }

    @Test
    @DisplayName("PX6, PX7, PX8: 'call --proxy' with a user and the password from STORMWATCH_PROXY_PASSWORD goes"
            + " through tinyproxy although HTTP_PROXY names another proxy, and each attempt names the proxy")
    void callTakesTheExplicitProxy() throws Exception {
        target.enqueue(new MockResponse().setBody("{}"));
        StringWriter out = new StringWriter();
        Map<String, String> env =
                Map.of("HTTP_PROXY", "http://127.0.0.1:1", ProxyOption.PASSWORD_VARIABLE, RealTinyproxy.PASSWORD);
        CommandLine cli = new CommandLine(new CallCommand(env::get)).setCaseInsensitiveEnumValuesAllowed(true);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(new StringWriter(), true));

        int exit = cli.execute(
                "--proxy",
                "http://" + RealTinyproxy.USER + "@127.0.0.1:" + proxyPort,
                "--json",
                "http://" + hostName + ":" + target.getPort() + "/v1/models");

        RecordedRequest seen = target.takeRequest(5, TimeUnit.SECONDS);
        assertThat(exit).as(out.toString()).isZero();
        assertThat(seen).isNotNull();
        assertThat(seen.getHeader("Via")).contains("tinyproxy");
        com.fasterxml.jackson.databind.JsonNode json =
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toString());
        assertThat(json.path("attempts")).hasSize(1);
        assertThat(json.path("attempts").get(0).path("proxy").asText()).isEqualTo("127.0.0.1:" + proxyPort);
        assertThat(out.toString()).doesNotContain(RealTinyproxy.PASSWORD);
    }

    @Test
    @DisplayName("PX6: 'call --proxy direct' sends direct although HTTP_PROXY names tinyproxy: no Via, nothing in"
            + " tinyproxy's log, and the attempt names no proxy")
    void directIgnoresTheEnvironmentsProxy() throws Exception {
        target.enqueue(new MockResponse().setBody("{}"));
        StringWriter out = new StringWriter();
        Map<String, String> env = Map.of("HTTP_PROXY", proxyUrl());
        CommandLine cli = new CommandLine(new CallCommand(env::get)).setCaseInsensitiveEnumValuesAllowed(true);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(new StringWriter(), true));

        int exit = cli.execute("--proxy", "direct", "http://" + hostName + ":" + target.getPort() + "/v1/direct");

        RecordedRequest seen = target.takeRequest(5, TimeUnit.SECONDS);
        assertThat(exit).as(out.toString()).isZero();
        assertThat(seen.getHeader("Via")).isNull();
        assertThat(Files.readString(dir.resolve("tinyproxy.log"))).doesNotContain("/v1/direct");
        assertThat(out.toString()).doesNotContain("through the proxy");
    }

    @Test
    @DisplayName("PX6, PX7, PX8: 'session --profile' whose profile saved tinyproxy (user, no password) sends"
            + " discovery and the token request through it with the password from STORMWATCH_PROXY_PASSWORD, and"
            + " each attempt line of --json names the proxy")
    void sessionTakesTheProfilesProxy() throws Exception {
        // A provider's issuer is https away from this machine: tinyproxy tunnels it (CONNECT).
        okhttp3.tls.HeldCertificate ca = new okhttp3.tls.HeldCertificate.Builder()
                .certificateAuthority(0)
                .build();
        okhttp3.tls.HeldCertificate server = new okhttp3.tls.HeldCertificate.Builder()
                .addSubjectAlternativeName(hostName)
                .signedBy(ca)
                .build();
        Path caFile = dir.resolve("ca.pem");
        Files.writeString(caFile, ca.certificatePem());
        MockWebServer provider = new MockWebServer();
        provider.useHttps(
                new okhttp3.tls.HandshakeCertificates.Builder()
                        .heldCertificate(server)
                        .build()
                        .sslSocketFactory(),
                false);
        provider.start(InetAddress.getByName("127.0.0.1"), 0);
        try {
            sessionThroughTheProfilesProxy(provider, caFile);
        } finally {
            provider.shutdown();
        }
    }

    private void sessionThroughTheProfilesProxy(MockWebServer provider, Path caFile) throws Exception {
        String issuer = "https://" + hostName + ":" + provider.getPort();
        enqueueProviderAnswers(provider, issuer);
        Map<String, String> env = Map.of(
                "XDG_CONFIG_HOME",
                dir.resolve("config").toString(),
                ProxyOption.PASSWORD_VARIABLE,
                RealTinyproxy.PASSWORD,
                SessionCommand.SECRET_VARIABLE,
                "machine-secret");
        StringWriter saveErr = new StringWriter();
        CommandLine save = new CommandLine(new ProfileCommand(env::get));
        save.setOut(new PrintWriter(new StringWriter(), true));
        save.setErr(new PrintWriter(saveErr, true));
        assertThat(save.execute(
                        "save",
                        "behind-proxy",
                        "--issuer",
                        issuer,
                        "--client-id",
                        "machine",
                        "--client-auth",
                        "client_secret_basic",
                        "--ca-file",
                        caFile.toString(),
                        "--proxy",
                        "http://" + RealTinyproxy.USER + "@127.0.0.1:" + proxyPort))
                .as(saveErr.toString())
                .isZero();
        assertThat(Files.readString(dir.resolve("config/stormwatch/profiles/behind-proxy.json")))
                .contains("\"proxy\"")
                .doesNotContain(RealTinyproxy.PASSWORD);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = sessionThroughTheProxy(env, out, err);
        if (exit != 0 && out.toString().contains("RESET_AFTER_SEND")) {
            // Once in a CI run the token answer's body broke off inside tinyproxy's tunnel after its 200 head (a
            // network failure the client reports as it should, F1). What this test proves is the route, so that one
            // kind of failure is run again once, with fresh answers; any other failure fails the test.
            provider.takeRequest(1, TimeUnit.SECONDS);
            provider.takeRequest(1, TimeUnit.SECONDS);
            enqueueProviderAnswers(provider, issuer);
            out = new StringWriter();
            err = new StringWriter();
            exit = sessionThroughTheProxy(env, out, err);
        }

        assertThat(exit).as(out + "" + err).isZero();
        assertThat(provider.takeRequest(5, TimeUnit.SECONDS).getPath()).startsWith("/.well-known/openid-configuration");
        assertThat(provider.takeRequest(5, TimeUnit.SECONDS).getPath()).isEqualTo("/token");
        // tinyproxy logs each tunnel it opened; a request sent direct would have made none.
        assertThat(Files.readString(dir.resolve("tinyproxy.log"))).contains("CONNECT");
        java.util.List<String> attempts = out.toString()
                .lines()
                .filter(l -> l.contains("\"type\":\"attempt\""))
                .toList();
        assertThat(attempts)
                .hasSize(2)
                .allSatisfy(line -> assertThat(line).contains("\"proxy\":\"127.0.0.1:" + proxyPort + "\""));
        assertThat(out.toString() + err).doesNotContain(RealTinyproxy.PASSWORD).doesNotContain("machine-token");
    }

    @Test
    @DisplayName("PX7: 'profile save --proxy' with a password in the URL is refused naming --proxy, and nothing is"
            + " saved")
    void aProfileRefusesAProxyPassword() throws Exception {
        Map<String, String> env =
                Map.of("XDG_CONFIG_HOME", dir.resolve("config").toString());
        StringWriter err = new StringWriter();
        CommandLine save = new CommandLine(new ProfileCommand(env::get));
        save.setOut(new PrintWriter(new StringWriter(), true));
        save.setErr(new PrintWriter(err, true));

        int exit = save.execute(
                "save", "leaky", "--issuer", "https://login.example.com", "--client-id", "app", "--proxy", proxyUrl());

        assertThat(exit).isNotZero();
        assertThat(err.toString())
                .contains("--proxy holds a password")
                .contains(ProxyOption.PASSWORD_VARIABLE)
                .doesNotContain(RealTinyproxy.PASSWORD);
        assertThat(dir.resolve("config/stormwatch/profiles/leaky.json")).doesNotExist();
    }

    private static void enqueueProviderAnswers(MockWebServer provider, String issuer) {
        provider.enqueue(new MockResponse()
                .setHeader("Content-Type", "application/json")
                .setBody("{\"issuer\":\"" + issuer + "\",\"authorization_endpoint\":\"" + issuer + "/authorize\","
                        + "\"token_endpoint\":\"" + issuer + "/token\",\"jwks_uri\":\"" + issuer + "/jwks\","
                        + "\"response_types_supported\":[\"code\"],"
                        + "\"token_endpoint_auth_methods_supported\":[\"client_secret_basic\"],"
                        + "\"grant_types_supported\":[\"client_credentials\"]}"));
        provider.enqueue(new MockResponse()
                .setHeader("Content-Type", "application/json")
                .setBody("{\"access_token\":\"machine-token\",\"token_type\":\"Bearer\",\"expires_in\":300}"));
    }

    private static int sessionThroughTheProxy(Map<String, String> env, StringWriter out, StringWriter err) {
        CommandLine cli = new CommandLine(new SessionCommand(new dev.stormwatch.app.SignInPageBrowser(), env::get));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute("--profile", "behind-proxy", "--json", "--steps", "client_credentials");
    }
}
