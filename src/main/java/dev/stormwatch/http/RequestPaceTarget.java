package dev.stormwatch.http;

import dev.stormwatch.retry.PaceScope;
import java.util.Optional;
import okhttp3.Request;

/**
 * What a pace may cover of an OkHttp request (spec RH12): its method and path, without the query, and the model the
 * resilient client tagged it with ({@link ModelTag}); requests without a tag (the OAuth client's) name no model.
 */
final class RequestPaceTarget {

    private RequestPaceTarget() {}

    static PaceScope.PaceTarget of(Request request) {
        ModelTag model = request.tag(ModelTag.class);
        return PaceScope.PaceTarget.of(
                request.method(),
                request.url().encodedPath(),
                model == null ? Optional.empty() : Optional.of(model.model()));
    }
}
