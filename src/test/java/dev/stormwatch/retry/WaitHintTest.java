package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** One wait hint as the timeline and the CLI show it. */
class WaitHintTest {

    @Test
    @DisplayName("RH1: a wait hint's timeline line is its header and its value as received")
    void aHintsLineIsItsHeaderAndValue() {
        WaitHint hint = new WaitHint(
                "retry-after-ms", " 1500", WaitHint.Role.WAIT, Optional.empty(), "RH10", "a wait in milliseconds");

        assertThat(hint.headerLine()).isEqualTo("retry-after-ms:  1500");
    }
}
