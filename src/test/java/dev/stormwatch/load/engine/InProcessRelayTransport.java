package dev.stormwatch.load.engine;

import dev.stormwatch.base.HttpDate;
import dev.stormwatch.http.AttemptTransport;
import dev.stormwatch.relay.InProcessRelay;
import dev.stormwatch.server.Delivery;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.Headers;
import okhttp3.MediaType;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;

/**
 * The event-loop transport's part in a run, on simulated time, to an {@link InProcessRelay}: at most
 * {@code maxConnections} connections, an idle one reused last-in first-out and further attempts waiting for one, each
 * answer one round trip after its request (plus a slow delivery's time). A hiccup resets every open connection, as the
 * relay's sockets are reset: an answer still on its way is lost (a network error), and an idle connection is not
 * watched, so the next request sent on it fails without reaching the relay, as on the event loop (decision 0039).
 */
final class InProcessRelayTransport implements AttemptTransport {

    /** A loopback round trip. */
    static final Duration ROUND_TRIP = Duration.ofMillis(1);

    private static final class Connection {
        boolean reset;
    }

    private record Waiting(Call call, Callback callback) {}

    private final SimulatedTime time;
    private final InProcessRelay relay;
    private final int maxConnections;
    private final Deque<Connection> idle = new ArrayDeque<>();
    private final List<Connection> open = new java.util.ArrayList<>();
    private final Deque<Waiting> waiting = new ArrayDeque<>();

    private final ModelThinking thinking;

    InProcessRelayTransport(SimulatedTime time, InProcessRelay relay, int maxConnections, ModelThinking thinking) {
        this.time = time;
        this.relay = relay;
        this.maxConnections = maxConnections;
        this.thinking = thinking;
        relay.onHiccup(this::resetAll);
    }

    /** A run's embedded relay on this time: the relay's pipeline in process, reached over this transport. */
    static EmbeddedRelayStart on(SimulatedTime time) {
        return (config, connections) -> {
            ModelThinking thinking = new ModelThinking();
            InProcessRelay relay = InProcessRelay.start(config.withClock(time).withSleeper(thinking::add));
            return new EmbeddedRelayStart.Started(
                    relay, java.util.Optional.of(new InProcessRelayTransport(time, relay, connections, thinking)));
        };
    }

    /**
     * The relay's model latency (LatencyModel, a slow-model fault): the relay's pipeline would sleep for it; on
     * simulated time the answer is sent that much later instead. One thread runs the whole simulation.
     */
    static final class ModelThinking {
        private Duration pending = Duration.ZERO;

        void add(Duration duration) {
            pending = pending.plus(duration);
        }

        Duration take() {
            Duration taken = pending;
            pending = Duration.ZERO;
            return taken;
        }
    }

    @Override
    public void send(Call call, Callback callback) {
        waiting.addLast(new Waiting(call, callback));
        dispatch();
    }

    @Override
    public void handOn(Runnable nextAttempt) {
        time.execute(nextAttempt);
    }

    private void dispatch() {
        while (!waiting.isEmpty() && (!idle.isEmpty() || open.size() < maxConnections)) {
            Connection conn = idle.pollLast();
            if (conn == null) {
                conn = new Connection();
                open.add(conn);
            }
            Waiting next = waiting.pollFirst();
            exchange(conn, next.call(), next.callback());
        }
    }

    private void exchange(Connection conn, Call call, Callback callback) {
        long sentAt = time.millis();
        if (conn.reset) {
            // Reset while idle: the request goes out and the reset comes back; the relay never read it.
            time.schedule(ROUND_TRIP, () -> fail(conn, call, callback, "Connection reset"));
            return;
        }
        dev.stormwatch.server.Response answer = relay.handle(serverRequest(call.request()));
        Duration thought = thinking.take(); // the model's latency: the answer leaves that much later
        if (answer.delivery() instanceof Delivery.Reset) {
            time.schedule(ROUND_TRIP.plus(thought), () -> fail(conn, call, callback, "unexpected end of stream"));
            return;
        }
        Duration takes = (answer.delivery() instanceof Delivery.Slowly slowly
                        ? ROUND_TRIP.plus(slowly.total())
                        : ROUND_TRIP)
                .plus(thought);
        time.schedule(takes, () -> {
            if (conn.reset) {
                fail(conn, call, callback, "Connection reset"); // a hiccup while the answer was on its way
                return;
            }
            idle.addLast(conn);
            Response response = okResponse(call.request(), answer, sentAt, time.millis());
            dispatch();
            try {
                callback.onResponse(call, response);
            } catch (IOException e) {
                response.close();
            }
        });
    }

    private void fail(Connection conn, Call call, Callback callback, String why) {
        open.remove(conn);
        dispatch();
        callback.onFailure(call, new IOException(why));
    }

    /** Every open connection, idle or busy, is reset; the pool finds out when it next uses one. */
    private int resetAll() {
        open.forEach(conn -> conn.reset = true);
        return open.size();
    }

    private static dev.stormwatch.server.Request serverRequest(Request request) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String name : request.headers().names()) {
            headers.put(name, request.headers(name));
        }
        byte[] body = new byte[0];
        if (request.body() != null) {
            try (Buffer buffer = new Buffer()) {
                request.body().writeTo(buffer);
                body = buffer.readByteArray();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return new dev.stormwatch.server.Request(
                request.method(), request.url().encodedPath(), request.url().encodedQuery(), headers, body);
    }

    private Response okResponse(
            Request request, dev.stormwatch.server.Response answer, long sentAtMillis, long receivedAtMillis) {
        Headers.Builder headers = new Headers.Builder();
        answer.headers().forEach(header -> headers.add(header.getKey(), header.getValue()));
        if (answer.autoDate() && answer.header("Date").isEmpty()) {
            headers.add("Date", HttpDate.format(time.instant()));
        }
        String contentType = answer.header("Content-Type").orElse("application/octet-stream");
        return new Response.Builder()
                .request(request)
                .protocol(Protocol.HTTP_1_1)
                .code(answer.status())
                .message("")
                .headers(headers.build())
                .body(ResponseBody.create(answer.body(), MediaType.get(contentType)))
                .sentRequestAtMillis(sentAtMillis)
                .receivedResponseAtMillis(receivedAtMillis)
                .build();
    }
}
