package dev.stormwatch.limit;

import java.io.File;
import java.io.IOException;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Stops a child process of this JVM when the JVM dies without stopping it: a {@code kill -9}, or the X server going
 * away under the app, runs no shutdown hook, and Java cannot tie a child's life to its parent's. A small {@code sh}
 * watches both and, once the JVM is gone, stops the child; it exits by itself when the child ends first. Used for the
 * embedded {@code redis-server}, which would otherwise keep its port and memory after the app is gone.
 */
final class ChildReaper implements AutoCloseable {

    private static final File SHELL = new File("/bin/sh");

    private final Optional<Process> watcher;

    private ChildReaper(Optional<Process> watcher) {
        this.watcher = watcher;
    }

    /** The pids of this JVM's children now. */
    static Set<Long> children() {
        return ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toSet());
    }

    /**
     * Watches the one child of this JVM that is in neither {@code before} nor gone, whose command names
     * {@code commandPart}. Nothing is watched (and nothing fails) where there is no {@code /bin/sh} or no such child.
     */
    static ChildReaper watchNewChild(Set<Long> before, String commandPart) {
        return watchNewChild(before, commandPart, commandPart);
    }

    /**
     * As {@link #watchNewChild(Set, String)} for a child whose executable file and process name differ: Debian's
     * {@code redis-server} is a link to {@code redis-check-rdb}, so the JVM sees that file while the kernel names the
     * process after the link.
     */
    static ChildReaper watchNewChild(Set<Long> before, String executablePart, String commandPart) {
        Optional<ProcessHandle> child = ProcessHandle.current()
                .children()
                .filter(p -> !before.contains(p.pid()))
                .filter(p ->
                        p.info().command().map(c -> c.contains(executablePart)).orElse(false))
                .findFirst();
        if (child.isEmpty() || !SHELL.canExecute()) {
            return new ChildReaper(Optional.empty());
        }
        long parent = ProcessHandle.current().pid();
        long pid = child.get().pid();
        // While both live, wait; if the JVM is the one gone, stop the child. When the child ended first, the loop ends
        // and nothing is killed; and in case its pid was taken by another process within that second, the kill also
        // asks that the pid still names the command.
        // The name as /proc (Linux, 15 characters at most) or ps (macOS, BSD) gives it; only safe characters reach sh.
        String safe = commandPart.replaceAll("[^A-Za-z0-9._-]", "");
        String name = safe.substring(0, Math.min(safe.length(), 15));
        String script = "while kill -0 " + parent + " 2>/dev/null && kill -0 " + pid
                + " 2>/dev/null; do sleep 1; done; "
                + "kill -0 " + parent + " 2>/dev/null || { { cat /proc/" + pid + "/comm 2>/dev/null || ps -p " + pid
                + " -o comm= 2>/dev/null; } | grep -q '" + name + "' && kill " + pid + " 2>/dev/null; }";
        try {
            Process process = new ProcessBuilder(SHELL.getPath(), "-c", script)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            process.getOutputStream().close();
            return new ChildReaper(Optional.of(process));
        } catch (IOException e) {
            return new ChildReaper(
                    Optional.empty()); // the child still stops on close(); only a hard kill would leak it
        }
    }

    /** True when a watcher runs. */
    boolean watching() {
        return watcher.map(Process::isAlive).orElse(false);
    }

    /** The watcher's process, if one runs. */
    Optional<ProcessHandle> process() {
        return watcher.map(Process::toHandle);
    }

    /** The child was stopped in order: the watcher is not needed any more. */
    @Override
    public void close() {
        watcher.ifPresent(Process::destroy);
    }
}
