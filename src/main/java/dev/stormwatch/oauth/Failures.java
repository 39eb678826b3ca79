package dev.stormwatch.oauth;

import dev.stormwatch.retry.CallFailure;

/** Builds the retry engine's typed errors (E1) for what this package detects itself. */
final class Failures {

    private Failures() {}

    /** A broken protocol rule (E1 Protocol); the message starts with the check that failed. */
    static CallFailure.Protocol protocol(String check, String detail) {
        return new CallFailure.Protocol(check + ": " + detail);
    }

    /** Wrong settings of the application (E1 Configuration). */
    static CallFailure.Configuration configuration(String detail) {
        return new CallFailure.Configuration(detail);
    }

    /** The grant is gone (E1 Reauthenticate). */
    static CallFailure.Reauthenticate reauthenticate(String detail) {
        return new CallFailure.Reauthenticate(detail);
    }
}
