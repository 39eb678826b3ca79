package dev.stormwatch.server;

/** A fault description (Java, admin JSON or command line) that cannot be understood; the message says what to fix. */
public final class InvalidFaultSpec extends IllegalArgumentException {

    public InvalidFaultSpec(String message) {
        super(message);
    }
}
