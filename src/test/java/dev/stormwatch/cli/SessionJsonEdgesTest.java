package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.http.ConnectionUse;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The JSON lines of {@code session --json}, field by field, from values made here. */
class SessionJsonEdgesTest {

    private static final Origin ORIGIN = Origin.of("https://login.example.com");
    private static final Instant AT = Instant.parse("2026-12-02T03:00:00Z");

    @Test
    @DisplayName("E2, E4: a Server failure's line holds the status, the Retry-After in ms, the attempts and the time")
    void aServerFailureWithItsRetryAfter() {
        CallFailure failure = new CallFailure.Recoverable(
                ORIGIN, new CallFailure.Server(503, Optional.of(Duration.ofSeconds(30)), 3, Duration.ofMillis(2_500)));

        JsonNode line = SessionJson.error("refresh", failure);

        assertThat(line.path("type").asText()).isEqualTo("step");
        assertThat(line.path("step").asText()).isEqualTo("refresh");
        assertThat(line.path("outcome").asText()).isEqualTo("error");
        JsonNode error = line.path("error");
        assertThat(error.path("category").asText()).isEqualTo("Recoverable");
        assertThat(error.path("origin").asText()).isEqualTo(ORIGIN.toString());
        assertThat(error.path("cause").asText()).isEqualTo("Server");
        assertThat(error.path("status").asInt()).isEqualTo(503);
        assertThat(error.path("retryAfterMs").asLong()).isEqualTo(30_000);
        assertThat(error.path("attempts").asInt()).isEqualTo(3);
        assertThat(error.path("elapsedMs").asLong()).isEqualTo(2_500);
        assertThat(error.path("message").asText()).isEqualTo(failure.getMessage());
    }

    @Test
    @DisplayName("E4: a Server failure without a Retry-After says so with null, not a missing field")
    void aServerFailureWithoutRetryAfter() {
        CallFailure failure = new CallFailure.Recoverable(
                ORIGIN, new CallFailure.Server(429, Optional.empty(), 1, Duration.ofMillis(10)));

        JsonNode error = SessionJson.error("login", failure).path("error");

        assertThat(error.has("retryAfterMs")).isTrue();
        assertThat(error.path("retryAfterMs").isNull()).isTrue();
        assertThat(error.has("kind")).isFalse();
    }

    @Test
    @DisplayName("E1: a Network failure's line names its kind and no status; other categories carry only a message")
    void aNetworkFailureAndTheOtherCategories() {
        CallFailure network = new CallFailure.Recoverable(
                ORIGIN, new CallFailure.Network(FailureKind.CONNECT_REFUSED, 2, Duration.ofMillis(700)));

        JsonNode error = SessionJson.error("userinfo", network).path("error");
        JsonNode protocol = SessionJson.error("login", new CallFailure.Protocol("bad nonce"))
                .path("error");

        assertThat(error.path("cause").asText()).isEqualTo("Network");
        assertThat(error.path("kind").asText()).isEqualTo("CONNECT_REFUSED");
        assertThat(error.has("status")).isFalse();
        assertThat(error.path("attempts").asInt()).isEqualTo(2);
        assertThat(error.path("elapsedMs").asLong()).isEqualTo(700);
        assertThat(protocol.path("category").asText()).isEqualTo("Protocol");
        assertThat(protocol.path("message").asText()).isEqualTo("bad nonce");
        assertThat(protocol.has("origin")).isFalse();
        assertThat(protocol.has("attempts")).isFalse();
    }

    @Test
    @DisplayName("RC6: an unexpected exception is named by its type only, never by its message")
    void anUnexpectedExceptionIsNamedByItsTypeOnly() {
        JsonNode line = SessionJson.unexpected("logout", new IllegalStateException("https://x/?code=SECRET"));

        assertThat(line.path("outcome").asText()).isEqualTo("error");
        assertThat(line.path("error").path("category").asText()).isEqualTo("Unexpected");
        assertThat(line.path("error").path("message").asText())
                .isEqualTo("unexpected IllegalStateException in step logout; this is a bug in Stormwatch, please"
                        + " report it");
        assertThat(line.toString()).doesNotContain("SECRET");
    }

    @Test
    @DisplayName("CN3, PX8: an attempt's line holds every value the event has, and leaves out what it has not")
    void anAttemptLineHoldsEveryValue() {
        AttemptEvent full = new AttemptEvent(
                AT,
                ORIGIN,
                "token",
                Operation.REFRESH,
                2,
                OptionalInt.of(429),
                Optional.of(FailureKind.READ_TIMEOUT),
                List.of("7"),
                Optional.of(Duration.ofSeconds(7)),
                Optional.of(Duration.ofMillis(7_100)),
                Optional.of(Duration.ofMillis(100)),
                new AttemptEvent.BudgetLeft(1, Duration.ofMillis(20_000)),
                Optional.of(AT.plusSeconds(7)),
                AttemptEvent.Verdict.RETRY,
                Optional.of("retry-after: 7"),
                ConnectionUse.REUSED,
                Optional.of("proxy.example:3128"));
        AttemptEvent bare = new AttemptEvent(
                AT,
                ORIGIN,
                "discovery",
                Operation.READ,
                1,
                OptionalInt.empty(),
                Optional.empty(),
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                new AttemptEvent.BudgetLeft(3, Duration.ofSeconds(30)),
                Optional.empty(),
                AttemptEvent.Verdict.DELIVER,
                Optional.empty(),
                ConnectionUse.OPENED);

        JsonNode line = SessionJson.attempt(full);
        JsonNode plain = SessionJson.attempt(bare);

        assertThat(line.path("type").asText()).isEqualTo("attempt");
        assertThat(line.path("at").asText()).isEqualTo(AT.toString());
        assertThat(line.path("step").asText()).isEqualTo("token");
        assertThat(line.path("origin").asText()).isEqualTo(ORIGIN.toString());
        assertThat(line.path("operation").asText()).isEqualTo("REFRESH");
        assertThat(line.path("attempt").asInt()).isEqualTo(2);
        assertThat(line.path("status").asInt()).isEqualTo(429);
        assertThat(line.path("failure").asText()).isEqualTo("READ_TIMEOUT");
        assertThat(line.path("retryAfterRaw").toString()).isEqualTo("[\"7\"]");
        assertThat(line.path("retryAfterMs").asLong()).isEqualTo(7_000);
        assertThat(line.path("waitHint").asText()).isEqualTo("retry-after: 7");
        assertThat(line.path("delayMs").asLong()).isEqualTo(7_100);
        assertThat(line.path("jitterMs").asLong()).isEqualTo(100);
        assertThat(line.path("attemptsLeftAtOrigin").asInt()).isEqualTo(1);
        assertThat(line.path("budgetLeftMs").asLong()).isEqualTo(20_000);
        assertThat(line.path("pauseUntil").asText()).isEqualTo(AT.plusSeconds(7).toString());
        assertThat(line.path("verdict").asText()).isEqualTo("RETRY");
        assertThat(line.path("connection").asText()).isEqualTo("REUSED");
        assertThat(line.path("proxy").asText()).isEqualTo("proxy.example:3128");
        for (String absent : List.of(
                "status",
                "failure",
                "retryAfterRaw",
                "retryAfterMs",
                "waitHint",
                "delayMs",
                "jitterMs",
                "pauseUntil",
                "proxy")) {
            assertThat(plain.has(absent)).as(absent).isFalse();
        }
        assertThat(plain.path("connection").asText()).isEqualTo("OPENED");
    }
}
