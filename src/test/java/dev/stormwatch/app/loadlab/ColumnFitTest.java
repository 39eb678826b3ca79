package dev.stormwatch.app.loadlab;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The comparison table's columns decided from text widths (UI13, UI28). The widths here are of a font where every
 * character is 7 px wide in the header and 6 px in the cells, so that each figure can be worked out by hand.
 */
class ColumnFitTest {

    private static final ToDoubleFunction<String> HEADER = text -> 7.0 * text.length();
    private static final ToDoubleFunction<String> CELL = text -> 6.0 * text.length();

    private static final List<String> TITLES = List.of("figure", "no jitter", "full jitter");
    private static final List<List<String>> ROWS = List.of(
            List.of("amplification", "3.10", "1.20"),
            List.of("attempts per logical request", "4", "2"),
            List.of("short row"));

    @Test
    @DisplayName("UI13: with room enough each column is as wide as its widest text, its header's included, each in its"
            + " own font and with its own padding, rounded up to a whole pixel")
    void eachColumnIsAsWideAsItsWidestText() {
        ColumnFit fit = ColumnFit.of(TITLES, ROWS, HEADER, CELL, 1_000);

        assertThat(fit.headers()).containsExactlyElementsOf(TITLES);
        // figure: "attempts per logical request" (28 characters) is wider than the header.
        // no jitter: its header, 9 × 7 + 24 = 87, is wider than "3.10" (4 × 6 + 18 = 42).
        assertThat(fit.widths()).containsExactly(28 * 6 + 18.0, 9 * 7 + 24.0, 11 * 7 + 24.0);
    }

    @Test
    @DisplayName("UI13: a width is rounded up, never down, so that a text measured at 86.2 px is not cut")
    void aWidthIsRoundedUp() {
        ColumnFit fit = ColumnFit.of(List.of("x"), List.of(List.of("y")), text -> 62.2, text -> 0.5, 1_000);

        assertThat(fit.widths()).containsExactly(87.0);
    }

    @Test
    @DisplayName("UI28: where the columns need more than the room, a run's header wider than its figures takes two"
            + " lines, and the column is as wide as the longer line; the figure column's header never breaks")
    void aNarrowTableBreaksTheRunsHeaders() {
        double needed = (28 * 6 + 18) + (9 * 7 + 24) + (11 * 7 + 24);

        ColumnFit roomEnough = ColumnFit.of(TITLES, ROWS, HEADER, CELL, needed);
        ColumnFit narrow = ColumnFit.of(TITLES, ROWS, HEADER, CELL, needed - 1);

        assertThat(roomEnough.headers()).containsExactlyElementsOf(TITLES);
        assertThat(narrow.headers()).containsExactly("figure", "no\njitter", "full\njitter");
        assertThat(narrow.widths()).containsExactly(28 * 6 + 18.0, 6 * 7 + 24.0, 6 * 7 + 24.0);
    }

    @Test
    @DisplayName("UI28: a run's header as wide as its figures or narrower stays on one line in a narrow table; a"
            + " figure wider than the broken header keeps the column at the figure's width")
    void aHeaderNoWiderThanItsFiguresIsNotBroken() {
        List<String> titles = List.of("figure", "ab cd", "long title here");
        List<List<String>> rows = List.of(List.of("f", "12345678", "123456789012"));
        // "ab cd": 5 × 7 + 24 = 59 in one line; its figure 8 × 6 + 18 = 66. "long title here": 15 × 7 + 24 = 129
        // in one line, "long title" 10 × 7 + 24 = 94 in two; its figure 12 × 6 + 18 = 90.
        ColumnFit fit = ColumnFit.of(titles, rows, HEADER, CELL, 10);

        assertThat(fit.headers()).containsExactly("figure", "ab cd", "long title\nhere");
        assertThat(fit.widths()).containsExactly(6 * 7 + 24.0, 66.0, 94.0);

        List<List<String>> wideFigure = List.of(List.of("f", "1", "1234567890123456"));
        assertThat(ColumnFit.of(titles, wideFigure, HEADER, CELL, 10).widths().get(2))
                .as("16 × 6 + 18, wider than the broken header's 94")
                .isEqualTo(114.0);
    }

    @Test
    @DisplayName("UI28: a title that must take two lines breaks at the space nearest its middle")
    void aTitleBreaksAtTheSpaceNearestItsMiddle() {
        assertThat(ColumnFit.twoLines("full jitter")).isEqualTo("full\njitter");
        assertThat(ColumnFit.twoLines("one shared limiter in Redis")).isEqualTo("one shared\nlimiter in Redis");
        assertThat(ColumnFit.twoLines("a bc def")).isEqualTo("a bc\ndef");
        assertThat(ColumnFit.twoLines("abc de f")).isEqualTo("abc\nde f");
        assertThat(ColumnFit.twoLines("alone")).isEqualTo("alone");
        // Of two spaces as near the middle, the first; a space at the very start is a space too.
        assertThat(ColumnFit.twoLines("ab c d")).isEqualTo("ab\nc d");
        assertThat(ColumnFit.twoLines(" ab")).isEqualTo("\nab");
    }

    @Test
    @DisplayName("UI28: in a narrow table the figure column's header stays on one line even when wider than its names,"
            + " and a run's header exactly as wide as its figures is not broken")
    void onlyARunsHeaderWiderThanItsFiguresBreaks() {
        List<String> titles = List.of("what was measured", "abc de");
        // "abc de": 6 × 7 + 24 = 66 in one line, as wide as its figure "12345678", 8 × 6 + 18 = 66.
        List<List<String>> rows = List.of(List.of("x", "12345678"));

        ColumnFit fit = ColumnFit.of(titles, rows, HEADER, CELL, 10);

        assertThat(fit.headers()).containsExactlyElementsOf(titles);
        assertThat(fit.widths()).containsExactly(17 * 7 + 24.0, 66.0);
    }

    @Test
    @DisplayName("UI28: the table is as high as its header and every row; at least as high as its first eight rows,"
            + " or all of them when fewer")
    void theTableShowsItsRows() {
        assertThat(ColumnFit.wholeHeight(31.5, 12)).isEqualTo(Math.ceil(31.5 + 26 * 12));
        assertThat(ColumnFit.leastHeight(31.5, 12)).isEqualTo(Math.ceil(31.5 + 26 * 8));
        assertThat(ColumnFit.leastHeight(31.5, 3)).isEqualTo(Math.ceil(31.5 + 26 * 3));
        assertThat(ColumnFit.wholeHeight(31.5, 3)).isEqualTo(110.0);
    }
}
