package dev.stormwatch.bench;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * The ceiling of the load engine's transport (issue 6 benchmark): bare OkHttp async calls in a closed loop, the same
 * dispatcher and pool settings as the engine, no retry engine, no recording. Usage: PlainOkHttpLoop URL CLIENTS SECONDS.
 */
public final class PlainOkHttpLoop {

    private PlainOkHttpLoop() {}

    public static void main(String[] args) throws InterruptedException {
        String url = args[0];
        int clients = Integer.parseInt(args[1]);
        int seconds = Integer.parseInt(args[2]);
        int connections = Math.min(clients, Integer.getInteger("connections", 64));
        Dispatcher dispatcher = Boolean.getBoolean("fixedPool")
                ? new Dispatcher(new java.util.concurrent.ThreadPoolExecutor(connections, connections, 60, TimeUnit.SECONDS,
                        new java.util.concurrent.LinkedBlockingQueue<>()))
                : new Dispatcher();
        dispatcher.setMaxRequests(connections);
        dispatcher.setMaxRequestsPerHost(connections);
        OkHttpClient http = new OkHttpClient.Builder().dispatcher(dispatcher)
                .connectionPool(new ConnectionPool(connections, 1, TimeUnit.MINUTES)).build();
        Request request = new Request.Builder().url(url).header("Authorization", "Bearer sk-demo").build();
        AtomicLong ok = new AtomicLong();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        Callback loop = new Callback() {
            @Override
            public void onResponse(Call call, Response response) throws IOException {
                try (response) {
                    response.body().source().readAll(okio.Okio.blackhole());
                }
                ok.incrementAndGet();
                if (System.nanoTime() < end) {
                    http.newCall(request).enqueue(this);
                }
            }

            @Override
            public void onFailure(Call call, IOException e) {
                if (System.nanoTime() < end) {
                    http.newCall(request).enqueue(this);
                }
            }
        };
        if (Boolean.getBoolean("blockingWorkers")) {
            for (int i = 0; i < connections; i++) {
                Thread worker = new Thread(() -> {
                    while (System.nanoTime() < end) {
                        try (Response response = http.newCall(request).execute()) {
                            response.body().source().readAll(okio.Okio.blackhole());
                            ok.incrementAndGet();
                        } catch (IOException e) {
                            // counted as not ok
                        }
                    }
                });
                worker.setDaemon(true);
                worker.start();
            }
        } else {
            for (int i = 0; i < clients; i++) {
                http.newCall(request).enqueue(loop);
            }
        }
        long warm = 3;
        Thread.sleep(TimeUnit.SECONDS.toMillis(warm));
        long atWarm = ok.get();
        Thread.sleep(TimeUnit.SECONDS.toMillis(seconds - warm));
        System.out.printf("plain OkHttp: %.0f 2xx/s after %d s warm-up%n", (ok.get() - atWarm) / (double) (seconds - warm), warm);
        http.dispatcher().executorService().shutdownNow();
        http.connectionPool().evictAll();
    }
}
