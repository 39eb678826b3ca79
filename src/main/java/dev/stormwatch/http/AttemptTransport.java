package dev.stormwatch.http;

import dev.stormwatch.limit.LimiterMetrics;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.OkHttpClient;
import okhttp3.Response;

/**
 * How {@link AsyncRetryingExecutor} puts an attempt on the wire without its caller waiting: OkHttp's own
 * {@code enqueue}, or a blocking call on worker threads the caller owns. Either way the callback hears the outcome
 * exactly once, and what the retry engine decides does not depend on which one ran.
 */
public interface AttemptTransport {

    /** Sends {@code call}; {@code callback} hears its response or failure once, on a transport thread. */
    void send(Call call, Callback callback);

    /** Runs a retry that has waited out its delay; it builds and sends the next attempt. */
    void handOn(Runnable nextAttempt);

    /** OkHttp's dispatcher: its queue bounds how many calls are on the wire (the default). */
    static AttemptTransport enqueue(OkHttpClient client) {
        Objects.requireNonNull(client, "client");
        return new AttemptTransport() {
            @Override
            public void send(Call call, Callback callback) {
                call.enqueue(callback);
            }

            @Override
            public void handOn(Runnable nextAttempt) {
                client.dispatcher().executorService().execute(nextAttempt);
            }
        };
    }

    /**
     * Blocking calls on {@code workers}, as many at once as it has threads: the thread that finished an attempt takes
     * the next queued one itself, where OkHttp's dispatcher hands each call to another thread and renames it. What
     * {@link dev.stormwatch.http.eventloop.EventLoopTransport} leaves to OkHttp (https, remote hosts) goes out this way.
     *
     * @throws RejectedExecutionException from {@link #handOn} when the workers were shut down
     */
    static AttemptTransport blockingOn(Executor workers) {
        Objects.requireNonNull(workers, "workers");
        return new AttemptTransport() {
            @Override
            public void send(Call call, Callback callback) {
                try {
                    workers.execute(() -> run(call, callback));
                } catch (RejectedExecutionException e) {
                    // As OkHttp does when its dispatcher was shut down: the call fails before anything was sent.
                    InterruptedIOException refused =
                            new InterruptedIOException("the transport's workers were shut down");
                    refused.initCause(e);
                    callback.onFailure(call, refused);
                }
            }

            @Override
            public void handOn(Runnable nextAttempt) {
                workers.execute(nextAttempt);
            }
        };
    }

    /**
     * {@code inner}, with the upstream latency of every response that carries a {@link ModelTag} recorded by model
     * (L8), from the moment its request went out to the moment its answer was read. For transports that run none of
     * the OkHttp client's interceptors (the event loop), where {@link UpstreamLatencyInterceptor} cannot measure.
     */
    static AttemptTransport timed(AttemptTransport inner, LimiterMetrics metrics) {
        Objects.requireNonNull(inner, "inner");
        Objects.requireNonNull(metrics, "metrics");
        return new AttemptTransport() {
            @Override
            public void send(Call call, Callback callback) {
                inner.send(call, new Callback() {
                    @Override
                    public void onResponse(Call sent, Response response) throws IOException {
                        ModelTag tag = sent.request().tag(ModelTag.class);
                        if (tag != null) {
                            long millis = response.receivedResponseAtMillis() - response.sentRequestAtMillis();
                            metrics.upstreamLatency(tag.model(), java.time.Duration.ofMillis(Math.max(0, millis)));
                        }
                        callback.onResponse(sent, response);
                    }

                    @Override
                    public void onFailure(Call failed, IOException e) {
                        callback.onFailure(failed, e);
                    }
                });
            }

            @Override
            public void handOn(Runnable nextAttempt) {
                inner.handOn(nextAttempt);
            }
        };
    }

    private static void run(Call call, Callback callback) {
        Response response;
        try {
            response = call.execute();
        } catch (IOException e) {
            callback.onFailure(call, e);
            return;
        } catch (RuntimeException e) {
            // An interceptor or listener that threw must still end the attempt, or its caller would wait forever;
            // OkHttp's enqueue does the same.
            callback.onFailure(call, new IOException("canceled due to " + e, e));
            return;
        }
        try {
            callback.onResponse(call, response);
        } catch (IOException e) {
            response.close(); // a callback that could not read the response must not leak the connection
        }
    }
}
