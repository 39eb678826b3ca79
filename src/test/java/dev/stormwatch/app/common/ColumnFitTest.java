package dev.stormwatch.app.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A table's columns decided from text widths (UI8, UI13, UI22, UI28), as the comparison's, the timeline's and the
 * Diagnose tab's tables fit theirs. The widths here are of a font where every character is 7 px wide in the header and
 * 6 px in the cells, so that each figure can be worked out by hand: a header needs 24 px beside its text, a cell 20.
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
        ColumnFit fit = ColumnFit.of(columns(TITLES, ROWS), HEADER, CELL, 1_000);

        assertThat(fit.headers()).containsExactlyElementsOf(TITLES);
        // figure: "attempts per logical request" (28 characters) is wider than the header.
        // no jitter: its header, 9 × 7 + 24 = 87, is wider than "3.10" (4 × 6 + 20 = 44).
        assertThat(fit.widths()).containsExactly(28 * 6 + 20.0, 9 * 7 + 24.0, 11 * 7 + 24.0);
    }

    @Test
    @DisplayName("UI13: a width is rounded up, never down, so that a text measured at 86.2 px is not cut")
    void aWidthIsRoundedUp() {
        ColumnFit fit = ColumnFit.of(columns(List.of("x"), List.of(List.of("y"))), text -> 62.2, text -> 0.5, 1_000);

        assertThat(fit.widths()).containsExactly(87.0);
    }

    @Test
    @DisplayName("UI28: where the columns need more than the room, a run's header wider than its figures takes two"
            + " lines, and the column is as wide as the longer line; the figure column's header never breaks")
    void aNarrowTableBreaksTheRunsHeaders() {
        double needed = (28 * 6 + 20) + (9 * 7 + 24) + (11 * 7 + 24);

        ColumnFit roomEnough = ColumnFit.of(columns(TITLES, ROWS), HEADER, CELL, needed);
        ColumnFit narrow = ColumnFit.of(columns(TITLES, ROWS), HEADER, CELL, needed - 1);

        assertThat(roomEnough.headers()).containsExactlyElementsOf(TITLES);
        assertThat(narrow.headers()).containsExactly("figure", "no\njitter", "full\njitter");
        assertThat(narrow.widths()).containsExactly(28 * 6 + 20.0, 6 * 7 + 24.0, 6 * 7 + 24.0);
    }

    @Test
    @DisplayName("UI28: a run's header as wide as its figures or narrower stays on one line in a narrow table; a"
            + " figure wider than the broken header keeps the column at the figure's width")
    void aHeaderNoWiderThanItsFiguresIsNotBroken() {
        List<String> titles = List.of("figure", "ab cd", "long title here");
        List<List<String>> rows = List.of(List.of("f", "12345678", "123456789012"));
        // "ab cd": 5 × 7 + 24 = 59 in one line; its figure 8 × 6 + 20 = 68. "long title here": 15 × 7 + 24 = 129
        // in one line, "long title" 10 × 7 + 24 = 94 in two; its figure 12 × 6 + 20 = 92.
        ColumnFit fit = ColumnFit.of(columns(titles, rows), HEADER, CELL, 10);

        assertThat(fit.headers()).containsExactly("figure", "ab cd", "long title\nhere");
        assertThat(fit.widths()).containsExactly(6 * 7 + 24.0, 68.0, 94.0);

        List<List<String>> wideFigure = List.of(List.of("f", "1", "1234567890123456"));
        assertThat(ColumnFit.of(columns(titles, wideFigure), HEADER, CELL, 10)
                        .widths()
                        .get(2))
                .as("16 × 6 + 20, wider than the broken header's 94")
                .isEqualTo(116.0);
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
        List<String> titles = List.of("what was measured", "abcd efg");
        // "abcd efg": 8 × 7 + 24 = 80 in one line, as wide as its figure "1234567890", 10 × 6 + 20 = 80.
        List<List<String>> rows = List.of(List.of("x", "1234567890"));

        ColumnFit fit = ColumnFit.of(columns(titles, rows), HEADER, CELL, 10);

        assertThat(fit.headers()).containsExactlyElementsOf(titles);
        assertThat(fit.widths()).containsExactly(17 * 7 + 24.0, 80.0);
    }

    @Test
    @DisplayName(
            "UI8: a column is never narrower than the least width its view gave it, whatever its texts; wider texts"
                    + " widen it")
    void aColumnKeepsItsLeastWidth() {
        List<ColumnFit.Column> columns = List.of(
                new ColumnFit.Column("#", 26, List.of("1", "2")),
                new ColumnFit.Column("Budget left", 126, List.of("3 of 3, 29.5 s")),
                new ColumnFit.Column("Then", 50, List.of("a reason long enough to pass it")));

        ColumnFit fit = ColumnFit.of(columns, HEADER, CELL, Double.POSITIVE_INFINITY);

        // "#" needs 1 × 7 + 24 = 31, more than its 26; "Budget left" 11 × 7 + 24 = 101 and its cell 14 × 6 + 20 = 104,
        // both under 126; "Then"'s cell 31 × 6 + 20 = 206.
        assertThat(fit.widths()).containsExactly(31.0, 126.0, 206.0);
        assertThat(fit.headers()).containsExactly("#", "Budget left", "Then");
    }

    @Test
    @DisplayName("UI28: the least widths count in the room the columns need: a table that is narrow only for them still"
            + " breaks its headers")
    void leastWidthsCountInTheRoomNeeded() {
        List<ColumnFit.Column> columns = List.of(
                new ColumnFit.Column("figure", 0, List.of("x")), new ColumnFit.Column("full jitter", 0, List.of("1")));
        // 6 × 7 + 24 = 66 and 11 × 7 + 24 = 101: 167 with no least width.
        assertThat(ColumnFit.of(columns, HEADER, CELL, 167).headers()).containsExactly("figure", "full jitter");

        List<ColumnFit.Column> wider = List.of(
                new ColumnFit.Column("figure", 100, List.of("x")),
                new ColumnFit.Column("full jitter", 0, List.of("1")));
        assertThat(ColumnFit.of(wider, HEADER, CELL, 167).headers()).containsExactly("figure", "full\njitter");
    }

    @Test
    @DisplayName("UI8: with endless room no header breaks, however many columns")
    void endlessRoomBreaksNoHeader() {
        List<ColumnFit.Column> many = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            many.add(new ColumnFit.Column("a long title " + i, 0, List.of()));
        }

        ColumnFit fit = ColumnFit.of(many, HEADER, CELL, Double.POSITIVE_INFINITY);

        assertThat(fit.headers()).noneMatch(header -> header.contains("\n"));
    }

    /** Columns from rows of cells, one per title, with no least width; a short row leaves the rest empty. */
    private static List<ColumnFit.Column> columns(List<String> titles, List<List<String>> rows) {
        List<ColumnFit.Column> columns = new ArrayList<>();
        for (int c = 0; c < titles.size(); c++) {
            List<String> cells = new ArrayList<>();
            for (List<String> row : rows) {
                if (c < row.size()) {
                    cells.add(row.get(c));
                }
            }
            columns.add(new ColumnFit.Column(titles.get(c), 0, cells));
        }
        return columns;
    }
}
