package dev.stormwatch.provider;

import dev.stormwatch.server.Handler;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The device authorization endpoint (RFC 8628 §3.1, §3.2, DV7): an authenticated client asks for a device code and a
 * user code for the person to type on the verification page ({@link DeviceVerificationPage}).
 */
final class DeviceAuthorizationEndpoint implements Handler {

    private final ProviderState state;

    DeviceAuthorizationEndpoint(ProviderState state) {
        this.state = state;
    }

    @Override
    public Response handle(Request request) {
        return PostedForm.answer(request, state.clients(), state.assertions(), this::handle);
    }

    private Response handle(PostedForm form) {
        String scope = form.field("scope").orElse("openid");
        DeviceCodes.Issued issued =
                state.devices().issue(state.mint().opaque(), form.client().clientId(), scope);
        String page = state.endpoint(ProviderState.DEVICE).toString();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("device_code", issued.deviceCode());
        body.put("user_code", issued.userCode());
        body.put("verification_uri", page);
        body.put(
                "verification_uri_complete",
                page + "?user_code=" + URLEncoder.encode(issued.userCode(), StandardCharsets.UTF_8));
        body.put("expires_in", DeviceCodes.LIFETIME.toSeconds());
        body.put("interval", DeviceCodes.INTERVAL.toSeconds());
        return Response.json(200, body).withHeader("Cache-Control", "no-store");
    }
}
