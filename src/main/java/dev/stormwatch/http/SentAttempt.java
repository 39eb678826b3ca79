package dev.stormwatch.http;

import dev.stormwatch.retry.Outcome;
import okhttp3.Response;

/** One sent request of a step: its outcome, the open response when one came back, and the connection it used. */
record SentAttempt(Outcome outcome, Response response, ConnectionUse connection) {

    SentAttempt(Outcome outcome, Response response) {
        this(outcome, response, ConnectionUse.UNRECORDED);
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
