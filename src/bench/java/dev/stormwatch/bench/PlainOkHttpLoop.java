package dev.stormwatch.bench;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import okhttp3.ConnectionPool;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * A reference for the load engine's throughput benchmark ({@code src/bench/wrk/engine-vs-wrk.sh}): bare OkHttp blocking
 * calls on as many threads as the engine has connections, back to back, as the engine sent before its event-loop
 * transport ({@code AttemptTransport.blockingOn}); no retry engine, no recording. Usage: PlainOkHttpLoop URL CLIENTS
 * SECONDS [WARM-UP SECONDS, default 3].
 */
public final class PlainOkHttpLoop {

    private static final int ENGINE_CONNECTIONS = 64;

    private PlainOkHttpLoop() {}

    public static void main(String[] args) throws InterruptedException {
        String url = args[0];
        int clients = Integer.parseInt(args[1]);
        int seconds = Integer.parseInt(args[2]);
        int connections = Math.min(clients, ENGINE_CONNECTIONS);
        OkHttpClient http = new OkHttpClient.Builder()
                .connectionPool(new ConnectionPool(connections, 1, TimeUnit.MINUTES)).build();
        Request request = new Request.Builder().url(url).header("Authorization", "Bearer sk-demo").build();
        AtomicLong ok = new AtomicLong();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        for (int i = 0; i < connections; i++) {
            Thread worker = new Thread(() -> {
                while (System.nanoTime() < end) {
                    try (Response response = http.newCall(request).execute()) {
                        response.body().source().readAll(okio.Okio.blackhole());
                        ok.incrementAndGet();
                    } catch (IOException e) {
                        // not counted: only answers are
                    }
                }
            }, "plain-okhttp-" + i);
            worker.setDaemon(true);
            worker.start();
        }
        long warm = args.length > 3 ? Long.parseLong(args[3]) : 3;
        Thread.sleep(TimeUnit.SECONDS.toMillis(warm));
        long atWarm = ok.get();
        Thread.sleep(TimeUnit.SECONDS.toMillis(seconds - warm));
        System.out.printf("plain OkHttp: %.0f 2xx/s after %d s warm-up%n", (ok.get() - atWarm) / (double) (seconds - warm), warm);
        http.connectionPool().evictAll();
    }
}
