package dev.stormwatch.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FaultSpecTest {

    @Test
    void readsAThrottleWithEveryOption() {
        PlannedFault planned =
                FaultSpec.parseText("/token=503,retry-after=30,form=http-date,date=skewed,skew=-90s,times=2");
        assertThat(planned)
                .isEqualTo(new PlannedFault(
                        "/token",
                        new Fault.Throttle(
                                503,
                                Optional.of(Duration.ofSeconds(30)),
                                Fault.RetryAfterForm.HTTP_DATE,
                                Fault.DateHeader.skewed(Duration.ofSeconds(-90))),
                        2));
    }

    @Test
    void readsEveryOtherKind() {
        assertThat(FaultSpec.parseText("/v1/models=502").fault()).isEqualTo(new Fault.ServerError(502));
        assertThat(FaultSpec.parseText("/t=delay,for=250ms").fault())
                .isEqualTo(new Fault.Delay(Duration.ofMillis(250)));
        assertThat(FaultSpec.parseText("/t=reset").fault()).isEqualTo(new Fault.ResetBeforeResponse());
        assertThat(FaultSpec.parseText("/t=slow-body,for=2s").fault())
                .isEqualTo(new Fault.SlowBody(Duration.ofSeconds(2)));
        assertThat(FaultSpec.parseText("/t=malformed-json").fault()).isEqualTo(new Fault.MalformedJson());
        assertThat(FaultSpec.parseText("/t=process-then-reset").fault()).isEqualTo(new Fault.ProcessThenReset());
    }

    @Test
    void refusesWhatItCannotRead() {
        assertThatThrownBy(() -> FaultSpec.parseText("token"))
                .isInstanceOf(InvalidFaultSpec.class)
                .hasMessageContaining("ENDPOINT=KIND");
        assertThatThrownBy(() -> FaultSpec.parseText("token=500"))
                .hasMessageContaining("starting with '/'")
                .isInstanceOf(InvalidFaultSpec.class);
        assertThatThrownBy(() -> FaultSpec.parseText("/t=delay")).hasMessageContaining("'for'");
        assertThatThrownBy(() -> FaultSpec.parseText("/t=500,times=0")).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> FaultSpec.parseText("/t=503,colour=red")).hasMessageContaining("unknown fault field");
        assertThatThrownBy(() -> FaultSpec.parseText("/t=429,retry-after=soon")).hasMessageContaining("not a duration");
    }

    // Regression: for=99999999999999999999s let a NumberFormatException escape (the admin endpoint answered 500).
    @Test
    void aDurationTooLongToCountIsRefusedWithItsMaximum() {
        assertThatThrownBy(() -> FaultSpec.parseText("/t=delay,for=99999999999999999999s"))
                .isInstanceOf(InvalidFaultSpec.class)
                .hasMessageContaining("for: '99999999999999999999s' is too long; at most 2562047h");
    }

    // Regression: for=9999999999999999h let an ArithmeticException escape (the admin endpoint answered 500).
    @Test
    void aDurationThatOverflowsInItsUnitIsRefusedWithItsMaximum() {
        assertThatThrownBy(() -> FaultSpec.parseText("/t=slow-body,for=9999999999999999h"))
                .isInstanceOf(InvalidFaultSpec.class)
                .hasMessageContaining("is too long; at most");
        assertThatThrownBy(() -> FaultSpec.parseText("/t=429,retry-after=PT99999999999999999999S"))
                .isInstanceOf(InvalidFaultSpec.class)
                .hasMessageContaining("is too long; at most");
        assertThatThrownBy(() -> FaultSpec.parseText("/t=503,date=skewed,skew=-9999999999999999h"))
                .isInstanceOf(InvalidFaultSpec.class)
                .hasMessageContaining("is too long; at most");
    }
}
