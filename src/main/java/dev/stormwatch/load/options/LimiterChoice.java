package dev.stormwatch.load.options;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** Which rate limiter sits in front of the load run's clients (L1, L7), or none. */
public enum LimiterChoice {

    /** No limiter: every request goes on the wire. */
    OFF("off"),
    /** The strict Redis sorted-set sliding log (L1). */
    SLIDING_LOG("sliding-log"),
    /** Fixed window (L7): lets up to twice the limit through across a window edge. */
    FIXED_WINDOW("fixed-window"),
    /** Sliding-window counter (L7): an approximation of the sliding log. */
    SLIDING_WINDOW_COUNTER("sliding-window-counter"),
    /** Token bucket (L7): bursts up to the bucket's size. */
    TOKEN_BUCKET("token-bucket"),
    /** GCRA (L7): a token bucket kept as one timestamp. */
    GCRA("gcra");

    private final String cliName;

    LimiterChoice(String cliName) {
        this.cliName = cliName;
    }

    /** The name on the command line and in reports. */
    public String cliName() {
        return cliName;
    }

    /** The choice with this command-line name, ignoring case. */
    public static Optional<LimiterChoice> byCliName(String name) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(choice -> choice.cliName.equals(wanted))
                .findFirst();
    }

    /** Every command-line name, for messages. */
    public static String names() {
        return Arrays.stream(values()).map(LimiterChoice::cliName).collect(Collectors.joining(", "));
    }
}
