package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The times logs write, read at the edges of each field; every wrong one is {@link Timestamps#INVALID}. */
class TimestampsEdgesTest {

    private static long millis(String instant) {
        return Instant.parse(instant).toEpochMilli();
    }

    private static long timeLocal(String text) {
        return Timestamps.timeLocal("x" + text + "y", 1, text.length() + 1);
    }

    @Test
    @DisplayName("DG1: $time_local is read at its place in the line, with its offset from UTC")
    void timeLocalWithItsOffset() {
        assertThat(timeLocal("10/Oct/2000:13:55:36 -0700")).isEqualTo(millis("2000-10-10T20:55:36Z"));
        assertThat(timeLocal("10/Oct/2000:13:55:36 +0530")).isEqualTo(millis("2000-10-10T08:25:36Z"));
        assertThat(timeLocal("01/Jan/2026:00:00:00 +0000")).isEqualTo(millis("2026-01-01T00:00:00Z"));
        assertThat(timeLocal("31/Dec/2026:23:59:59 +0000")).isEqualTo(millis("2026-12-31T23:59:59Z"));
        // A leap second is written as :60 and read as the next second.
        assertThat(timeLocal("31/Dec/2016:23:59:60 +0000")).isEqualTo(millis("2017-01-01T00:00:00Z"));
        assertThat(timeLocal("15/Feb/2026:12:00:00 +0000")).isEqualTo(millis("2026-02-15T12:00:00Z"));
        assertThat(timeLocal("01/Jan/0000:00:00:00 +0000")).isEqualTo(millis("0000-01-01T00:00:00Z"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "00/Oct/2000:13:55:36 -0700",
                "32/Oct/2000:13:55:36 -0700",
                "10/Foo/2000:13:55:36 -0700",
                "10/anF/2000:13:55:36 -0700", // inside the month names, not one of them
                "10/Oct/2x00:13:55:36 -0700",
                "10/Oct/2000:24:00:00 -0700",
                "10/Oct/2000:13:60:36 -0700",
                "10/Oct/2000:13:55:61 -0700",
                "10/Oct/2000:13:55:36 *0700",
                "10/Oct/2000:13:55:36 -07x0",
                "10/Oct/2000:13:55:36 -070x",
                "1x/Oct/2000:13:55:36 -0700",
                "10/Oct/2000:x3:55:36 -0700",
                "10/Oct/2000:13:x5:36 -0700",
                "10/Oct/2000:13:55:x6 -0700",
                "10-Oct/2000:13:55:36 -0700",
                "10/Oct-2000:13:55:36 -0700",
                "10/Oct/2000-13:55:36 -0700",
                "10/Oct/2000:13:55:36_-0700",
                "10/Oct/2000:13:55:36 -07000",
                "10/Oct/2000:13:55:36 -070"
            })
    @DisplayName("DG10: a $time_local with any field out of its range or a separator out of place is no time")
    void timeLocalOutOfRange(String text) {
        assertThat(timeLocal(text)).isEqualTo(Timestamps.INVALID);
    }

    @Test
    @DisplayName("DG1: a number below 1e11 is epoch seconds with a fraction, from 1e11 on epoch milliseconds")
    void secondsOrMilliseconds() {
        assertThat(Timestamps.epochNumber(1_764_583_200.123)).isEqualTo(1_764_583_200_123L);
        assertThat(Timestamps.epochNumber(99_999_999_999.0)).isEqualTo(99_999_999_999_000L);
        assertThat(Timestamps.epochNumber(100_000_000_000.0)).isEqualTo(100_000_000_000L);
        assertThat(Timestamps.epochNumber(1_764_583_200_123.0)).isEqualTo(1_764_583_200_123L);
        assertThat(Timestamps.epochNumber(0)).isZero();
        assertThat(Timestamps.epochNumber(-1)).isEqualTo(Timestamps.INVALID);
        assertThat(Timestamps.epochNumber(Double.NaN)).isEqualTo(Timestamps.INVALID);
        assertThat(Timestamps.epochNumber(Double.POSITIVE_INFINITY)).isEqualTo(Timestamps.INVALID);
    }

    @Test
    @DisplayName("DG1: any form from text: a number, $time_local with or without its brackets, ISO 8601 in UTC or"
            + " with an offset")
    void anyFormFromText() {
        assertThat(Timestamps.parse(" 1764583200.5 ")).isEqualTo(1_764_583_200_500L);
        assertThat(Timestamps.parse("1764583200")).isEqualTo(1_764_583_200_000L);
        assertThat(Timestamps.parse("1764583200123")).isEqualTo(1_764_583_200_123L);
        assertThat(Timestamps.parse("1764583209")).isEqualTo(1_764_583_209_000L);
        assertThat(Timestamps.parse("0")).isZero();
        assertThat(Timestamps.parse("9.5")).isEqualTo(9_500L);
        assertThat(Timestamps.parse("[10/Oct/2000:13:55:36 -0700]")).isEqualTo(millis("2000-10-10T20:55:36Z"));
        assertThat(Timestamps.parse("10/Oct/2000:13:55:36 -0700")).isEqualTo(millis("2000-10-10T20:55:36Z"));
        assertThat(Timestamps.parse("2026-12-01T10:00:00.250Z")).isEqualTo(millis("2026-12-01T10:00:00.250Z"));
        assertThat(Timestamps.parse("2026-12-01T11:00:00+01:00")).isEqualTo(millis("2026-12-01T10:00:00Z"));
        assertThat(Timestamps.parse("2026-12-01T11:00+01:00")).isEqualTo(millis("2026-12-01T10:00:00Z"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "1.2.3", "17645x83200", "[10/Oct/2000:13:55:36 -0700", "-5", "yesterday", "[]"})
    @DisplayName("DG10: text that is none of the forms is no time")
    void noForm(String text) {
        assertThat(Timestamps.parse(text)).isEqualTo(Timestamps.INVALID);
    }

    @Test
    @DisplayName("DG10: no text is no time")
    void noText() {
        assertThat(Timestamps.parse(null)).isEqualTo(Timestamps.INVALID);
    }
}
