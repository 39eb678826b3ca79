package dev.stormwatch.oauth;

import java.util.Optional;

/**
 * The OAuth client's view of its session store: only a session bound to the client's issuer and client id is ever
 * loaded ({@link SessionBinding}); another provider's session is neither used nor erased. The refusal is kept, so
 * that the client can say why it found no session.
 */
final class BoundSessionStore implements SessionStore {

    private final SessionStore stored;
    private final Issuer issuer;
    private final String clientId;
    private volatile Optional<String> refusal = Optional.empty();

    BoundSessionStore(SessionStore stored, Issuer issuer, String clientId) {
        this.stored = stored;
        this.issuer = issuer;
        this.clientId = clientId;
    }

    @Override
    public Optional<Session> load() {
        Optional<Session> session = stored.load();
        Optional<String> why = session.flatMap(s -> SessionBinding.refusal(s, issuer, clientId));
        refusal = why;
        return why.isPresent() ? Optional.empty() : session;
    }

    @Override
    public void save(Session session) {
        stored.save(session);
    }

    /** Erases the stored session only when it is this client's: another provider's session is kept. */
    @Override
    public void clear() {
        Optional<Session> session = stored.load();
        if (session.isEmpty()
                || SessionBinding.refusal(session.get(), issuer, clientId).isEmpty()) {
            stored.clear();
        }
    }

    /** Why the latest load found no usable session although one is stored, or empty. */
    Optional<String> refusal() {
        return refusal;
    }
}
