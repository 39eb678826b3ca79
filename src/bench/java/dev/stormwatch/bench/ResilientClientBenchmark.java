package dev.stormwatch.bench;

import com.sun.net.httpserver.HttpServer;
import dev.stormwatch.http.CallOptions;
import dev.stormwatch.http.ResilientClient;
import dev.stormwatch.retry.PolicyPreset;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the resilient client costs on top of bare OkHttp against a loopback upstream that always answers
 * 200: one blocking call at a time, and 64 asynchronous calls in flight. The bare OkHttp figures are the floor.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class ResilientClientBenchmark {

    private static final int IN_FLIGHT = 64;

    private HttpServer upstream;
    private ExecutorService upstreamThreads;
    private OkHttpClient okHttp;
    private ResilientClient resilient;
    private Request request;
    private final CallOptions options = CallOptions.model("bench-model");

    @Setup(Level.Trial)
    public void start() throws IOException {
        // Without TCP_NODELAY the JDK server's separate header and body writes meet delayed ACKs: ~40 ms a request,
        // which would measure the server, not the client.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        upstream = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        upstreamThreads = Executors.newFixedThreadPool(4);
        upstream.setExecutor(upstreamThreads);
        byte[] body = "{\"ok\":true}".getBytes();
        upstream.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        upstream.start();
        Dispatcher dispatcher = new Dispatcher();
        dispatcher.setMaxRequests(IN_FLIGHT);
        dispatcher.setMaxRequestsPerHost(IN_FLIGHT);
        okHttp = new OkHttpClient.Builder().dispatcher(dispatcher).build();
        resilient = ResilientClient.builder(okHttp).preset(PolicyPreset.INTERACTIVE).build();
        request = new Request.Builder()
                .url("http://127.0.0.1:" + upstream.getAddress().getPort() + "/v1/models").build();
    }

    @TearDown(Level.Trial)
    public void stop() {
        upstream.stop(0);
        upstreamThreads.shutdownNow();
        okHttp.dispatcher().executorService().shutdownNow();
        okHttp.connectionPool().evictAll();
    }

    @Benchmark
    public int okHttpBlocking() throws IOException {
        try (Response response = okHttp.newCall(request).execute()) {
            return response.body().bytes().length;
        }
    }

    @Benchmark
    public int resilientBlocking() throws IOException {
        try (Response response = resilient.send(request, options)) {
            return response.body().bytes().length;
        }
    }

    @Benchmark
    @OperationsPerInvocation(IN_FLIGHT)
    public void okHttpAsync64InFlight() {
        CompletableFuture<?>[] calls = new CompletableFuture<?>[IN_FLIGHT];
        for (int i = 0; i < IN_FLIGHT; i++) {
            CompletableFuture<Integer> done = new CompletableFuture<>();
            okHttp.newCall(request).enqueue(new Callback() {
                @Override
                public void onResponse(Call call, Response response) throws IOException {
                    try (response) {
                        done.complete(response.body().bytes().length);
                    }
                }

                @Override
                public void onFailure(Call call, IOException e) {
                    done.completeExceptionally(e);
                }
            });
            calls[i] = done;
        }
        CompletableFuture.allOf(calls).join();
    }

    @Benchmark
    @OperationsPerInvocation(IN_FLIGHT)
    public void resilientAsync64InFlight() {
        CompletableFuture<?>[] calls = new CompletableFuture<?>[IN_FLIGHT];
        for (int i = 0; i < IN_FLIGHT; i++) {
            calls[i] = resilient.sendAsync(request, options).thenApply(response -> {
                try (response) {
                    return response.body().bytes().length;
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
        CompletableFuture.allOf(calls).join();
    }
}
