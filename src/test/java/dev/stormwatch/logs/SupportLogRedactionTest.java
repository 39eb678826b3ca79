package dev.stormwatch.logs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.base.Secret;
import dev.stormwatch.oauth.ClientAuthentication;
import dev.stormwatch.oauth.FileSessionStore;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.Session;
import dev.stormwatch.oauth.TokenSet;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.testing.StartedProviders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * HD2: real sign-ins against the demo provider on real sockets (DPoP-bound, and a confidential client), logged at
 * debug into the support log, then secrets slipped in the ways they could: a library's JUL line with a bearer header,
 * an exception whose text holds the refresh token, a Redis URL with its password. The file must hold the flows and
 * none of the secrets.
 */
class SupportLogRedactionTest {

    @TempDir
    Path folder;

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;

    @BeforeEach
    void startProvider() throws Exception {
        provider = providers.start();
    }

    @AfterEach
    void stop() {
        SupportLog.stop();
    }

    @Test
    @DisplayName("HD2: at debug, the log file shows every request and no token, code, secret, DPoP proof or password")
    void noSecretReachesTheLogFileEvenAtDebug() throws Exception {
        Path file = SupportLog.start(folder.resolve("logs"), "test", true);
        List<String> secrets = new ArrayList<>();

        // A DPoP-bound public client: sign in, refresh, user info, sign out.
        OAuthClient dpop = OAuthClient.builder(
                        OAuthConfig.of(provider.issuer().toString(), ClientRegistration.DESKTOP_CLIENT_ID)
                                .withScope("openid offline_access")
                                .withDpop(true))
                .browser(new SignInPageBrowser())
                .build();
        secrets.addAll(tokensOf(dpop.login()));
        secrets.addAll(tokensOf(dpop.refresh()));
        dpop.userInfo();
        dpop.logout();

        // A confidential client kept in a session file: its secret goes in the token request's form.
        OAuthClient confidential = OAuthClient.builder(
                        OAuthConfig.of(provider.issuer().toString(), ClientRegistration.CONFIDENTIAL_CLIENT_ID)
                                .withScope("openid offline_access")
                                .withClientAuthentication(ClientAuthentication.of(
                                        ClientAuthentication.Method.CLIENT_SECRET_POST,
                                        Secret.of(ClientRegistration.CONFIDENTIAL_CLIENT_SECRET))))
                .browser(new SignInPageBrowser())
                .sessionStore(new FileSessionStore(folder.resolve("session.json")))
                .build();
        secrets.addAll(tokensOf(confidential.login()));
        confidential.userInfo();
        secrets.add(ClientRegistration.CONFIDENTIAL_CLIENT_SECRET);

        // Slips: what a library or a careless message could write.
        String accessToken = secrets.get(0);
        String refreshToken = secrets.get(1);
        String redisPassword = "b7f3c1d9e2a84f6b";
        java.util.logging.Logger.getLogger("okhttp3.OkHttpClient")
                .log(Level.INFO, "--> POST /token Authorization: DPoP " + accessToken);
        LoggerFactory.getLogger("dev.stormwatch.oauth.Slip")
                .error(
                        "refresh failed",
                        new IllegalStateException("body was grant_type=refresh_token&refresh_token=" + refreshToken));
        LoggerFactory.getLogger("dev.stormwatch.limit.Slip")
                .debug("connecting to redis://default:{}@127.0.0.1:6379", redisPassword);
        secrets.add(redisPassword);

        String log = readAll(file);
        assertThat(log)
                .as("the flows are in the log, at debug")
                .contains("token attempt 1: POST " + provider.issuer())
                .contains("DEBUG")
                .contains("--> POST /token")
                .contains("refresh failed");
        assertThat(secrets)
                .hasSizeGreaterThanOrEqualTo(7)
                .allSatisfy(secret -> assertThat(log)
                        .as("a secret of %d characters", secret.length())
                        .doesNotContain(secret));
        assertThat(log).as("no JWT: no ID token, no DPoP proof").doesNotContain("eyJ");
        assertThat(log)
                .as("every code and state redacted")
                .doesNotContainPattern("[?&](code|state)=(?!\\[redacted\\])");
    }

    @Test
    @DisplayName("HD2: the folder is its owner's alone, and the file rolls over instead of growing without end")
    void theFolderIsOwnerOnlyAndTheFileRolls() throws Exception {
        Path logs = folder.resolve("logs");
        SupportLog.start(logs, "test", false);

        org.slf4j.Logger log = LoggerFactory.getLogger("dev.stormwatch.logs.Volume");
        // 5.5 MB: past the 5 MB at which the file rolls, and below the 6 MiB no file may reach, however fast the
        // lines are written between two size checks.
        String line = "x".repeat(1000);
        for (int i = 0; i < 5_500; i++) {
            log.info("{} {}", i, line);
        }
        // The size is checked at most once a second (SupportLog.SIZE_CHECK): the next line after it rolls the file.
        Thread.sleep(1_500);
        log.info("one more");

        assertThat(Files.getPosixFilePermissions(logs))
                .extracting(Object::toString)
                .containsExactlyInAnyOrder("OWNER_READ", "OWNER_WRITE", "OWNER_EXECUTE");
        try (Stream<Path> files = Files.list(logs)) {
            List<Path> all = files.toList();
            assertThat(all).extracting(p -> p.getFileName().toString()).contains("test.log", "test.1.log");
            assertThat(all).allSatisfy(p -> assertThat(Files.size(p)).isLessThan(6L * 1024 * 1024));
        }
    }

    private static List<String> tokensOf(Session session) {
        TokenSet tokens = session.tokens();
        List<String> values = new ArrayList<>();
        values.add(tokens.accessToken().reveal());
        tokens.refreshToken().ifPresent(refresh -> values.add(refresh.reveal()));
        values.add(tokens.idToken().orElseThrow().reveal());
        return values;
    }

    private static String readAll(Path file) throws Exception {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.list(file.getParent())) {
            for (Path each : files.toList()) {
                all.append(Files.readString(each));
            }
        }
        return all.toString();
    }
}
