package dev.stormwatch.relay;

import dev.stormwatch.server.Response;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * LB9: nginx's {@code limit_req} leaky bucket with no {@code burst}, per principal, on nginx's own arithmetic
 * ({@code ngx_http_limit_req_lookup}): the excess, in thousandths of a request, drains at the rate and grows by one
 * request per admitted request; a request that would leave any excess is refused and not counted. So requests are
 * admitted at most one per {@code window / requests}, and a burst of N at once lets one through. Refused requests
 * get what a site configured with {@code limit_req_status 429; add_header Retry-After 2 always;} answers.
 * Written here, not run in nginx: decisions/0030.
 */
final class LeakyBucket {

    /** What the nginx configuration this imitates sends with every 429 ({@code add_header Retry-After 2 always}). */
    static final Duration RETRY_AFTER = Duration.ofSeconds(2);

    /** nginx keeps, per key, the excess (thousandths of a request) and when it last admitted. */
    private record State(long excess, long lastMillis) {}

    private final Clock clock;
    /** The rate in thousandths of a request per second, as nginx keeps it ({@code rate=50r/s} is 50,000). */
    private final long rate;

    private final Map<String, State> states = new ConcurrentHashMap<>();

    LeakyBucket(Quota quota, Clock clock) {
        this.clock = clock;
        this.rate = quota.requests() * 1000L * 1000L / quota.window().toMillis();
    }

    /** Whether the principal's request is admitted now (and counted); a refused one leaves the bucket as it was. */
    boolean admit(String principal) {
        long now = clock.millis();
        boolean[] admitted = new boolean[1];
        states.compute(principal, (key, state) -> {
            if (state == null) {
                admitted[0] = true;
                return new State(0, now);
            }
            long elapsed = Math.abs(now - state.lastMillis());
            long excess = Math.max(0, state.excess() - rate * elapsed / 1000 + 1000);
            // burst 0: any excess left is refused, and the bucket stays as it was (nginx's NGX_BUSY).
            if (excess > 0) {
                return state;
            }
            admitted[0] = true;
            return new State(excess, now);
        });
        return admitted[0];
    }

    /** nginx's 429 page, with the Retry-After its configuration adds. */
    static Response refused() {
        String page =
                "<html>\r\n<head><title>429 Too Many Requests</title></head>\r\n<body>\r\n<center><h1>429 Too Many"
                        + " Requests</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";
        return Response.of(429, "text/html", page.getBytes(StandardCharsets.UTF_8))
                .withHeader("Retry-After", Long.toString(RETRY_AFTER.toSeconds()));
    }
}
