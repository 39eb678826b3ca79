package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.RetryPolicy;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The asynchronous executor never leaks a response nobody will read: not when the listener throws on it, and not
 * when the caller cancelled while it was being decided. A leaked response holds its connection; a closed one gives it
 * back to the pool, which is what these tests read on a real socket.
 */
class AsyncRetryingExecutorEdgesTest {

    private final FakeClock clock = FakeClock.at("2026-12-02T07:00:00Z");

    @RegisterExtension
    final LoopbackTarget target = new LoopbackTarget(Duration.ofSeconds(5));

    private final OkHttpClient okHttp = target.okHttp();
    private final MockWebServer server = target.server();

    private CompletableFuture<Response> send(AsyncRetryingExecutor executor) {
        return executor.execute(
                new Request.Builder().url(server.url("/v1/models")).build(),
                Operation.READ,
                "models",
                CallBudget.start(RetryPolicy.DEFAULT, clock));
    }

    @Test
    @DisplayName("RC1: a listener that throws on the delivered answer fails the call, and the answer is closed")
    void aThrowingListenerFailsTheCallAndClosesTheAnswer() {
        server.enqueue(new MockResponse().setBody("unread body"));
        IllegalStateException thrown = new IllegalStateException("listener broke");
        AsyncRetryingExecutor executor = AsyncRetryingExecutor.builder(okHttp)
                .clock(clock)
                .listener(event -> {
                    throw thrown;
                })
                .build();

        Throwable failure = catchThrowable(() -> send(executor).get(10, TimeUnit.SECONDS));

        assertThat(failure).isInstanceOf(ExecutionException.class).hasCause(thrown);
        assertThat(okHttp.connectionPool().connectionCount()).isEqualTo(1);
        assertThat(okHttp.connectionPool().idleConnectionCount()).isEqualTo(1);
    }

    @Test
    @DisplayName("RC1: an answer that arrives for a call the caller cancelled meanwhile is closed, not left open")
    void anAnswerForACancelledCallIsClosed() throws Exception {
        server.enqueue(new MockResponse().setBody("unread body"));
        AtomicReference<CompletableFuture<Response>> call = new AtomicReference<>();
        AsyncRetryingExecutor executor = AsyncRetryingExecutor.builder(okHttp)
                .clock(clock)
                .listener(event -> {
                    if (event.verdict() == AttemptEvent.Verdict.DELIVER) {
                        while (call.get() == null) {
                            Thread.onSpinWait(); // the caller has not received its future yet
                        }
                        call.get().cancel(true); // the caller gives up while the answer is being decided
                    }
                })
                .build();

        call.set(send(executor));

        Throwable failure = catchThrowable(() -> call.get().get(10, TimeUnit.SECONDS));
        assertThat(failure).isInstanceOf(java.util.concurrent.CancellationException.class);
        assertThat(server.takeRequest(5, TimeUnit.SECONDS)).isNotNull();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (okHttp.connectionPool().idleConnectionCount() == 0 && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(okHttp.connectionPool().idleConnectionCount()).isEqualTo(1);
    }

    @Test
    @DisplayName("P4: the executor checks and starts the pauses it was given, shared with the process")
    void theGivenPausesAreTheExecutors() {
        dev.stormwatch.retry.OriginPauses shared = new dev.stormwatch.retry.OriginPauses(clock);

        AsyncRetryingExecutor executor = AsyncRetryingExecutor.builder(okHttp)
                .clock(clock)
                .pauses(shared)
                .build();

        assertThat(executor.pauses()).isSameAs(shared);
    }
}
