package dev.stormwatch.services;

import dev.stormwatch.base.Secret;
import dev.stormwatch.load.options.SessionTokenSource;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.TokenSet;
import dev.stormwatch.retry.CallFailure;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The OAuth client's access token as the load engine's {@link SessionTokenSource}, adapted here because the
 * load engine may not use the OAuth client (ARCHITECTURE.md). {@link OAuthClient#tokens()} refreshes an expired token
 * first and makes concurrent callers share one refresh (F4), so the virtual clients of a run cause one refresh between
 * them. Failures become {@link SessionTokenSource.Unavailable} with what to do, in the front end's words
 * ({@link Advice}); no token is ever in a message (RC6).
 */
public final class OAuthSessionTokens implements SessionTokenSource {

    /**
     * What the front end tells its user to do.
     *
     * @param notSignedIn the whole message when there is no session yet
     * @param signInAgain how to sign in again, ending a sentence such as "the session has ended (...); "
     * @param dpopBound the whole message for a DPoP-bound session, which a load run cannot send (A2)
     * @param certificateBound the whole message for a session bound to a client certificate, which a load run does not
     *     present (TX4)
     */
    public record Advice(String notSignedIn, String signInAgain, String dpopBound, String certificateBound) {
        public Advice {
            Objects.requireNonNull(notSignedIn, "notSignedIn");
            Objects.requireNonNull(signInAgain, "signInAgain");
            Objects.requireNonNull(dpopBound, "dpopBound");
            Objects.requireNonNull(certificateBound, "certificateBound");
        }
    }

    private final Supplier<Optional<OAuthClient>> client;
    private final Advice advice;

    /** The current client's tokens; {@code client} gives none before sign-in. */
    public OAuthSessionTokens(Supplier<Optional<OAuthClient>> client, Advice advice) {
        this.client = Objects.requireNonNull(client, "client");
        this.advice = Objects.requireNonNull(advice, "advice");
    }

    @Override
    public Secret currentToken() {
        OAuthClient current =
                client.get().orElseThrow(() -> new Unavailable(Unavailable.Reason.NOT_SIGNED_IN, advice.notSignedIn()));
        if (current.session().isEmpty()) {
            // Never signed in, or signed out: no session has ended under the run. The window always has a client
            // once its settings are applied, so this, not the empty client above, is what it meets before sign-in.
            throw new Unavailable(Unavailable.Reason.NOT_SIGNED_IN, advice.notSignedIn());
        }
        TokenSet tokens;
        try {
            tokens = current.tokens();
        } catch (CallFailure.Reauthenticate e) {
            throw new Unavailable(
                    Unavailable.Reason.SESSION_ENDED,
                    "the session has ended (" + e.getMessage() + "); " + advice.signInAgain());
        } catch (CallFailure e) {
            throw new Unavailable(
                    Unavailable.Reason.REFRESH_FAILED,
                    "the session's token could not be refreshed (" + e.getMessage() + "); try again" + " later, or "
                            + advice.signInAgain());
        }
        // A2, RFC 9449 §7.1: a DPoP-bound token must travel with a proof; a load run sends only Bearer tokens. The
        // file store drops DPoP sessions, but a client handed in with one must still not leak it as Bearer.
        if (tokens.dpopBound()) {
            throw new Unavailable(Unavailable.Reason.DPOP_BOUND, advice.dpopBound());
        }
        // TX4, RFC 8705 §3: the load engine's clients present no client certificate; the resource must refuse a token
        // bound to one. The command line refuses such a stored session before the run; the window's own session too.
        if (tokens.certificateThumbprint().isPresent()) {
            throw new Unavailable(Unavailable.Reason.CERTIFICATE_BOUND, advice.certificateBound());
        }
        return tokens.accessToken();
    }
}
