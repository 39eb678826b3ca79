package dev.stormwatch.load.engine;

import dev.stormwatch.base.Secret;
import dev.stormwatch.http.Credential;
import dev.stormwatch.http.CredentialSource;
import dev.stormwatch.load.options.SessionTokenSource;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The OAuth session's access token as the bearer credential of every attempt (RFC 6750 §2.1): asks the
 * session for its current token per attempt, so that a refresh is used from the next attempt on (A2), and builds a
 * new credential only when the token changed. Remembers the tokens it handed out, so that the report can redact them
 * by value (RC6).
 */
final class SessionBearer implements CredentialSource {

    /** The last token handed out and its credential; the token stays a {@link Secret}, so toString redacts (RC6). */
    private record Issued(Secret token, Credential credential) {}

    private final SessionTokenSource tokens;
    private final List<Secret> handedOut = new CopyOnWriteArrayList<>();
    private volatile Issued last;

    SessionBearer(SessionTokenSource tokens) {
        this.tokens = Objects.requireNonNull(tokens, "tokens");
    }

    /**
     * @throws SessionTokenSource.Unavailable no session, or it could not be refreshed
     * @throws dev.stormwatch.retry.CallFailure.Configuration the token is not a valid bearer token (RC6: the message
     *     does not show it)
     */
    @Override
    public Credential current() {
        Secret token = tokens.currentToken();
        Issued known = last;
        if (known != null && known.token().equals(token)) {
            return known.credential();
        }
        Credential credential = Credential.bearer(token.reveal());
        synchronized (this) {
            if (last == null || !last.token().equals(token)) {
                handedOut.add(token);
                last = new Issued(token, credential);
            }
        }
        return credential;
    }

    /** Every distinct token sent in this run, oldest first: the report redacts them (RC6). */
    List<Secret> handedOut() {
        return List.copyOf(handedOut);
    }
}
