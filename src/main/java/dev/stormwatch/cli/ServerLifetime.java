package dev.stormwatch.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Keeps a server command running until Ctrl-C (a JVM shutdown hook), or for a fixed time when asked. */
final class ServerLifetime {

    private ServerLifetime() {}

    /** Blocks until Ctrl-C or until {@code runFor} passed, then closes {@code server} exactly once. */
    /** A --port value as the servers take it: 0 for any free port, else 1..65535; anything else is a usage error. */
    static int checkedPort(picocli.CommandLine commandLine, int port) {
        if (port < 0 || port > 65535) {
            throw new picocli.CommandLine.ParameterException(commandLine,
                    "--port must be 0 (any free port) or 1..65535, was " + port);
        }
        return port;
    }

    static void runUntilStopped(AutoCloseable server, Optional<Duration> runFor, PrintWriter out) {
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            closeQuietly(server);
            out.println("stopped");
            out.flush();
            stopped.countDown();
        }, "stormwatch-shutdown");
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
