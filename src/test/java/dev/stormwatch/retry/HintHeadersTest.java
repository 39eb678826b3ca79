package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HintHeadersTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "x-ratelimit-remaining-requests",
                "X-RateLimit-Reset",
                "RateLimit-Policy",
                "ratelimit",
                "anthropic-ratelimit-tokens-reset",
                "Retry-After-Ms",
                "x-ms-retry-after-ms",
                "X-Should-Retry"
            })
    @DisplayName("RH1: the rate-limit dialects' headers are kept, in any case")
    void theDialectsHeadersAreHints(String name) {
        assertThat(HintHeaders.isHintHeader(name)).isTrue();
        assertThat(HintHeaders.of(name, "1").values(name)).containsExactly("1");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "retry-after",
                "content-type",
                "x-ratelimi",
                "rate",
                "anthropic-ratelimit",
                "retry-after-msx",
                "x-request-id",
                ""
            })
    @DisplayName("RH1: any other header is dropped, so no hint is read from it")
    void otherHeadersAreDropped(String name) {
        assertThat(HintHeaders.isHintHeader(name)).isFalse();
        assertThat(HintHeaders.of(name, "1").isEmpty()).isTrue();
        assertThat(HintHeaders.of(name, "1")).isEqualTo(HintHeaders.of());
    }

    @Test
    void fieldsKeepTheirOrderAndRepeatsUnderLowerCaseNames() {
        HintHeaders hints = HintHeaders.builder()
                .add("Retry-After-Ms", "1500")
                .add(null, "x")
                .add("x-ratelimit-reset", null)
                .add("X-RateLimit-Reset", "2s")
                .add("x-ratelimit-reset", "3s")
                .build();

        assertThat(hints.isEmpty()).isFalse();
        assertThat(hints.fields())
                .containsExactly(
                        new HintHeaders.Field("retry-after-ms", "1500"),
                        new HintHeaders.Field("x-ratelimit-reset", "2s"),
                        new HintHeaders.Field("x-ratelimit-reset", "3s"));
        assertThat(hints.values("X-RATELIMIT-RESET")).containsExactly("2s", "3s");
        assertThat(hints)
                .isEqualTo(
                        HintHeaders.of("retry-after-ms", "1500", "x-ratelimit-reset", "2s", "x-ratelimit-reset", "3s"))
                .hasSameHashCodeAs(
                        HintHeaders.of("retry-after-ms", "1500", "x-ratelimit-reset", "2s", "x-ratelimit-reset", "3s"));
        assertThat(hints).isNotEqualTo(HintHeaders.of("retry-after-ms", "1500")).isNotEqualTo("retry-after-ms");
        assertThat(hints.toString()).contains("retry-after-ms", "1500", "2s", "3s");
    }

    @Test
    void namesAndValuesComeInPairs() {
        assertThatThrownBy(() -> HintHeaders.of("retry-after-ms"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("names and values come in pairs");
    }
}
