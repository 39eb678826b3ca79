package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The small values around an attempt: a call's options, the words for a connection, and the retry meters (L8). */
class AttemptValuesEdgesTest {

    private static final Instant T0 = Instant.parse("2026-12-02T07:00:00Z");

    @Test
    @DisplayName("CN1, CN2: the timeline's words say which connection an attempt used and why")
    void connectionWords() {
        assertThat(ConnectionUse.UNRECORDED.describe()).isEmpty();
        assertThat(ConnectionUse.NONE.describe()).isEmpty();
        assertThat(ConnectionUse.REUSED.describe()).isEqualTo("reused connection");
        assertThat(ConnectionUse.OPENED.describe()).isEqualTo("new connection");
        assertThat(ConnectionUse.OPENED_NOT_RESENDABLE.describe()).isEqualTo("new connection: not resendable (CN1)");
        assertThat(ConnectionUse.OPENED_AFTER_STALE.describe())
                .isEqualTo("new connection: the pooled one was closed while idle (CN2)");
    }

    @Test
    @DisplayName("L2, RC5: a call names its model, never a blank one, and may carry a deadline")
    void callOptions() {
        RequestDeadline deadline = RequestDeadline.at(T0);

        assertThat(CallOptions.model("gpt-4o").withDeadline(deadline))
                .isEqualTo(new CallOptions("gpt-4o", Optional.of(deadline)));
        assertThat(CallOptions.model("gpt-4o").deadline()).isEmpty();
        assertThatThrownBy(() -> CallOptions.model(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("model is empty: name the model route the call targets");
    }

    @Test
    @DisplayName(
            "L8: a retry counts when it goes on the wire, not when it is decided; a stop counts as exhausted unless"
                    + " the request was only ever sent once")
    void retryMeters() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ClientMetricsListener meters = new ClientMetricsListener(LimiterMetrics.on(registry));

        for (AttemptEvent.Verdict verdict : AttemptEvent.Verdict.values()) {
            meters.onAttempt(event(Operation.READ, 1, verdict));
            meters.onAttempt(event(Operation.READ, 2, verdict));
        }
        meters.onAttempt(event(Operation.READ, 0, AttemptEvent.Verdict.REFUSED_BY_PAUSE));
        meters.onAttempt(event(Operation.SEND_ONCE, 1, AttemptEvent.Verdict.STOP));

        // The second attempts that were answered (RETRY, DELIVER, STOP); not the ones refused or still paced.
        assertThat(registry.get(LimiterMetrics.RETRY_ATTEMPTS)
                        .tag("model", "m1")
                        .counter()
                        .count())
                .isEqualTo(3.0);
        assertThat(registry.get(LimiterMetrics.EXHAUSTED_ATTEMPTS)
                        .tag("model", "m1")
                        .counter()
                        .count())
                .isEqualTo(2.0);
    }

    @Test
    @DisplayName("L8, RC7, P2, RH13: an attempt went on the wire when it was answered or failed, never when refused")
    void whatWentOnTheWire() {
        for (AttemptEvent.Verdict verdict : AttemptEvent.Verdict.values()) {
            boolean answered = verdict == AttemptEvent.Verdict.RETRY
                    || verdict == AttemptEvent.Verdict.DELIVER
                    || verdict == AttemptEvent.Verdict.STOP;
            assertThat(event(Operation.READ, 1, verdict).sent())
                    .as("first, %s", verdict)
                    .isEqualTo(answered);
            assertThat(event(Operation.READ, 1, verdict).sentRetry())
                    .as("first, %s", verdict)
                    .isFalse();
            assertThat(event(Operation.READ, 3, verdict).sentRetry())
                    .as("third, %s", verdict)
                    .isEqualTo(answered);
            assertThat(event(Operation.READ, 0, verdict).sent())
                    .as("none, %s", verdict)
                    .isFalse();
        }
    }

    @Test
    @DisplayName(
            "HD1: a Retry-After value that came as nothing is kept as an empty text beside the others, never a null")
    void aMissingRawValueIsKeptEmpty() {
        AttemptEvent event = new AttemptEvent(
                T0,
                Origin.of("https://api.example.com"),
                "m1",
                Operation.READ,
                1,
                OptionalInt.of(429),
                Optional.empty(),
                java.util.Arrays.asList("5", null),
                Optional.of(Duration.ofSeconds(5)),
                Optional.empty(),
                Optional.empty(),
                new AttemptEvent.BudgetLeft(1, Duration.ofSeconds(1)),
                Optional.empty(),
                AttemptEvent.Verdict.STOP);

        assertThat(event.rawRetryAfter()).containsExactly("5", "");
        assertThat(event.connection()).isEqualTo(ConnectionUse.UNRECORDED);
        assertThat(event.waitHint()).isEmpty();
        assertThat(event.proxy()).isEmpty();
    }

    @Test
    @DisplayName("RC1: the shared retry timer runs a retry on its one daemon thread, which never keeps the JVM alive")
    void theSharedTimerIsADaemon() throws Exception {
        java.util.concurrent.CompletableFuture<Thread> ran = new java.util.concurrent.CompletableFuture<>();

        RetryScheduler.shared().schedule(Duration.ofMillis(-5), () -> ran.complete(Thread.currentThread()));

        Thread timer = ran.get(10, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(timer.isDaemon()).isTrue();
        assertThat(timer.getName()).isEqualTo("stormwatch-retry-timer-1");
    }

    @Test
    @DisplayName("RC5: a passed deadline's refusal counts the attempts sent before it, one in the singular")
    void deadlineRefusalCountsAttempts() {
        RequestRefused.DeadlineExpired one = new RequestRefused.DeadlineExpired(T0, 1);
        RequestRefused.DeadlineExpired two = new RequestRefused.DeadlineExpired(T0, 2);

        assertThat(one.attemptsSent()).isEqualTo(1);
        assertThat(one.deadline()).isEqualTo(T0);
        assertThat(one.getMessage())
                .isEqualTo("The request's deadline 2026-12-02T07:00:00Z has passed; nothing more was sent after 1"
                        + " attempt. Give the call a later deadline.");
        assertThat(two.attemptsSent()).isEqualTo(2);
        assertThat(two.getMessage()).contains("after 2 attempts.");
    }

    private static AttemptEvent event(Operation operation, int attempt, AttemptEvent.Verdict verdict) {
        return new AttemptEvent(
                T0,
                Origin.of("https://api.example.com"),
                "m1",
                operation,
                attempt,
                OptionalInt.of(503),
                Optional.empty(),
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                new AttemptEvent.BudgetLeft(1, Duration.ofSeconds(1)),
                Optional.empty(),
                verdict);
    }
}
