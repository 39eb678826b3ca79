package dev.stormwatch.provider;

import dev.stormwatch.base.HtmlPage;
import dev.stormwatch.server.FormBody;
import dev.stormwatch.server.Handler;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The authorization endpoint (RFC 6749 §3.1, §4.1.1): {@code GET} shows a sign-in page (choose a demo user, consent),
 * its form {@code POST}s back here, and the answer redirects with {@code code}, {@code state} and {@code iss}
 * (RFC 9207). Also accepts a {@code request_uri} from PAR (RFC 9126 §4).
 */
final class AuthorizationEndpoint implements Handler {

    /** How long the sign-in page stays valid; a person reads and clicks. */
    private static final Duration INTERACTION_TTL = Duration.ofMinutes(10);

    private final ProviderState state;

    AuthorizationEndpoint(ProviderState state) {
        this.state = state;
    }

    @Override
    public Response handle(Request request) {
        if (request.method().equals("GET")) {
            return show(request.queryParameters());
        }
        if (request.method().equals("POST")) {
            return complete(request);
        }
        return Html.error(405, "use GET to start a sign-in").withHeader("Allow", "GET, POST");
    }

    private Response show(Map<String, List<String>> params) {
        Optional<String> requestUri = AuthorizationCheck.single(params, "request_uri");
        if (requestUri.isPresent()) {
            return showPushed(requestUri.get(), AuthorizationCheck.single(params, "client_id"));
        }
        AuthorizationCheck.Result result = AuthorizationCheck.check(params, state.clients());
        if (result instanceof AuthorizationCheck.Result.UntrustedRedirect untrusted) {
            return Html.error(400, untrusted.description());
        }
        if (result instanceof AuthorizationCheck.Result.RedirectedError error) {
            return redirect(
                    error.redirectUri(),
                    error.state(),
                    Map.of("error", error.error(), "error_description", error.description()));
        }
        return signInPage(((AuthorizationCheck.Result.Valid) result).request());
    }

    private Response showPushed(String requestUri, Optional<String> clientId) {
        // Peek first: a request with the wrong client_id must not use up the legitimate client's request_uri.
        Optional<AuthorizationRequest> pushed = state.pushedRequests().peek(requestUri);
        if (pushed.isEmpty()) {
            // RFC 9126 §4: the request_uri is single use and short-lived; the redirect URI it held is unknown here.
            return Html.error(400, "request_uri is unknown, already used or expired; push the request again");
        }
        if (clientId.isEmpty() || !clientId.get().equals(pushed.get().clientId())) {
            return Html.error(400, "client_id must be sent with request_uri and match the pushed request");
        }
        // RFC 9126 §4: single use; of two requests that both passed the check, only the first take wins.
        if (state.pushedRequests().take(requestUri).isEmpty()) {
            return Html.error(400, "request_uri is unknown, already used or expired; push the request again");
        }
        return signInPage(pushed.get());
    }

    private Response signInPage(AuthorizationRequest authorization) {
        String interaction = state.mint().opaque();
        state.interactions()
                .put(interaction, authorization, state.clock().instant().plus(INTERACTION_TTL));
        StringBuilder body = new StringBuilder();
        body.append("<p><b>")
                .append(HtmlPage.escape(authorization.clientId()))
                .append("</b> asks to sign you in (scope: ")
                .append(HtmlPage.escape(authorization.scope()))
                .append(").</p><form method=\"post\" action=\"")
                .append(ProviderState.AUTHORIZE)
                .append("\">")
                .append("<input type=\"hidden\" name=\"interaction\" value=\"")
                .append(interaction)
                .append("\">");
        Html.userChoiceAndDecision(body, state.config().users());
        return Html.page(200, "Sign in to the Stormwatch demo provider", body.toString());
    }

    private Response complete(Request request) {
        if (!request.hasContentType("application/x-www-form-urlencoded")) {
            return Html.error(415, "the sign-in form is posted as application/x-www-form-urlencoded");
        }
        Map<String, List<String>> form = FormBody.parse(request.bodyText());
        Optional<String> interaction = AuthorizationCheck.single(form, "interaction");
        Optional<AuthorizationRequest> pending =
                interaction.flatMap(id -> state.interactions().peek(id));
        if (pending.isEmpty()) {
            return Html.error(400, "this sign-in expired or was already completed; start again from the app");
        }
        AuthorizationRequest authorization = pending.get();
        String decision = AuthorizationCheck.single(form, "decision").orElse("");
        if (decision.equals("deny")) {
            state.interactions().take(interaction.get());
            return redirect(
                    authorization.redirectUri(),
                    authorization.state(),
                    Map.of("error", "access_denied", "error_description", "the user denied the request"));
        }
        Optional<DemoUser> user = AuthorizationCheck.single(form, "user")
                .flatMap(subject -> state.config().users().stream()
                        .filter(u -> u.subject().equals(subject))
                        .findFirst());
        if (!decision.equals("allow") || user.isEmpty()) {
            return Html.error(400, "choose a demo user and press Allow or Deny");
        }
        if (state.interactions().take(interaction.get()).isEmpty()) {
            return Html.error(400, "this sign-in was already completed; start again from the app");
        }
        String code = state.mint().opaque();
        state.codes()
                .issue(
                        code,
                        authorization,
                        user.get(),
                        state.clock().instant().plus(state.config().codeTtl()));
        return redirect(authorization.redirectUri(), authorization.state(), Map.of("code", code));
    }

    /** Adds {@code params}, {@code state} and {@code iss} (RFC 9207 §2) to the client's redirect URI. */
    private Response redirect(String redirectUri, Optional<String> clientState, Map<String, String> params) {
        Map<String, String> all = new LinkedHashMap<>(params);
        clientState.ifPresent(s -> all.put("state", s));
        all.put("iss", state.issuer());
        StringBuilder location = new StringBuilder(redirectUri);
        char separator = redirectUri.contains("?") ? '&' : '?';
        for (Map.Entry<String, String> p : all.entrySet()) {
            location.append(separator).append(encode(p.getKey())).append('=').append(encode(p.getValue()));
            separator = '&';
        }
        return Response.redirect(URI.create(location.toString())).withHeader("Cache-Control", "no-store");
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
