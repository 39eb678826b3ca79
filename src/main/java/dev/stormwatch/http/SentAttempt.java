package dev.stormwatch.http;

import dev.stormwatch.retry.HintHeaders;
import dev.stormwatch.retry.Outcome;
import okhttp3.Headers;
import okhttp3.Response;

/** One sent request of a step: its outcome, the open response when one came back, and the connection it used. */
record SentAttempt(Outcome outcome, Response response, ConnectionUse connection) {

    SentAttempt(Outcome outcome, Response response) {
        this(outcome, response, ConnectionUse.UNRECORDED);
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
