package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.stormwatch.base.LoopbackHost;
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

    private Process proxy;
    private int proxyPort;
    private final MockWebServer target = new MockWebServer();
    private String hostName;

    @BeforeEach
    void start() throws Exception {
        assumeTrue(RealTinyproxy.installed(), "tinyproxy is not installed: apt-get install tinyproxy");
        hostName = InetAddress.getLocalHost().getHostName();
        assumeTrue(
                !LoopbackHost.isLoopback(hostName) && LoopbackHost.resolvedLoopbackAddresses(hostName).length > 0,
                "this machine's host name does not resolve to loopback; no target the proxy can reach here");
        target.start(InetAddress.getByName("127.0.0.1"), 0);
        RealTinyproxy.Started started = RealTinyproxy.start(dir);
        proxy = started.process();
        proxyPort = started.port();
    }

    @AfterEach
    void stop() throws Exception {
        if (proxy != null) {
            proxy.destroy();
            proxy.waitFor(5, TimeUnit.SECONDS);
        }
        target.shutdown();
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
}
