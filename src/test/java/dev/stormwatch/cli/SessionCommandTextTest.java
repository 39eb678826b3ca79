package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code stormwatch session} without {@code --json}: one line a step that a person reads, never a token. */
class SessionCommandTextTest {

    @Test
    @DisplayName("without --json, login and refresh say as whom, at which provider and until when the session holds,"
            + " and print no token")
    void loginAndRefreshSayAsWhomAndUntilWhen() throws Exception {
        try (DemoProvider provider = DemoProvider.start(ProviderConfig.defaults())) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CommandLine cli =
                    new CommandLine(new SessionCommand(new SignInPageBrowser(), Map.<String, String>of()::get));
            cli.setOut(new PrintWriter(out, true));
            cli.setErr(new PrintWriter(err, true));

            int exit = cli.execute(
                    "--issuer",
                    provider.issuer().toString(),
                    "--client-id",
                    ClientRegistration.DESKTOP_CLIENT_ID,
                    "--scope",
                    "openid offline_access",
                    "--steps",
                    "login,refresh,logout");

            assertThat(exit).as(out + "" + err).isZero();
            String[] lines = out.toString().split("\n");
            assertThat(lines[0])
                    .startsWith("login: ok - as alice at " + provider.issuer() + "; access token until ")
                    .contains("; refresh token until ");
            assertThat(lines[1]).startsWith("refresh: ok - as alice at " + provider.issuer());
            assertThat(lines[2]).isEqualTo("logout: ok");
            assertThat(out.toString()).doesNotContain("eyJ");
        }
    }

    @Test
    @DisplayName("the sign-in line leaves out what the step did not say, and a provider's control characters are"
            + " made printable")
    void theSignInLineSaysOnlyWhatItKnows() {
        ObjectNode line = SessionJson.ok("login");
        line.put("issuer", "https://login.example.com");
        line.put("subject", "mallory\u001b[2J");
        line.put("hasRefreshToken", false);

        assertThat(SessionCommand.signedIn(line))
                .isEqualTo(" - as mallory\\u001B[2J at https://login.example.com; no refresh token")
                .doesNotContain("\u001b");
        assertThat(SessionCommand.signedIn(SessionJson.ok("userinfo"))).isEmpty();
    }
}
