package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code stormwatch relay} and {@code stormwatch provider}: what they print of their settings, and their stop. */
class ServerCommandsEdgesTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return InProcessCli.run(out, err, args);
    }

    private int printedPort(String regex) {
        Matcher m = Pattern.compile(regex).matcher(out.toString());
        assertThat(m.find()).as(out.toString()).isTrue();
        return Integer.parseInt(m.group(1));
    }

    private static void assertClosed(int port) {
        assertThatThrownBy(() -> {
                    try (Socket socket = new Socket()) {
                        socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
                    }
                })
                .as("nothing listens on %d any more", port)
                .isInstanceOf(IOException.class);
    }

    @Test
    @DisplayName("L10: the relay prints its keys, the issuer it trusts, its quota, capacity, collapse and dialect, and"
            + " closes its port and its metrics when --run-for has passed")
    void theRelaySaysItsSettingsAndClosesWhenItStops() {
        int exit = run(
                "relay",
                "--api-key",
                "sk-one",
                "--api-key",
                "sk-two",
                "--issuer",
                "http://127.0.0.1:9//",
                "--capacity",
                "7",
                "--collapse",
                "--dialect",
                "openai",
                "--metrics-port",
                "0",
                "--run-for",
                "100ms");

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains("  API key    sk-one, sk-two   (Authorization: Bearer <key>)")
                .contains("  tokens of  http://127.0.0.1:9 (JWKS http://127.0.0.1:9/jwks)")
                .contains("  quota      none, capacity 7 (collapses under overload), dialect openai")
                .containsPattern("  record     GET http://127\\.0\\.0\\.1:\\d+/\\S+   faults POST http://127")
                .containsPattern("  metrics    GET http://127\\.0\\.0\\.1:\\d+/metrics   \\(Prometheus\\)")
                .endsWith("Press Ctrl-C to stop." + System.lineSeparator() + "stopped" + System.lineSeparator());
        assertClosed(printedPort("on http://127\\.0\\.0\\.1:(\\d+)/v1"));
        assertClosed(printedPort("metrics +GET http://127\\.0\\.0\\.1:(\\d+)/metrics"));
    }

    @Test
    @DisplayName("L10: a relay with a quota and its own JWKS URL says both; without --metrics-port it names no metrics")
    void theRelaySaysItsQuotaAndItsJwksUrl() {
        int exit = run(
                "relay",
                "--quota",
                "30/90s",
                "--issuer",
                "http://127.0.0.1:9",
                "--jwks-url",
                "http://127.0.0.1:9/keys",
                "--run-for",
                "50ms");

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains("  API key    sk-demo")
                .contains("  tokens of  http://127.0.0.1:9 (JWKS http://127.0.0.1:9/keys)")
                .contains("  quota      30 per 90 s, capacity 256, dialect plain")
                .doesNotContain("collapses")
                .doesNotContain("metrics    GET");
    }

    @Test
    @DisplayName("HD5: a brown-out without its share, a --run-for that is no duration and a --quota of three parts are"
            + " refused in the option's words")
    void theRelaysOtherRefusals() {
        assertThat(run("relay", "--brownout", "1s..2s", "--run-for", "1ms")).isEqualTo(2);
        assertThat(run("relay", "--run-for", "soon")).isEqualTo(2);
        assertThat(run("relay", "--quota", "1/2/3", "--run-for", "1ms")).isEqualTo(2);
        assertThat(run("relay", "--dialect", "klingon", "--run-for", "1ms")).isEqualTo(2);

        assertThat(err.toString())
                .contains("--brownout is FROM..TO:SHARE, e.g. 10s..20s:0.3")
                .contains("--run-for 'soon' is not a duration")
                .contains("--quota is N/WINDOW, e.g. 60/1m, not '1/2/3'")
                .contains("klingon")
                .doesNotContain("\tat ");
        assertThat(out.toString()).doesNotContain("http://");
    }

    @Test
    @DisplayName("HD5: the provider's keep-alive is refused below 1 ms and above 24 days, naming the option")
    void theProvidersKeepAliveHasBounds() {
        assertThat(run("provider", "--keep-alive", "0", "--run-for", "1ms")).isEqualTo(2);
        assertThat(run("provider", "--keep-alive", "25d", "--run-for", "1ms")).isEqualTo(2);
        assertThat(run("provider", "--keep-alive", "PT0.0005S", "--run-for", "1ms"))
                .isEqualTo(2);
        assertThat(run("provider", "--run-for", "soon")).isEqualTo(2);
        String refusals = err.toString();
        assertThat(run("provider", "--keep-alive", "1ms", "--run-for", "1ms"))
                .as("1 ms itself is allowed")
                .isZero();
        assertThat(out.toString()).contains("keep-alive 1ms");
        out.getBuffer().setLength(0);
        assertThat(err.toString()).isEqualTo(refusals);

        assertThat(err.toString())
                .contains("--keep-alive must be from 1ms to 24d, was 0: type a duration such as 5s or 2m")
                .contains("--keep-alive must be from 1ms to 24d, was PT0.0005S")
                .contains("--run-for 'soon' is not a duration")
                .doesNotContain("\tat ");
        assertThat(out.toString()).doesNotContain("http://");
    }

    @Test
    @DisplayName("CA1: the provider names its public client and the confidential demo client with its public demo"
            + " secret, its keep-alive, its users and the faults planned, and closes its port when it stops")
    void theProviderSaysItsClientsAndClosesWhenItStops() {
        int exit = run(
                "provider",
                "--keep-alive",
                "1ms",
                "--redirect-uri",
                "http://127.0.0.1:7777/cb",
                "--fault",
                "/token=503,times=2",
                "--run-for",
                "50ms");

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains("  client id  stormwatch-desktop (public, PKCE S256), redirect [http://127.0.0.1:7777/cb]")
                .contains("(confidential, client_secret_basic or client_secret_post, secret '")
                .contains("  keep-alive 1ms (an idle connection is closed after it)")
                .contains("  users      [")
                .contains("planned now: 1")
                .endsWith("stopped" + System.lineSeparator());
        assertClosed(printedPort("Demo OpenID provider on http://127\\.0\\.0\\.1:(\\d+)"));
    }

    @Test
    @DisplayName("CA1: when the public client takes the confidential client's id, only that one client is offered")
    void theConfidentialIdAloneIsOneClient() {
        String confidential = dev.stormwatch.provider.ClientRegistration.CONFIDENTIAL_CLIENT_ID;

        int exit = run("provider", "--client-id", confidential, "--run-for", "20ms");

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains("  client id  " + confidential + " (public, PKCE S256)")
                .doesNotContain("(confidential,")
                .contains("planned now: 0");
    }

    @Test
    @DisplayName("Every planned --fault is put in the server's plan as parsed, and a --port is kept as given")
    void plannedFaultsAndThePortAreKept() {
        CommandLine cli = new CommandLine(new StormwatchCommand());
        List<dev.stormwatch.server.PlannedFault> faults =
                FaultOptions.parse(cli, List.of("/v1/models=429", "/token=503"));
        dev.stormwatch.server.FaultPlan plan = new dev.stormwatch.server.FaultPlan();

        FaultOptions.apply(faults, plan);

        assertThat(faults).hasSize(2);
        assertThat(plan.pending()).containsExactlyInAnyOrderElementsOf(faults);
        assertThat(ServerLifetime.checkedPort(cli, 8_080)).isEqualTo(8_080);
    }
}
