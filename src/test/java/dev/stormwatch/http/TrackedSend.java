package dev.stormwatch.http;

import dev.stormwatch.retry.FailureKind;
import java.io.IOException;
import okhttp3.Request;

/**
 * For tests of transports outside this package: one attempt's send progress as the executors track it (F1), and the
 * failure kind they would make of its failure (ST2), so that a transport can be held to OkHttp's classification
 * without the executors' machinery being public.
 */
public final class TrackedSend {

    private final SendProgress progress = new SendProgress();

    /** {@code request} tagged as an executor tags each attempt, so that the transport reports to this. */
    public Request tag(Request request) {
        return request.newBuilder().tag(SendProgress.class, progress).build();
    }

    /** True once the transport said the request began to go out (F1). */
    public boolean requestStarted() {
        return progress.requestStarted();
    }

    /** How the executors classify {@code failure} of this attempt (ST2, F1). */
    public FailureKind classify(IOException failure) {
        return FailureClassifier.classify(failure, progress.requestStarted(), progress.tlsHandshakeUnfinished());
    }
}
