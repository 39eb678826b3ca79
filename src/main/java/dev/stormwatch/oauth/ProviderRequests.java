package dev.stormwatch.oauth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.http.RetryingExecutor;
import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.Outcome;
import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import okhttp3.FormBody;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Sends the client's own requests to the provider through the retry engine: every one is a step of a visible call's
 * budget (OP1), with a fresh DPoP proof per attempt (OP4) and one immediate resend when the server asks for a DPoP
 * nonce (RFC 9449 §8, OP4). Turns bodies into JSON or typed errors (E1).
 */
final class ProviderRequests {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** An answer whose status the caller interprets. */
    record Answer(int status, String body, Optional<String> wwwAuthenticate, Optional<String> cacheControl) {
        Answer(int status, String body, Optional<String> wwwAuthenticate) {
            this(status, body, wwwAuthenticate, Optional.empty());
        }

        boolean ok() {
            return status >= 200 && status < 300;
        }
    }

    private final RetryingExecutor executor;
    private final Optional<DpopProofs> dpop;

    ProviderRequests(RetryingExecutor executor, Optional<DpopProofs> dpop) {
        this.executor = executor;
        this.dpop = dpop;
    }

    Optional<DpopProofs> dpop() {
        return dpop;
    }

    /** A GET of a public document (discovery, JWKS): no token, no proof. */
    Answer get(URI url, String step, CallBudget budget) {
        return send(
                () -> new Request.Builder()
                        .url(url.toString())
                        .get()
                        .header("Accept", "application/json")
                        .build(),
                Operation.READ,
                step,
                budget);
    }

    /**
     * A form POST to a token-side endpoint (PAR, token, revocation), DPoP-proofed when on, with the client's
     * {@code Authorization} header (CA3: HTTP Basic client authentication, RFC 6749 §2.3.1) on every attempt; the
     * header never reaches an attempt event (CA2). Fields are made anew for every attempt ({@code perAttemptFields}):
     * a client assertion has a jti that a provider accepts once, so a resend carries a new one (CA6), as a DPoP proof
     * does (OP4).
     */
    Answer postForm(
            URI url,
            Map<String, String> form,
            Supplier<Map<String, String>> perAttemptFields,
            Optional<String> authorization,
            Operation operation,
            String step,
            CallBudget budget) {
        Supplier<Request> perAttempt = () -> {
            FormBody.Builder body = new FormBody.Builder();
            form.forEach(body::add);
            perAttemptFields.get().forEach(body::add);
            Request.Builder request =
                    new Request.Builder().url(url.toString()).post(body.build()).header("Accept", "application/json");
            authorization.ifPresent(value -> request.header("Authorization", value));
            // OP4: a new proof (new jti, iat, latest nonce) for every attempt; a proof is valid once.
            dpop.ifPresent(
                    d -> request.header(DpopProofs.HEADER, d.proof("POST", url).reveal()));
            return request.build();
        };
        Answer answer = send(perAttempt, operation, step, budget);
        // RFC 9449 §8: the server wants a nonce; one immediate resend with it, not a failed request (OP4).
        if (dpop.isPresent()
                && answer.status() == 400
                && "use_dpop_nonce".equals(oauthError(answer.body()).orElse(""))) {
            return send(perAttempt, operation, step, budget);
        }
        return answer;
    }

    /** A GET with an access token (userinfo): DPoP-bound tokens get a proof with {@code ath} (RFC 9449 §7). */
    Answer getWithToken(URI url, TokenSet tokens, String step, CallBudget budget) {
        Supplier<Request> perAttempt = () -> {
            Request.Builder request =
                    new Request.Builder().url(url.toString()).get().header("Accept", "application/json");
            authorize(request, "GET", url, tokens);
            return request.build();
        };
        Answer answer = send(perAttempt, Operation.READ, step, budget);
        // RFC 9449 §9: a resource server asks for a nonce with 401 and error="use_dpop_nonce".
        if (tokens.dpopBound()
                && answer.status() == 401
                && answer.wwwAuthenticate().orElse("").contains("use_dpop_nonce")) {
            return send(perAttempt, Operation.READ, step, budget);
        }
        return answer;
    }

