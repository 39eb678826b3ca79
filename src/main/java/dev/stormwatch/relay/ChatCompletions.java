package dev.stormwatch.relay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulated model: {@code GET /v1/models} and {@code POST /v1/chat/completions} in the OpenAI-compatible shape,
 * answering a short deterministic reply with token usage.
 */
final class ChatCompletions {

    static final List<String> MODELS = List.of("storm-mini", "storm-large");

    private static final ObjectMapper JSON = new ObjectMapper();

    private final byte[] modelList;

    ChatCompletions(Instant created) {
        List<Map<String, Object>> data = MODELS.stream()
                .map(id -> Map.<String, Object>of(
                        "id", id, "object", "model", "created", created.getEpochSecond(), "owned_by", "stormwatch"))
                .toList();
        try {
            this.modelList = JSON.writeValueAsBytes(Map.of("object", "list", "data", data));
        } catch (IOException e) {
            throw new IllegalStateException("a fixed list is always JSON", e);
        }
    }

    /** The model list; written once, since it never changes. */
    Response models() {
        return Response.json(200, modelList);
    }

    /** A completion for a valid request, or the 4xx that says what is wrong with it. */
    Response complete(Request request, long sequence, Instant now) {
        if (!request.hasContentType("application/json")) {
            return ApiError.response(
                    415, "invalid_request_error", "unsupported_media_type", "send the request as application/json");
        }
        JsonNode body;
        try {
            body = JSON.readTree(request.body());
        } catch (IOException e) {
            return ApiError.response(400, "invalid_request_error", "invalid_json", "the body is not valid JSON");
        }
        if (body == null || !body.isObject()) {
            return ApiError.response(400, "invalid_request_error", "invalid_json", "the body must be a JSON object");
        }
        String model = body.path("model").asText("");
        if (model.isEmpty()) {
            return ApiError.response(400, "invalid_request_error", "missing_model", "'model' is required");
        }
        if (!MODELS.contains(model)) {
            return ApiError.response(
                    404,
                    "invalid_request_error",
                    "model_not_found",
                    "unknown model '" + model + "'; use one of " + MODELS);
        }
        JsonNode messages = body.path("messages");
        if (!messages.isArray() || messages.isEmpty()) {
            return ApiError.response(
                    400, "invalid_request_error", "missing_messages", "'messages' must be a non-empty array");
        }
        int promptTokens = 0;
        for (JsonNode message : messages) {
            promptTokens += Math.max(1, message.path("content").asText("").length() / 4);
        }
        String reply = "This is a simulated reply from " + model + ".";
        int completionTokens = reply.length() / 4;
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("id", "chatcmpl-" + sequence);
        result.put("object", "chat.completion");
        result.put("created", now.getEpochSecond());
        result.put("model", model);
        result.put(
                "choices",
                List.of(Map.of(
                        "index",
                        0,
                        "message",
                        Map.of("role", "assistant", "content", reply),
                        "finish_reason",
                        "stop")));
        result.put(
                "usage",
                Map.of(
                        "prompt_tokens",
                        promptTokens,
                        "completion_tokens",
                        completionTokens,
                        "total_tokens",
                        promptTokens + completionTokens));
        return Response.json(200, result);
    }
}
