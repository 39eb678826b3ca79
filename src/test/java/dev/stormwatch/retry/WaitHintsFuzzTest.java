package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;

/**
 * HD1: a response's wait hints (Retry-After, HTTP-dates, every rate-limit dialect) are read without an exception and
 * never into a negative wait, whatever a provider sends. An input is a status line then {@code Name: value} lines, so
 * the committed corpus under {@code WaitHintsFuzzTestInputs/} reads like a response head.
 */
class WaitHintsFuzzTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    @FuzzTest(maxDuration = "10m")
    @DisplayName("HD1: any response head's hints read into no wait or a wait of zero or more")
    void anyResponseHeadReadsIntoANonNegativeWait(byte[] bytes) {
        String[] lines = new String(bytes, StandardCharsets.ISO_8859_1).split("\r?\n", -1);
        int status = statusOf(lines[0]);
        List<String> retryAfter = new ArrayList<>();
        String date = null;
        HintHeaders.Builder hints = HintHeaders.builder();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = lines[i].substring(0, colon);
            String value = lines[i].substring(colon + 1).strip();
            if (name.equalsIgnoreCase("Retry-After")) {
                retryAfter.add(value);
            } else if (name.equalsIgnoreCase("Date")) {
                date = value;
            } else {
                hints.add(name, value);
            }
        }

        WaitHints.Reading reading = WaitHints.read(status, retryAfter, date, hints.build(), NOW);
        RetryAfter.Explanation explanation =
                RetryAfter.explain(status, retryAfter, date, Clock.fixed(NOW, ZoneOffset.UTC));

        reading.waitTime().ifPresent(wait -> assertThat(wait).isGreaterThanOrEqualTo(Duration.ZERO));
        explanation.retryAfter().ifPresent(wait -> assertThat(wait).isGreaterThanOrEqualTo(Duration.ZERO));
        assertThat(explanation.reason()).isNotNull();
    }

    private static int statusOf(String line) {
        String digits = line.strip();
        if (digits.length() != 3 || !digits.chars().allMatch(Character::isDigit)) {
            return 429;
        }
        return Integer.parseInt(digits);
    }
}
