package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.testing.StartedProviders;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import picocli.CommandLine;

/** {@code session --steps client_credentials} against the demo provider (CA7); {@code --device}: DeviceSessionCommandTest. */
class SessionCommandGrantsTest {

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;

    private record Run(int exit, String out, String err) {}

    @BeforeEach
    void start() throws Exception {
        provider = providers.start();
    }

    private Run run(Map<String, String> env, String clientId, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new SessionCommand(new SignInPageBrowser(), env::get));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        List<String> all = new ArrayList<>(List.of(
                "--issuer", provider.issuer().toString(), "--client-id", clientId, "--timeout", "20", "--json"));
        all.addAll(List.of(args));
        return new Run(cli.execute(all.toArray(String[]::new)), out.toString(), err.toString());
    }

    @Test
    @DisplayName("CA7: client_credentials alone takes a scope without openid, prints type, expiry and scope, never"
            + " the token or the secret")
    void clientCredentialsPrintsWhatTheTokenIsNotTheToken() {
        Run run = run(
                Map.of(SessionCommand.SECRET_VARIABLE, ClientRegistration.CONFIDENTIAL_CLIENT_SECRET),
                ClientRegistration.CONFIDENTIAL_CLIENT_ID,
                "--client-auth",
                "auto",
                "--scope",
                "api.read",
                "--steps",
                "client_credentials");

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out())
                .contains("\"step\":\"client_credentials\"")
                .contains("\"outcome\":\"ok\"")
                .contains("\"tokenType\":\"Bearer\"")
                .contains("\"scope\":\"api.read\"")
                .contains("accessTokenExpiresAt")
                .doesNotContain("access_token\"")
                .doesNotContain(ClientRegistration.CONFIDENTIAL_CLIENT_SECRET);
    }

    @Test
    @DisplayName("CA7: a sign-in asks for the --scope given, not the machine-only default: the e-mail scope's claims"
            + " reach UserInfo")
    void aSignInAsksForTheScopeGiven() {
        Run run = run(
                Map.of(), ClientRegistration.DESKTOP_CLIENT_ID, "--scope", "openid email", "--steps", "login,userinfo");

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("\"claims\":[\"email\",\"email_verified\",\"sub\"]");
    }

    @Test
    @DisplayName("CA7: client_credentials as a public client is one error line naming what to give")
    void clientCredentialsAsAPublicClientFails() {
        Run run = run(Map.of(), ClientRegistration.DESKTOP_CLIENT_ID, "--steps", "client_credentials");

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out()).contains("confidential client");
        assertThat(provider.requestsReceived("POST", "/token")).isZero();
    }

    @Test
    @DisplayName("AR1: a bad --auth-param is a usage error in the option's words; a good one signs in")
    void authParamsAreCheckedAndSent() {
        Run reserved = run(Map.of(), ClientRegistration.DESKTOP_CLIENT_ID, "--auth-param", "state=mine");
        Run good = run(
                Map.of(),
                ClientRegistration.DESKTOP_CLIENT_ID,
                "--auth-param",
                "prompt=login",
                "--auth-param",
                "max_age=0",
                "--steps",
                "login");

        assertThat(reserved.exit()).isEqualTo(2);
        assertThat(reserved.err()).contains("--auth-param").contains("'state' is set by the client itself");
        assertThat(good.exit()).as(good.out() + good.err()).isZero();
    }

    @Test
    @DisplayName("AR2: --redirect-host other than 127.0.0.1 or localhost, and a port out of range, are usage errors")
    void badRedirectChoicesAreUsageErrors() {
        Run host = run(Map.of(), ClientRegistration.DESKTOP_CLIENT_ID, "--redirect-host", "example.com");
        Run port = run(Map.of(), ClientRegistration.DESKTOP_CLIENT_ID, "--redirect-port", "70000");

        assertThat(host.exit()).isEqualTo(2);
        assertThat(host.err()).contains("--redirect-host 'example.com' must be 127.0.0.1, [::1] or localhost");
        assertThat(port.exit()).isEqualTo(2);
        assertThat(port.err()).contains("--redirect-port").contains("70000");
        assertThat(provider.requestsReceived("GET", "/.well-known/openid-configuration"))
                .isZero();
    }

    @Test
    @DisplayName("AR3, SX1: --redirect-host [::1] signs in on the IPv6 literal, and end_session prints what the"
            + " provider did with the revocation and with its own session, never a token")
    void ipv6SignInThenEndSession() {
        Run run = run(
                Map.of(),
                ClientRegistration.DESKTOP_CLIENT_ID,
                "--redirect-host",
                "[::1]",
                "--steps",
                "login,end_session");

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out())
                .contains("\"step\":\"login\"")
                .contains("\"step\":\"end_session\"")
                .contains("\"tokenRevoked\":true")
                .contains("\"endSession\":\"confirmed\"")
                .contains("http://[::1]:")
                .doesNotContain("eyJ")
                .doesNotContain("id_token_hint");
        assertThat(run.err()).doesNotContain("eyJ");
        // SX7: the browser posts the ID token to the end-session endpoint; it is in no address.
        assertThat(provider.requestsReceived("POST", "/logout")).isEqualTo(1);
        assertThat(provider.requestsReceived("GET", "/logout")).isZero();
    }
}
