package dev.stormwatch.oauth;

import java.util.Objects;
import java.util.Optional;

/**
 * A session store that reads another store once and then answers from memory, writing every change through: for a
 * caller that asks for the access token very often (a load run asks on every attempt, A2) without reading a file each
 * time, while a refreshed session, with its rotated refresh token, still reaches the file (F3). Meant for one process
 * at a time: a change another process makes to the file afterwards is not seen.
 */
public final class CachedSessionStore implements SessionStore {

    private final SessionStore backing;
    private volatile Optional<Session> session;

    /** Reads {@code backing} now. */
    public CachedSessionStore(SessionStore backing) {
        this.backing = Objects.requireNonNull(backing, "backing");
        this.session = backing.load();
    }

    @Override
    public Optional<Session> load() {
        return session;
    }

    @Override
    public synchronized void save(Session next) {
        // F-section (rotation): kept here first, so that even when the write fails this process never goes back to
        // the spent refresh token, whose reuse can revoke the whole family; the write's error still reaches the caller.
        session = Optional.of(next);
        backing.save(next);
    }

    @Override
    public synchronized void clear() {
        // Forgotten here first: even when the file cannot be erased, this process no longer uses the session.
        session = Optional.empty();
        backing.clear();
    }
}
