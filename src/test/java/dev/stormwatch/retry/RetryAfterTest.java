package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class RetryAfterTest {

    /** Two minutes before RFC 9110's example date, Sun, 06 Nov 1994 08:49:37 GMT. */
    private static final String NOW = "1994-11-06T08:47:37Z";

    private final FakeClock clock = FakeClock.at(NOW);

    private Optional<Duration> parse(int status, String value) {
        return RetryAfter.parse(status, List.of(value), null, clock);
    }

    // RA1
    @DisplayName("RA1: Retry-After is read on 429 and 503 only")
    @ParameterizedTest(name = "status {0} read = {1}")
    @MethodSource
    void readOnlyOn429And503(int status, boolean read) {
        assertThat(parse(status, "120")).isEqualTo(read ? Optional.of(Duration.ofSeconds(120)) : Optional.empty());
        assertThat(RetryAfter.explain(status, List.of("120"), null, clock).rule())
                .isEqualTo(read ? RetryAfter.Rule.DELTA_SECONDS : RetryAfter.Rule.STATUS_IGNORED);
    }

    static Stream<Arguments> readOnlyOn429And503() {
        return Stream.of(
                Arguments.of(429, true),
                Arguments.of(503, true),
                Arguments.of(408, false),
                Arguments.of(425, false),
                Arguments.of(500, false),
                Arguments.of(502, false),
                Arguments.of(504, false),
                Arguments.of(200, false),
                Arguments.of(301, false),
                Arguments.of(400, false),
                Arguments.of(428, false));
    }

    // RA2
    @DisplayName("RA2: delta-seconds, leading zeros count, surrounding whitespace is not part of the value")
    @ParameterizedTest(name = "''{0}'' -> {1} s")
    @MethodSource
    void deltaSeconds(String value, long seconds) {
        assertThat(parse(429, value)).contains(Duration.ofSeconds(seconds));
    }

    static Stream<Arguments> deltaSeconds() {
        return Stream.of(
                Arguments.of("120", 120),
                Arguments.of("0", 0),
                Arguments.of("0030", 30),
                Arguments.of("000", 0),
                Arguments.of("1", 1),
                Arguments.of(" 120 ", 120),
                Arguments.of("\t5\t", 5),
                Arguments.of("86399", 86_399));
    }

    // RA2
    @DisplayName("RA2: all three HTTP-date forms of RFC 9110 §5.6.7, against the local clock when there is no Date")
    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "Sun, 06 Nov 1994 08:49:37 GMT", // IMF-fixdate
                "Sunday, 06-Nov-94 08:49:37 GMT", // obsolete RFC 850 format
                "Sun Nov  6 08:49:37 1994", // ANSI C asctime() format
                "Sun Nov 06 08:49:37 1994", // asctime with a two-digit day
            })
    void everyHttpDateForm(String date) {
        assertThat(parse(503, date)).contains(Duration.ofSeconds(120));
        assertThat(RetryAfter.explain(503, List.of(date), null, clock).rule())
                .isEqualTo(RetryAfter.Rule.DATE_AGAINST_LOCAL_CLOCK);
    }

    // RA2
    @DisplayName("RA2: an HTTP-date is measured against the response's Date, so a skewed local clock changes nothing")
    @ParameterizedTest(name = "local clock skewed by {0} s, Date ''{1}''")
    @MethodSource
    void dateHeaderBeatsSkewedLocalClock(long skewSeconds, String dateHeader) {
        clock.advance(Duration.ofSeconds(skewSeconds));

        Optional<Duration> wait = RetryAfter.parse(503, List.of("Sun, 06 Nov 1994 08:49:37 GMT"), dateHeader, clock);

        assertThat(wait).contains(Duration.ofSeconds(120));
        assertThat(RetryAfter.explain(503, List.of("Sun, 06 Nov 1994 08:49:37 GMT"), dateHeader, clock)
                        .rule())
                .isEqualTo(RetryAfter.Rule.DATE_AGAINST_DATE_HEADER);
    }

    static Stream<Arguments> dateHeaderBeatsSkewedLocalClock() {
        return Stream.of(
                Arguments.of(3_600, "Sun, 06 Nov 1994 08:47:37 GMT"), // local clock an hour fast
                Arguments.of(-3_600, "Sun, 06 Nov 1994 08:47:37 GMT"), // an hour slow
                Arguments.of(3_600, "Sunday, 06-Nov-94 08:47:37 GMT"), // Date in RFC 850 form
                Arguments.of(3_600, "Sun Nov  6 08:47:37 1994"), // Date in asctime form
                Arguments.of(0, " Sun, 06 Nov 1994 08:47:37 GMT ")); // whitespace around Date
    }

    // RA2
    @Test
    @DisplayName("RA2: without a usable Date, the HTTP-date is measured against the local clock")
    void unusableDateHeaderFallsBackToLocalClock() {
        clock.advance(Duration.ofSeconds(-3_600));

        assertThat(RetryAfter.parse(503, List.of("Sun, 06 Nov 1994 08:49:37 GMT"), "yesterday", clock))
                .contains(Duration.ofSeconds(3_720));
        assertThat(RetryAfter.parse(503, List.of("Sun, 06 Nov 1994 08:49:37 GMT"), "", clock))
                .contains(Duration.ofSeconds(3_720));
    }

    // RA2
    @Test
    @DisplayName("RA2: the local clock's fraction of a second never shortens the wait")
    void subSecondLocalClockRoundsTheWaitUp() {
        clock.advance(Duration.ofMillis(900));

        assertThat(parse(503, "Sun, 06 Nov 1994 08:49:37 GMT")).contains(Duration.ofSeconds(120));
    }

    // RA2
    @Test
    @DisplayName("RA2: a date equal to its reference means no wait; one second before it is in the past (RA6)")
    void dateOnAndJustBeforeItsReference() {
        assertThat(parse(503, "Sun, 06 Nov 1994 08:47:37 GMT")).contains(Duration.ZERO);
        assertThat(parse(503, "Sun, 06 Nov 1994 08:47:36 GMT")).isEmpty();
        assertThat(parse(503, "Sun, 06 Nov 1994 08:47:38 GMT")).contains(Duration.ofSeconds(1));
    }

    // RA2
    @Test
    @DisplayName("RA2: an RFC 850 year more than 50 years ahead means the previous century (RFC 9110 §5.6.7)")
    void rfc850TwoDigitYears() {
        FakeClock in2026 = FakeClock.at("2026-11-30T06:00:00Z");

        assertThat(RetryAfter.parse(429, List.of("Monday, 30-Nov-26 06:02:00 GMT"), null, in2026))
                .contains(Duration.ofSeconds(120));
        // 76 is 50 years ahead at most: 2076, in the future.
        assertThat(RetryAfter.parse(429, List.of("Monday, 30-Nov-76 06:00:00 GMT"), null, in2026))
                .isPresent();
        // 77 would be 51 years ahead: it means 1977, in the past (RA6).
        assertThat(RetryAfter.parse(429, List.of("Tuesday, 30-Nov-77 06:00:00 GMT"), null, in2026))
                .isEmpty();
    }

    // RA6
    @DisplayName("RA6: an invalid value counts as absent")
    @ParameterizedTest(name = "{0}: ''{1}''")
    @MethodSource
    void invalidValuesCountAsAbsent(String why, String value) {
        assertThat(parse(429, value)).isEmpty();
        assertThat(RetryAfter.explain(429, List.of(value), null, clock).rule()).isEqualTo(RetryAfter.Rule.INVALID);
    }

    static Stream<Arguments> invalidValuesCountAsAbsent() {
        return Stream.of(
                Arguments.of("negative", "-5"),
                Arguments.of("negative zero", "-0"),
                Arguments.of("fractional", "1.5"),
                Arguments.of("fractional without digits after the point", "30."),
                Arguments.of("explicit plus sign", "+30"),
                Arguments.of("text", "soon"),
                Arguments.of("number with unit", "30s"),
                Arguments.of("hexadecimal", "0x1E"),
                Arguments.of("exponent", "1e3"),
                Arguments.of("empty", ""),
                Arguments.of("only whitespace", "   "),
                Arguments.of("comma list", "120, 60"),
                Arguments.of("comma list of dates", "Sun, 06 Nov 1994 08:49:37 GMT, Sun, 06 Nov 1994 08:50:37 GMT"),
                Arguments.of("date in the past", "Sun, 06 Nov 1994 08:40:00 GMT"),
                Arguments.of("huge number beyond 64 bits", "99999999999999999999"),
                Arguments.of("year 10000", "Sat, 01 Jan 10000 00:00:00 GMT"),
                Arguments.of("February 30", "Wed, 30 Feb 1994 08:49:37 GMT"),
                Arguments.of("hour 24", "Sun, 06 Nov 1994 24:00:00 GMT"),
                Arguments.of("minute 60", "Sun, 06 Nov 1994 08:60:00 GMT"),
                Arguments.of("not GMT", "Sun, 06 Nov 1994 08:49:37 UTC"),
                Arguments.of("lower-case (HTTP-date is case-sensitive)", "sun, 06 nov 1994 08:49:37 gmt"),
                Arguments.of("unknown month", "Sun, 06 Foo 1994 08:49:37 GMT"),
                Arguments.of("unknown day name", "Xyz, 06 Nov 1994 08:49:37 GMT"),
                Arguments.of("ISO 8601", "1994-11-06T08:49:37Z"),
                Arguments.of("one-digit day in IMF-fixdate", "Sun, 6 Nov 1994 08:49:37 GMT"),
                Arguments.of("two-digit year in IMF-fixdate", "Sun, 06 Nov 94 08:49:37 GMT"),
                Arguments.of("asctime with a letter for the year", "Sun Nov  6 08:49:37 199x"));
    }

    // RA6
    @Test
    @DisplayName(
            "RA6: a date in the past relative to the response's Date counts as absent, even if ahead of the local clock")
    void dateInThePastRelativeToDateHeader() {
        assertThat(RetryAfter.parse(
                        503, List.of("Sun, 06 Nov 1994 08:49:37 GMT"), "Sun, 06 Nov 1994 09:00:00 GMT", clock))
                .isEmpty();
    }

    // RA6
    @DisplayName("RA6: more than one header, or a list holding nulls, counts as absent")
    @ParameterizedTest(name = "{0}")
    @MethodSource
    void badHeaderLists(String why, List<String> values) {
        assertThat(RetryAfter.parse(503, values, null, clock)).isEmpty();
    }

    static Stream<Arguments> badHeaderLists() {
        return Stream.of(
                Arguments.of("two headers", List.of("120", "60")),
                Arguments.of("the same value twice", List.of("120", "120")),
                Arguments.of("only a null", Arrays.asList((String) null)),
                Arguments.of("a value and a null", Arrays.asList("120", null)),
                Arguments.of("a null and a value", Arrays.asList(null, "120")));
    }

    @Test
    @DisplayName("No header at all means absent: ordinary backoff (B3)")
    void absentHeader() {
        assertThat(RetryAfter.parse(503, List.of(), null, clock)).isEmpty();
        assertThat(RetryAfter.parse(503, null, null, clock)).isEmpty();
        assertThat(RetryAfter.explain(503, List.of(), null, clock).rule()).isEqualTo(RetryAfter.Rule.ABSENT);
    }

    @Test
    @DisplayName("The clock is required: a null clock is refused, never replaced by the system clock")
    void aNullClockIsRefused() {
        assertThatThrownBy(() -> RetryAfter.parse(503, List.of("120"), null, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("clock");
        assertThatThrownBy(() -> RetryAfter.explain(503, List.of("120"), null, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("clock");
    }

    // RA7
    @DisplayName("RA7: the wait is capped at 86 400 s")
    @ParameterizedTest(name = "''{0}'' -> {1} s")
    @MethodSource
    void capAtOneDay(String value, long seconds) {
        assertThat(parse(429, value)).contains(Duration.ofSeconds(seconds));
    }

    static Stream<Arguments> capAtOneDay() {
        return Stream.of(
                Arguments.of("86399", 86_399),
                Arguments.of("86400", 86_400),
                Arguments.of("86401", 86_400),
                Arguments.of("9223372036854775807", 86_400), // the largest 64-bit number is still a number
                Arguments.of("Tue, 08 Nov 1994 08:47:37 GMT", 86_400)); // a date two days ahead
    }

    // RA7
    @Test
    @DisplayName("RA7: explain says the value was capped")
    void explainNamesTheCap() {
        RetryAfter.Explanation explanation = RetryAfter.explain(429, List.of("100000"), null, clock);

        assertThat(explanation.rule()).isEqualTo(RetryAfter.Rule.CAPPED);
        assertThat(explanation.rule().specId()).isEqualTo("RA7");
        assertThat(explanation.retryAfter()).contains(Duration.ofSeconds(86_400));
        assertThat(explanation.reason()).contains("100000").contains("86400");
    }

    @Test
    @DisplayName("RA6: explain says what is wrong with an invalid value")
    void explainSaysWhyAValueIsIgnored() {
        assertThat(RetryAfter.explain(429, List.of("-5"), null, clock).reason())
                .contains("negative")
                .contains("absent");
        assertThat(RetryAfter.explain(429, List.of("1.5"), null, clock).reason())
                .contains("fractional");
        assertThat(RetryAfter.explain(429, List.of("120", "60"), null, clock).reason())
                .contains("more than one");
        assertThat(RetryAfter.explain(429, List.of("Sun, 06 Nov 1994 08:00:00 GMT"), null, clock)
                        .reason())
                .contains("past");
    }

    @Test
    @DisplayName("RA6: bad input never throws out of parse or explain")
    void neverThrowsOnArbitraryText() {
        SplittableRandom random = new SplittableRandom(42);
        String alphabet = "0123456789 ,:-+.\tGMTSunNovasctime\u0000\u00e9";
        List<String> samples = new ArrayList<>(List.of(
                "Sun, 06 Nov 1994 08:49:37 GM",
                "Sunday, ",
                ",",
                "Sun ",
                "Sunday, 06-Nov-94 08:49:37 GMTX",
                "Sun Nov  6 08:49:37 199",
                "Sun, 06 Nov 1994 08:49:37 GMT "));
        for (int i = 0; i < 5_000; i++) {
            StringBuilder value = new StringBuilder();
            int length = random.nextInt(0, 34);
            for (int k = 0; k < length; k++) {
                value.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            samples.add(value.toString());
        }
        for (String sample : samples) {
            assertThatCode(() -> {
                        RetryAfter.parse(503, List.of(sample), sample, clock);
                        RetryAfter.explain(429, List.of(sample), sample, clock);
                    })
                    .as("'%s'", sample)
                    .doesNotThrowAnyException();
        }
    }
}
