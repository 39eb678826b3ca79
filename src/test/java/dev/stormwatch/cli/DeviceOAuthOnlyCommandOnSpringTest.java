package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.oauth.SpringAuthorizationServer;
import dev.stormwatch.oauth.SpringDevicePage;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import picocli.CommandLine;

/**
 * {@code stormwatch session --device --scopes message.read} against Spring Authorization Server: an OAuth 2.0-only
 * session signed in on Spring's own pages, refreshed and revoked, its UserInfo refused (DV9, DV10).
 */
@WaitsBesideOtherTests
// Its methods read one server's request counts, so they run one after another.
@ResourceLock("DeviceOAuthOnlyCommandOnSpringTest.server")
@Tag("slow")
class DeviceOAuthOnlyCommandOnSpringTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static SpringAuthorizationServer server;

    @BeforeAll
    static void start() {
        server = SpringAuthorizationServer.start(Duration.ofSeconds(5));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static List<JsonNode> lines(String out) throws Exception {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (line.startsWith("{")) {
                lines.add(JSON.readTree(line));
            }
        }
        return lines;
    }

    private static Optional<JsonNode> outcome(List<JsonNode> lines, String step) {
        return lines.stream()
                .filter(l -> step.equals(l.path("step").asText()) && l.has("outcome"))
                .findFirst();
    }

    @Test
    @DisplayName("DV9, DV10: session --device --scopes message.read signs in on Spring without an ID token, says so"
            + " in place of a subject, refreshes and revokes; userinfo is refused for want of openid")
    void oauthOnlyDeviceSessionFromTheCommandLine() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new SessionCommand(
                new SignInPageBrowser(),
                Map.of(SessionCommand.SECRET_VARIABLE, SpringAuthorizationServer.DEVICE_CLIENT_SECRET)::get));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> cli.execute(
                "--issuer",
                server.issuer(),
                "--client-id",
                SpringAuthorizationServer.DEVICE_CLIENT_ID,
                "--client-auth",
                "client_secret_basic",
                "--scopes",
                SpringAuthorizationServer.API_SCOPE,
                "--device",
                "--json",
                "--steps",
                "login,refresh,logout"));
        // The person reads the page with its code from the device line, and approves on Spring's pages.
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        Optional<JsonNode> device = Optional.empty();
        while (device.isEmpty() && System.nanoTime() < until) {
            Thread.sleep(50);
            device = lines(out.toString()).stream()
                    .filter(l -> "device".equals(l.path("type").asText()))
                    .findFirst();
        }
        assertThat(device).as(out + "" + err).isPresent();
        String approvedAt = SpringDevicePage.approve(
                URI.create(device.get().path("verificationUriComplete").asText()), Duration.ofSeconds(2));
        assertThat(approvedAt).contains("success");

        assertThat(exit.get(60, TimeUnit.SECONDS)).as(out + "" + err).isZero();
        List<JsonNode> lines = lines(out.toString());
        JsonNode login = outcome(lines, "login").orElseThrow();
        assertThat(login.path("outcome").asText()).isEqualTo("ok");
        assertThat(login.path("openId").asBoolean(true)).isFalse();
        assertThat(login.path("note").asText()).isEqualTo("No ID token: OAuth 2.0 only (the scopes have no openid)");
        assertThat(login.path("scope").asText()).isEqualTo(SpringAuthorizationServer.API_SCOPE);
        assertThat(login.has("subject")).isFalse();
        assertThat(login.path("issuer").asText()).isEqualTo(server.issuer());
        assertThat(login.path("hasRefreshToken").asBoolean()).isTrue();
        assertThat(outcome(lines, "refresh").orElseThrow().path("outcome").asText())
                .isEqualTo("ok");
        assertThat(outcome(lines, "logout").orElseThrow().path("tokenRevoked").asBoolean())
                .isTrue();
        assertThat(server.answered("POST", "/oauth2/revoke"))
                .extracting(SpringAuthorizationServer.Answered::status)
                .containsExactly(200);
        assertThat(out.toString() + err).doesNotContain("device_code").doesNotContain("access_token");
    }

    @Test
    @DisplayName("DV10: --steps login,userinfo with scopes without openid: the userinfo step fails with the reason,"
            + " and nothing is sent to a userinfo endpoint")
    void userinfoIsRefusedForAnOAuthOnlySession() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new SessionCommand(
                new SignInPageBrowser(),
                Map.of(SessionCommand.SECRET_VARIABLE, SpringAuthorizationServer.DEVICE_CLIENT_SECRET)::get));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> cli.execute(
                "--issuer",
                server.issuer(),
                "--client-id",
                SpringAuthorizationServer.DEVICE_CLIENT_ID,
                "--client-auth",
                "client_secret_post",
                "--scope",
                SpringAuthorizationServer.API_SCOPE,
                "--device",
                "--json",
                "--steps",
                "login,userinfo"));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        Optional<JsonNode> device = Optional.empty();
        while (device.isEmpty() && System.nanoTime() < until) {
            Thread.sleep(50);
            device = lines(out.toString()).stream()
                    .filter(l -> "device".equals(l.path("type").asText()))
                    .findFirst();
        }
        assertThat(device).as(out + "" + err).isPresent();
        SpringDevicePage.approve(
                URI.create(device.get().path("verificationUriComplete").asText()), Duration.ZERO);

        assertThat(exit.get(60, TimeUnit.SECONDS)).as(out + "" + err).isNotZero();
        JsonNode userinfo = outcome(lines(out.toString()), "userinfo").orElseThrow();
        assertThat(userinfo.path("outcome").asText()).isEqualTo("error");
        assertThat(userinfo.toString()).contains("OAuth 2.0 only").contains("Add openid to the scopes");
        assertThat(server.record()).noneMatch(line -> line.contains("userinfo"));
    }
}
