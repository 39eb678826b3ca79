package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Which child the reaper of the embedded Redis watches: only one started after the snapshot, only one whose command
 * names the binary; nothing at all when there is none (decision 0003).
 */
class ChildReaperEdgesTest {

    @Test
    @DisplayName("the children of this JVM are named by their pids")
    void childrenAreNamedByPid() throws Exception {
        Process child = new ProcessBuilder("sleep", "30").start();
        try {
            assertThat(ChildReaper.children()).contains(child.pid());
        } finally {
            child.destroyForcibly();
        }
    }

    @Test
    @DisplayName("a child already there before the start is not watched, though its command matches")
    void aChildFromBeforeIsNotWatched() throws Exception {
        Process older = new ProcessBuilder("sleep", "30").start();
        try {
            ChildReaper reaper = ChildReaper.watchNewChild(ChildReaper.children(), "sleep");

            assertThat(reaper.process()).isEmpty();
            assertThat(reaper.watching()).isFalse();
            reaper.close();
        } finally {
            older.destroyForcibly();
        }
    }

    @Test
    @DisplayName("a new child whose command names another binary is not watched")
    void aNewChildOfAnotherCommandIsNotWatched() throws Exception {
        Set<Long> before = ChildReaper.children();
        Process other = new ProcessBuilder("sleep", "30").start();
        try {
            ChildReaper reaper = ChildReaper.watchNewChild(before, "redis-server");

            assertThat(reaper.process()).isEmpty();
            assertThat(reaper.watching()).isFalse();
        } finally {
            other.destroyForcibly();
        }
    }

    @Test
    @DisplayName("a watcher that has ended is not watching any more")
    void anEndedWatcherIsNotWatching() throws Exception {
        Set<Long> before = ChildReaper.children();
        Process child = new ProcessBuilder("sleep", "30").start();
        try {
            ChildReaper reaper = ChildReaper.watchNewChild(before, "sleep");
            ProcessHandle watcher = reaper.process().orElseThrow(() -> new AssertionError("no watcher started"));

            reaper.close();
            watcher.onExit().get(10, TimeUnit.SECONDS);
            // The handle's exit and the Process's own are told by two JDK reaper threads: the second may come a
            // moment after the first, so the watcher's own word is awaited too, within the same bound.
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (reaper.watching() && System.nanoTime() < until) {
                Thread.sleep(10);
            }

            assertThat(reaper.watching()).isFalse();
        } finally {
            child.destroyForcibly();
        }
    }
}
