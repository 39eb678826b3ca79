package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.testing.StartedProviders;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import picocli.CommandLine;

/**
 * DV1: the line {@code session --device} shows the person, in JSON on stdout and as a sentence on stderr; each run
 * is then refused on the provider's page, so it ends at the device's first poll (the provider's 5 s interval).
 * DeviceSessionCommandTest signs in to the end after a person's pause.
 */
@WaitsBesideOtherTests
class DeviceCodeLineTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern CODE = Pattern.compile("[A-Z]{4}-[A-Z]{4}");

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;

    @BeforeEach
    void start() throws Exception {
        provider = providers.start();
    }

    private record Run(int exit, String out, String err, String code) {}

    /** Runs {@code session --device ARGS}, waits for the code in {@code shown}, and refuses it on the page. */
    private Run deviceRun(boolean json) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new SessionCommand(url -> false, Map.<String, String>of()::get));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        List<String> args = new ArrayList<>(List.of(
                "--issuer",
                provider.issuer().toString(),
                "--client-id",
                ClientRegistration.DESKTOP_CLIENT_ID,
                "--device",
                "--steps",
                "login"));
        if (json) {
            args.add("--json");
        }
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> cli.execute(args.toArray(String[]::new)));
        Supplier<String> shown = json ? out::toString : err::toString;
        Matcher code = CODE.matcher("");
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!code.reset(shown.get()).find() && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        assertThat(code.find(0)).as(out + "" + err).isTrue();
        HttpResponse<String> refused = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(provider.issuer().resolve("/device"))
                                .header("Content-Type", "application/x-www-form-urlencoded")
                                .POST(HttpRequest.BodyPublishers.ofString(
                                        "user_code=" + code.group() + "&decision=deny"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(200);
        return new Run(exit.get(60, TimeUnit.SECONDS), out.toString(), err.toString(), code.group());
    }

    @Test
    @DisplayName("DV1: with --json the code is one line on stdout: the user code, both addresses, expiry and interval,"
            + " no outcome yet and never the device code")
    void theCodeAsAJsonLine() throws Exception {
        Run run = deviceRun(true);

        List<JsonNode> lines = new ArrayList<>();
        for (String line : run.out().split("\n")) {
            lines.add(JSON.readTree(line));
        }
        assertThat(lines)
                .filteredOn(l -> l.path("type").asText().equals("device"))
                .hasSize(1);
        JsonNode shown = lines.stream()
                .filter(l -> l.path("type").asText().equals("device"))
                .findFirst()
                .orElseThrow();
        assertThat(shown.path("type").asText()).isEqualTo("device");
        assertThat(shown.path("step").asText()).isEqualTo("login");
        assertThat(shown.path("userCode").asText()).isEqualTo(run.code());
        assertThat(shown.path("verificationUri").asText()).isEqualTo(provider.issuer() + "/device");
        assertThat(shown.path("verificationUriComplete").asText()).startsWith(provider.issuer() + "/device?user_code=");
        assertThat(shown.path("expiresAt").asText()).endsWith("Z");
        assertThat(shown.path("intervalSeconds").asInt()).isEqualTo(5);
        assertThat(shown.has("outcome")).isFalse();
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out() + run.err()).doesNotContain("device_code");
    }

    @Test
    @DisplayName("DV1: without --json the code is one sentence on stderr, with the page that carries the code")
    void theCodeAsASentence() throws Exception {
        Run run = deviceRun(false);

        assertThat(run.err().lines().filter(l -> l.startsWith("To sign in")))
                .singleElement()
                .asString()
                .startsWith("To sign in, open " + provider.issuer() + "/device on any device and enter the code "
                        + run.code() + " (valid until ")
                .contains("Z); or open " + provider.issuer() + "/device?user_code=");
        assertThat(run.out()).doesNotContain(run.code());
        assertThat(run.exit()).isEqualTo(1);
    }
}
