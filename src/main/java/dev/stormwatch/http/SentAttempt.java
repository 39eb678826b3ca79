package dev.stormwatch.http;

import dev.stormwatch.retry.HintHeaders;
import dev.stormwatch.retry.Outcome;
import java.util.Optional;
import okhttp3.Headers;
import okhttp3.Response;

/**
 * One sent request of a step: its outcome, the open response when one came back, the connection it used, and the
 * proxy that connection went through ({@code host:port}, PX8).
 */
record SentAttempt(Outcome outcome, Response response, ConnectionUse connection, Optional<String> proxy) {

    SentAttempt(Outcome outcome, Response response) {
        this(outcome, response, ConnectionUse.UNRECORDED, Optional.empty());
    }

    /**
     * A response as the retry decision reads it: its status, Retry-After, Date and the other wait and quota hints
     * (RH), the one place both executors read them.
     */
    static SentAttempt of(Response response) {
        return new SentAttempt(outcomeOf(response), response);
    }

    /** The outcome the retry decision reads from a response (see {@link #of(Response)}). */
    static Outcome.HttpResponse outcomeOf(Response response) {
        Headers headers = response.headers();
        HintHeaders.Builder hints = HintHeaders.builder();
        for (int k = 0; k < headers.size(); k++) {
            hints.add(headers.name(k), headers.value(k));
        }
        return new Outcome.HttpResponse(
                response.code(), response.headers("Retry-After"), response.header("Date"), hints.build());
    }

    int status() {
        return outcome instanceof Outcome.HttpResponse r ? r.status() : 0;
    }

    void close() {
        if (response != null) {
            response.close();
        }
    }
}
