package dev.stormwatch.oauth;

import java.util.Optional;

/** Where the session lives between calls: in memory by default, a file only when the user chooses it. */
public interface SessionStore {

    /** The stored session, if any. */
    Optional<Session> load();

    /** Replaces the stored session. */
    void save(Session session);

    /** Erases the stored session (logout, invalid_grant). */
    void clear();
}
