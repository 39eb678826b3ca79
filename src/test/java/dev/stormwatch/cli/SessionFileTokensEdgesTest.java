package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
import dev.stormwatch.oauth.ClientAuthentication;
import dev.stormwatch.oauth.FileSessionStore;
import dev.stormwatch.oauth.IdTokenClaims;
import dev.stormwatch.oauth.Session;
import dev.stormwatch.oauth.SessionBinding;
import dev.stormwatch.oauth.TokenSet;
import dev.stormwatch.services.OAuthSessionTokens;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code load --oauth-session}'s reading of a session file ({@link SessionFileTokens#fromFile}): each session it
 * cannot use is one problem in the command line's words, naming no token; a usable one gives its tokens.
 */
class SessionFileTokensEdgesTest {

    private static final String ISSUER = "https://idp.example";
    private static final String ACCESS_TOKEN = "at-S3CRET";

    @TempDir
    Path dir;

    private final List<String> problems = new ArrayList<>();

    private Path saved(String accessToken, SessionBinding binding) {
        Instant now = Instant.now();
        Path file = dir.resolve("session.json");
        new FileSessionStore(file)
                .save(new Session(
                        new TokenSet(
                                Secret.of(accessToken),
                                "Bearer",
                                Optional.of(now.plusSeconds(3600)),
                                Optional.empty(),
                                Secret.of("id"),
                                Optional.of("openid")),
                        new IdTokenClaims(
                                ISSUER,
                                "alice",
                                List.of("app"),
                                now.plusSeconds(3600),
                                now,
                                Optional.empty(),
                                Map.of()),
                        binding));
        return file;
    }

    private Optional<OAuthSessionTokens> read(Path file, Map<String, String> environment) {
        return SessionFileTokens.fromFile(file, ClientAuthentication.NONE, environment::get, problems);
    }

    @Test
    @DisplayName("A2: a Bearer session kept in the file gives its access token, and no problem")
    void aUsableSessionGivesItsToken() {
        Path file = saved(ACCESS_TOKEN, new SessionBinding(ISSUER, "app"));

        Optional<OAuthSessionTokens> tokens = read(file, Map.of());

        assertThat(problems).isEmpty();
        assertThat(tokens).isPresent();
        assertThat(tokens.get().currentToken().reveal()).isEqualTo(ACCESS_TOKEN);
    }

    @Test
    @DisplayName("A2: a file without a session says how to sign in, with the --session-file it was given")
    void noSessionSaysHowToSignIn() {
        Path file = dir.resolve("none.json");

        assertThat(read(file, Map.of())).isEmpty();
        assertThat(problems)
                .containsExactly("--oauth-session: no signed-in session in " + file + "; sign in first with: "
                        + SessionFileTokens.SIGN_IN + " --session-file " + file);
    }

    @Test
    @DisplayName("A4: a session that does not say its client id is refused with how to sign in again")
    void aSessionWithoutAClientIdIsRefused() {
        Path file = saved(ACCESS_TOKEN, new SessionBinding(ISSUER, ""));

        assertThat(read(file, Map.of())).isEmpty();
        assertThat(problems).hasSize(1);
        assertThat(problems.get(0))
                .startsWith("--oauth-session: the session in " + file + " does not say which client id it belongs to")
                .endsWith("sign in again with: " + SessionFileTokens.SIGN_IN);
    }

    @Test
    @DisplayName("A4: a session that names an issuer no client can use is refused with how to sign in again")
    void aSessionWithAnUnusableIssuerIsRefused() {
        Path file = saved(ACCESS_TOKEN, new SessionBinding("not an issuer", "app"));

        assertThat(read(file, Map.of())).isEmpty();
        assertThat(problems).hasSize(1);
        assertThat(problems.get(0))
                .startsWith("--oauth-session: the session in " + file + " names an unusable issuer (")
                .endsWith("); sign in again with: " + SessionFileTokens.SIGN_IN);
    }

    @Test
    @DisplayName("TX4, RC6: a session whose token is bound to a client certificate is refused, naming no token")
    void aCertificateBoundSessionIsRefused() {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String bound = b64.encodeToString("{\"alg\":\"RS256\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(
                        "{\"sub\":\"alice\",\"cnf\":{\"x5t#S256\":\"bwcK0esc3ACC3DB2Y5_lESsXE8o9ltc05O89jdN-dg2\"}}"
                                .getBytes(StandardCharsets.UTF_8))
                + ".c2lnbmF0dXJl";
        Path file = saved(bound, new SessionBinding(ISSUER, "app"));

        assertThat(read(file, Map.of())).isEmpty();
        assertThat(problems)
                .containsExactly("--oauth-session: the session's access token is bound to a client certificate"
                        + " (RFC 8705), and a load run does not present one; sign in without --client-cert for a"
                        + " load run");
    }

    @Test
    @DisplayName("PX1, RC6: a proxy variable that is not a proxy URL is one problem naming the variable")
    void aBrokenProxyVariableIsAProblem() {
        Path file = saved(ACCESS_TOKEN, new SessionBinding(ISSUER, "app"));

        assertThat(read(file, Map.of("HTTPS_PROXY", "ftp://proxy.example:21"))).isEmpty();
        assertThat(problems).hasSize(1);
        assertThat(problems.get(0)).startsWith("--oauth-session: ").contains("HTTPS_PROXY");
        assertThat(String.join("\n", problems)).doesNotContain(ACCESS_TOKEN);
    }
}
