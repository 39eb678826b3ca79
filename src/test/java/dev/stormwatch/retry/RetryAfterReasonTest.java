package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The reason {@link RetryAfter#explain} gives a person for each invalid value (RA6), and for the cap (RA7). */
class RetryAfterReasonTest {

    private final Clock clock = Clock.fixed(Instant.parse("2026-01-01T10:00:00Z"), ZoneOffset.UTC);

    private String reason(String... values) {
        RetryAfter.Explanation explanation = RetryAfter.explain(429, Arrays.asList(values), null, clock);
        assertThat(explanation.rule()).isEqualTo(RetryAfter.Rule.INVALID);
        assertThat(explanation.retryAfter()).isEmpty();
        return explanation.reason();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "-5         | the value is negative",
                "' -5 '     | the value is negative",
                "-1.5       | the value is negative",
                "1.5        | the value is fractional",
                "+1.5       | the value is fractional",
                "+7         | the value is fractional",
                ".5         | the value is fractional",
                "5.         | the value is fractional",
                "0.0        | the value is fractional",
                "9.9        | the value is fractional",
                "-          | neither delta-seconds nor an HTTP-date",
                "+          | neither delta-seconds nor an HTTP-date",
                ".          | neither delta-seconds nor an HTTP-date",
                "1.2.3      | neither delta-seconds nor an HTTP-date",
                "-x         | neither delta-seconds nor an HTTP-date",
                "1a         | neither delta-seconds nor an HTTP-date",
                "'5 ,'      | more than one Retry-After value",
                "'5, 6'     | more than one Retry-After value",
                "',5'       | more than one Retry-After value",
                "99999999999999999999 | too large to represent",
                "Sun, 06 Nov 1994 08:49:37 GMT | in the past relative to its reference",
            })
    @DisplayName("RA6: each invalid value is named for what is wrong with it, and counts as absent")
    void eachInvalidValueIsNamed(String value, String words) {
        assertThat(reason(value))
                .contains(words)
                .endsWith("so the header counts as absent and ordinary backoff applies");
    }

    @Test
    @DisplayName("RA6: a comma after the value's end is not a comma list, and tabs are space")
    void aCommaOnlyCountsInsideTheValue() {
        assertThat(RetryAfter.explain(429, List.of("\t30\t"), null, clock).retryAfter())
                .hasValueSatisfying(d -> assertThat(d.getSeconds()).isEqualTo(30));
        assertThat(reason("\t")).contains("the value is empty");
        assertThat(reason("x", "1")).contains("more than one Retry-After value");
        assertThat(reason("1", null)).contains("the header list holds a null value");
    }

    @Test
    @DisplayName("RA7: 86,400 s is used as asked; one second more is capped, and the reason says both figures")
    void aCappedWaitSaysBoth() {
        RetryAfter.Explanation onTheCap = RetryAfter.explain(503, List.of("86400"), null, clock);
        RetryAfter.Explanation capped = RetryAfter.explain(503, List.of("86401"), null, clock);

        assertThat(onTheCap.rule()).isEqualTo(RetryAfter.Rule.DELTA_SECONDS);
        assertThat(onTheCap.retryAfter()).contains(RetryAfter.CAP);
        assertThat(capped.rule()).isEqualTo(RetryAfter.Rule.CAPPED);
        assertThat(capped.retryAfter()).contains(RetryAfter.CAP);
        assertThat(capped.reason()).isEqualTo("the provider asked for 86401 s; the wait is capped at 86400 s");
    }
}
