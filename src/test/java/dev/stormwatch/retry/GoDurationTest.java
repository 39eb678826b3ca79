package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Go's duration text as OpenAI writes it in {@code x-ratelimit-reset-*} (RH6), read on its own. */
class GoDurationTest {

    @Test
    @DisplayName("RH6: every unit, fractions and sums are read, rounded up to the nanosecond")
    void unitsFractionsAndSums() {
        assertThat(GoDuration.nanos("1h2m3.5s")).isEqualTo(3_723_500_000_000L);
        assertThat(GoDuration.nanos("20ms")).isEqualTo(20_000_000L);
        assertThat(GoDuration.nanos("7us")).isEqualTo(7_000L);
        assertThat(GoDuration.nanos("7µs")).isEqualTo(7_000L);
        assertThat(GoDuration.nanos("3ns")).isEqualTo(3L);
        assertThat(GoDuration.nanos(".5s")).isEqualTo(500_000_000L);
        assertThat(GoDuration.nanos("1.5ns")).as("rounded up").isEqualTo(2L);
        assertThat(GoDuration.nanos("0")).isZero();
        assertThat(GoDuration.nanos("0s")).isZero();
    }

    @Test
    @DisplayName("RH6, RH10: a text of 64 characters is read, one of 65 is not a duration")
    void aTextOf64CharactersIsTheLongestRead() {
        String sixtyFour = "1s".repeat(32);
        assertThat(GoDuration.nanos(sixtyFour)).isEqualTo(32_000_000_000L);
        assertThat(GoDuration.nanos("0" + sixtyFour)).isEqualTo(GoDuration.INVALID);
    }

    @Test
    @DisplayName(
            "RH10: digits of other scripts, a second point, a sign, a bare number or a lone point are no" + " duration")
    void whatIsNoDuration() {
        assertThat(GoDuration.nanos("\u0663s")).as("Arabic-Indic three").isEqualTo(GoDuration.INVALID);
        assertThat(GoDuration.nanos("1.2.3s")).isEqualTo(GoDuration.INVALID);
        assertThat(GoDuration.nanos("-1s")).isEqualTo(GoDuration.INVALID);
        assertThat(GoDuration.nanos("5")).isEqualTo(GoDuration.INVALID);
        assertThat(GoDuration.nanos(".s")).isEqualTo(GoDuration.INVALID);
        assertThat(GoDuration.nanos("1s2")).isEqualTo(GoDuration.INVALID);
        assertThat(GoDuration.nanos("")).isEqualTo(GoDuration.INVALID);
        assertThat(GoDuration.nanos(null)).isEqualTo(GoDuration.INVALID);
    }

    @Test
    @DisplayName("RA7: a duration past the largest number of nanoseconds is that number, for the caller to cap")
    void aDurationTooLongToCountIsTheLargest() {
        assertThat(GoDuration.nanos("9223372036854775807ns")).isEqualTo(Long.MAX_VALUE);
        assertThat(GoDuration.nanos("9223372036854775808ns")).isEqualTo(Long.MAX_VALUE);
        assertThat(GoDuration.nanos("9223372036854775806ns")).isEqualTo(Long.MAX_VALUE - 1);
        assertThat(GoDuration.nanos("3000000h")).isEqualTo(Long.MAX_VALUE);
    }
}
