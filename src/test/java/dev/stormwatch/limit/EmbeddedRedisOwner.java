package dev.stormwatch.limit;

/**
 * A JVM that starts an embedded Redis, says its port on standard output, and waits to be killed:
 * {@link EmbeddedRedisReaperTest} kills it with SIGKILL, which runs no shutdown hook.
 */
public final class EmbeddedRedisOwner {

    private EmbeddedRedisOwner() {}

    public static void main(String[] args) throws InterruptedException {
        EmbeddedRedis redis = EmbeddedRedis.start();
        System.out.println("port " + redis.port() + " reaper " + redis.reaperWatching());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
