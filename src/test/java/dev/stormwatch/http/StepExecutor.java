package dev.stormwatch.http;

import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.Operation;
import java.util.function.Supplier;
import okhttp3.Request;
import okhttp3.Response;

/** One request step through an executor under test, blocking or asynchronous, so one rule test serves both. */
@FunctionalInterface
interface StepExecutor {

    /** Runs the step and returns its response, or throws its typed error. */
    Response execute(Supplier<Request> requestPerAttempt, Operation operation, String step, CallBudget budget);

    /** The same request on every attempt. */
    default Response execute(Request request, Operation operation, String step, CallBudget budget) {
        return execute(() -> request, operation, step, budget);
    }
}
