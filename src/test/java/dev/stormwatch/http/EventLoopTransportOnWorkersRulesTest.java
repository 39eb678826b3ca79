package dev.stormwatch.http;

import dev.stormwatch.http.eventloop.EventLoopTransport;

/**
 * The executor's rule tests over {@link EventLoopTransport} once more, with outcomes delivered on worker threads, as
 * load runs with a Redis limiter or an OAuth session have them.
 */
class EventLoopTransportOnWorkersRulesTest extends EventLoopTransportRulesTest {

    @Override
    EventLoopTransport.Delivery delivery() {
        return EventLoopTransport.Delivery.ON_WORKERS;
    }
}
