package dev.stormwatch.oauth;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/** The default session store: memory only, gone when the process ends. */
public final class InMemorySessionStore implements SessionStore {

    private final AtomicReference<Session> session = new AtomicReference<>();

    @Override
    public Optional<Session> load() {
        return Optional.ofNullable(session.get());
    }

    @Override
    public void save(Session session) {
        this.session.set(session);
    }

    @Override
    public void clear() {
        session.set(null);
    }
}
