package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DiagnosisEdgesTest {

    @Test
    @DisplayName("DG24: a bucket's other statuses are its requests less the throttled, 2xx and 5xx ones")
    void otherIsWhatTheThreeClassesLeave() {
        Diagnosis.Arrivals arrivals = new Diagnosis.Arrivals(
                Instant.EPOCH,
                1000,
                List.of(10, 4),
                List.of(3, 0),
                List.of(0, 0),
                List.of(0, 0),
                List.of(4, 4),
                List.of(1, 0));
        assertThat(arrivals.other(0)).isEqualTo(2);
        assertThat(arrivals.other(1)).isZero();
    }

    @Test
    @DisplayName("DG24: the status classes are named 2xx, 429, 5xx and other in the charts")
    void statusClassesAreNamedAsTheChartsShowThem() {
        assertThat(Arrays.stream(Diagnosis.StatusClass.values()).map(Diagnosis.StatusClass::label))
                .containsExactly("2xx", "429", "5xx", "other");
    }
}
