package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.load.engine.EngineSettings;
import dev.stormwatch.load.engine.LoadEngine;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.TargetCredential;
import dev.stormwatch.load.report.JsonReportWriter;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.oauth.CachedSessionStore;
import dev.stormwatch.oauth.FileSessionStore;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.SessionState;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.DemoUser;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.relay.Relay;
import dev.stormwatch.relay.RelayConfig;
import dev.stormwatch.relay.RequestRecord;
import dev.stormwatch.relay.TrustedIssuer;
import dev.stormwatch.testing.StartedProviders;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.io.StringWriter;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load run with the OAuth session's token ({@code --oauth-session}), end to end with real parts: the embedded demo
 * provider issues the session (signed in through its sign-in page by a stand-in browser), the real OAuth client
 * refreshes it, and the load engine sends it to a target that checks it.
 */
@WaitsBesideOtherTests
class OAuthSessionLoadTest {

    /** The client refreshes this long before expiry (OAuthConfig's default margin). */
    private static final Duration MARGIN = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;

    @Test
    @DisplayName(
            "A2, F4, RC6: every request carries the session's current access token; when it expires mid-run, one"
                    + " refresh serves all 20 virtual clients, the new token goes out from then on and reaches the session file")
    void requestsCarryTheSessionsTokenAndPickUpItsRefresh() throws Exception {
        // Tokens for 33 s with a 30 s margin: the client refreshes about 3 s after signing in, inside the 4.5 s run.
        provider = providers.start(ProviderConfig.defaults().withAccessTokenTtl(MARGIN.plusSeconds(3)));
        Path file = dir.resolve("session.json");
        signIn(file);
        OAuthClient oauth = clientFor(file);
        Set<String> held = ConcurrentHashMap.newKeySet();
        List<String> heldInOrder = new CopyOnWriteArrayList<>();
        String first = oauth.session().orElseThrow().tokens().accessToken().reveal();
        held.add(first);
        heldInOrder.add(first);
        // Runs before a refreshed token is handed to any caller, so the target knows it before it is sent.
        oauth.addStateListener(state -> {
            if (state instanceof SessionState.SignedIn signedIn
                    && held.add(signedIn.session().tokens().accessToken().reveal())) {
                heldInOrder.add(signedIn.session().tokens().accessToken().reveal());
            }
        });
        AtomicInteger refreshRequests = new AtomicInteger();
        oauth.addAttemptListener(event -> {
            if (event.step().equals("refresh") && event.attempt() > 0) {
                refreshRequests.incrementAndGet();
            }
        });
        List<String> sent = new CopyOnWriteArrayList<>();
        try (MockWebServer target = new MockWebServer()) {
            // The target accepts exactly the tokens the session held: anything else is a 401.
            target.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    String authorization = String.valueOf(request.getHeader("Authorization"));
                    String token = authorization.startsWith("Bearer ") ? authorization.substring(7) : "";
                    sent.add(token);
                    return new MockResponse()
                            .setResponseCode(held.contains(token) ? 200 : 401)
                            .setBody("{\"object\":\"list\",\"data\":[]}");
                }
            });
            target.start(InetAddress.getByName("127.0.0.1"), 0);
            LoadOptions options = LoadOptions.builder()
                    .target("http://127.0.0.1:" + target.getPort() + "/v1")
                    .credential(new TargetCredential.OAuthSessionToken(SessionFileTokens.of(oauth)))
                    .clients(20)
                    .thinkTime(Duration.ofMillis(20))
                    .duration(Duration.ofMillis(4500))
                    .seed(5)
                    .build();

            LoadReport report = new LoadEngine(EngineSettings.defaults().withDrain(Duration.ofMillis(500)))
                    .run(options, line -> {});

            assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
            TimeSeries client = report.seriesNamed("client per second").orElseThrow();
            assertThat(client.total(Counter.STATUS_2XX))
                    .isEqualTo(client.total(Counter.ATTEMPTS))
                    .isPositive();
            assertThat(sent).isNotEmpty().allSatisfy(token -> assertThat(held).contains(token));
            // A2: the refreshed token was picked up, and after it nothing sent the old one (in flight aside).
            assertThat(heldInOrder).hasSizeGreaterThanOrEqualTo(2);
            assertThat(Set.copyOf(sent)).containsAll(heldInOrder);
            int refreshedFrom = sent.indexOf(heldInOrder.get(1));
            long oldAfterwards = sent.subList(refreshedFrom, sent.size()).stream()
                    .filter(first::equals)
                    .count();
            assertThat(oldAfterwards)
                    .as("old token sent after the new one: at most one per virtual client in flight")
                    .isLessThanOrEqualTo(20);
            // F4: one refresh request per expiry for all 20 virtual clients, not one each.
            assertThat(refreshRequests.get()).isEqualTo(heldInOrder.size() - 1);
            assertThat(report.notes()).anySatisfy(note -> assertThat(note).contains("token changed"));
            // F3: the rotated grant reached the file, so the next run does not reuse a spent refresh token.
            assertThat(new FileSessionStore(file)
                            .load()
                            .orElseThrow()
                            .tokens()
                            .accessToken()
                            .reveal())
                    .isEqualTo(heldInOrder.get(heldInOrder.size() - 1));
            // RC6
            Path json = dir.resolve("report.json");
            JsonReportWriter.write(report, json);
            String written = Files.readString(json);
            assertThat(heldInOrder).noneSatisfy(token -> assertThat(written).contains(token));
        }
    }

    @Test
    @DisplayName("end to end on the command line: 'load --oauth-session' sends the stored session's token, and a relay"
            + " that checks it against the provider's keys accepts every request as the signed-in user")
    void theCommandLineSendsTheStoredSessionsTokenToARelayThatChecksIt() throws Exception {
        provider = providers.start();
        Path file = dir.resolve("session.json");
        signIn(file);
        String token = new FileSessionStore(file)
                .load()
                .orElseThrow()
                .tokens()
                .accessToken()
                .reveal();
        // Only the provider's tokens get in: no API key at all.
        RelayConfig checking = RelayConfig.defaults()
                .withTrustedIssuer(new TrustedIssuer(provider.issuer().toString(), provider.jwksUrl()))
                .withApiKeys(List.of());
        try (Relay relay = Relay.start(checking)) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int exit = load(
                    out,
                    err,
                    "load",
                    "--target",
                    relay.baseUrl().resolve("/v1").toString(),
                    "--oauth-session",
                    "--session-file",
                    file.toString(),
                    "--clients",
                    "5",
                    "--think-time",
                    "20ms",
                    "--duration",
                    "1s",
                    "--seed",
                    "3");

            assertThat(exit).as(err.toString()).isZero();
            List<RequestRecord> records = relay.log().all();
            assertThat(records).isNotEmpty().allSatisfy(record -> {
                assertThat(record.status()).isEqualTo(200);
                assertThat(record.principal())
                        .isEqualTo("sub:" + DemoUser.alice().subject());
            });
            assertThat(out.toString())
                    .contains("credential OAuth session token [redacted]")
                    .doesNotContain(token);
            assertThat(err.toString()).doesNotContain(token);
        }
    }

    @Test
    @DisplayName("CA8: a confidential client's session (client_secret_basic) refreshes mid-run with the secret of"
            + " --client-secret-file: every request is accepted, refreshed tokens included")
    void aConfidentialSessionRefreshesWithItsClientAuthentication() throws Exception {
        provider = providers.start(ProviderConfig.defaults().withAccessTokenTtl(MARGIN.plusSeconds(3)));
        Path file = dir.resolve("session.json");
        dev.stormwatch.base.Secret secret =
                dev.stormwatch.base.Secret.of(ClientRegistration.CONFIDENTIAL_CLIENT_SECRET);
        OAuthClient.builder(OAuthConfig.of(provider.issuer().toString(), ClientRegistration.CONFIDENTIAL_CLIENT_ID)
                        .withScope("openid offline_access")
                        .withClientAuthentication(dev.stormwatch.oauth.ClientAuthentication.of(
                                dev.stormwatch.oauth.ClientAuthentication.Method.CLIENT_SECRET_BASIC, secret)))
                .browser(new SignInPageBrowser())
                .sessionStore(new FileSessionStore(file))
                .build()
                .login();
        Path secretFile = Files.writeString(dir.resolve("secret"), secret.reveal() + "\n");
        Files.setPosixFilePermissions(secretFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        long tokenPostsBefore = provider.requestsReceived("POST", "/token");
        RelayConfig checking = RelayConfig.defaults()
                .withTrustedIssuer(new TrustedIssuer(provider.issuer().toString(), provider.jwksUrl()))
                .withApiKeys(List.of());
        try (Relay relay = Relay.start(checking)) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int exit = load(
                    out,
                    err,
                    "load",
                    "--target",
                    relay.baseUrl().resolve("/v1").toString(),
                    "--oauth-session",
                    "--session-file",
                    file.toString(),
                    "--client-auth",
                    "client_secret_basic",
                    "--client-secret-file",
                    secretFile.toString(),
                    "--clients",
                    "5",
                    "--think-time",
                    "50ms",
                    "--duration",
                    "4500ms",
                    "--seed",
                    "3");

            assertThat(exit).as(err.toString()).isZero();
            assertThat(relay.log().all())
                    .isNotEmpty()
                    .allSatisfy(record -> assertThat(record.status()).isEqualTo(200));
            // Each token lives 3 s past the margin: the run refreshes once or twice, each accepted with Basic.
            assertThat(provider.requestsReceived("POST", "/token") - tokenPostsBefore)
                    .isPositive();
            assertThat(out.toString() + err.toString()).doesNotContain(secret.reveal());
        }
    }

    @Test
    @DisplayName("Bad input: 'load --oauth-session' without a stored session says how to sign in, and sends nothing")
    void withoutAStoredSessionNothingIsSent() throws Exception {
        try (MockWebServer target = new MockWebServer()) {
            target.start(InetAddress.getByName("127.0.0.1"), 0);
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            Path missing = dir.resolve("none.json");

            int exit = load(
                    out,
                    err,
                    "load",
                    "--target",
                    "http://127.0.0.1:" + target.getPort() + "/v1",
                    "--oauth-session",
                    "--session-file",
                    missing.toString(),
                    "--duration",
                    "1s");

            assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
            assertThat(err.toString())
                    .contains(
                            "no signed-in session in " + missing,
                            "sign in first with: stormwatch session --issuer URL --client-id ID --steps login --stay-signed-in",
                            "--session-file " + missing)
                    .doesNotContain("Exception");
            assertThat(target.getRequestCount()).isZero();
        }
    }

    @Test
    @DisplayName("TX4: 'load --oauth-session' refuses a session whose access token is bound to a client certificate"
            + " (cnf x5t#S256), since the load clients present none: it says so before the run, names no token, and"
            + " the target receives nothing")
    void aCertificateBoundSessionIsRefusedBeforeTheRun() throws Exception {
        try (MockWebServer target = new MockWebServer()) {
            target.start(InetAddress.getByName("127.0.0.1"), 0);
            java.time.Instant now = java.time.Instant.now();
            java.util.Base64.Encoder b64 = java.util.Base64.getUrlEncoder().withoutPadding();
            String payload =
                    "{\"sub\":\"alice\",\"cnf\":{\"x5t#S256\":\"bwcK0esc3ACC3DB2Y5_lESsXE8o9ltc05O89jdN-dg2\"}}";
            String boundToken = b64.encodeToString("{\"alg\":\"RS256\"}".getBytes()) + "."
                    + b64.encodeToString(payload.getBytes()) + ".c2lnbmF0dXJl";
            String issuer = "http://127.0.0.1:" + target.getPort();
            Path file = dir.resolve("bound-session.json");
            new FileSessionStore(file)
                    .save(new dev.stormwatch.oauth.Session(
                            new dev.stormwatch.oauth.TokenSet(
                                    dev.stormwatch.base.Secret.of(boundToken),
                                    "Bearer",
                                    java.util.Optional.of(now.plusSeconds(3600)),
                                    java.util.Optional.empty(),
                                    dev.stormwatch.base.Secret.of("id"),
                                    java.util.Optional.of("openid")),
                            new dev.stormwatch.oauth.IdTokenClaims(
                                    issuer,
                                    "alice",
                                    List.of("app"),
                                    now.plusSeconds(3600),
                                    now,
                                    java.util.Optional.empty(),
                                    java.util.Map.of())));
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();

            int exit = load(
                    out,
                    err,
                    "load",
                    "--target",
                    issuer + "/v1",
                    "--oauth-session",
                    "--session-file",
                    file.toString(),
                    "--duration",
                    "1s");

            assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
            assertThat(err.toString())
                    .contains(
                            "bound to a client certificate (RFC 8705)",
                            "a load run does not present one",
                            "sign in without --client-cert")
                    .doesNotContain(boundToken)
                    .doesNotContain("Exception");
            assertThat(target.getRequestCount()).isZero();
        }
    }

    /** What {@code stormwatch session --steps login --stay-signed-in} does, with a stand-in for the browser. */
    private void signIn(Path file) {
        OAuthClient.builder(config())
                .browser(new SignInPageBrowser())
                .sessionStore(new FileSessionStore(file))
                .build()
                .login();
    }

    private OAuthClient clientFor(Path file) {
        return OAuthClient.builder(config())
                .sessionStore(new CachedSessionStore(new FileSessionStore(file)))
                .build();
    }

    private OAuthConfig config() {
        return OAuthConfig.of(provider.issuer().toString(), ClientRegistration.DESKTOP_CLIENT_ID)
                .withScope("openid offline_access");
    }

    private static int load(StringWriter out, StringWriter err, String... args) {
        return InProcessCli.run(out, err, args);
    }
}
