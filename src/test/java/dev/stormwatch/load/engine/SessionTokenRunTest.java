package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.SessionTokenSource;
import dev.stormwatch.load.options.TargetCredential;
import dev.stormwatch.load.report.CsvReportWriter;
import dev.stormwatch.load.report.JsonReportWriter;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A URL target that wants the OAuth session's token rather than an API key, through the engine's port ({@link
 * SessionTokenSource}); the real OAuth client behind it is tested in {@code dev.stormwatch.cli.OAuthSessionLoadTest}.
 * The targets are real sockets (MockWebServer) that answer as a gateway would.
 */
class SessionTokenRunTest {

    /** Opaque, so that only redaction by value (not by a token's shape) can hide it. */
    private static final String TOKEN = "opaque-session-token-5f2c9e";

    private static final int CLIENTS = 4;

    @TempDir
    Path dir;

    @Test
    @DisplayName(
            "ST3, RC6: a target that answers 401 is counted and noted, never retried, and the token is in no report,"
                    + " progress line or note")
    void unauthorizedIsCountedNotRetriedAndTheTokenNeverShows() throws Exception {
        List<String> progress = new CopyOnWriteArrayList<>();
        try (MockWebServer target = new MockWebServer()) {
            target.setDispatcher(answering(401));
            target.start(InetAddress.getByName("127.0.0.1"), 0);
            LoadOptions options = options(target, () -> Secret.of(TOKEN), Duration.ofMillis(1500));

            LoadReport report = new LoadEngine(EngineSettings.defaults().withDrain(Duration.ofMillis(500)))
                    .run(options, progress::add);

            assertThat(target.getRequestCount()).isPositive();
            assertThat(target.takeRequest().getHeader("Authorization")).isEqualTo("Bearer " + TOKEN);
            TimeSeries client = report.seriesNamed("client per second").orElseThrow();
            assertThat(client.total(Counter.STATUS_OTHER))
                    .isEqualTo(client.total(Counter.ATTEMPTS))
                    .isPositive();
            // ST3: one attempt per logical request, no retry, no budget spent.
            assertThat(client.total(Counter.RETRIES)).isZero();
            assertThat(client.total(Counter.EXHAUSTED_BUDGETS)).isZero();
            // Both sides agree but for the attempts still in flight when the drain ended (at most one per client):
            // those were started and reached the target, and were cancelled before the client recorded an answer.
            assertThat(client.total(Counter.ATTEMPTS))
                    .isBetween(
                            client.total(Counter.LOGICAL_REQUESTS) - CLIENTS, client.total(Counter.LOGICAL_REQUESTS));
            assertThat((long) target.getRequestCount())
                    .isBetween(client.total(Counter.ATTEMPTS), client.total(Counter.ATTEMPTS) + CLIENTS);
            assertThat(report.notes())
                    .anySatisfy(note ->
                            assertThat(note).contains("answered 401 Unauthorized", "not retried", "sign in again"));
            assertThat(report.run()).contains("OAuth session token [redacted]");
            Path json = dir.resolve("r.json");
            Path csv = dir.resolve("r.csv");
            JsonReportWriter.write(report, json);
            CsvReportWriter.write(report, csv);
            assertThat(Files.readString(json)).doesNotContain(TOKEN);
            assertThat(Files.readString(csv)).doesNotContain(TOKEN);
            assertThat(String.join("\n", progress)).doesNotContain(TOKEN);
        }
    }

    @Test
    @DisplayName("Bad input: without a session the run ends before any request is sent, and says how to sign in")
    void noSessionMeansNothingIsSent() throws Exception {
        try (MockWebServer target = new MockWebServer()) {
            target.setDispatcher(answering(200));
            target.start(InetAddress.getByName("127.0.0.1"), 0);
            LoadOptions options = options(
                    target,
                    () -> {
                        throw new SessionTokenSource.Unavailable(
                                SessionTokenSource.Unavailable.Reason.NOT_SIGNED_IN,
                                "not signed in; sign in first with: stormwatch session ...");
                    },
                    Duration.ofMillis(1500));

            LoadReport report = new LoadEngine(EngineSettings.defaults()).run(options, line -> {});

            assertThat(report.outcome())
                    .isInstanceOfSatisfying(
                            RunOutcome.Partial.class,
                            partial -> assertThat(partial.reason())
                                    .contains(
                                            "the OAuth session's token could not be had, so nothing was sent",
                                            "sign in first with: stormwatch session"));
            assertThat(target.getRequestCount()).isZero();
            assertThat(report.seriesNamed("client per second").orElseThrow().total(Counter.LOGICAL_REQUESTS))
                    .isZero();
        }
    }

    @Test
    @DisplayName("Bad input: a session lost mid-run stops the run with a partial report that says so, never a hang")
    void aSessionLostMidRunStopsTheRun() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        try (MockWebServer target = new MockWebServer()) {
            target.setDispatcher(answering(200));
            target.start(InetAddress.getByName("127.0.0.1"), 0);
            LoadOptions options = options(
                    target,
                    () -> {
                        if (asked.incrementAndGet() > 40) {
                            throw new SessionTokenSource.Unavailable(
                                    SessionTokenSource.Unavailable.Reason.SESSION_ENDED,
                                    "the session has ended (invalid_grant); sign in again");
                        }
                        return Secret.of(TOKEN);
                    },
                    Duration.ofSeconds(30));

            long started = System.nanoTime();
            LoadReport report = new LoadEngine(EngineSettings.defaults().withDrain(Duration.ofMillis(500)))
                    .run(options, line -> {});

            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
            assertThat(report.outcome())
                    .isInstanceOfSatisfying(
                            RunOutcome.Partial.class,
                            partial -> assertThat(partial.reason())
                                    .contains("token could not be had mid-run", "invalid_grant"));
            // Before the session went, its token was sent: the first 40 asks (one before the run, then per attempt).
            assertThat(target.getRequestCount()).isBetween(1, 39);
        }
    }

    private static LoadOptions options(MockWebServer target, SessionTokenSource tokens, Duration duration)
            throws Exception {
        return LoadOptions.builder()
                .target("http://127.0.0.1:" + target.getPort() + "/v1")
                .credential(new TargetCredential.OAuthSessionToken(tokens))
                .clients(CLIENTS)
                .thinkTime(Duration.ofMillis(20))
                .duration(duration)
                .seed(17)
                .build();
    }

    private static Dispatcher answering(int status) {
        return new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                return new MockResponse().setResponseCode(status).setBody("{\"data\":[]}");
            }
        };
    }
}
