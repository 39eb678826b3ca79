package dev.stormwatch.http.eventloop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.http.TrackedSend;
import dev.stormwatch.retry.FailureKind;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.Response;

/** One attempt's call, its send progress, and what its callback heard (and how often), for the transport's tests. */
final class RecordedAttempt implements Callback {
    final Call call;
    final TrackedSend progress;
    final CompletableFuture<Response> response = new CompletableFuture<>();
    final CompletableFuture<IOException> failed = new CompletableFuture<>();
    final CompletableFuture<Void> ended = new CompletableFuture<>();
    final CompletableFuture<String> thread = new CompletableFuture<>();
    final AtomicInteger outcomes = new AtomicInteger();
    /** Run by the callback after it read the response (a test sets it before the attempt is sent). */
    volatile Consumer<Response> onAnswer = answer -> {};
    /** What reading the response's body threw, if it did. */
    volatile IOException bodyFailure;

    private volatile String body;

    RecordedAttempt(Call call, TrackedSend progress) {
        this.call = call;
        this.progress = progress;
    }

    @Override
    public void onResponse(Call call, Response answer) {
        outcomes.incrementAndGet();
        thread.complete(Thread.currentThread().getName());
        try (answer) {
            body = answer.body().string();
        } catch (IOException e) {
            bodyFailure = e; // handed over at its head, as OkHttp does; its body failed afterwards
        }
        response.complete(answer);
        ended.complete(null);
        onAnswer.accept(answer);
    }

    @Override
    public void onFailure(Call call, IOException e) {
        outcomes.incrementAndGet();
        thread.complete(Thread.currentThread().getName());
        failed.complete(e);
        ended.complete(null);
    }

    /** "code body" of the response; fails the test on a failure or after 5 s. */
    String answer() throws Exception {
        return answer(5);
    }

    /** "code body" of the response; fails the test on a failure or after {@code seconds}. */
    String answer(int seconds) throws Exception {
        ended.get(seconds, TimeUnit.SECONDS);
        if (failed.isDone()) {
            throw new AssertionError("expected a response, the attempt failed", failed.get());
        }
        return response.get().code() + " " + body;
    }

    /** The failure; fails the test on a response or after 5 s. */
    IOException failure() throws Exception {
        return failure(5);
    }

    /** The failure; fails the test on a response or after {@code seconds}. */
    IOException failure(int seconds) throws Exception {
        ended.get(seconds, TimeUnit.SECONDS);
        assertThat(response).as("no response expected").isNotDone();
        return failed.get();
    }

    /** How the executor classifies this attempt's failure (ST2, F1). */
    FailureKind kind() throws Exception {
        return progress.classify(failure());
    }
}
