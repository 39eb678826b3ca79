package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.series.Figure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Two reports side by side, from the sample storm report with figures and sentences set by hand. */
class ComparisonTableTest {

    private static LoadReport with(double amplification, String sentence) {
        LoadReport storm = SampleReports.storm();
        Map<String, Figure> figures = new LinkedHashMap<>(storm.figures());
        figures.put(StandardFigures.RETRY_AMPLIFICATION, Figure.of(amplification));
        figures.put(StandardFigures.TIME_TO_RECOVER, Figure.absent("no outage"));
        List<String> notes = new ArrayList<>(storm.notes());
        notes.add(0, RunVerdict.PREFIX + sentence);
        return new LoadReport(
                storm.title(),
                storm.run(),
                storm.startedAt(),
                storm.plannedDuration(),
                storm.outcome(),
                storm.seed(),
                notes,
                figures,
                storm.series());
    }

    @Test
    @DisplayName("LB6: both runs' figures stand in one row each, and each run's sentence follows under its label")
    void bothRunsStandSideBySideWithTheirSentences() {
        ComparisonTable.Run full = new ComparisonTable.Run("jitter full", with(1.0234, "Spread out."));
        ComparisonTable.Run none = new ComparisonTable.Run("jitter none", with(1.5, "Bunched up."));

        String table = ComparisonTable.render(full, none);

        assertThat(table).containsPattern("jitter full\\s+jitter none");
        assertThat(table).containsPattern("retry amplification \\(attempts per request\\)\\s+1\\.02\\s+1\\.50");
        assertThat(table).containsPattern("time to recover \\(s\\)\\s+n/a\\s+n/a");
        assertThat(table).contains("jitter full: Spread out.").contains("jitter none: Bunched up.");
        assertThat(ComparisonTable.rows(full, none))
                .first()
                .isEqualTo(List.of("retry amplification (attempts per request)", "1.02", "1.50"));
    }
}
