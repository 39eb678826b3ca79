package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The seconds of the commands' {@code --json}: plain numbers, as many decimals as needed and no more. */
class JsonSecondsEdgesTest {

    @Test
    @DisplayName("whole seconds have no decimals and no exponent; fractions keep theirs")
    void plainNumbers() {
        assertThat(JsonSeconds.of(Duration.ofSeconds(120)).toString()).isEqualTo("120");
        assertThat(JsonSeconds.of(Duration.ofSeconds(7)).toString()).isEqualTo("7");
        assertThat(JsonSeconds.of(Duration.ofMillis(1_500)).toString()).isEqualTo("1.5");
        assertThat(JsonSeconds.of(Duration.ofMillis(1)).toString()).isEqualTo("0.001");
        assertThat(JsonSeconds.of(Duration.ZERO).toString()).isEqualTo("0");
    }
}
