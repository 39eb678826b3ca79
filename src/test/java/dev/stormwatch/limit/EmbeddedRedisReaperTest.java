package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/** The embedded redis-server does not outlive the JVM that started it, even when that JVM is killed outright. */
class EmbeddedRedisReaperTest {

    @Test
    @org.junit.jupiter.api.Timeout(60)
    @DisplayName("a JVM killed with SIGKILL leaves no redis-server behind: the reaper stops it within seconds")
    void redisServerStopsWhenItsJvmIsKilled() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process owner = new ProcessBuilder(List.of(
                        java,
                        "-Xmx64m",
                        "-XX:TieredStopAtLevel=1",
                        "-cp",
                        System.getProperty("java.class.path"),
                        EmbeddedRedisOwner.class.getName()))
                .redirectErrorStream(true)
                .start();
        Optional<ProcessHandle> started = Optional.empty();
        try {
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(owner.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            assertThat(line).as("the owner's first line").startsWith("port ").endsWith("reaper true");
            int port = Integer.parseInt(line.split(" ")[1]);
            ProcessHandle server = owner.toHandle()
                    .children()
                    // Debian's redis-server is a link to redis-check-rdb, which is the command the JVM sees
                    .filter(p ->
                            p.info().command().map(c -> c.contains("redis-")).orElse(false))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no redis-server child of the owner JVM"));
            started = Optional.of(server);
            try (Jedis jedis = new Jedis("127.0.0.1", port, 2_000)) {
                // Up and answering: without the owner's password it only says authentication is required.
                assertThatThrownBy(jedis::ping).hasMessageContaining("NOAUTH");
            }

            owner.destroyForcibly(); // SIGKILL: no shutdown hook runs, close() is never called
            assertThat(owner.waitFor(10, TimeUnit.SECONDS)).isTrue();

            assertThat(server.onExit()
                            .completeOnTimeout(null, 10, TimeUnit.SECONDS)
                            .get())
                    .as("redis-server %d stopped after its JVM was killed", server.pid())
                    .isNotNull();
            assertThat(server.isAlive()).isFalse();
        } finally {
            owner.destroyForcibly();
            started.ifPresent(ProcessHandle::destroyForcibly); // when the reaper failed, the test must not leak it
        }
    }

    @Test
    @DisplayName("a watcher closed in order ends at once, while its child still runs: nothing of it is left behind")
    void closingTheReaperEndsItsWatcher() throws Exception {
        java.util.Set<Long> before = ChildReaper.children();
        Process child = new ProcessBuilder("sleep", "30").start();
        try {
            ChildReaper reaper = ChildReaper.watchNewChild(before, "sleep");
            ProcessHandle watcher = reaper.process().orElseThrow(() -> new AssertionError("no watcher started"));
            assertThat(reaper.watching()).isTrue();

            reaper.close();

            // The child lives on, so only close() can have ended the watcher.
            assertThat(watcher.onExit()
                            .completeOnTimeout(null, 5, TimeUnit.SECONDS)
                            .get())
                    .as("the watcher ended")
                    .isNotNull();
            assertThat(child.isAlive())
                    .as("close() stops the watcher, not the child")
                    .isTrue();
        } finally {
            child.destroyForcibly();
        }
    }

    @Test
    @DisplayName("a server closed in order ends its watcher too")
    void closingTheServerEndsItsWatcher() throws Exception {
        Optional<ProcessHandle> watcher;
        try (EmbeddedRedis redis = EmbeddedRedis.start()) {
            assertThat(redis.reaperWatching()).isTrue();
            watcher = redis.reaperProcess();
            assertThat(watcher).isPresent();
        }
        assertThat(watcher.get()
                        .onExit()
                        .completeOnTimeout(null, 5, TimeUnit.SECONDS)
                        .get())
                .as("the watcher ended with its server")
                .isNotNull();
    }
}
