package dev.stormwatch.cli;

import dev.stormwatch.base.Secret;
import dev.stormwatch.load.options.SessionTokenSource;
import dev.stormwatch.oauth.CachedSessionStore;
import dev.stormwatch.oauth.FileSessionStore;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.Session;
import dev.stormwatch.oauth.TokenSet;
import dev.stormwatch.retry.CallFailure;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The OAuth client's access token as the load engine's {@link SessionTokenSource} for {@code stormwatch load
 * --oauth-session}, adapted here because the load engine may not use the OAuth client (docs/architecture.md).
 * {@link OAuthClient#tokens()} refreshes an expired token first and makes concurrent callers share one refresh (F4), so
 * the virtual clients of a run cause one refresh between them; it also says whether the token is DPoP-bound, which a
 * load run cannot send. Failures become {@link SessionTokenSource.Unavailable} with what to do; no token is ever in a
 * message (RC6).
 */
final class OAuthSessionTokens implements SessionTokenSource {

    /** How a user gets a session that {@code stormwatch load --oauth-session} can use. */
    static final String SIGN_IN = "stormwatch session --issuer URL --client-id ID --steps login --stay-signed-in";

    /** Why a DPoP-bound session cannot authenticate a load run, and what to do instead. */
    static final String DPOP_BOUND = "the session's tokens are DPoP-bound; a load run can only send Bearer tokens:"
            + " sign in again without --dpop to use the session in a load run: " + SIGN_IN;

    private final OAuthClient client;

    OAuthSessionTokens(OAuthClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    /**
     * The session kept in {@code file} by {@code stormwatch session --stay-signed-in}, with an OAuth client for its
     * issuer and client id (read from the session's ID token, so the user need not repeat them); empty, with the
     * reason added to {@code problems}, when there is none to use.
     */
    static Optional<OAuthSessionTokens> fromFile(Path file, List<String> problems) {
        CachedSessionStore store = new CachedSessionStore(new FileSessionStore(file));
        Optional<Session> session = store.load();
        if (session.isEmpty()) {
            problems.add("--oauth-session: no signed-in session in " + file + "; sign in first with: " + SIGN_IN
                    + (file.equals(FileSessionStore.defaultLocation()) ? "" : " --session-file " + file));
            return Optional.empty();
        }
        Optional<String> clientId = clientIdOf(session.get());
        if (clientId.isEmpty()) {
            problems.add("--oauth-session: the session in " + file + " does not say which client id it belongs to"
                    + " (its ID token has several audiences and no azp); sign in again with: " + SIGN_IN);
            return Optional.empty();
        }
        OAuthConfig config;
        try {
            config = OAuthConfig.of(session.get().claims().issuer(), clientId.get());
        } catch (CallFailure.Configuration e) {
            problems.add("--oauth-session: the session in " + file + " names an unusable issuer (" + e.getMessage()
                    + "); sign in again with: " + SIGN_IN);
            return Optional.empty();
        }
        return Optional.of(new OAuthSessionTokens(OAuthClient.builder(config).sessionStore(store).build()));
    }

    /** OIDC Core §2: {@code aud} holds the client id; with several audiences, {@code azp} names it. */
    private static Optional<String> clientIdOf(Session session) {
        if (session.claims().other().get("azp") instanceof String azp && !azp.isBlank()) {
            return Optional.of(azp);
        }
        List<String> audience = session.claims().audience();
        return audience.size() == 1 ? Optional.of(audience.get(0)) : Optional.empty();
    }

    @Override
    public Secret currentToken() {
        TokenSet tokens;
        try {
            tokens = client.tokens();
        } catch (CallFailure.Reauthenticate e) {
            throw new Unavailable("the session has ended (" + e.getMessage() + "); sign in again with: " + SIGN_IN);
        } catch (CallFailure e) {
            throw new Unavailable("the session's token could not be refreshed (" + e.getMessage() + "); try again"
                    + " later, or sign in again with: " + SIGN_IN);
        }
        // A2, RFC 9449 §7.1: a DPoP-bound token must travel with a proof; a load run sends only Bearer tokens. The
        // file store drops DPoP sessions, but a client handed in with one must still not leak it as Bearer.
        if (tokens.dpopBound()) {
            throw new Unavailable(DPOP_BOUND);
        }
        return tokens.accessToken();
    }
}
