package dev.stormwatch.server;

/** Wraps an endpoint's handler so that the faults planned for its path apply before it runs. */
public final class FaultingHandler implements Handler {

    private final String endpoint;
    private final FaultPlan plan;
    private final FaultResponder responder;
    private final Handler real;

    public FaultingHandler(String endpoint, FaultPlan plan, FaultResponder responder, Handler real) {
        this.endpoint = endpoint;
        this.plan = plan;
        this.responder = responder;
        this.real = real;
    }

    @Override
    public Response handle(Request request) {
        return plan.take(endpoint)
                .map(fault -> responder.apply(fault, request, real))
                .orElseGet(() -> real.handle(request));
    }
}
