package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.SessionTokenSource;
import dev.stormwatch.load.options.TargetCredential;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
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

/**
 * Real-time runs against a {@code --target} URL (a MockWebServer on a real socket), short and few: what the run sends
 * (the models path under the base URL, the API key or the session's current token, per attempt), how it carries it
 * (one event loop; decisions on worker threads only when they may block) and what its notes say about both. Each
 * assertion is a count, a header or a note's words, never a timing.
 */
class UrlTargetRunTest {

    private static final Duration RUN = Duration.ofSeconds(1);

    /** The run's clock, remembering which of the run's own threads read it. */
    private static final class ThreadNotingClock extends Clock {
        final Set<Thread> threads = ConcurrentHashMap.newKeySet();

        @Override
        public Instant instant() {
            Thread current = Thread.currentThread();
            if (current.getName().startsWith("stormwatch-")) {
                threads.add(current);
            }
            return Instant.now();
        }

        @Override
        public ZoneId getZone() {
            return ZoneId.of("UTC");
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }

        List<Thread> workers() {
            return threads.stream()
                    .filter(t -> t.getName().startsWith("stormwatch-load-http-"))
                    .toList();
        }

        Thread eventLoop() {
            return threads.stream()
                    .filter(t -> t.getName().equals("stormwatch-http-event-loop"))
                    .findFirst()
                    .orElseThrow();
        }
    }

    private static final class Target implements AutoCloseable {
        final MockWebServer server = new MockWebServer();
        final List<RecordedRequest> received = new CopyOnWriteArrayList<>();

        Target() throws Exception {
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    received.add(request);
                    return new MockResponse().setBody("{\"data\":[]}");
                }
            });
            server.start(InetAddress.getByName("127.0.0.1"), 0);
        }

        String base(String path) {
            return "http://127.0.0.1:" + server.getPort() + path;
        }

        @Override
        public void close() throws java.io.IOException {
            server.close();
        }
    }

    private static LoadReport run(ThreadNotingClock clock, LoadOptions.Builder options) throws Exception {
        LoadReport report = new LoadEngine(
                        EngineSettings.defaults().withClock(clock).withDrain(Duration.ofMillis(300)))
                .run(
                        options.clients(2)
                                .thinkTime(Duration.ofMillis(20))
                                .duration(RUN)
                                .seed(5)
                                .build(),
                        line -> {});
        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        return report;
    }

    private static String notes(LoadReport report) {
        return String.join("\n", report.notes());
    }

    @Test
    @DisplayName("RC6, CO1: a base URL without a trailing slash gets /models under it, every attempt carries the API"
            + " key, the decisions stay on the one event loop, and the loop stops with the run")
    void anApiKeyRunOnOneEventLoop() throws Exception {
        ThreadNotingClock clock = new ThreadNotingClock();
        try (Target target = new Target()) {
            LoadReport report = run(
                    clock,
                    LoadOptions.builder()
                            .target(target.base("/v1"))
                            .credential(new TargetCredential.ApiKey(Secret.of("sk-test-5150"))));

            assertThat(target.received).isNotEmpty().allSatisfy(request -> {
                assertThat(request.getPath()).isEqualTo("/v1/models");
                assertThat(request.getHeader("Authorization")).isEqualTo("Bearer sk-test-5150");
            });
            assertThat(notes(report))
                    .contains("sent on one event loop over at most ")
                    .doesNotContain("worker threads");
            assertThat(clock.workers())
                    .as("no decision was handed to a worker thread")
                    .isEmpty();
            Thread loop = clock.eventLoop();
            loop.join(10_000);
            assertThat(loop.isAlive())
                    .as("the run's event loop stopped with the run")
                    .isFalse();
        }
    }

    @Test
    @DisplayName("A base URL with its trailing slash gets the same path, and a run without a credential sends none")
    void aTrailingSlashAndNoCredential() throws Exception {
        try (Target target = new Target()) {
            run(new ThreadNotingClock(), LoadOptions.builder().target(target.base("/v1/")));

            assertThat(target.received).isNotEmpty().allSatisfy(request -> {
                assertThat(request.getPath()).isEqualTo("/v1/models");
                assertThat(request.getHeader("Authorization")).isNull();
            });
        }
    }

    @Test
    @DisplayName("RC6, A2: each attempt sends the session's current token; a token refreshed once mid-run is noted"
            + " once, and the decisions run on the run's daemon worker threads, since a refresh blocks")
    void aSessionTokenRefreshedMidRun() throws Exception {
        ThreadNotingClock clock = new ThreadNotingClock();
        AtomicInteger asked = new AtomicInteger();
        SessionTokenSource tokens = () -> {
            return Secret.of(asked.incrementAndGet() <= 5 ? "session-token-one" : "session-token-two");
        };
        try (Target target = new Target()) {
            LoadReport report = run(
                    clock,
                    LoadOptions.builder()
                            .target(target.base("/v1"))
                            .credential(new TargetCredential.OAuthSessionToken(tokens)));

            assertThat(target.received.stream().map(r -> r.getHeader("Authorization")))
                    .contains("Bearer session-token-one", "Bearer session-token-two")
                    .containsOnly("Bearer session-token-one", "Bearer session-token-two");
            assertThat(notes(report))
                    .contains("the OAuth session's token changed 1 time(s) during the run")
                    .contains("; decisions on ")
                    .contains(" worker threads, since a token refresh blocks");
            // The answers were delivered, and the retry engine decided, on the run's worker threads.
            assertThat(clock.workers())
                    .isNotEmpty()
                    .allSatisfy(thread -> assertThat(thread.isDaemon()).isTrue());
        }
    }

    @Test
    @DisplayName("RC6: a session whose token never changed says nothing of a change")
    void aSessionTokenThatNeverChanged() throws Exception {
        try (Target target = new Target()) {
            LoadReport report = run(
                    new ThreadNotingClock(),
                    LoadOptions.builder()
                            .target(target.base("/v1"))
                            .credential(new TargetCredential.OAuthSessionToken(() -> Secret.of("only-token"))));

            assertThat(target.received).isNotEmpty();
            assertThat(notes(report)).doesNotContain("token changed");
        }
    }
}
