package dev.stormwatch.http;

import dev.stormwatch.retry.Outcome;
import okhttp3.Response;

/** One sent request of a step: its outcome, and the open response when one came back. */
record SentAttempt(Outcome outcome, Response response) {

    int status() {
        return outcome instanceof Outcome.HttpResponse r ? r.status() : 0;
    }

    void close() {
        if (response != null) {
            response.close();
        }
    }
}
