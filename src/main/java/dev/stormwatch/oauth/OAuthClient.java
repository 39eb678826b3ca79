package dev.stormwatch.oauth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.base.DurationText;
import dev.stormwatch.base.Secret;
import dev.stormwatch.base.Sleeper;
import dev.stormwatch.http.AttemptListener;
import dev.stormwatch.http.RetryingExecutor;
import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.OriginPauses;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;

/**
 * The OpenID Connect client of a native app (RFC 8252, OIDC Core, RFC 6749/7636/9126/9207/9449/7009): visible calls
 * {@link #login()}, {@link #refresh()}, {@link #accessToken()}, {@link #userInfo()} and {@link #logout()}, each with
 * one budget (OP1) and one typed error (E1), every request through the retry engine.
 *
 * <p>All calls block: call them off the UI thread. State changes and attempt events go to listeners, on the
 * calling thread.
 */
public final class OAuthClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The grant type of a device-code poll (RFC 8628 §3.4). */
    static final String DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

    private final OAuthConfig config;
    private final Clock clock;
    private final SecureRandom random;
    private final OriginPauses pauses;
    private final Sleeper sleeper;
    private final BrowserLauncher browser;
    private final AuthorizationParameters authorizationParameters;
    private final RedirectChoice redirectChoice;
    private final BoundSessionStore store;
    private final ProviderRequests requests;
    private final Discovery discovery;
    private final JwksCache jwks;
    private final List<AttemptListener> attemptListeners = new CopyOnWriteArrayList<>();
    private final List<Consumer<SessionState>> stateListeners = new CopyOnWriteArrayList<>();
    private final Object refreshLock = new Object();
    private CompletableFuture<Session> refreshInFlight;
    private volatile LoopbackReceiver pendingLogin;
    private volatile SessionState state;

    private OAuthClient(Builder b) {
        this.config = b.config;
        this.clock = b.clock;
        this.random = b.random;
        this.pauses = b.pauses != null ? b.pauses : new OriginPauses(b.clock);
        this.sleeper = b.sleeper;
        this.browser = b.browser;
        this.authorizationParameters = b.authorizationParameters;
        this.redirectChoice = b.redirectChoice;
        this.store = new BoundSessionStore(b.store, b.config.issuer(), b.config.clientId());
        // TX1: the client certificate goes into every handshake with the provider, with the trust given before.
        OkHttpClient http = b.config
                .clientAuthentication()
                .certificate()
                .map(certificate -> certificate.presentedBy(b.httpClient))
                .orElse(b.httpClient);
        RetryingExecutor executor = RetryingExecutor.builder(http)
                .clock(b.clock)
                .sleeper(b.sleeper)
                .random(b.jitter)
                .pauses(pauses)
                .listener(event -> attemptListeners.forEach(listener -> listener.onAttempt(event)))
                .build();
        Optional<DpopProofs> dpop = config.dpop() ? Optional.of(DpopProofs.generate(clock, random)) : Optional.empty();
        this.requests = new ProviderRequests(executor, dpop);
        this.discovery = new Discovery(requests);
        this.jwks = new JwksCache(clock, b.jwksCooldown);
        this.state = store.load().<SessionState>map(SessionState.SignedIn::new).orElse(new SessionState.SignedOut());
    }

    /** A builder for the given settings. */
    public static Builder builder(OAuthConfig config) {
        return new Builder(config);
    }

    // ---------------------------------------------------------------- visible calls

    /**
     * Signs in through the system browser and the loopback redirect. One budget from discovery to ID token
     * validation; the time in the browser is not counted (OP2).
     *
     * @throws CallFailure.Recoverable a step failed or a pause refused the token endpoint before the browser (P3)
     * @throws CallFailure.Protocol the provider or an attacker broke a rule (state, iss, signature, nonce...)
     * @throws CallFailure.Reauthenticate the user cancelled, the wait timed out, or the provider refused the user
     * @throws CallFailure.Configuration the loopback port could not be opened
     */
    public Session login() {
        CallBudget budget = CallBudget.start(config.retryPolicy(), clock);
        Optional<Session> previous = store.load();
        try {
            ProviderMetadata metadata = metadata(budget);
            // CA1: a method the provider does not take is refused before the browser opens and before any request.
            clientAuthMethod(metadata);
            Origin tokenOrigin = Origin.of(metadata.tokenEndpoint());
            // P3: a refusal before the browser opens costs the user nothing; after it, the exchange is never refused.
            Optional<OriginPauses.Refusal> refusal = pauses.check(tokenOrigin);
            if (refusal.isPresent()) {
                throw refusal.get().toFailure(tokenOrigin, budget.elapsed());
            }
            LoginSecrets secrets = LoginSecrets.generate(random);
            // AR2: a fixed port that is taken fails here, before the browser opens and before PAR.
            try (LoopbackReceiver receiver =
                    LoopbackReceiver.open(secrets.state(), redirectChoice, LoopbackReceiver.CALLBACK_PATH)) {
                pendingLogin = receiver;
                URI redirectUri = redirectChoice.uriFor(receiver.port());
                AuthorizationRequest request = new AuthorizationRequest(
                        config.clientId(), redirectUri, config.scope(), secrets, authorizationParameters);
                URI url = metadata.usesPar()
                        ? push(request, metadata, budget)
                        : request.browserUrl(metadata.authorizationEndpoint());
                AuthorizationRedirect redirect = awaitBrowser(receiver, url, budget);
                try {
                    Session session = exchange(redirect, secrets, redirectUri, metadata, budget);
                    receiver.respond(SignInPage.succeeded());
                    return session;
                } catch (CallFailure failure) {
                    receiver.respond(SignInPage.failed(failure.getMessage()));
                    throw failure;
                }
            } finally {
                pendingLogin = null;
            }
        } catch (CallFailure failure) {
            // E1: a protocol failure in login() does not keep the session (a mix-up or forged answer taints it);
            // E5: a Recoverable failure, a cancel or a timeout leave what was stored as it was.
            if (failure instanceof CallFailure.Protocol) {
                store.clear();
                throw failed(failure, Optional.empty());
            }
            throw failed(failure, previous);
        }
    }

    /**
     * Signs in with the device authorization grant (RFC 8628), for a machine without a browser: asks for a device
     * and user code (DV1), hands them to {@code display} for the person to use on another device, then polls the
     * token endpoint as {@link DevicePolling} decides (DV2–DV5) until the person finished, refused, or the code
     * expired. The waits between polls are the person's time, not the budget's (OP2); each poll has its own budget.
     *
     * @throws CallFailure.Configuration the provider has no device_authorization_endpoint
     * @throws CallFailure.Reauthenticate the code expired, the person refused, or the wait was interrupted
     */
    public Session loginOnDevice(Consumer<DeviceAuthorization> display) {
        CallBudget budget = CallBudget.start(config.retryPolicy(), clock);
        Optional<Session> previous = store.load();
        try {
            ProviderMetadata metadata = metadata(budget);
            URI endpoint = metadata.deviceAuthorizationEndpoint()
                    .orElseThrow(() -> Failures.configuration(
                            "the provider's discovery document has no device_authorization_endpoint: it does not offer the"
                                    + " device sign-in (RFC 8628); sign in through the browser instead"));
            ClientAuthentication.Method method = clientAuthMethod(metadata);
            Map<String, String> form = new LinkedHashMap<>();
            form.put("client_id", config.clientId());
            form.put("scope", config.scope());
            // DV1: nothing is granted by this request; a lost one costs an unused code: retried like PAR.
            ProviderRequests.Answer answer = postAuthenticated(
                    metadata, endpoint, form, method, true, Operation.PAR, "device_authorization", budget);
            if (!answer.ok()) {
                // DV6: a provider that refuses openid in the device grant can issue no ID token, which an OpenID
                // session needs; said in words before the person walks to another device, not as a bare
                // invalid_scope. Without openid (DV9) the refusal is the provider's own: nothing to explain.
                if (config.openId()
                        && ProviderRequests.oauthError(answer.body())
                                .filter("invalid_scope"::equals)
                                .isPresent()) {
                    throw Failures.configuration("device_authorization: the provider refused the scopes '"
                            + config.scope() + "' (invalid_scope). Its device sign-in may not offer OpenID Connect"
                            + " (Spring Authorization Server refuses 'openid' there and issues no ID token), and a"
                            + " session with 'openid' needs an ID token: sign in through the browser with this"
                            + " provider, or leave openid out of the scopes for an OAuth-only session (DV9), or check"
                            + " the scopes registered for this client");
                }
                throw ProviderRequests.errorFor(answer, "device_authorization", method);
            }
            JsonNode body = ProviderRequests.json(answer, "device_authorization");
            Secret deviceCode = Secret.of(required(body, "device_code"));
            Instant issuedAt = clock.instant();
            long expiresIn = body.path("expires_in").asLong(0);
            if (expiresIn <= 0) {
                throw Failures.protocol("device_authorization", "the answer has no positive expires_in");
            }
            Optional<java.time.Duration> interval = body.has("interval")
                    ? Optional.of(
                            java.time.Duration.ofSeconds(body.path("interval").asLong(0)))
                    : Optional.empty();
            DevicePolling polling = new DevicePolling(interval, issuedAt.plusSeconds(expiresIn));
            URI verification = verificationUri(body, "verification_uri")
                    .orElseThrow(() -> Failures.protocol("device_authorization", "the answer has no verification_uri"));
            DeviceAuthorization shown = new DeviceAuthorization(
                    required(body, "user_code"),
                    verification,
                    verificationUri(body, "verification_uri_complete"),
                    issuedAt.plusSeconds(expiresIn),
                    polling.interval());
            display.accept(shown);
            return pollForTokens(deviceCode, polling, metadata, method);
        } catch (CallFailure failure) {
            if (failure instanceof CallFailure.Protocol) {
                store.clear();
                throw failed(failure, Optional.empty());
            }
            throw failed(failure, previous);
        }
    }

    private Session pollForTokens(
            Secret deviceCode, DevicePolling polling, ProviderMetadata metadata, ClientAuthentication.Method method) {
        DevicePolling.Next next = polling.first(clock.instant());
        while (true) {
            if (next instanceof DevicePolling.Next.Stop stop) {
                throw stop.failure();
            }
            sleepBetweenPolls(((DevicePolling.Next.Poll) next).after());
            CallBudget budget = CallBudget.start(config.retryPolicy(), clock);
            Map<String, String> form = new LinkedHashMap<>();
            form.put("grant_type", DEVICE_CODE_GRANT);
            form.put("device_code", deviceCode.reveal());
            ProviderRequests.Answer answer;
            try {
                // DV5: a poll is resent only when it certainly was not processed (F1's rule: it may issue tokens).
                answer = postAuthenticated(
                        metadata,
                        metadata.tokenEndpoint(),
                        form,
                        method,
                        false,
                        Operation.REFRESH,
                        "device_token",
                        budget);
            } catch (CallFailure.Recoverable failure) {
                next = polling.afterFailure(failure.retryAfter(), clock.instant());
                continue;
            }
            if (answer.ok()) {
                TokenSet tokens = TokenResponse.read(
                        ProviderRequests.json(answer, "device_token"),
                        "device_token",
                        clock.instant(),
                        config.dpop(),
                        Optional.empty());
                CertificateBinding.check(
                        tokens.accessToken(), config.clientAuthentication().certificate(), "device_token");
                // DV4, DV9: an ID token verified when openid was asked; none expected without it.
                Optional<IdTokenClaims> claims =
                        verifiedClaims(tokens, Optional.empty(), metadata, budget, "device_token");
                Session session = new Session(tokens, claims, binding());
                store.save(session);
                publish(new SessionState.SignedIn(session));
                return session;
            }
            Optional<String> error = ProviderRequests.oauthError(answer.body());
            Optional<DevicePolling.Next> decided = error.flatMap(e -> polling.afterError(e, clock.instant()));
            if (decided.isEmpty()) {
                throw ProviderRequests.errorFor(answer, "device_token", method);
            }
            next = decided.get();
        }
    }

    /** OP2: the person's time on the other device is not the budget's; an interrupt ends the sign-in. */
    private void sleepBetweenPolls(java.time.Duration wait) {
        try {
            sleeper.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Failures.reauthenticate("the device sign-in was interrupted");
        }
    }

    private static String required(JsonNode body, String field) {
        String value = body.path(field).asText("");
        if (value.isEmpty()) {
            throw Failures.protocol("device_authorization", "the answer has no " + field);
        }
        return value;
    }

    private static Optional<URI> verificationUri(JsonNode body, String field) {
        String value = body.path(field).asText("");
        if (value.isEmpty()) {
            return Optional.empty();
        }
        URI uri;
        try {
            uri = new URI(value);
        } catch (java.net.URISyntaxException e) {
            throw Failures.protocol("device_authorization", field + " is not a URL");
        }
        // The person is sent there to type a code: an https page (or this machine's demo provider) only.
        if (!dev.stormwatch.base.LoopbackHost.isHttpsOrLoopbackHttp(uri)) {
            throw Failures.protocol("device_authorization", field + " must be an https URL");
        }
        return Optional.of(uri);
    }

    /**
     * Gets an access token for the client itself with the client credentials grant (RFC 6749 §4.4), for a service
     * that calls an API with its own identity (CA7). Needs a confidential client; the token is returned, never
     * stored in the session.
     *
     * @param scope the scope to ask for; empty asks for the registration's default
     * @throws CallFailure.Configuration a public client ({@code none}), or the provider refused the client
     */
    public MachineToken clientCredentials(String scope) {
        CallBudget budget = CallBudget.start(config.retryPolicy(), clock);
        // CA7: RFC 6749 §4.4: only a confidential client may use this grant; refused before anything is sent.
        if (config.clientAuthentication().method() == ClientAuthentication.Method.NONE) {
            throw Failures.configuration("the client credentials grant needs a confidential client: give a client"
                    + " secret (client_secret_basic/post), a private key (private_key_jwt) or a client certificate"
                    + " (tls_client_auth, self_signed_tls_client_auth)");
        }
        ProviderMetadata metadata = metadata(budget);
        ClientAuthentication.Method method = clientAuthMethod(metadata);
        if (method == ClientAuthentication.Method.NONE) {
            throw Failures.configuration("the client credentials grant needs a confidential client, but the client"
                    + " authentication resolved to 'none'");
        }
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "client_credentials");
        if (scope != null && !scope.isBlank()) {
            form.put("scope", scope.strip());
        }
        // CA7: a lost request only costs an unused token and rotates nothing: retried like PAR.
        ProviderRequests.Answer answer = postAuthenticated(
                metadata, metadata.tokenEndpoint(), form, method, false, Operation.PAR, "client_credentials", budget);
        if (!answer.ok()) {
            throw ProviderRequests.errorFor(answer, "client_credentials", method);
        }
        JsonNode body = ProviderRequests.json(answer, "client_credentials");
        String accessToken = body.path("access_token").asText("");
        String tokenType = body.path("token_type").asText("");
        if (accessToken.isEmpty() || tokenType.isEmpty()) {
            throw Failures.protocol("client_credentials", "the token response has no access_token or token_type");
        }
        long expiresIn = Math.min(body.path("expires_in").asLong(0), TokenResponse.MAX_LIFETIME_SECONDS);
        Optional<Instant> expiresAt =
                expiresIn > 0 ? Optional.of(clock.instant().plusSeconds(expiresIn)) : Optional.empty();
        Optional<String> granted =
                body.path("scope").isTextual() ? Optional.of(body.get("scope").asText()) : Optional.empty();
        CertificateBinding.check(
                Secret.of(accessToken), config.clientAuthentication().certificate(), "client_credentials");
        return new MachineToken(Secret.of(accessToken), tokenType, expiresAt, granted);
    }

    /** Stops a running {@link #login()}: it ends with Reauthenticate and its port closes. */
    public void cancelLogin() {
        LoopbackReceiver receiver = pendingLogin;
        if (receiver != null) {
            receiver.cancel();
        }
    }

    /**
     * Refreshes the tokens now (F1–F4). Concurrent callers share one request (F4).
     *
     * @throws CallFailure.Reauthenticate no session, no refresh token, or {@code invalid_grant} (the session is cleared)
     * @throws CallFailure.Recoverable the refresh failed; the session is kept (E5, F2)
     */
    public Session refresh() {
        CallBudget budget = CallBudget.start(config.retryPolicy(), clock);
        Session current = requireSession();
        return refreshShared(current.tokens().accessToken(), budget);
    }

    /**
     * A valid access token, refreshed first when expired (F4: concurrent callers share one refresh).
     *
     * @throws CallFailure.Reauthenticate when not signed in or the grant is gone
     */
    public Secret accessToken() {
        return tokens().accessToken();
    }

    /**
     * The current tokens, refreshed first when expired (F4: shared with concurrent callers): for a caller that must
     * know how the access token is bound before sending it (RFC 9449 §5, A2).
     *
     * @throws CallFailure.Reauthenticate when not signed in or the grant is gone
     */
    public TokenSet tokens() {
        CallBudget budget = CallBudget.start(config.retryPolicy(), clock);
        return currentTokens(budget);
    }

    /**
     * The UserInfo claims (OIDC Core §5.3), a retried read whose {@code sub} must equal the ID token's (§5.3.2).
     *
     * @throws CallFailure.Protocol the provider has no userinfo endpoint, or the subject differs
     */
    public UserInfo userInfo() {
        CallBudget budget = CallBudget.start(config.retryPolicy(), clock);
        Session session = requireSession();
        try {
            // DV10: UserInfo is OpenID Connect's, its answer checked against the ID token's subject: nothing to send.
            requireOpenId(
                    session,
                    "userinfo",
                    "UserInfo is an OpenID Connect endpoint whose answer is checked against"
                            + " the ID token's subject");
            ProviderMetadata metadata = metadata(budget);
            URI endpoint = metadata.userinfoEndpoint()
                    .orElseThrow(() -> Failures.protocol("userinfo", "the provider has no userinfo_endpoint"));
            TokenSet tokens = currentTokens(budget);
            ProviderRequests.Answer answer = requests.getWithToken(endpoint, tokens, "userinfo", budget);
            // RFC 6750 §3.1: the token was refused; one refresh and one replay (A3's rule, for our own read).
            if (answer.status() == 401 && isInvalidToken(answer.wwwAuthenticate())) {
                tokens = refreshShared(tokens.accessToken(), budget).tokens();
                answer = requests.getWithToken(endpoint, tokens, "userinfo", budget);
            }
            if (!answer.ok()) {
                throw Failures.protocol("userinfo", "the provider answered " + answer.status());
            }
            JsonNode body = ProviderRequests.json(answer, "userinfo");
            String sub = body.path("sub").asText("");
            // OIDC Core §5.3.2: a different subject means the response belongs to someone else (token substitution).
            if (!sub.equals(session.claims().orElseThrow().subject())) {
                throw Failures.protocol("userinfo sub", "the userinfo subject differs from the ID token's subject");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> claims = JSON.convertValue(body, Map.class);
            publish(new SessionState.SignedIn(store.load().orElse(session)));
            return new UserInfo(sub, claims);
        } catch (CallFailure failure) {
            throw failed(failure, store.load());
        }
    }

    /**
     * Signs out: the local session is erased first, always, even during a pause (P8); then the refresh token (or
     * the access token) is revoked (RFC 7009) with the limits and pause of the revocation endpoint's origin (OP5).
     */
    public LogoutResult logout() {
        Optional<Session> session = store.load();
        store.clear();
        publish(new SessionState.SignedOut());
        if (session.isEmpty()) {
            // Another provider's session is neither revoked here nor erased: the result says why nothing was sent.
            return new LogoutResult(false, store.refusal().map(Failures::reauthenticate));
        }
        CallBudget budget = CallBudget.start(config.retryPolicy(), clock);
        try {
            ProviderMetadata metadata = metadata(budget);
            if (metadata.revocationEndpoint().isEmpty()) {
                return new LogoutResult(false, Optional.empty());
            }
            TokenSet tokens = session.get().tokens();
            Map<String, String> form = new LinkedHashMap<>();
            // RFC 7009 §2.1: revoking the refresh token also ends the access tokens of its grant where supported.
            form.put("token", tokens.refreshToken().orElse(tokens.accessToken()).reveal());
            form.put("token_type_hint", tokens.refreshToken().isPresent() ? "refresh_token" : "access_token");
            // CA3: RFC 7009 §2.1: the client authenticates as at the token endpoint.
            ClientAuthentication.Method method = clientAuthMethod(metadata);
            ProviderRequests.Answer answer = postAuthenticated(
                    metadata,
                    metadata.revocationEndpoint().get(),
                    form,
                    method,
                    false,
                    Operation.REVOCATION,
                    "revocation",
                    budget);
            if (answer.ok()) {
                return new LogoutResult(true, Optional.empty());
            }
            return new LogoutResult(false, Optional.of(ProviderRequests.errorFor(answer, "revocation", method)));
        } catch (CallFailure failure) {
            // P8: the local session is already gone; the result says the provider did not confirm.
            return new LogoutResult(false, Optional.of(failure));
        }
    }

    /**
     * Signs out as {@link #logout()} does (the local session erased first, then revocation), then ends the person's
     * sign-in at the provider too (OpenID Connect RP-Initiated Logout 1.0, SX1): the browser goes to the discovery
     * document's {@code end_session_endpoint} with the session's ID token as {@code id_token_hint}, the
     * {@code client_id}, a fresh {@code state} and a {@code post_logout_redirect_uri} on a loopback listener of this
     * client's redirect choice (its host and fixed port; path {@value LoopbackReceiver#LOGGED_OUT_PATH}). The result
     * says what the provider did with each: revoked or not, and whether the browser came back with the state.
     * Nothing here is retried: the only request is the person's browser's. The parameters go by form POST (SX7).
     */
    public LogoutResult endSession() {
        return endSession(EndSessionMethod.DEFAULT);
    }

    /**
     * As {@link #endSession()}, the browser carrying the parameters by the given method (SX9): a form POST from the
     * one-time loopback page (SX7, SX8), or the endpoint opened straight with them in its query (GET), for providers
     * that read only the query. Either way the address that holds the ID token is never shown or logged (SX10).
     */
    public LogoutResult endSession(EndSessionMethod method) {
        Objects.requireNonNull(method, "method");
        Optional<Session> session = store.load();
        // DV10: refused before anything is erased or sent: the end-session request is built on the ID token.
        session.ifPresent(s -> requireOpenId(
                s,
                "end_session",
                "RP-initiated logout sends the ID token as" + " id_token_hint; sign out (revocation) instead"));
        LogoutResult revoked = logout();
        if (session.isEmpty()) {
            return revoked.withEndSession(
                    new EndSession(EndSession.Outcome.NOTHING_TO_END, "there was no session to end at the provider"));
        }
        CallBudget budget = CallBudget.start(config.retryPolicy(), clock);
        ProviderMetadata metadata;
        try {
            metadata = metadata(budget);
        } catch (CallFailure failure) {
            return revoked.withEndSession(new EndSession(
                    EndSession.Outcome.FAILED,
                    "the provider's discovery failed, so its session was not ended: " + failure.getMessage()));
        }
        if (metadata.endSessionEndpoint().isEmpty()) {
            // SX1: a provider without the endpoint keeps its own session; said, never guessed at.
            return revoked.withEndSession(new EndSession(
                    EndSession.Outcome.NOT_OFFERED,
                    "the provider's discovery document has no end_session_endpoint: its own sign-in stays until it"
                            + " expires or you sign out on its pages"));
        }
        return revoked.withEndSession(
                endSessionInBrowser(session.get(), metadata.endSessionEndpoint().get(), method));
    }

    private EndSession endSessionInBrowser(Session session, URI endpoint, EndSessionMethod method) {
        Secret state = LoginSecrets.generate(random).state();
        try (LoopbackReceiver receiver =
                LoopbackReceiver.open(state, redirectChoice, LoopbackReceiver.LOGGED_OUT_PATH)) {
            pendingLogin = receiver; // cancelLogin() ends this wait too
            URI back = redirectChoice.uriFor(receiver.port(), LoopbackReceiver.LOGGED_OUT_PATH);
            // RP-Initiated Logout 1.0 §2: id_token_hint RECOMMENDED; client_id names us when the hint has expired.
            // SX7 (post, the default): a form POST keeps the ID token out of every address; SX9 (get): in the query.
            Map<String, String> fields = new LinkedHashMap<>();
            fields.put("id_token_hint", session.tokens().idToken().orElseThrow().reveal());
            fields.put("client_id", config.clientId());
            fields.put("post_logout_redirect_uri", back.toString());
            fields.put("state", state.reveal());
            URI url;
            if (method == EndSessionMethod.GET) {
                // SX9: the provider reads the query; SX10: this address holds the ID token, so it is only opened.
                url = AuthorizationRequest.withQuery(endpoint, fields); // the endpoint's own query is kept
            } else {
                // SX8: the browser opens a loopback page at an unguessable path, served once, that posts the form.
                String pagePath = LoopbackReceiver.END_SESSION_PAGE_PREFIX
                        + LoginSecrets.generate(random).state().reveal();
                receiver.serveOnce(pagePath, new EndSessionPage(endpoint, fields, back).toHttpResponse());
                url = redirectChoice.uriFor(receiver.port(), pagePath);
            }
            // The address (or the page behind it) carries the ID token: opened, never shown for copying (SX1).
            if (!browser.openCarryingToken(url)) {
                return new EndSession(
                        EndSession.Outcome.BROWSER_NOT_OPENED,
                        "no browser could be opened, so the"
                                + " provider's sign-in was not ended (the end-session "
                                + (method == EndSessionMethod.GET ? "address" : "page")
                                + " carries the ID token and is not shown); sign out on the provider's pages");
            }
            receiver.await(config.loopbackTimeout());
            receiver.respond(SignInPage.signedOut());
            return new EndSession(
                    EndSession.Outcome.CONFIRMED,
                    "the provider ended its session and sent the" + " browser back to " + back);
        } catch (TimeoutException e) {
            return new EndSession(
                    EndSession.Outcome.NOT_CONFIRMED,
                    "the browser did not come back from the provider"
                            + " within " + config.loopbackTimeout().toSeconds()
                            + " s: the logout was not confirmed there,"
                            + " or the provider does not send it back to this post-logout redirect URI (register"
                            + " http://" + redirectChoice.host().uriHost() + "/logged-out for this client"
                            + (redirectChoice.port() == 0
                                    ? "; a provider that matches it exactly, port included, such as"
                                            + " Spring Authorization Server, needs a fixed redirect port (--redirect-port) and http://"
                                            + redirectChoice.host().uriHost()
                                            + ":PORT/logged-out registered with that port"
                                    : "")
                            + (method == EndSessionMethod.POST
                                    ? "), or the provider ignores the form POST that RP-Initiated Logout requires it to"
                                            + " accept (the end-session method get sends the parameters in the"
                                            + " address instead, SX9)"
                                    : ")"));
        } catch (CancellationException e) {
            return new EndSession(EndSession.Outcome.FAILED, "ending the provider's session was cancelled");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new EndSession(EndSession.Outcome.FAILED, "ending the provider's session was interrupted");
        } catch (CallFailure.Configuration e) {
            return new EndSession(EndSession.Outcome.FAILED, e.getMessage());
        } finally {
            pendingLogin = null;
        }
    }

    /**
     * Asks the provider about the session's access token (RFC 7662, IN1): active or not, and its scope, client,
     * subject and expiry as the provider sees them. A read: retried like one; the session is unchanged either way.
     *
     * @throws CallFailure.Configuration the provider has no introspection_endpoint, or refused the client
     * @throws CallFailure.Reauthenticate not signed in
     */
    public Introspection introspect() {
        CallBudget budget = CallBudget.start(config.retryPolicy(), clock);
        Session session = requireSession();
        ProviderMetadata metadata = metadata(budget);
        URI endpoint = metadata.introspectionEndpoint()
                .orElseThrow(() -> Failures.configuration(
                        "the provider's discovery document has no introspection_endpoint: it does not offer token"
                                + " introspection (RFC 7662)"));
        ClientAuthentication.Method method = clientAuthMethod(metadata);
        Map<String, String> form = new LinkedHashMap<>();
        form.put("token", session.tokens().accessToken().reveal());
        form.put("token_type_hint", "access_token");
        // IN1: asking changes nothing at the provider: retried as a read. CA3: authenticated like the token endpoint.
        ProviderRequests.Answer answer =
                postAuthenticated(metadata, endpoint, form, method, false, Operation.READ, "introspection", budget);
        if (!answer.ok()) {
            throw ProviderRequests.errorFor(answer, "introspection", method);
        }
        JsonNode body = ProviderRequests.json(answer, "introspection");
        // RFC 7662 §2.2: "active" is REQUIRED and a boolean; without it the answer says nothing.
        if (!body.path("active").isBoolean()) {
            throw Failures.protocol("introspection", "the answer has no boolean 'active'");
        }
        boolean active = body.get("active").asBoolean();
        if (!active) {
            return new Introspection(
                    false, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
        }
        Optional<Instant> exp = body.path("exp").canConvertToLong()
                ? Optional.of(Instant.ofEpochSecond(body.get("exp").asLong()))
                : Optional.empty();
        return new Introspection(
                true, text(body, "scope"), text(body, "client_id"), text(body, "sub"), exp, text(body, "token_type"));
    }

    /**
     * The issuer's signing keys for the token inspector (SX4): discovery, then its {@code jwks_uri}, both as retried
     * reads; the keys carry where they came from and when. Nothing of the session is used or changed.
     *
     * @throws CallFailure.Protocol the key set is not a JWKS or has no usable key
     */
    public TokenInspection.Keys providerKeys() {
        CallBudget budget = CallBudget.start(config.retryPolicy(), clock);
        ProviderMetadata metadata = metadata(budget);
        ProviderRequests.Answer answer = requests.get(metadata.jwksUri(), "jwks", budget);
        if (!answer.ok()) {
            throw Failures.protocol("jwks", "the provider answered " + answer.status() + " for its key set");
        }
        String provenance = "the JWKS at " + metadata.jwksUri() + " (named by "
                + config.issuer().value() + "'s discovery), fetched at " + clock.instant();
        try {
            TokenInspection.Keys keys = TokenInspection.Keys.parse(answer.body(), provenance);
            return new TokenInspection.Keys(keys.keys(), provenance, metadata.idTokenSigningAlgValuesSupported());
        } catch (IllegalArgumentException e) {
            throw Failures.protocol("jwks", "the key set at " + metadata.jwksUri() + " " + e.getMessage());
        }
    }

    private static Optional<String> text(JsonNode body, String field) {
        JsonNode node = body.get(field);
        return node != null && node.isTextual() ? Optional.of(node.asText()) : Optional.empty();
    }

    // ---------------------------------------------------------------- observation

    /** The current state. */
    public SessionState state() {
        return state;
    }

    /** The stored session, if any. */
    public Optional<Session> session() {
        return store.load();
    }

    /** Receives every state change, on the thread that caused it. */
    public void addStateListener(Consumer<SessionState> listener) {
        stateListeners.add(Objects.requireNonNull(listener));
    }

    public void removeStateListener(Consumer<SessionState> listener) {
        stateListeners.remove(listener);
    }

    /** Receives the retry engine's attempt events of every request this client sends (the timeline). */
    public void addAttemptListener(AttemptListener listener) {
        attemptListeners.add(Objects.requireNonNull(listener));
    }

    public void removeAttemptListener(AttemptListener listener) {
        attemptListeners.remove(listener);
    }

    /** The settings. */
    public OAuthConfig config() {
        return config;
    }

    Clock clock() {
        return clock;
    }

    /** When the provider's key set that verified the ID token was fetched (OP3), if it was. */
    public Optional<java.time.Instant> jwksFetchedAt() {
        return jwks.fetchedAt();
    }

    /** The per-origin pauses this client keeps (P1–P4). */
    public OriginPauses pauses() {
        return pauses;
    }

    /** An OkHttp interceptor for the application's own API calls (A1–A3, P7). */
    public Interceptor authenticatingInterceptor() {
        return new AuthenticatedInterceptor(this, requests);
    }

    // ---------------------------------------------------------------- steps

    private URI push(AuthorizationRequest request, ProviderMetadata metadata, CallBudget budget) {
        URI endpoint = metadata.pushedAuthorizationRequestEndpoint().orElseThrow();
        // CA3: RFC 9126 §2: the pushed request carries the same client authentication as the token endpoint.
        ClientAuthentication.Method method = clientAuthMethod(metadata);
        ProviderRequests.Answer answer = postAuthenticated(
                metadata,
                endpoint,
                new LinkedHashMap<>(request.parameters()),
                method,
                true,
                Operation.PAR,
                "par",
                budget);
        // RFC 9126 §2.2: success is 201 Created (200 accepted from lenient providers).
        if (!answer.ok()) {
            throw ProviderRequests.errorFor(answer, "par", method);
        }
        JsonNode body = ProviderRequests.json(answer, "par");
        String requestUri = body.path("request_uri").asText("");
        if (requestUri.isEmpty()) {
            throw Failures.protocol("par", "the pushed request answer has no request_uri");
        }
        return request.browserUrlForPushed(metadata.authorizationEndpoint(), requestUri);
    }

    private AuthorizationRedirect awaitBrowser(LoopbackReceiver receiver, URI url, CallBudget budget) {
        // OP2: the user's time in the browser is not counted; failed-request counts carry on.
        CallBudget.OffBudget off = budget.offBudget();
        try {
            boolean opened = browser.open(url);
            publish(new SessionState.SigningIn(url, opened));
            return receiver.await(config.loopbackTimeout());
        } catch (TimeoutException e) {
            // In the words the wait was given in: a wait of seconds is not "within 0 min".
            throw Failures.reauthenticate("no sign-in came back from the browser within "
                    + DurationText.words(config.loopbackTimeout()) + "; sign in again");
        } catch (CancellationException e) {
            throw Failures.reauthenticate("the sign-in was cancelled");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Failures.reauthenticate("the sign-in was interrupted");
        } finally {
            off.close();
        }
    }

    private Session exchange(
            AuthorizationRedirect redirect,
            LoginSecrets secrets,
            URI redirectUri,
            ProviderMetadata metadata,
            CallBudget budget) {
        Secret code = AuthorizationResponseCheck.codeFrom(redirect, metadata);
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "authorization_code");
        form.put("code", code.reveal());
        form.put("redirect_uri", redirectUri.toString());
        form.put("code_verifier", secrets.pkce().verifier().reveal());
        // P3: sent exactly once and never refused by a pause (Operation.CODE_EXCHANGE). CA3: authenticated.
        ClientAuthentication.Method method = clientAuthMethod(metadata);
        ProviderRequests.Answer answer = postAuthenticated(
                metadata, metadata.tokenEndpoint(), form, method, false, Operation.CODE_EXCHANGE, "token", budget);
        if (!answer.ok()) {
            throw ProviderRequests.errorFor(answer, "token", method);
        }
        TokenSet tokens = TokenResponse.read(
                ProviderRequests.json(answer, "token"), "token", clock.instant(), config.dpop(), Optional.empty());
        // TX2: a token bound to another certificate could never be used; nothing is stored.
        CertificateBinding.check(
                tokens.accessToken(), config.clientAuthentication().certificate(), "token");
        // DV9: an ID token verified when openid was asked (or one came unasked); none expected without it.
        Optional<IdTokenClaims> claims =
                verifiedClaims(tokens, Optional.of(secrets.nonce()), metadata, budget, "token");
        Session session = new Session(tokens, claims, binding());
        store.save(session);
        publish(new SessionState.SignedIn(session));
        return session;
    }

    /** The stored tokens, refreshed first when the access token has expired (A2, F4). */
    TokenSet currentTokens(CallBudget budget) {
        Session session = requireSession();
        Optional<Instant> expiresAt = session.tokens().expiresAt();
        boolean expired = expiresAt.isPresent()
                && !clock.instant().isBefore(expiresAt.get().minus(config.accessTokenMargin()));
        if (!expired) {
            return session.tokens();
        }
        return refreshShared(session.tokens().accessToken(), budget).tokens();
    }

    /** A refresh after the resource server refused {@code rejected} (A3); skipped when another caller already did. */
    TokenSet refreshAfterRejection(Secret rejected) {
        return refreshShared(rejected, CallBudget.start(config.retryPolicy(), clock))
                .tokens();
    }

    /**
     * F4: one refresh at a time per client; callers that come while it runs share its outcome, and a caller whose
     * stale token was already replaced gets the new session without a request.
     */
    private Session refreshShared(Secret staleAccessToken, CallBudget budget) {
        CompletableFuture<Session> flight;
        boolean leader = false;
        synchronized (refreshLock) {
            if (refreshInFlight == null) {
                refreshInFlight = new CompletableFuture<>();
                leader = true;
            }
            flight = refreshInFlight;
        }
        if (leader) {
            try {
                flight.complete(refreshOnce(staleAccessToken, budget));
            } catch (RuntimeException e) {
                flight.completeExceptionally(e);
            } finally {
                synchronized (refreshLock) {
                    refreshInFlight = null;
                }
            }
        }
        try {
            return flight.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof CallFailure failure) {
                throw failure;
            }
            throw e;
        }
    }

    private Session refreshOnce(Secret staleAccessToken, CallBudget budget) {
        Session current = requireSession();
        // F4: someone refreshed while this caller waited: the stored token is already new.
        if (!current.tokens().accessToken().equals(staleAccessToken)) {
            return current;
        }
        // E1: without a refresh token the grant cannot be renewed: it is gone, so the session goes with it.
        if (current.tokens().refreshToken().isEmpty()) {
            store.clear();
            throw failed(Failures.reauthenticate("the session has no refresh token; sign in again"), Optional.empty());
        }
        // SX3: a refresh token known to have expired could only be refused (invalid_grant): the grant is gone (F3).
        if (current.tokens().refreshTokenExpired(clock.instant())) {
            store.clear();
            throw failed(
                    Failures.reauthenticate("the refresh token expired at "
                            + current.tokens().refreshExpiresAt().orElseThrow() + "; sign in again"),
                    Optional.empty());
        }
        Secret refreshToken = current.tokens().refreshToken().get();
        publish(new SessionState.Refreshing(current));
        try {
            ProviderMetadata metadata = metadata(budget);
            Map<String, String> form = new LinkedHashMap<>();
            form.put("grant_type", "refresh_token");
            form.put("refresh_token", refreshToken.reveal());
            // F1, F2: the engine resends a refresh only when it certainly was not processed. CA3: authenticated.
            ClientAuthentication.Method method = clientAuthMethod(metadata);
            ProviderRequests.Answer answer = postAuthenticated(
                    metadata, metadata.tokenEndpoint(), form, method, false, Operation.REFRESH, "refresh", budget);
            if (!answer.ok()) {
                CallFailure failure = ProviderRequests.errorFor(answer, "refresh", method);
                // F3: invalid_grant means the grant is gone: clear the session, the user signs in again.
                if (failure instanceof CallFailure.Reauthenticate) {
                    store.clear();
                }
                throw failure;
            }
            JsonNode body = ProviderRequests.json(answer, "refresh");
            TokenSet tokens =
                    TokenResponse.read(body, "refresh", clock.instant(), config.dpop(), Optional.of(current.tokens()));
            CertificateBinding.check(
                    tokens.accessToken(), config.clientAuthentication().certificate(), "refresh");
            Optional<IdTokenClaims> claims = current.claims();
            if (claims.isEmpty()) {
                // DV9: an OAuth 2.0-only session stays one: an ID token it never asked for is not kept.
                tokens = tokens.withoutIdToken();
            } else if (TokenResponse.hasIdToken(body)) {
                // OIDC Core §12.2: a refreshed ID token must be about the same user and the same sign-in.
                claims = Optional.of(validator(metadata, budget)
                        .validateRefreshed(
                                tokens.idToken().orElseThrow(), claims.get(), Optional.of(tokens.accessToken())));
            }
            Session session = new Session(tokens, claims, binding());
            store.save(session);
            publish(new SessionState.SignedIn(session));
            return session;
        } catch (CallFailure failure) {
            // E5: anything but Reauthenticate leaves the stored grant as it was.
            throw failed(failure, store.load());
        }
    }

    /** CA1: the configured method checked against (or, for auto, chosen from) the provider's advertised ones. */
    private ClientAuthentication.Method clientAuthMethod(ProviderMetadata metadata) {
        ClientAuthentication.Method method =
                config.clientAuthentication().resolve(metadata.tokenEndpointAuthMethodsSupported());
        if (method == ClientAuthentication.Method.PRIVATE_KEY_JWT) {
            // CA5: a key the provider cannot verify is refused here, before the browser opens, not by the provider.
            config.clientAuthentication()
                    .key()
                    .orElseThrow()
                    .algorithm(metadata.tokenEndpointAuthSigningAlgValuesSupported());
        }
        return method;
    }

    /** CA3: a token-side POST with the client's authentication; {@code keepClientId} for PAR (RFC 9126 §2.1). */
    private ProviderRequests.Answer postAuthenticated(
            ProviderMetadata metadata,
            URI endpoint,
            Map<String, String> form,
            ClientAuthentication.Method method,
            boolean keepClientId,
            Operation operation,
            String step,
            CallBudget budget) {
        Optional<String> authorization =
                config.clientAuthentication().apply(method, config.clientId(), form, keepClientId);
        return requests.postForm(
                endpoint, form, clientAssertion(metadata, method), authorization, operation, step, budget);
    }

    /**
     * CA5, CA6: for private_key_jwt, a new assertion for every attempt (its jti is accepted once), signed with the
     * algorithm chosen from the provider's list and addressed to its token endpoint; no fields for other methods.
     */
    private java.util.function.Supplier<Map<String, String>> clientAssertion(
            ProviderMetadata metadata, ClientAuthentication.Method method) {
        if (method != ClientAuthentication.Method.PRIVATE_KEY_JWT) {
            return Map::of;
        }
        ClientAssertionKey key = config.clientAuthentication().key().orElseThrow();
        com.nimbusds.jose.JWSAlgorithm alg = key.algorithm(metadata.tokenEndpointAuthSigningAlgValuesSupported());
        return () -> Map.of(
                "client_assertion",
                key.assertion(config.clientId(), metadata.tokenEndpoint(), alg, clock, random)
                        .reveal());
    }

    /**
     * DV4, DV9: the verified claims of the answer's ID token; required when the scopes asked for openid, and verified
     * too when a provider sent one unasked. Empty for an OAuth 2.0-only session.
     */
    private Optional<IdTokenClaims> verifiedClaims(
            TokenSet tokens, Optional<Secret> nonce, ProviderMetadata metadata, CallBudget budget, String step) {
        if (tokens.idToken().isEmpty()) {
            if (config.openId()) {
                throw Failures.protocol(
                        step,
                        "the token response has no id_token although the scopes '" + config.scope()
                                + "' hold 'openid'");
            }
            return Optional.empty();
        }
        return Optional.of(
                validator(metadata, budget).validate(tokens.idToken().get(), nonce, Optional.of(tokens.accessToken())));
    }

    /** DV10: what needs OpenID Connect refuses an OAuth 2.0-only session, saying why and what to do instead. */
    private static void requireOpenId(Session session, String step, String why) {
        if (!session.openId()) {
            throw Failures.configuration(step + ": this session is OAuth 2.0 only (the scopes had no openid, so it has"
                    + " no ID token), and " + why + ". Add openid to the scopes and sign in again for OpenID Connect");
        }
    }

    private IdTokenValidator validator(ProviderMetadata metadata, CallBudget budget) {
        KeySource keys = jwks.sourceWithAge(() -> {
            ProviderRequests.Answer answer = requests.get(metadata.jwksUri(), "jwks", budget);
            if (!answer.ok()) {
                throw Failures.protocol("jwks", "the provider answered " + answer.status() + " for its key set");
            }
            // OP6: the provider's Cache-Control sets how long these keys are trusted.
            return new JwksCache.Fetched(answer.body(), answer.cacheControl());
        });
        return new IdTokenValidator(
                config.issuer(),
                config.clientId(),
                metadata.idTokenSigningAlgValuesSupported(),
                keys,
                clock,
                config.idTokenSkew());
    }

    private Session requireSession() {
        return store.load()
                .orElseThrow(() -> failed(
                        Failures.reauthenticate(store.refusal().orElse("not signed in; sign in first")),
                        Optional.empty()));
    }

    /** What a session this client signs in to is bound to: its configured issuer and client id. */
    private SessionBinding binding() {
        return new SessionBinding(config.issuer().value(), config.clientId());
    }

    static boolean isInvalidToken(Optional<String> wwwAuthenticate) {
        return wwwAuthenticate.map(h -> h.contains("invalid_token")).orElse(false);
    }

    /** Publishes the failure as the state (paused when a pause runs, P9) and returns it for throwing. */
    private CallFailure failed(CallFailure failure, Optional<Session> kept) {
        if (failure instanceof CallFailure.Recoverable recoverable) {
            Optional<Instant> until = pauses.pausedUntil(recoverable.origin());
            if (until.isPresent() && recoverable.reason() instanceof CallFailure.Server server) {
                publish(new SessionState.Paused(recoverable.origin(), until.get(), server.status(), kept));
                return failure;
            }
        }
        boolean retryNow = failure instanceof CallFailure.Recoverable || failure instanceof CallFailure.Protocol;
        publish(new SessionState.Failed(failure, retryNow, kept));
        return failure;
    }

    /**
     * The provider's metadata as this client uses it: with a client certificate, the discovery document's
     * {@code mtls_endpoint_aliases} in place of the usual endpoints (TX5, RFC 8705 §5).
     */
    private ProviderMetadata metadata(CallBudget budget) {
        ProviderMetadata metadata = discovery.metadata(config.issuer(), budget);
        return config.clientAuthentication().certificate().isPresent() ? metadata.withMutualTlsAliases() : metadata;
    }

    private void publish(SessionState next) {
        state = next;
        stateListeners.forEach(listener -> listener.accept(next));
    }

    /** Collects the client's collaborators; everything but the settings has a production default. */
    public static final class Builder {
        private final OAuthConfig config;
        private OkHttpClient httpClient = new OkHttpClient();
        private Clock clock = Clock.systemUTC();
        private Sleeper sleeper = Sleeper.SYSTEM;
        private SecureRandom random = new SecureRandom();
        private DoubleSupplier jitter = () -> ThreadLocalRandom.current().nextDouble();
        private OriginPauses pauses;
        private BrowserLauncher browser = new SystemBrowserLauncher();
        private AuthorizationParameters authorizationParameters;
        private RedirectChoice redirectChoice;
        private SessionStore store;
        private java.time.Duration jwksCooldown = JwksCache.DEFAULT_COOLDOWN;

        private Builder(OAuthConfig config) {
            this.config = Objects.requireNonNull(config, "config");
            // The settings' own choices, which the command line and the app make alike; a test may replace them.
            this.authorizationParameters = config.authorizationParameters();
            this.redirectChoice = config.redirectChoice();
            this.store = config.sessionFile()
                    .<SessionStore>map(FileSessionStore::new)
                    .orElseGet(InMemorySessionStore::new);
        }

        /** The HTTP client; its timeouts bound each attempt (B2). */
        public Builder httpClient(OkHttpClient value) {
            httpClient = Objects.requireNonNull(value);
            return this;
        }

        /** The wall clock of budgets, pauses, token expiry and DPoP iat (P6). */
        public Builder clock(Clock value) {
            clock = Objects.requireNonNull(value);
            return this;
        }

        public Builder sleeper(Sleeper value) {
            sleeper = Objects.requireNonNull(value);
            return this;
        }

        /** The source of state, nonce, PKCE verifier, DPoP key and jti. */
        public Builder secureRandom(SecureRandom value) {
            random = Objects.requireNonNull(value);
            return this;
        }

        /** Numbers in [0, 1) for backoff jitter (B3). */
        public Builder jitter(DoubleSupplier value) {
            jitter = Objects.requireNonNull(value);
            return this;
        }

        /** The process's pauses, shared with other clients (P2, P4); must run on the same clock. */
        public Builder pauses(OriginPauses value) {
            pauses = Objects.requireNonNull(value);
            return this;
        }

        /** Extra parameters of the authorization request (AR1): prompt, max_age, audience, resource... */
        public Builder authorizationParameters(AuthorizationParameters value) {
            authorizationParameters = Objects.requireNonNull(value);
            return this;
        }

        /** The redirect URI's host name and port (AR2); by default 127.0.0.1 on an ephemeral port. */
        public Builder redirectChoice(RedirectChoice value) {
            redirectChoice = Objects.requireNonNull(value);
            return this;
        }

        public Builder browser(BrowserLauncher value) {
            browser = Objects.requireNonNull(value);
            return this;
        }

        /** In memory by default; {@link FileSessionStore} when the user chose to stay signed in. */
        public Builder sessionStore(SessionStore value) {
            store = Objects.requireNonNull(value);
            return this;
        }

        public Builder jwksCooldown(java.time.Duration value) {
            jwksCooldown = Objects.requireNonNull(value);
            return this;
        }

        public OAuthClient build() {
            return new OAuthClient(this);
        }
    }
}
