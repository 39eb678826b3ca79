package dev.stormwatch.oauth;

/** Builds the retry engine's typed errors (E1) for what this package detects itself. */
final class Failures {

    private Failures() {}

    /** A broken protocol rule (E1 Protocol), naming the check that failed. */
    static RuntimeException protocol(String check, String detail) {
        return new IllegalStateException(check + ": " + detail); // replaced by CallFailure.Protocol at merge
    }

    /** Wrong settings of the application (E1 Configuration). */
    static RuntimeException configuration(String detail) {
        return new IllegalArgumentException(detail); // replaced by CallFailure.Configuration at merge
    }

    /** The grant is gone (E1 Reauthenticate). */
    static RuntimeException reauthenticate(String detail) {
        return new IllegalStateException(detail); // replaced at merge
    }
}
