package dev.stormwatch.relay;

import dev.stormwatch.server.Response;
import java.util.LinkedHashMap;
import java.util.Map;

/** An error in the OpenAI-compatible shape {@code {"error": {"message", "type", "code"}}} that clients expect. */
final class ApiError {

    private ApiError() {}

    static Response response(int status, String type, String code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("message", message);
        error.put("type", type);
        error.put("param", null);
        error.put("code", code);
        return Response.json(status, Map.of("error", error));
    }
}
