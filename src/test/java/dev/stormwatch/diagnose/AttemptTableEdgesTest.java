package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class AttemptTableEdgesTest {

    private static final long T0 = 1_764_583_200_000L;

    private static ObservedRequest request(long offset, long duration, String method, int status, String retryAfter) {
        return new ObservedRequest(T0 + offset, duration, "c", method, "/x", status, retryAfter, null, null);
    }

    private static String httpDate(long epochMillis) {
        return DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
                .format(Instant.ofEpochMilli(epochMillis).atOffset(ZoneOffset.UTC));
    }

    @Test
    @DisplayName("DG1: a logged duration of 0 ms is known; -1 is not")
    void zeroDurationsAreKnown() {
        AttemptTable table = new AttemptTable();
        table.add(request(0, -1, "GET", 200, null), "c");
        table.add(request(0, 0, "GET", 200, null), "c");
        assertThat(table.durationKnown(0)).isFalse();
        assertThat(table.durationKnown(1)).isTrue();
    }

    @Test
    @DisplayName("DG2: one target under different methods is as many logical requests")
    void eachMethodIsItsOwnRequest() {
        AttemptTable table = new AttemptTable();
        String[] methods = {"GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"};
        for (String method : methods) {
            table.add(request(0, 10, method, 200, null), "c");
        }
        assertThat(java.util.stream.IntStream.range(0, methods.length)
                        .mapToLong(table::requestKey)
                        .distinct())
                .hasSize(methods.length);
    }

    @Test
    @DisplayName("DG10: rows out of order are analysed by start; rows of one millisecond keep the order they came in")
    void tiesKeepTheirOrder() {
        AttemptTable table = new AttemptTable();
        table.add(request(5, 10, "GET", 200, null), "c");
        table.add(request(1, 10, "GET", 200, null), "c");
        table.add(request(5, 10, "GET", 200, null), "c");
        assertThat(table.byStart()).containsExactly(1, 0, 2);
    }

    @Test
    @DisplayName("DG1 DG8: an HTTP-date Retry-After without Date is measured from the logged answer; one in the past"
            + " is a past date, a word is invalid")
    void httpDatesAreMeasuredFromTheLoggedAnswer() {
        AttemptTable table = new AttemptTable();
        table.add(request(0, 1000, "GET", 429, httpDate(T0 + 1000 + 5000)), "c");
        table.add(request(0, 1000, "GET", 429, httpDate(T0 - 60_000)), "c");
        table.add(request(0, 1000, "GET", 429, "soon"), "c");
        assertThat(table.retryAfterMillis(0)).isEqualTo(5000);
        assertThat(table.retryAfterKind(0)).isEqualTo(AttemptTable.RA_USABLE);
        assertThat(table.retryAfterKind(1)).isEqualTo(AttemptTable.RA_PAST_DATE);
        assertThat(table.retryAfterKind(2)).isEqualTo(AttemptTable.RA_INVALID);
    }

    @Test
    @DisplayName("DG8: a delta of 1000 s that is not whole minutes probably meant milliseconds; 999 s does not")
    void aThousandSecondsLooksLikeMilliseconds() {
        AttemptTable table = new AttemptTable();
        table.add(request(0, 10, "GET", 429, "1000"), "c");
        table.add(request(0, 10, "GET", 429, "999"), "c");
        assertThat(table.retryAfterKind(0)).isEqualTo(AttemptTable.RA_LOOKS_LIKE_MILLIS);
        assertThat(table.retryAfterKind(1)).isEqualTo(AttemptTable.RA_USABLE);
        assertThat(table.retryAfterMillis(1)).isEqualTo(999_000);
    }
}