    /** Adds the token (RFC 6750 §2.1 or RFC 9449 §7.1) and, for a DPoP-bound token, a fresh proof. */
    void authorize(Request.Builder request, String method, URI url, TokenSet tokens) {
        if (tokens.dpopBound() && dpop.isPresent()) {
            request.header("Authorization", "DPoP " + tokens.accessToken().reveal());
            request.header(
                    DpopProofs.HEADER,
                    dpop.get()
                            .proof(method, url, Optional.of(tokens.accessToken()))
                            .reveal());
        } else {
            request.header("Authorization", "Bearer " + tokens.accessToken().reveal());
        }
    }

    private Answer send(Supplier<Request> perAttempt, Operation operation, String step, CallBudget budget) {
        // E3: the executor records the step's failed requests in the budget; the difference is this step's count.
        int failedBefore = budget.failedInAll();
        try (Response response = executor.execute(perAttempt, operation, step, budget)) {
            String nonce = response.header(DpopProofs.NONCE_HEADER);
            dpop.ifPresent(d -> d.rememberNonce(response.request().url().uri(), nonce));
            return new Answer(
                    response.code(),
                    readBody(response, budget, budget.failedInAll() - failedBefore),
                    Optional.ofNullable(response.header("WWW-Authenticate")),
                    Optional.ofNullable(response.header("Cache-Control")));
        }
    }

    private static String readBody(Response response, CallBudget budget, int failedInStep) {
        try {
            return ProviderBody.read(response); // capped at 1 MiB
        } catch (IOException e) {
            // E1, F1: the body broke off after the request was sent: a network failure whose outcome is unknown;
            // the executor has delivered the response, so this step is not resent here.
            Origin origin = Origin.of(response.request().url().uri());
            // E3, B1: it is a failed request of this step like any other, unless the executor already counted the
            // exchange for its retryable status (ST1).
            boolean alreadyCounted = Outcome.isRetryableStatus(response.code());
            if (!alreadyCounted) {
                budget.recordFailure(origin);
            }
            int attempts = alreadyCounted ? failedInStep : failedInStep + 1;
            throw new CallFailure.Recoverable(
                    origin, new CallFailure.Network(FailureKind.RESET_AFTER_SEND, attempts, budget.elapsed()));
        }
    }

    /** Parses a JSON object answer, or says which step answered something else. */
    static JsonNode json(Answer answer, String step) {
        try {
            JsonNode node = JSON.readTree(answer.body());
            if (node == null || !node.isObject()) {
                throw Failures.protocol(step, "the answer (status " + answer.status() + ") is not a JSON object");
            }
            return node;
        } catch (IOException e) {
            throw Failures.protocol(
                    step,
                    "the answer (status " + answer.status() + ") is not JSON; did the provider answer an HTML page?");
        }
    }

    /** The OAuth {@code error} code of an error body (RFC 6749 §5.2), if the body has one. */
    static Optional<String> oauthError(String body) {
        return ErrorBody.of(body).error();
    }

    /** E7: the longest {@code error_description} a message carries; a longer one is cut and ends with "...". */
    static final int DESCRIPTION_LIMIT = 200;

    /**
     * An OAuth error body (RFC 6749 §5.2), read once: its {@code error} code and, E7, its {@code error_description}
     * of at most {@link #DESCRIPTION_LIMIT} characters (empty when the body has none or it is blank). The description
     * is the provider's text: the error it goes into makes it printable, as every {@code CallFailure} message. A body
     * that is no JSON object has neither.
     */
    record ErrorBody(Optional<String> error, Optional<String> description) {

        static ErrorBody of(String body) {
            JsonNode node;
            try {
                node = JSON.readTree(body);
            } catch (IOException e) {
                node = null;
            }
            if (node == null) {
                return new ErrorBody(Optional.empty(), Optional.empty());
            }
            return new ErrorBody(
                    node.path("error").isTextual()
                            ? Optional.of(node.get("error").asText())
                            : Optional.empty(),
                    description(node.path("error_description")));
        }

