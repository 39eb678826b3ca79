package dev.stormwatch.relay;

import dev.stormwatch.server.Handler;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code GET /admin/requests?since=SEQ}: the relay's request record as JSON, with totals per outcome. */
final class RequestAdmin implements Handler {

    private final RequestLog log;

    RequestAdmin(RequestLog log) {
        this.log = log;
    }

    @Override
    public Response handle(Request request) {
        if (!request.method().equals("GET")) {
            return Response.json(405, Map.of("error", "invalid_request", "error_description", "use GET"));
        }
        long since;
        try {
            since = Long.parseLong(request.queryParameters()
                    .getOrDefault("since", List.of("0"))
                    .get(0));
        } catch (NumberFormatException e) {
            return Response.json(400, Map.of("error", "invalid_request", "error_description", "since is a number"));
        }
        List<Map<String, Object>> records = log.since(since).stream()
                .map(r -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("sequence", r.sequence());
                    m.put("at", r.at().toString());
                    m.put("principal", r.principal());
                    m.put("endpoint", r.endpoint());
                    m.put("outcome", r.outcome().name());
                    m.put("status", r.status());
                    m.put("latency_ms", r.latency().toNanos() / 1e6);
                    return m;
                })
                .toList();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("next", log.nextSequence());
        body.put("totals", log.totals());
        body.put("records", records);
        return Response.json(200, body);
    }
}
