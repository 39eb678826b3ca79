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

    @Test
    @DisplayName("the commands' JSON writes every duration as a plain number: a nanosecond too, never with an exponent")
    void theCommandsJsonWritesPlainNumbers() throws Exception {
        var root = CommandJson.MAPPER.createObjectNode();
        root.put("tiny", JsonSeconds.of(Duration.ofNanos(1)));
        root.put("sub_micro", JsonSeconds.of(Duration.ofNanos(250)));
        root.put("whole", JsonSeconds.of(Duration.ofSeconds(120)));

        assertThat(CommandJson.MAPPER.writeValueAsString(root))
                .isEqualTo("{\"tiny\":0.000000001,\"sub_micro\":0.00000025,\"whole\":120}");
    }
}
