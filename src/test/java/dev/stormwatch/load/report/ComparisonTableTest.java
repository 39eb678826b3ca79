package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.scenario.TimedFault;
import dev.stormwatch.load.series.Figure;
import java.time.Duration;
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
        return SampleReports.stormWith(notes, figures);
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

    @Test
    @DisplayName("LB18: the time to recover stands once when each run's outage is its first fault or it has none,"
            + " and twice when a fault comes before the outage")
    void theTimeToRecoverStandsOnceUnlessAFaultComesBeforeTheOutage() {
        LoadReport report = with(1.0, "Fine.");
        Scenario resetThenOutage = new Scenario(
                "reset-then-outage",
                "Reset, then an outage",
                "a reset at 3 s, a 502 outage from 5 s to 9 s",
                List.of(
                        new TimedFault(Duration.ofSeconds(3), new RelayFault.ResetConnections()),
                        new TimedFault(Duration.ofSeconds(5), new RelayFault.Outage(Duration.ofSeconds(4), 502))),
                Duration.ofSeconds(12));

        assertThat(labels(new ComparisonTable.Run("a", report), new ComparisonTable.Run("b", report)))
                .as("no fault: the whole run's rows only")
                .contains(ComparisonTable.TIME_TO_RECOVER)
                .doesNotContain(ComparisonTable.FROM_FAULT_RECOVERY);
        assertThat(labels(
                        new ComparisonTable.Run("a", report, ScenarioPresets.PROVIDER_OUTAGE),
                        new ComparisonTable.Run("b", report, ScenarioPresets.THREE_AM_STORM)))
                .as("an outage that is the first fault, and a storm without an outage")
                .doesNotContain(ComparisonTable.TIME_TO_RECOVER)
                .containsOnlyOnce(ComparisonTable.FROM_FAULT_RECOVERY);
        assertThat(labels(
                        new ComparisonTable.Run("a", report, ScenarioPresets.PROVIDER_OUTAGE),
                        new ComparisonTable.Run("b", report, resetThenOutage)))
                .as("a reset before the outage: recovery from the reset and from the outage differ")
                .contains(ComparisonTable.TIME_TO_RECOVER, ComparisonTable.FROM_FAULT_RECOVERY);
    }

    private static List<String> labels(ComparisonTable.Run a, ComparisonTable.Run b) {
        return ComparisonTable.rows(a, b).stream().map(row -> row.get(0)).toList();
    }
}
