package dev.stormwatch.cli;

import java.math.BigDecimal;
import java.time.Duration;

/** A duration as a JSON number of seconds for the commands' {@code --json}: {@code 120}, {@code 1.5}, never {@code 1.2E+2}. */
final class JsonSeconds {

    private JsonSeconds() {}

    static BigDecimal of(Duration duration) {
        BigDecimal seconds = BigDecimal.valueOf(duration.toNanos(), 9).stripTrailingZeros();
        // stripTrailingZeros turns 120 into 1.2E+2, which Jackson would write as such.
        return seconds.scale() < 0 ? seconds.setScale(0) : seconds;
    }
}
