package dev.stormwatch.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SecretTest {

    // RC6
    @Test
    void printsTheOneRedactionMarkerNeverTheValue() {
        assertThat(Secret.of("sk-live-0123456789")).hasToString("[redacted]").hasToString(Secret.REDACTED);
    }

    @Test
    void secretsOfTheSameValueAreEqual() {
        assertThat(Secret.of("token-1")).isEqualTo(Secret.of("token-1")).hasSameHashCodeAs(Secret.of("token-1"));
    }

    @Test
    void secretsOfDifferentValuesOrLengthsDiffer() {
        assertThat(Secret.of("token-1")).isNotEqualTo(Secret.of("token-2")).isNotEqualTo(Secret.of("token-10"));
    }

    @Test
    void aSecretIsNeverEqualToItsPlainValue() {
        assertThat(Secret.of("token-1")).isNotEqualTo("token-1");
    }

    @Test
    void revealsItsValueForTheWire() {
        assertThat(Secret.of("token-1").reveal()).isEqualTo("token-1");
    }

    @Test
    void refusesNull() {
        assertThatThrownBy(() -> Secret.of(null)).isInstanceOf(NullPointerException.class);
    }
}
