package dev.stormwatch.base;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.TextStyle;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HttpDateTest {

    private static final Instant NOW = Instant.parse("2026-01-01T10:00:00Z");
    private static final Instant EXAMPLE = Instant.parse("1994-11-06T08:49:37Z");

    // RFC 9110 §5.6.7: a recipient must accept all three forms
    @ParameterizedTest
    @ValueSource(
            strings = {"Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"})
    void readsEveryForm(String text) {
        assertThat(HttpDate.parse(text, NOW)).contains(EXAMPLE);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "120",
                "sun, 06 Nov 1994 08:49:37 GMT",
                "Sun, 31 Nov 1994 08:49:37 GMT",
                "Sun, 06 Nov 1994 24:00:00 GMT",
                "Sun, 06 Nov 1994 08:49:37 UTC",
                "2026-01-01T10:00:00Z"
            })
    void refusesWhatIsNotAnHttpDate(String text) {
        assertThat(HttpDate.parse(text, NOW)).isEmpty();
    }

    // RFC 9110 §5.6.7: a sender writes IMF-fixdate
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "1994-11-06T08:49:37Z     | Sun, 06 Nov 1994 08:49:37 GMT",
                "2026-01-01T10:00:00.999Z | Thu, 01 Jan 2026 10:00:00 GMT",
            })
    void writesImfFixdate(String instant, String text) {
        assertThat(HttpDate.format(Instant.parse(instant))).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "2026-12-31T12:34:56Z"})
    void readsWhatItWrites(String instant) {
        Instant at = Instant.parse(instant);
        assertThat(HttpDate.parse(HttpDate.format(at), NOW)).contains(at);
    }

    // RA2: the three forms of one instant, written by java.time's own formatters, read back to that instant
    @Test
    @DisplayName("RA2: every form of 2,000 random instants from 1900 to 2200 reads back as java.time writes it")
    void readsWhatJavaTimeWritesInEveryForm() {
        DateTimeFormatter rfc850 = DateTimeFormatter.ofPattern("EEEE, dd-MMM-yy HH:mm:ss 'GMT'", Locale.US)
                .withZone(ZoneOffset.UTC);
        DateTimeFormatter asctime = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss uuuu", Locale.US)
                .withZone(ZoneOffset.UTC);
        Random random = new Random(15);
        long from = Instant.parse("1900-01-01T00:00:00Z").getEpochSecond();
        long to = Instant.parse("2200-01-01T00:00:00Z").getEpochSecond();
        for (int n = 0; n < 2_000; n++) {
            Instant at = Instant.ofEpochSecond(from + (long) (random.nextDouble() * (to - from)));
            // RFC 850's two-digit year is placed relative to the reference: use one 20 years later
            Instant reference = at.plus(Duration.ofDays(365L * 20));
            assertThat(HttpDate.parse(HttpDate.format(at), NOW))
                    .as("IMF-fixdate of %s", at)
                    .contains(at);
            assertThat(HttpDate.parse(asctime.format(at), NOW))
                    .as("asctime of %s", at)
                    .contains(at);
            assertThat(HttpDate.parse(rfc850.format(at), reference))
                    .as("RFC 850 of %s", at)
                    .contains(at);
        }
    }

    // RA2: the epoch seconds themselves, not only "some instant", for each form (a parser answering 0 is wrong)
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "Sun, 06 Nov 1994 08:49:37 GMT  | 784111777",
                "Sunday, 06-Nov-94 08:49:37 GMT | 784111777",
                "Sun Nov  6 08:49:37 1994       | 784111777",
                "Thu Jan  1 00:00:01 1970       | 1",
                "Wed Dec 31 23:59:59 1969       | -1",
                "Sat Jan 15 12:00:00 2000       | 947937600",
            })
    @DisplayName("RA2: each form reads to its exact epoch second, inside a longer line as well")
    void readsTheExactEpochSecondInsideALine(String date, long epochSecond) {
        String line = "Retry-After: " + date + "\r\n";
        int from = "Retry-After: ".length();
        assertThat(HttpDate.parse(line, from, from + date.length(), NOW.getEpochSecond()))
                .isEqualTo(epochSecond);
        assertThat(HttpDate.parse(date, 0, date.length(), NOW.getEpochSecond())).isEqualTo(epochSecond);
    }

    // RA2 (RFC 9110 §5.6.7): a two-digit year more than 50 years after the reference's year is in the past century
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "2026-01-01T00:00:00Z | 76 | 2076",
                "2026-01-01T00:00:00Z | 77 | 1977",
                "2026-01-01T00:00:00Z | 26 | 2026",
                "2025-12-31T23:59:59Z | 75 | 2075",
                "2025-12-31T23:59:59Z | 76 | 1976",
                "2026-02-28T12:00:00Z | 76 | 2076",
                "2026-03-01T00:00:00Z | 77 | 1977",
                "2000-02-29T00:00:00Z | 50 | 2050",
                "2000-02-29T00:00:00Z | 51 | 1951",
                "2000-02-29T00:00:00Z | 00 | 2000",
                "1999-12-31T23:59:59Z | 00 | 1900",
                "2000-01-01T00:00:00Z | 99 | 1999",
                "1948-12-31T23:59:59Z | 99 | 1899",
                "1949-01-01T00:00:00Z | 99 | 1999",
                "1803-03-04T00:00:00Z | 53 | 1853",
                "2400-02-29T00:00:00Z | 99 | 2399",
                "2100-03-01T00:00:00Z | 50 | 2150",
                "2100-03-01T00:00:00Z | 51 | 2051",
            })
    @DisplayName(
            "RA2: RFC 850's two-digit year lands within 50 years after the reference's year, at every calendar edge")
    void placesTheTwoDigitYearAroundTheReference(String reference, String twoDigits, int year) {
        Instant expected = Instant.parse(year + "-11-06T08:49:37Z");
        String day = expected.atZone(ZoneOffset.UTC).getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.US);
        String text = day + ", 06-Nov-" + twoDigits + " 08:49:37 GMT";

        assertThat(HttpDate.parse(text, Instant.parse(reference))).contains(expected);
    }

    // RA2: the calendar's limits, just before, on and just after each
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "Tue, 29 Feb 2000 00:00:00 GMT | 2000-02-29T00:00:00Z",
                "Thu, 29 Feb 2024 00:00:00 GMT | 2024-02-29T00:00:00Z",
                "Wed, 28 Feb 1900 00:00:00 GMT | 1900-02-28T00:00:00Z",
                "Tue, 29 Feb 2400 00:00:00 GMT | 2400-02-29T00:00:00Z",
                "Sun, 30 Apr 2023 00:00:00 GMT | 2023-04-30T00:00:00Z",
                "Fri, 30 Jun 2023 00:00:00 GMT | 2023-06-30T00:00:00Z",
                "Sat, 30 Sep 2023 00:00:00 GMT | 2023-09-30T00:00:00Z",
                "Thu, 30 Nov 2023 00:00:00 GMT | 2023-11-30T00:00:00Z",
                "Tue, 31 Jan 2023 00:00:00 GMT | 2023-01-31T00:00:00Z",
                "Sun, 31 Dec 2023 23:59:59 GMT | 2023-12-31T23:59:59Z",
                "Sun, 01 Jan 2023 00:00:00 GMT | 2023-01-01T00:00:00Z",
                "Sun, 31 Dec 2023 23:59:60 GMT | 2024-01-01T00:00:00Z",
                "Sat, 01 Jan 0000 00:00:00 GMT | 0000-01-01T00:00:00Z",
                "Fri, 31 Dec 9999 23:59:59 GMT | 9999-12-31T23:59:59Z",
            })
    @DisplayName("RA2: the last day of each month, leap days of centuries and a leap second are dates")
    void acceptsEveryCalendarLimit(String text, String instant) {
        assertThat(HttpDate.parse(text, NOW)).contains(Instant.parse(instant));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Thu, 29 Feb 1900 00:00:00 GMT", "Fri, 29 Feb 2100 00:00:00 GMT", "Wed, 29 Feb 2023 00:00:00 GMT",
                "Wed, 30 Feb 2000 00:00:00 GMT", "Mon, 31 Apr 2023 00:00:00 GMT", "Sat, 31 Jun 2023 00:00:00 GMT",
                "Sun, 31 Sep 2023 00:00:00 GMT", "Fri, 31 Nov 2023 00:00:00 GMT", "Wed, 32 Jan 2023 00:00:00 GMT",
                "Sat, 00 Jan 2023 00:00:00 GMT", "Sun, 01 Foo 2023 00:00:00 GMT", "Sun, 01 Jan 2023 24:00:00 GMT",
                "Sun, 01 Jan 2023 23:60:00 GMT", "Sun, 01 Jan 2023 23:59:61 GMT", "Sun, 01 Jan 2023 2/:00:00 GMT",
                "Sun, 01 Jan 2023 2::00:00 GMT", "Sun, 01 Jan 2023 00:0/:00 GMT", "Sun, 01 Jan 2023 00:00:0: GMT",
                "Sun, 0/ Jan 2023 00:00:00 GMT", "Sun, 01 Jan 202: 00:00:00 GMT", "Sun, 01 Jan -023 00:00:00 GMT",
            })
    @DisplayName("RA2: a day, month, hour, minute or second past its limit, or a non-digit in it, is not a date")
    void refusesEveryFieldPastItsLimit(String text) {
        assertThat(HttpDate.parse(text, 0, text.length(), NOW.getEpochSecond())).isEqualTo(HttpDate.INVALID);
    }

    // RA2: each separator and name of each form is checked, not only the length of the text
    @ParameterizedTest
    @ValueSource(
            strings = {
                "Son, 06 Nov 1994 08:49:37 GMT",
                "Sun,_06 Nov 1994 08:49:37 GMT",
                "Sun, 06_Nov 1994 08:49:37 GMT",
                "Sun, 06 Nov_1994 08:49:37 GMT",
                "Sun, 06 Nov 1994_08:49:37 GMT",
                "Sun, 06 Nov 1994 08:49:37_GMT",
                "Sun, 06 Nov 1994 08:49:37 GMX",
                "Sun, 06 Nov 1994 08_49:37 GMT",
                "Sun, 06 Nov 1994 08:49_37 GMT",
                "Sunday, 06-Nov-94 08:49:37 GMX",
                "Sunday,_06-Nov-94 08:49:37 GMT",
                "Sunday, 06_Nov-94 08:49:37 GMT",
                "Sunday, 06-Nov_94 08:49:37 GMT",
                "Sunday, 06-Nov-94_08:49:37 GMT",
                "Sunday, 06-Nov-94 08:49:37_GMT",
                "Sunday, 06-Nov-9x 08:49:37 GMT",
                "Sonday, 06-Nov-94 08:49:37 GMT",
                "Sun, 06-Nov-94 08:49:37 GMT",
                "Sunday, 06-Nov-94 08:49:37 GMT ",
                ", 06-Nov-94 08:49:37 GMT",
                "Son Nov  6 08:49:37 1994",
                "Sun Nov_ 6 08:49:37 1994",
                "Sun Nov  6_08:49:37 1994",
                "Sun Nov  6 08:49:37_1994",
                "Sun Nox  6 08:49:37 1994",
                "Sun Nov  x 08:49:37 1994",
            })
    @DisplayName("RA2: a wrong separator, day name, month name or zone in any form is not a date")
    void refusesAWrongSeparatorOrName(String text) {
        assertThat(HttpDate.parse(text, 0, text.length(), NOW.getEpochSecond())).isEqualTo(HttpDate.INVALID);
    }

    // daysFromCivil is shared with the diagnosis's log-time reader: it must agree with java.time on any date
    @Test
    @DisplayName("RA2: days since 1970 agree with java.time for every day from year -800 to 2800, one in seven")
    void daysFromCivilAgreesWithJavaTime() {
        for (LocalDate day = LocalDate.of(-800, 1, 1); day.getYear() < 2800; day = day.plusDays(7)) {
            assertThat(HttpDate.daysFromCivil(day.getYear(), day.getMonthValue(), day.getDayOfMonth()))
                    .as("%s", day)
                    .isEqualTo(day.toEpochDay());
        }
    }
}
