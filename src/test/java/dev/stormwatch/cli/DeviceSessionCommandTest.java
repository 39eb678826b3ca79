package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.testing.StartedProviders;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import picocli.CommandLine;

/**
 * {@code session --device} against the embedded provider (DV8), with a person's real pause before they approve on the
 * provider's page; it mostly waits, so it runs beside the other classes.
 */
@Tag("slow")
@WaitsBesideOtherTests
class DeviceSessionCommandTest {

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;

    @BeforeEach
    void start() throws Exception {
        provider = providers.start();
    }

    @Test
    @DisplayName("DV1, DV8: --device against the embedded provider prints the code and the page, not the device"
            + " code; a person approves there after a real pause and the login step ends signed in as that person (its"
            + " tokens work at userinfo), the provider having seen no poll sooner than the interval")
    void deviceSignsInWhenThePersonApprovesOnThePage() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new SessionCommand(new SignInPageBrowser(), Map.<String, String>of()::get));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        java.util.concurrent.CompletableFuture<Integer> exit =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> cli.execute(
                        "--issuer",
                        provider.issuer().toString(),
                        "--client-id",
                        ClientRegistration.DESKTOP_CLIENT_ID,
                        "--timeout",
                        "20",
                        "--device",
                        "--steps",
                        "login,userinfo"));
        java.util.regex.Pattern shown = java.util.regex.Pattern.compile("enter the code ([A-Z]{4}-[A-Z]{4})");
        long until = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        java.util.regex.Matcher code = shown.matcher("");
        while (!code.reset(err.toString()).find() && System.nanoTime() < until) {
            Thread.sleep(50);
        }
        assertThat(code.find(0)).as(err.toString()).isTrue();
        String userCode = code.group(1);
        assertThat(err.toString()).contains("open " + provider.issuer() + "/device on any device");

        // The person walks to another device, opens the page and types the code: several seconds.
        Thread.sleep(7_000);
        java.net.http.HttpClient phone = java.net.http.HttpClient.newHttpClient();
        java.net.http.HttpResponse<String> page = phone.send(
                java.net.http.HttpRequest.newBuilder(provider.issuer().resolve("/device"))
                        .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(page.body()).contains("name=\"user_code\"");
        java.net.http.HttpResponse<String> allowed = phone.send(
                java.net.http.HttpRequest.newBuilder(provider.issuer().resolve("/device"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString("user_code="
                                + userCode.toLowerCase(java.util.Locale.ROOT) + "&user=bob&decision=allow"))
                        .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(allowed.statusCode()).as(allowed.body()).isEqualTo(200);

        assertThat(exit.get(60, java.util.concurrent.TimeUnit.SECONDS))
                .as(out + "" + err)
                .isZero();
        // Without --json the device sign-in says as whom it signed in, as the browser's does.
        assertThat(out.toString())
                .contains("login: ok - as bob at " + provider.issuer() + "; access token until ")
                .contains("userinfo: ok");
        assertThat(out.toString() + err).doesNotContain("device_code");
        List<dev.stormwatch.provider.DevicePoll> polls = provider.devicePolls();
        assertThat(polls)
                .extracting(dev.stormwatch.provider.DevicePoll::answer)
                .contains("authorization_pending")
                .doesNotContain("slow_down")
                .endsWith("tokens");
        for (int i = 1; i < polls.size(); i++) {
            assertThat(java.time.Duration.between(
                            polls.get(i - 1).receivedAt(), polls.get(i).receivedAt()))
                    .isGreaterThanOrEqualTo(java.time.Duration.ofSeconds(5));
        }
        assertThat(provider.requestsReceived("POST", "/par")).isZero();
    }
}
