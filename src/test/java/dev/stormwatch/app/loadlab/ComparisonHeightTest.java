package dev.stormwatch.app.loadlab;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** How high the comparison's table is (UI28), for a header and borders of 31.5 px and rows of 26. */
class ComparisonHeightTest {

    @Test
    @DisplayName("UI28: the table is as high as its header and every row; at least as high as its first eight rows,"
            + " or all of them when fewer")
    void theTableShowsItsRows() {
        assertThat(ComparisonHeight.whole(31.5, 12)).isEqualTo(Math.ceil(31.5 + 26 * 12));
        assertThat(ComparisonHeight.least(31.5, 12)).isEqualTo(Math.ceil(31.5 + 26 * 8));
        assertThat(ComparisonHeight.least(31.5, 3)).isEqualTo(Math.ceil(31.5 + 26 * 3));
        assertThat(ComparisonHeight.whole(31.5, 3)).isEqualTo(110.0);
    }
}
