package dev.stormwatch.http;

import java.io.IOException;
import java.time.Instant;
import okhttp3.Call;
import okhttp3.Request;

/**
 * What a transport that runs none of OkHttp's interceptors and event listeners owes the executors for each attempt,
 * so that they decide exactly as they do over OkHttp: the deadline check, the stamped deadline headers and the
 * timeouts cut to what is left as the attempt leaves the transport's queue (RC5, RC3), and word that the request
 * starts to go out (F1). Over OkHttp, {@link DeadlineTimeoutInterceptor} and {@link SendProgress} do the same; this is
 * the door the event loop ({@code dev.stormwatch.http.eventloop}) reaches them through.
 *
 * @param request the request to write, its deadline headers stamped when its call has a {@link RequestDeadline}
 * @param connectMillis the connect timeout for this attempt, 0 meaning none (as OkHttp)
 * @param writeMillis the write timeout for this attempt, 0 meaning none
 * @param readMillis the read timeout for this attempt, 0 meaning none
 */
public record AttemptStart(Request request, int connectMillis, int writeMillis, int readMillis) {

    /**
     * The attempt of {@code call} leaving the transport's queue at {@code now}, with the client's timeouts: when the
     * call carries a {@link RequestDeadline}, stamped with it and each timeout cut to what is left (RC5, RC3).
     *
     * @throws IOException when the deadline passed while the attempt waited: nothing may be sent, and the executor
     *     refuses the call with {@link RequestRefused.DeadlineExpired} when the transport fails the attempt with it
     */
    public static AttemptStart leaving(Call call, Instant now, int connectMillis, int writeMillis, int readMillis)
            throws IOException {
        Request request = call.request();
        RequestDeadline deadline = request.tag(RequestDeadline.class);
        if (deadline == null) {
            return new AttemptStart(request, connectMillis, writeMillis, readMillis);
        }
        if (deadline.hasPassed(now)) {
            throw new DeadlineTimeoutInterceptor.DeadlinePassed(deadline); // RC5: nothing sent
        }
        // As DeadlineTimeoutInterceptor bounds an OkHttp chain (RC5, RC3).
        int left = DeadlineTimeoutInterceptor.millisLeft(deadline, now);
        return new AttemptStart(
                deadline.stamp(request, now),
                DeadlineTimeoutInterceptor.bounded(connectMillis, left),
                DeadlineTimeoutInterceptor.bounded(writeMillis, left),
                DeadlineTimeoutInterceptor.bounded(readMillis, left));
    }

    /** Tells the executor that {@code call}'s request starts to go out: from here the server may process it (F1). */
    public static void requestStarts(Call call) {
        SendProgress progress = call.request().tag(SendProgress.class);
        if (progress != null) {
            progress.requestHeadersStart(call);
        }
    }
}
