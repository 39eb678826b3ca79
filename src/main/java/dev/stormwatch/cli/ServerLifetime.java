package dev.stormwatch.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Keeps a server command running until Ctrl-C (a JVM shutdown hook), or for a fixed time when asked. */
final class ServerLifetime {

    private ServerLifetime() {}

    /** A --port value checked by the servers' own rule (ServerOptions); a refused one is a usage error. */
    static int checkedPort(picocli.CommandLine commandLine, int port) {
        try {
            return dev.stormwatch.server.ServerOptions.defaults().withPort(port).port();
        } catch (IllegalArgumentException refused) {
            throw new picocli.CommandLine.ParameterException(commandLine, "--" + refused.getMessage());
        }
    }

    /** Blocks until Ctrl-C or until {@code runFor} passed, then closes {@code server} exactly once. */
    static void runUntilStopped(AutoCloseable server, Optional<Duration> runFor, PrintWriter out) {
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(
                () -> {
                    closeQuietly(server);
                    out.println("stopped");
                    out.flush();
                    stopped.countDown();
                },
                "stormwatch-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            if (runFor.isPresent()) {
                stopped.await(runFor.get().toMillis(), TimeUnit.MILLISECONDS);
            } else {
                stopped.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (stopped.getCount() > 0) {
            Runtime.getRuntime().removeShutdownHook(hook);
            closeQuietly(server);
            out.println("stopped");
            out.flush();
        }
    }

    private static void closeQuietly(AutoCloseable server) {
        try {
            server.close();
        } catch (Exception e) {
            // Stopping anyway; nothing useful to tell the user beyond "stopped".
        }
    }
}
