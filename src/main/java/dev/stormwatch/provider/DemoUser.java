package dev.stormwatch.provider;

/** A person one can sign in as on the demo provider's page; the claims are those of OpenID Connect Core §5.1. */
public record DemoUser(String subject, String name, String email) {

    public static DemoUser alice() {
        return new DemoUser("alice", "Alice Example", "alice@example.test");
    }

    public static DemoUser bob() {
        return new DemoUser("bob", "Bob Example", "bob@example.test");
    }
}
