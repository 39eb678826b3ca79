package dev.stormwatch.diagnose;

import dev.stormwatch.base.HttpDate;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * The timestamp forms that logs write, read without allocation where the volume demands it: nginx/Apache
 * {@code $time_local} ({@code 10/Oct/2000:13:55:36 -0700}), epoch seconds with a fraction (nginx {@code $msec}), epoch
 * milliseconds, and ISO 8601. Every method returns {@link #INVALID} instead of throwing.
 */
public final class Timestamps {

    /** No valid timestamp. */
    public static final long INVALID = Long.MIN_VALUE;

    /** Numbers from here on are epoch milliseconds, below it epoch seconds (2001-09-09 in seconds; 1970 in millis). */
    private static final double MILLIS_THRESHOLD = 1e11;

    private static final String MONTHS = "JanFebMarAprMayJunJulAugSepOctNovDec";

    private Timestamps() {}

    /** {@code dd/MMM/yyyy:HH:mm:ss ±hhmm} between {@code from} and {@code to}, as epoch millis. */
    public static long timeLocal(String s, int from, int to) {
        if (to - from != 26
                || s.charAt(from + 2) != '/'
                || s.charAt(from + 6) != '/'
                || s.charAt(from + 11) != ':'
                || s.charAt(from + 20) != ' ') {
            return INVALID;
        }
        int day = digits(s, from, 2);
        int month = MONTHS.indexOf(s.substring(from + 3, from + 6));
        int year = digits(s, from + 7, 4);
        int hour = digits(s, from + 12, 2);
        int minute = digits(s, from + 15, 2);
        int second = digits(s, from + 18, 2);
        char sign = s.charAt(from + 21);
        int zh = digits(s, from + 22, 2);
        int zm = digits(s, from + 24, 2);
        if (day < 1
                || day > 31
                || month < 0
                || month % 3 != 0
                || year < 0
                || hour < 0
                || hour > 23
                || minute < 0
                || minute > 59
                || second < 0
                || second > 60
                || zh < 0
                || zm < 0
                || (sign != '+' && sign != '-')) {
            return INVALID;
        }
        long offsetSeconds = (sign == '-' ? -1 : 1) * (zh * 3600L + zm * 60L);
        long days = HttpDate.daysFromCivil(year, month / 3 + 1, day);
        return (days * 86_400L + hour * 3600L + minute * 60L + second - offsetSeconds) * 1000L;
    }

    /**
     * A number as a time: epoch seconds with an optional fraction ({@code 1700000000.123}) below 1e11, epoch
     * milliseconds from there on.
     */
    public static long epochNumber(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value) || value < 0) {
            return INVALID;
        }
        return value >= MILLIS_THRESHOLD ? (long) value : Math.round(value * 1000.0);
    }

    /** Any of the forms, from text: a number (seconds or millis), ISO 8601, or {@code $time_local}. */
    public static long parse(String text) {
        if (text == null) {
            return INVALID;
        }
        String s = text.strip();
        if (s.isEmpty()) {
            return INVALID;
        }
        char first = s.charAt(0);
        if (first >= '0' && first <= '9' && isNumber(s)) {
            return epochNumber(Double.parseDouble(s));
        }
        if (s.startsWith("[") && s.endsWith("]")) {
            s = s.substring(1, s.length() - 1);
        }
        long local = timeLocal(s, 0, s.length());
        if (local != INVALID) {
            return local;
        }
        try {
            return Instant.parse(s).toEpochMilli();
        } catch (DateTimeParseException notAnInstant) {
            try {
                return OffsetDateTime.parse(s).toInstant().toEpochMilli();
            } catch (DateTimeParseException notIso) {
                return INVALID;
            }
        }
    }

    private static boolean isNumber(String s) {
        boolean point = false;
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c == '.' && !point) {
                point = true;
            } else if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private static int digits(String s, int from, int count) {
        int value = 0;
        for (int k = from; k < from + count; k++) {
            int d = s.charAt(k) - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            value = value * 10 + d;
        }
        return value;
    }
}
