package dev.stormwatch.base;

/**
 * Whether text is a run of ASCII digits only ({@code 0}–{@code 9}, not the other Unicode digits that
 * {@link Character#isDigit} accepts), as header values such as delta-seconds (RFC 9110 §10.2.3) and quota counts
 * are written. Allocation-free, for the retry decision's path.
 */
public final class AsciiDigits {

    private AsciiDigits() {}

    /** True when {@code s} is non-empty and holds ASCII digits only. */
    public static boolean only(String s) {
        return only(s, 0, s.length());
    }

    /** True when {@code s} from {@code from} (inclusive) to {@code to} (exclusive) is non-empty and all ASCII digits. */
    public static boolean only(String s, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int k = from; k < to; k++) {
            char c = s.charAt(k);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
