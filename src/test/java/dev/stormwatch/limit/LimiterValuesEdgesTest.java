package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The limiter's small values at their edges: keys (L2), the script's reply (L3, L4), epoch microseconds before 1970
 * (L4) and the Redis password (HD3).
 */
class LimiterValuesEdgesTest {

    /** A Redis port whose scripts answer one fixed reply, to read the limiter's parsing of it. */
    private record ReplyingPort(Object reply) implements RedisPort {
        @Override
        public Object evalsha(String sha, String key, List<String> args) {
            return reply;
        }

        @Override
        public String scriptLoad(String script, String key) {
            return LuaScript.of(Algorithm.GCRA).sha();
        }

        @Override
        public String describe() {
            return "redis://stub:6379";
        }

        @Override
        public void close() {}
    }

    private static LimitDecision decide(Object reply) {
        return RedisRateLimiter.connect(Algorithm.GCRA, LimitSpec.of(2, Duration.ofSeconds(1)), new ReplyingPort(reply))
                .tryAcquire(LimitKey.of("alice", "gpt-4o"));
    }

    @Test
    @DisplayName("L2: keys are equal, and hash alike, exactly when principal and model both are; they print as the key")
    void keysAreEqualByPrincipalAndModel() {
        LimitKey key = LimitKey.of("alice", "gpt-4o");

        assertThat(key).isEqualTo(new LimitKey("alice", "gpt-4o")).hasSameHashCodeAs(LimitKey.of("alice", "gpt-4o"));
        assertThat(key).isNotEqualTo(LimitKey.of("bob", "gpt-4o"));
        assertThat(key).isNotEqualTo(LimitKey.of("alice", "claude"));
        assertThat(key).isNotEqualTo("ratelimit:{alice:gpt-4o}");
        assertThat(key).hasToString("ratelimit:{alice:gpt-4o}");
        assertThat(key.model()).isEqualTo("gpt-4o");
        // Swapped parts hash differently: the hash weighs the principal.
        assertThat(LimitKey.of("a", "b").hashCode())
                .isNotEqualTo(LimitKey.of("b", "a").hashCode());
    }

    @Test
    @DisplayName("L2: a model name of exactly 200 characters is a key; 201 are refused in the model's words")
    void modelLengthBound() {
        assertThat(LimitKey.of("alice", "m".repeat(200)).model()).hasSize(200);
        assertThatThrownBy(() -> LimitKey.of("alice", "m".repeat(201)))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("model is longer than 200 characters");
        assertThatThrownBy(() -> LimitKey.of("alice", "gpt 4o"))
                .hasMessage("model must not contain whitespace, braces or control characters: 'gpt 4o'");
        assertThatThrownBy(() -> LimitKey.of(null, "m"))
                .hasMessage("principal is empty: every limiter key needs a principal and a model");
    }

    @Test
    @DisplayName("L3 L4: a refusal read from the script's reply carries its count, retry-at and Redis's instant")
    void refusalIsReadFromTheReply() {
        LimitDecision refused = decide(List.of(0L, 2L, 1_767_225_601_500_000L, 1_767_225_600_250_000L));

        assertThat(refused)
                .isEqualTo(new LimitDecision.Refused(
                        2,
                        Instant.parse("2026-01-01T00:00:00.250Z"),
                        Instant.parse("2026-01-01T00:00:01.500Z"),
                        DecisionSource.BACKEND));
    }

    @Test
    @DisplayName("L3 L4: only a first value of exactly 1 allows; the reply's instant is the decision's")
    void onlyOneAllows() {
        assertThat(decide(List.of(1L, 1L, 0L, 1_767_225_600_000_001L)))
                .isEqualTo(new LimitDecision.Allowed(
                        1, Instant.parse("2026-01-01T00:00:00.000001Z"), DecisionSource.BACKEND));
        assertThat(decide(List.of(2L, 1L, 7L, 0L)).allowed()).isFalse();
        assertThat(decide(List.of(0L, 1L, 7L, 0L)).allowed()).isFalse();
    }

    @Test
    @DisplayName("L3 L4: a reply of another shape is a typed command error naming Redis, never a wrong decision")
    void replyOfAnotherShapeIsACommandError() {
        assertThatThrownBy(() -> decide(List.of(1L, 1L, 0L)))
                .isInstanceOf(RedisCommandException.class)
                .hasMessage("Redis at redis://stub:6379 gave an unexpected limiter reply: [1, 1, 0]");
        assertThatThrownBy(() -> decide(List.of(1L, 1L, 0L, 5L, 6L))).hasMessageContaining("unexpected limiter reply");
        assertThatThrownBy(() -> decide("OK")).hasMessageContaining("unexpected limiter reply: OK");
        assertThatThrownBy(() -> decide(List.of(1L, 1L, 0L, "now")))
                .isInstanceOf(RedisCommandException.class)
                .hasMessage("Redis at redis://stub:6379 gave a non-integer limiter reply: [1, 1, 0, now]");
        assertThatThrownBy(() -> decide(List.of("1", 1L, 0L, 5L))).hasMessageContaining("non-integer");
    }

    @Test
    @DisplayName("L4: epoch microseconds before 1970 round toward the past, both ways")
    void microsecondsBeforeTheEpoch() {
        Instant before = Instant.parse("1969-12-31T23:59:59.999999Z");

        assertThat(MicroTime.of(before)).isEqualTo(-1);
        assertThat(MicroTime.toInstant(-1)).isEqualTo(before);
        assertThat(MicroTime.toInstant(-1_500_000)).isEqualTo(Instant.parse("1969-12-31T23:59:58.500Z"));
        assertThat(MicroTime.of(Instant.parse("1970-01-01T00:00:01.000002999Z")))
                .isEqualTo(1_000_002);
        assertThat(MicroTime.ceilDiv(7, 2)).isEqualTo(4);
        assertThat(MicroTime.ceilDiv(8, 2)).isEqualTo(4);
        assertThat(MicroTime.ceilDiv(0, 3)).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "with space", "tab\there", "quo\"te", "back\\slash", "bell\u0007"})
    @DisplayName("HD3: a Redis password that redis.conf could not hold as one word is refused, without echoing it")
    void passwordsThatBreakRedisConfAreRefused(String value) {
        assertThatThrownBy(() -> RedisPassword.of(value))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("a Redis password must be non-blank, without spaces, quotes, backslashes or control"
                        + " characters");
    }

    @Test
    @DisplayName("HD3: a given password is kept as given, compared by value, and always prints redacted")
    void givenPasswordsCompareByValueAndPrintRedacted() {
        RedisPassword password = RedisPassword.of("s3cr3t!#~");

        assertThat(password.reveal()).isEqualTo("s3cr3t!#~");
        assertThat(password).hasToString("[redacted]");
        assertThat(password).isEqualTo(RedisPassword.of("s3cr3t!#~"));
        assertThat(password).hasSameHashCodeAs(RedisPassword.of("s3cr3t!#~"));
        assertThat(password).isNotEqualTo(RedisPassword.of("s3cr3t!#"));
        assertThat(password).isNotEqualTo("s3cr3t!#~");
        assertThatThrownBy(() -> RedisPassword.of(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    @DisplayName("HD3: a random password is 32 bytes of the source in hex, and two draws differ")
    void randomPasswordsAreThirtyTwoBytesInHex() {
        SecureRandom random = new SecureRandom();

        RedisPassword first = RedisPassword.random(random);
        RedisPassword second = RedisPassword.random(random);

        assertThat(first.reveal()).hasSize(64).matches("[0-9a-f]{64}");
        assertThat(first).isNotEqualTo(second);
    }
}
