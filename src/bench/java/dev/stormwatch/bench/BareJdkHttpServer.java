package dev.stormwatch.bench;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * The baseline for the relay's throughput: the JDK's HttpServer answering a fixed body, with TCP_NODELAY
 * ({@code sun.net.httpserver.nodelay}; without it Nagle against delayed ACKs costs 40 ms per response).
 * Run: {@code java -cp target/classes:... dev.stormwatch.bench.BareJdkHttpServer PORT}, then wrk against it.
 */
public final class BareJdkHttpServer {

    private BareJdkHttpServer() {}

    public static void main(String[] args) throws IOException {
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        byte[] body = "{\"object\":\"list\",\"data\":[]}".getBytes(StandardCharsets.UTF_8);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        server.createContext("/", exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.setExecutor(Executors.newFixedThreadPool(Math.max(4, Runtime.getRuntime().availableProcessors() * 2)));
        server.start();
        System.out.println("bare JDK HttpServer on http://127.0.0.1:" + server.getAddress().getPort());
    }
}
