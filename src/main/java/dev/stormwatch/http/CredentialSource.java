package dev.stormwatch.http;

/**
 * Where the resilient client gets the credential of each attempt (spec RC6, A2): asked once per attempt, so that a
 * token refreshed during a long run is used from the next attempt on. A fixed API key is {@link #of(Credential)}.
 */
@FunctionalInterface
public interface CredentialSource {

    /**
     * The credential for the attempt about to be sent.
     *
     * <p>May block briefly (a token refresh); throws a typed error when no credential can be had, which fails the
     * call before anything is sent. Its message never holds the secret (RC6).
     */
    Credential current();

    /** The same credential on every attempt. */
    static CredentialSource of(Credential fixed) {
        java.util.Objects.requireNonNull(fixed, "fixed");
        return () -> fixed;
    }
}
