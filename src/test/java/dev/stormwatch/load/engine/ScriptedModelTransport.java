package dev.stormwatch.load.engine;

import dev.stormwatch.http.AttemptTransport;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.MediaType;
import okhttp3.Protocol;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * A model API on simulated time, behind the retry engine's transport seam: each request is answered 200 after a
 * fixed service time, except that a request arriving during a stall is held until the stall ends. No socket is
 * opened; what it stands for is the relay's stall (a delay fault), which the real-time tests run on real sockets.
 */
final class ScriptedModelTransport implements AttemptTransport {

    private static final MediaType JSON = MediaType.get("application/json");

    private final SimulatedTime time;
    private final Duration serviceTime;
    private final Instant stallFrom;
    private final Instant stallUntil;
    private final AtomicInteger received = new AtomicInteger();

    ScriptedModelTransport(SimulatedTime time, Duration serviceTime, Instant stallFrom, Duration stall) {
        this.time = time;
        this.serviceTime = serviceTime;
        this.stallFrom = stallFrom;
        this.stallUntil = stallFrom.plus(stall);
    }

    @Override
    public void send(Call call, Callback callback) {
        received.incrementAndGet();
        Instant now = time.instant();
        boolean stalled = !now.isBefore(stallFrom) && now.isBefore(stallUntil);
        Duration answerIn = stalled ? Duration.between(now, stallUntil).plus(serviceTime) : serviceTime;
        time.schedule(answerIn, () -> answer(call, callback));
    }

    private static void answer(Call call, Callback callback) {
        Response ok = new Response.Builder()
                .request(call.request())
                .protocol(Protocol.HTTP_1_1)
                .code(200)
                .message("OK")
                .body(ResponseBody.create("{\"object\":\"list\",\"data\":[]}", JSON))
                .build();
        try {
            callback.onResponse(call, ok);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Override
    public void handOn(Runnable nextAttempt) {
        time.execute(nextAttempt);
    }

    /** Requests that reached the model. */
    int received() {
        return received.get();
    }
}
