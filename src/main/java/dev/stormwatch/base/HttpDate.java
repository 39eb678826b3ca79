package dev.stormwatch.base;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;

/**
 * The HTTP-date of RFC 9110 §5.6.7, both ways: {@link #parse} reads all three forms (IMF-fixdate, obsolete RFC 850
 * and asctime) into epoch seconds, by hand and without allocating, so that the retry decision stays cheap
 * (case-sensitive, as the RFC says); {@link #format} writes IMF-fixdate, the form a sender must use.
 */
public final class HttpDate {

    /** Returned for text that is not an HTTP-date. */
    public static final long INVALID = Long.MIN_VALUE;

    private static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM uuuu HH:mm:ss 'GMT'", Locale.US)
            .withZone(ZoneOffset.UTC);

    private static final String[] MONTHS = {
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
    };
    private static final String[] DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    private static final String[] LONG_DAYS = {
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"
    };

    private HttpDate() {}

    /** {@code instant} as IMF-fixdate, e.g. {@code Sun, 06 Nov 1994 08:49:37 GMT}; fractions of a second dropped. */
    public static String format(Instant instant) {
        return IMF_FIXDATE.format(instant);
    }

    /**
     * The instant of an HTTP-date in any of the three forms, or empty when {@code text} is not one.
     *
     * @param reference the current time; only used to place the two-digit year of the RFC 850 form
     */
    public static Optional<Instant> parse(String text, Instant reference) {
        long epochSecond = parse(text, 0, text.length(), reference.getEpochSecond());
        return epochSecond == INVALID ? Optional.empty() : Optional.of(Instant.ofEpochSecond(epochSecond));
    }

    /**
     * The instant of the HTTP-date in {@code text[from, to)} in epoch seconds, or {@link #INVALID}; allocates nothing.
     *
     * @param referenceEpochSecond the current time; only used to place the two-digit year of the RFC 850 form
     *     (RFC 9110 §5.6.7: a year more than 50 years in the future means the past century)
     */
    public static long parse(String text, int from, int to, long referenceEpochSecond) {
        int length = to - from;
        if (length == 29 && text.charAt(from + 3) == ',') {
            return imfFixdate(text, from);
        }
        if (length == 24 && text.charAt(from + 3) == ' ') {
            return asctime(text, from);
        }
        int comma = indexOf(text, ',', from, to);
        if (comma > from && comma - from >= 6 && to - comma == 24) {
            return rfc850(text, from, comma, referenceEpochSecond);
        }
        return INVALID;
    }

    // IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT"
    private static long imfFixdate(String s, int i) {
        if (indexOfName(DAYS, s, i, 3) < 0
                || s.charAt(i + 4) != ' '
                || s.charAt(i + 7) != ' '
                || s.charAt(i + 11) != ' '
                || s.charAt(i + 16) != ' '
                || s.charAt(i + 25) != ' '
                || !s.startsWith("GMT", i + 26)) {
            return INVALID;
        }
        int day = digits(s, i + 5, 2);
        int month = indexOfName(MONTHS, s, i + 8, 3) + 1;
        int year = digits(s, i + 12, 4);
        return epochSecond(year, month, day, s, i + 17);
    }

    // RFC 850: "Sunday, 06-Nov-94 08:49:37 GMT"
    private static long rfc850(String s, int i, int comma, long referenceEpochSecond) {
        int c = comma;
        if (indexOfName(LONG_DAYS, s, i, comma - i) < 0
                || s.charAt(c + 1) != ' '
                || s.charAt(c + 4) != '-'
                || s.charAt(c + 8) != '-'
                || s.charAt(c + 11) != ' '
                || s.charAt(c + 20) != ' '
                || !s.startsWith("GMT", c + 21)) {
            return INVALID;
        }
        int day = digits(s, c + 2, 2);
        int month = indexOfName(MONTHS, s, c + 5, 3) + 1;
        int twoDigitYear = digits(s, c + 9, 2);
        if (twoDigitYear < 0) {
            return INVALID;
        }
        int referenceYear = yearOf(Math.floorDiv(referenceEpochSecond, 86_400L));
        int year = referenceYear - Math.floorMod(referenceYear, 100) + twoDigitYear;
        if (year > referenceYear + 50) {
            year -= 100;
        }
        return epochSecond(year, month, day, s, c + 12);
    }

    // asctime: "Sun Nov  6 08:49:37 1994"
    private static long asctime(String s, int i) {
        if (indexOfName(DAYS, s, i, 3) < 0
                || s.charAt(i + 7) != ' '
                || s.charAt(i + 10) != ' '
                || s.charAt(i + 19) != ' ') {
            return INVALID;
        }
        int month = indexOfName(MONTHS, s, i + 4, 3) + 1;
        int day = s.charAt(i + 8) == ' ' ? digits(s, i + 9, 1) : digits(s, i + 8, 2);
        int year = digits(s, i + 20, 4);
        return epochSecond(year, month, day, s, i + 11);
    }

    /** Validates the fields and reads "HH:MM:SS" at {@code t}. */
    private static long epochSecond(int year, int month, int day, String s, int t) {
        if (year < 0
                || month < 1
                || day < 1
                || day > daysInMonth(year, month)
                || s.charAt(t + 2) != ':'
                || s.charAt(t + 5) != ':') {
            return INVALID;
        }
        int hour = digits(s, t, 2);
        int minute = digits(s, t + 3, 2);
        int second = digits(s, t + 6, 2);
        // RFC 5322 allows a leap second (60); it simply counts as the next second.
        if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60) {
            return INVALID;
        }
        return daysFromCivil(year, month, day) * 86_400L + hour * 3_600L + minute * 60L + second;
    }

    private static int digits(String s, int at, int count) {
        int value = 0;
        for (int k = at; k < at + count; k++) {
            char c = s.charAt(k);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private static int indexOfName(String[] names, String s, int at, int length) {
        for (int k = 0; k < names.length; k++) {
            if (names[k].length() == length && s.startsWith(names[k], at)) {
                return k;
            }
        }
        return -1;
    }

    private static int indexOf(String s, char c, int from, int to) {
        for (int k = from; k < to; k++) {
            if (s.charAt(k) == c) {
                return k;
            }
        }
        return -1;
    }

    private static int daysInMonth(int year, int month) {
        return switch (month) {
            case 2 -> (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    /**
     * Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's civil-from-days algorithms), without a
     * {@code java.time} object per call: the HTTP-date parser and the diagnosis's log-time reader share it.
     */
    public static long daysFromCivil(long year, int month, int day) {
        long y = month <= 2 ? year - 1 : year;
        long era = Math.floorDiv(y, 400);
        long yearOfEra = y - era * 400;
        long dayOfYear = (153L * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
        long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146_097 + dayOfEra - 719_468;
    }

    private static int yearOf(long epochDay) {
        long z = epochDay + 719_468;
        long era = Math.floorDiv(z, 146_097);
        long dayOfEra = z - era * 146_097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long shiftedMonth = (5 * dayOfYear + 2) / 153;
        long month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
        return (int) (yearOfEra + era * 400 + (month <= 2 ? 1 : 0));
    }
}