        private static Optional<String> description(JsonNode field) {
            if (!field.isTextual()) {
                return Optional.empty();
            }
            String text = field.asText().strip();
            if (text.isEmpty()) {
                return Optional.empty();
            }
            if (text.codePointCount(0, text.length()) > DESCRIPTION_LIMIT) {
                text = text.substring(0, text.offsetByCodePoints(0, DESCRIPTION_LIMIT)) + "...";
            }
            return Optional.of(text);
        }
    }

    /**
     * The typed error for a token-side answer that is not a success (E1), for a request authenticated with
     * {@code method}: {@code invalid_grant} means the grant is gone (Reauthenticate); any other error status is a
     * Protocol error naming the step and the provider's code; a refused client secret ({@code invalid_client}, or 401
     * from the token side) is the application's setting, a Configuration error that says what to check and never
     * shows the secret (ST3: not retried; CA2).
     */
    static CallFailure errorFor(Answer answer, String step, ClientAuthentication.Method method) {
        ErrorBody body = ErrorBody.of(answer.body());
        Optional<String> error = body.error();
        boolean secretMethod = method == ClientAuthentication.Method.CLIENT_SECRET_BASIC
                || method == ClientAuthentication.Method.CLIENT_SECRET_POST;
        // ST3, CA6: the provider refused the assertion: the key, its kid or the registration must change.
        if (method == ClientAuthentication.Method.PRIVATE_KEY_JWT
                && (error.map("invalid_client"::equals).orElse(false) || (answer.status() == 401 && error.isEmpty()))) {
            return Failures.configuration(step + ": the provider refused the client's authentication ("
                    + answer.status() + " " + error.orElse("without an OAuth error code") + ") with private_key_jwt;"
                    + " check the client id, that the client's registered public key (or JWKS) holds the key id"
                    + " sent, and that the registration allows private_key_jwt");
        }
        // ST3, TX1: the provider refused the certificate; the certificate or the registration must change.
        if (method.mutualTls()
                && (error.map("invalid_client"::equals).orElse(false) || (answer.status() == 401 && error.isEmpty()))) {
            return Failures.configuration(step + ": the provider refused the client's authentication ("
                    + answer.status() + " " + error.orElse("without an OAuth error code") + ") with "
                    + method.wireName() + "; check the client id, that --client-cert is the certificate registered"
                    + (method == ClientAuthentication.Method.TLS_CLIENT_AUTH
                            ? " (its subject as registered, issued by an authority the provider trusts)"
                            : " (in the client's registered JWKS)")
                    + " and that the registration allows " + method.wireName());
        }
        // ST3, CA2: the provider refused the client's credentials; the secret or the registration must change.
        if (secretMethod
                && (error.map("invalid_client"::equals).orElse(false) || (answer.status() == 401 && error.isEmpty()))) {
            return Failures.configuration(step + ": the provider refused the client's authentication ("
                    + answer.status() + " " + error.orElse("without an OAuth error code") + ") with "
                    + method.wireName() + "; check the client id, the client secret (--client-secret-file or"
                    + " STORMWATCH_CLIENT_SECRET) and that the registration allows " + method.wireName());
        }
        // E1, F3: invalid_grant is the provider saying the grant (code or refresh token) is no longer valid.
        if (error.isPresent() && error.get().equals("invalid_grant")) {
            return Failures.reauthenticate(
                    "the provider no longer accepts this sign-in (invalid_grant); sign in again");
        }
        String described = error.map(e -> "error " + e).orElse("no OAuth error code")
                + body.description().map(d -> ": " + d).orElse("");
        if (error.isPresent() && error.get().equals("invalid_client")) {
            described += "; check the client id and that the client is registered as a public client"
                    + " (a confidential one needs its client authentication and secret, CA1)";
        }
        return Failures.protocol(step, "the provider answered " + answer.status() + " (" + described + ")");
    }
}
