package dev.stormwatch.base;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;

/**
 * HD1: the time texts others write (a fault's {@code for=}, an HTTP-date) answer a value or their typed refusal. The
 * committed corpus is under {@code TimeTextFuzzTestInputs/}; {@code JAZZER_FUZZ=1} fuzzes (see CONTRIBUTING.md).
 */
class TimeTextFuzzTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    @FuzzTest(maxDuration = "10m")
    @DisplayName("HD1: a duration text is a duration within the maximum or a typed refusal")
    void durationTextIsADurationOrATypedRefusal(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        try {
            Duration parsed = DurationText.parse(text);
            assertThat(parsed.abs()).isLessThanOrEqualTo(DurationText.MAX);
        } catch (DurationText.Invalid expected) {
            assertThat(expected.getMessage()).isNotBlank();
        }
    }

    @FuzzTest(maxDuration = "10m")
    @DisplayName("HD1: an HTTP-date is an instant or empty, and a parsed date formats back to an HTTP-date")
    void httpDateIsAnInstantOrEmpty(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        Optional<Instant> parsed = HttpDate.parse(text, NOW);
        parsed.ifPresent(instant ->
                assertThat(HttpDate.parse(HttpDate.format(instant), NOW)).contains(instant));
    }
}
