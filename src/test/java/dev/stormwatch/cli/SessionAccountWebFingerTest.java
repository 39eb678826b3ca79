package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.oauth.WebFinger;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.server.LoopbackServer;
import dev.stormwatch.server.ServerOptions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** PF8: the issuer found from an e-mail-like account by WebFinger, on real sockets. */
class SessionAccountWebFingerTest {

    private record Run(int exit, String out, String err) {}

    private static Run session(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new SessionCommand(new SignInPageBrowser(), Map.<String, String>of()::get));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return new Run(cli.execute(args), out.toString(), err.toString());
    }

    @Test
    @DisplayName("PF8: the WebFinger URL is https at the account's host, http only on loopback, and asks for the"
            + " OpenID Connect issuer relation; a string that is not user@host is refused naming the option")
    void theRequestFollowsOidcDiscoverySection2() {
        HttpUrl remote = WebFinger.url("alice@example.com", "--account");
        assertThat(remote.toString())
                .isEqualTo("https://example.com/.well-known/webfinger?resource=acct%3Aalice%40"
                        + "example.com&rel=http%3A%2F%2Fopenid.net%2Fspecs%2Fconnect%2F1.0%2Fissuer");
        assertThat(remote.queryParameter("resource")).isEqualTo("acct:alice@example.com");
        assertThat(WebFinger.url("acct:bob@127.0.0.1:8080", "--account").toString())
                .startsWith("http://127.0.0.1:8080/.well-known/webfinger?resource=acct%3Abob%40127.0.0.1%3A8080");
        for (String bad : new String[] {"alice", "@example.com", "alice@", "https://example.com", "a b@example.com"}) {
            assertThatThrownBy(() -> WebFinger.url(bad, "--account"))
                    .as(bad)
                    .isInstanceOf(CallFailure.Configuration.class)
                    .hasMessageContaining("--account '" + bad + "'")
                    .hasMessageContaining("alice@example.com");
        }
    }

    @Test
    @DisplayName("PF8: session --account alice@HOST finds the demo provider's issuer by its WebFinger endpoint and"
            + " signs in there")
    void sessionFindsTheIssuerByWebFinger() throws Exception {
        try (DemoProvider provider = DemoProvider.start(ProviderConfig.defaults())) {
            String host = provider.issuer().getHost() + ":" + provider.issuer().getPort();
            assertThat(WebFinger.discover("alice@" + host, new OkHttpClient(), "--account")
                            .value())
                    .isEqualTo(provider.issuer().toString());

            Run run = session(
                    "--account",
                    "alice@" + host,
                    "--client-id",
                    ClientRegistration.DESKTOP_CLIENT_ID,
                    "--scope",
                    "openid offline_access",
                    "--steps",
                    "login",
                    "--timeout",
                    "20",
                    "--json");

            assertThat(run.exit()).as(run.out() + run.err()).isZero();
            assertThat(run.out()).contains("\"issuer\":\"" + provider.issuer() + "\"");
        }
    }

    @Test
    @DisplayName("PF8: a host without WebFinger, an account the provider does not know, and --account beside"
            + " --issuer are each refused in the option's words, before any sign-in")
    void aHostWithoutWebFingerIsSaidClearly() throws Exception {
        try (LoopbackServer bare = LoopbackServer.start("bare", ServerOptions.defaults(), Map.of());
                DemoProvider provider = DemoProvider.start(ProviderConfig.defaults())) {
            String bareHost = bare.baseUri().getHost() + ":" + bare.baseUri().getPort();
            Run none = session("--account", "alice@" + bareHost, "--client-id", "c", "--steps", "login");
            assertThat(none.exit()).isEqualTo(2);
            assertThat(none.err())
                    .contains("--account alice@" + bareHost + ": " + bareHost + " has no WebFinger endpoint")
                    .contains("give the provider's issuer URL instead");

            Run both = session(
                    "--account",
                    "alice@" + bareHost,
                    "--issuer",
                    provider.issuer().toString(),
                    "--client-id",
                    "c");
            assertThat(both.exit()).isEqualTo(2);
            assertThat(both.err()).contains("give one of them");

            // The provider knows only accounts at its own host and port: another is not found (404).
            HttpUrl other = HttpUrl.get(provider.issuer().toString())
                    .newBuilder()
                    .encodedPath(WebFinger.PATH)
                    .addQueryParameter("resource", "acct:alice@other.example")
                    .build();
            try (okhttp3.Response answer = new OkHttpClient()
                    .newCall(new okhttp3.Request.Builder().url(other).build())
                    .execute()) {
                assertThat(answer.code()).isEqualTo(404);
            }
        }
    }
}
