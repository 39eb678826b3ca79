package dev.stormwatch.oauth;

import dev.stormwatch.retry.CallBudget;
import java.io.IOException;
import java.util.Optional;
import java.util.Set;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/**
 * The authenticated client for the application's own API calls (spec A1–A3, P7): adds the access token (and a DPoP
 * proof for a DPoP-bound token), refreshing first when it has expired; never retries by status; on a 401 saying the
 * token is invalid, at most one refresh and one replay, for idempotent requests only; on a DPoP nonce challenge,
 * one replay with the nonce for any method (OP4).
 */
final class AuthenticatedInterceptor implements Interceptor {

    /** RFC 9110 §9.2.2 idempotent methods (RC2). */
    private static final Set<String> IDEMPOTENT = Set.of("GET", "HEAD", "OPTIONS", "PUT", "DELETE");

    private final OAuthClient client;
    private final ProviderRequests requests;

    AuthenticatedInterceptor(OAuthClient client, ProviderRequests requests) {
        this.client = client;
        this.requests = requests;
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request original = chain.request();
        // A2: an expired token is refreshed before the request goes out. P7: no pause check for the app's request.
        TokenSet tokens = client.currentTokens(CallBudget.start(client.config().retryPolicy(), client.clock()));
        Response response = chain.proceed(authorized(original, tokens));
        // A1: any other status, 429 and 5xx included, goes back as it is, Retry-After untouched.
        if (response.code() != 401) {
            return response;
        }
        rememberNonce(response);
        Optional<String> challenge = Optional.ofNullable(response.header("WWW-Authenticate"));
        // OP4, RFC 9449 §9: the resource server wants a DPoP nonce: one replay with it, not a refresh. It rejected the
        // request before processing it, so the replay is safe for any method, idempotent or not.
        if (tokens.dpopBound() && challenge.orElse("").contains("use_dpop_nonce")) {
            response.close();
            return chain.proceed(authorized(original, tokens));
        }
        // A3: only a token the server calls invalid or expired is worth a refresh, and only an idempotent request
        // may be sent twice.
        if (!OAuthClient.isInvalidToken(challenge) || !isIdempotent(original)) {
            return response;
        }
        response.close();
        TokenSet fresh = client.refreshAfterRejection(tokens.accessToken());
        return chain.proceed(authorized(original, fresh));
    }

    private Request authorized(Request original, TokenSet tokens) {
        Request.Builder builder = original.newBuilder();
        requests.authorize(builder, original.method(), original.url().uri(), tokens);
        return builder.build();
    }

    private void rememberNonce(Response response) {
        requests.dpop()
                .ifPresent(
                        d -> d.rememberNonce(response.request().url().uri(), response.header(DpopProofs.NONCE_HEADER)));
    }

    /** RC2: idempotent by method, or a POST/PATCH carrying an Idempotency-Key. */
    static boolean isIdempotent(Request request) {
        return IDEMPOTENT.contains(request.method()) || request.header("Idempotency-Key") != null;
    }
}
