package dev.stormwatch.provider;

import dev.stormwatch.base.HtmlPage;
import dev.stormwatch.server.FormBody;
import dev.stormwatch.server.Handler;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The device grant's verification page (RFC 8628 §3.3, DV7): {@code GET} shows a form for the user code (filled in
 * from {@code verification_uri_complete}'s {@code user_code}), the demo users and Allow/Deny, as the authorization
 * page does; its {@code POST} records the person's decision, which the device's next poll receives.
 */
final class DeviceVerificationPage implements Handler {

    private static final String TITLE = "Sign in a device to the Stormwatch demo provider";

    private final ProviderState state;

    DeviceVerificationPage(ProviderState state) {
        this.state = state;
    }

    @Override
    public Response handle(Request request) {
        if (request.method().equals("GET")) {
            String typed = AuthorizationCheck.single(request.queryParameters(), "user_code")
                    .orElse("");
            return form(typed);
        }
        if (request.method().equals("POST")) {
            return decide(request);
        }
        return Html.error(405, "use GET to open the device sign-in").withHeader("Allow", "GET, POST");
    }

    private Response form(String typed) {
        StringBuilder body = new StringBuilder();
        body.append(
                        "<p>Type the code your device shows, choose who signs in, and press Allow.</p><form method=\"post\"")
                .append(" action=\"")
                .append(ProviderState.DEVICE)
                .append("\"><p><label>Code <input name=\"user_code\" autocomplete=\"off\" value=\"")
                .append(HtmlPage.escape(typed))
                .append("\"></label></p>");
        Html.userChoiceAndDecision(body, state.config().users());
        return Html.page(200, TITLE, body.toString());
    }

    private Response decide(Request request) {
        if (!request.hasContentType("application/x-www-form-urlencoded")) {
            return Html.error(415, "the device form is posted as application/x-www-form-urlencoded");
        }
        Map<String, List<String>> form = FormBody.parse(request.bodyText());
        String typed = AuthorizationCheck.single(form, "user_code").orElse("");
        String decision = AuthorizationCheck.single(form, "decision").orElse("");
        if (!state.devices().waiting(typed)) {
            return Html.error(400, "the code is unknown, expired or already used; check the code your device shows");
        }
        if (decision.equals("deny")) {
            state.devices().decide(typed, DeviceCodes.Decision.DENIED, Optional.empty());
            return Html.page(200, TITLE, "<p id=\"done\">Refused. Your device will say so.</p>");
        }
        Optional<DemoUser> user = AuthorizationCheck.single(form, "user")
                .flatMap(subject -> state.config().users().stream()
                        .filter(u -> u.subject().equals(subject))
                        .findFirst());
        if (!decision.equals("allow") || user.isEmpty()) {
            return Html.error(400, "choose a demo user and press Allow or Deny");
        }
        if (!state.devices().decide(typed, DeviceCodes.Decision.APPROVED, user)) {
            return Html.error(400, "the code is unknown, expired or already used; check the code your device shows");
        }
        return Html.page(200, TITLE, "<p id=\"done\">Signed in. You may go back to your device.</p>");
    }
}
