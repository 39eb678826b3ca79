package dev.stormwatch.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The admin endpoint {@code /admin/faults}: {@code POST} a JSON object (or array) of fault fields ({@link FaultSpec}),
 * {@code GET} the pending faults, {@code DELETE} to clear them. Loopback only, like the server.
 */
public final class FaultAdmin implements Handler {

    /** Where every embedded server serves it. */
    public static final String PATH = "/admin/faults";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final FaultPlan plan;

    public FaultAdmin(FaultPlan plan) {
        this.plan = plan;
    }

    @Override
    public Response handle(Request request) {
        switch (request.method()) {
            case "GET":
                return listing(200);
            case "DELETE":
                plan.clear();
                return listing(200);
            case "POST":
                return post(request);
            default:
                return error(405, "use GET, POST or DELETE").withHeader("Allow", "GET, POST, DELETE");
        }
    }

    private Response post(Request request) {
        if (!request.hasContentType("application/json")) {
            return error(415, "send the fault as application/json");
        }
        JsonNode root;
        try {
            root = JSON.readTree(request.body());
        } catch (IOException e) {
            return error(400, "the body is not JSON");
        }
        if (root == null || !(root.isObject() || root.isArray())) {
            return error(400, "send a JSON object, or an array of them");
        }
        List<PlannedFault> parsed = new ArrayList<>();
        try {
            for (JsonNode node : root.isArray() ? root : List.of(root)) {
                Map<String, String> fields = new LinkedHashMap<>();
                node.properties()
                        .forEach(e -> fields.put(e.getKey(), e.getValue().asText()));
                parsed.add(FaultSpec.parseFields(fields));
            }
        } catch (InvalidFaultSpec e) {
            return error(400, e.getMessage());
        }
        parsed.forEach(p -> plan.inject(p.endpoint(), p.fault(), p.remaining()));
        return listing(201);
    }

    private Response listing(int status) {
        return Response.json(
                status,
                Map.of(
                        "pending",
                        plan.pending().stream().map(FaultSpec::describe).toList()));
    }

    private static Response error(int status, String description) {
        return Response.json(status, Map.of("error", "invalid_request", "error_description", description));
    }
}
