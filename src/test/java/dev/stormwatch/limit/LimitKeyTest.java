package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LimitKeyTest {

    @Test
    @DisplayName("L2: the key is ratelimit:{principal:model}, one Redis Cluster slot")
    void redisKeyIsHashTagged() {
        assertThat(LimitKey.of("alice", "llama3:8b").redisKey()).isEqualTo("ratelimit:{alice:llama3:8b}");
    }

    @ParameterizedTest
    @ValueSource(strings = {"al ice", "alice\t", "{alice", "alice}", "a\u0000b"})
    @DisplayName("L2: whitespace, braces or control characters in a name are refused (they would break the hash tag)")
    void forbiddenCharactersAreRefused(String principal) {
        assertThatThrownBy(() -> LimitKey.of(principal, "gpt-4o"))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("principal must not contain whitespace, braces or control characters");
        assertThatThrownBy(() -> LimitKey.of("alice", principal))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("model must not contain whitespace, braces or control characters");
    }

    @Test
    void colonInThePrincipalIsRefusedBecauseItWouldMergeKeys() {
        assertThatThrownBy(() -> LimitKey.of("a:b", "c"))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("must not contain ':'");
    }

    @Test
    void emptyOrTooLongNamesAreRefused() {
        assertThatThrownBy(() -> LimitKey.of("", "gpt-4o"))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("principal is empty");
        assertThatThrownBy(() -> LimitKey.of("alice", null))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("model is empty");
        assertThat(LimitKey.of("a".repeat(200), "m").principal()).hasSize(200);
        assertThatThrownBy(() -> LimitKey.of("a".repeat(201), "m"))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("longer than 200");
    }
}
