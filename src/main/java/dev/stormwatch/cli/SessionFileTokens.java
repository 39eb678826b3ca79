package dev.stormwatch.cli;

import dev.stormwatch.oauth.CachedSessionStore;
import dev.stormwatch.oauth.FileSessionStore;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.Session;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.services.OAuthSessionTokens;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The session that {@code stormwatch session --stay-signed-in} kept in a file, as the tokens of
 * {@code stormwatch load --oauth-session} ({@link OAuthSessionTokens}), with what to do said in the command
 * line's words.
 */
final class SessionFileTokens {

    /** How a user gets a session that {@code stormwatch load --oauth-session} can use. */
    static final String SIGN_IN = "stormwatch session --issuer URL --client-id ID --steps login --stay-signed-in";

    /** Why a DPoP-bound session cannot authenticate a load run, and what to do instead. */
    static final String DPOP_BOUND = "the session's tokens are DPoP-bound; a load run can only send Bearer tokens:"
            + " sign in again without --dpop to use the session in a load run: " + SIGN_IN;

    /** What a load run that cannot use the session tells its user to do. */
    static final OAuthSessionTokens.Advice ADVICE = new OAuthSessionTokens.Advice(
            "not signed in; sign in first with: " + SIGN_IN,
            "sign in again with: " + SIGN_IN,
            DPOP_BOUND,
            "the session's access token is bound to a client certificate (RFC 8705), and a load run does not present"
                    + " one; sign in without --client-cert for a load run");

    private SessionFileTokens() {}

    /** The tokens of this client, with the command line's advice. */
    static OAuthSessionTokens of(OAuthClient client) {
        return new OAuthSessionTokens(() -> Optional.of(client), ADVICE);
    }

    /**
     * The session kept in {@code file} by {@code stormwatch session --stay-signed-in}, with an OAuth client for its
     * issuer and client id (read from the session's ID token, so the user need not repeat them); empty, with the
     * reason added to {@code problems}, when there is none to use. Refreshes go with {@code authentication} (CA8: a
     * confidential client's session refreshes as it signed in), through the environment's proxies (PX1) and with the
     * system's CA bundle (PX4).
     */
    static Optional<OAuthSessionTokens> fromFile(
            Path file,
            dev.stormwatch.oauth.ClientAuthentication authentication,
            java.util.function.UnaryOperator<String> environment,
            List<String> problems) {
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
            config = OAuthConfig.of(session.get().binding().issuer(), clientId.get())
                    .withClientAuthentication(authentication);
        } catch (CallFailure.Configuration e) {
            problems.add("--oauth-session: the session in " + file + " names an unusable issuer (" + e.getMessage()
                    + "); sign in again with: " + SIGN_IN);
            return Optional.empty();
        }
        // TX4: the load engine's transport presents no client certificate; a token bound to one would be refused.
        if (session.get().tokens().certificateThumbprint().isPresent()) {
            problems.add("--oauth-session: the session's access token is bound to a client certificate (RFC 8705),"
                    + " and a load run does not present one; sign in without --client-cert for a load run");
            return Optional.empty();
        }
        okhttp3.OkHttpClient http;
        try {
            http = dev.stormwatch.http.TrustedCertificates.trustingOperatingSystem(
                    dev.stormwatch.http.ProxyRoutes.from(environment, System::getProperty)
                            .applyTo(new okhttp3.OkHttpClient()),
                    dev.stormwatch.http.TrustedCertificates.OPERATING_SYSTEM_BUNDLES,
                    Optional.empty(),
                    "--ca-file");
        } catch (IllegalArgumentException e) {
            // PX1: a proxy variable that is not a proxy URL, named (never its value).
            problems.add("--oauth-session: " + e.getMessage());
            return Optional.empty();
        }
        return Optional.of(of(
                OAuthClient.builder(config).sessionStore(store).httpClient(http).build()));
    }

    /**
     * The client id the session is bound to (saved with it, or for an older file its ID token's {@code azp} or one
     * {@code aud}: OIDC Core §2); an OAuth 2.0-only session has only the saved one (DV11).
     */
    private static Optional<String> clientIdOf(Session session) {
        String bound = session.binding().clientId();
        return bound.isEmpty() ? Optional.empty() : Optional.of(bound);
    }
}
