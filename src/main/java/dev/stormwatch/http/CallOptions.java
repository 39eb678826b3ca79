package dev.stormwatch.http;

import java.util.Objects;
import java.util.Optional;

/**
 * What one call of the {@link ResilientClient} is about: the model route it targets (the limiter key's model, L2,
 * and the metrics' {@code model} tag, L8) and, when the caller has one, its deadline (RC5).
 *
 * @param model the model route, for example {@code gpt-4o} or {@code llama3:8b}
 * @param deadline the instant after which the answer is useless; empty for "the policy's budget only"
 */
public record CallOptions(String model, Optional<RequestDeadline> deadline) {

    public CallOptions {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(deadline, "deadline");
        // The model names metrics and limiter keys; an empty one would merge every model into one line.
        if (model.isBlank()) {
            throw new IllegalArgumentException("model is empty: name the model route the call targets");
        }
    }

    /** A call to this model, without a deadline of its own. */
    public static CallOptions model(String model) {
        return new CallOptions(model, Optional.empty());
    }

    /** These options with a deadline (RC5). */
    public CallOptions withDeadline(RequestDeadline value) {
        return new CallOptions(model, Optional.of(value));
    }
}
