package dev.stormwatch.load.options;

import java.util.List;

/**
 * Load options that make no sense ("Bad input"): every problem found, each saying what was wrong and what to
 * do, so that a user fixes them all in one go.
 */
public final class InvalidLoadOptionsException extends Exception {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    public InvalidLoadOptionsException(List<String> problems) {
        super(String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    /** Each problem, one sentence each. */
    public List<String> problems() {
        return problems;
    }
}
