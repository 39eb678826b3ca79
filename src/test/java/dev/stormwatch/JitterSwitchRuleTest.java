package dev.stormwatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.stormwatch.http.ResilientClient;
import dev.stormwatch.retry.ComparisonBackoff;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The B4 rules of {@link ArchitectureTest} catch a class outside the load engine that switches jitter off. */
class JitterSwitchRuleTest {

    /** What the rules must refuse: an app, CLI or OAuth path building a client without jitter. */
    static final class SwitchesJitterOff {
        ResilientClient client() {
            return ResilientClient.builder()
                    .backoffForComparison(ComparisonBackoff.NONE)
                    .build();
        }
    }

    // B4
    @Test
    @DisplayName(
            "B4: a class outside dev.stormwatch.load that calls backoffForComparison breaks the architecture rules")
    void aCallerOutsideTheLoadEngineIsCaught() {
        // The client that passes the load engine's choice on to its executors is imported too: it is allowed.
        JavaClasses classes = new ClassFileImporter().importClasses(SwitchesJitterOff.class, ResilientClient.class);

        EvaluationResult calls = ArchitectureTest.onlyTheLoadEngineSwitchesJitterOff.evaluate(classes);
        EvaluationResult names = ArchitectureTest.comparisonStrategiesStayInTheLoadPath.evaluate(classes);

        assertThat(calls.getFailureReport().getDetails())
                .singleElement()
                .asString()
                .contains(SwitchesJitterOff.class.getSimpleName(), ArchitectureTest.COMPARISON_SWITCH);
        assertThat(names.hasViolation()).isTrue();
        assertThat(names.getFailureReport().getDetails())
                .allSatisfy(detail -> assertThat(detail).contains(SwitchesJitterOff.class.getSimpleName()));
    }
}
