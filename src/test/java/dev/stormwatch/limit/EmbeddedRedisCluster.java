package dev.stormwatch.limit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;
import redis.clients.jedis.Jedis;

/**
 * A real three-master Redis Cluster from the embedded-redis binaries, for tests (spec L2): three servers with
 * {@code cluster-enabled yes}, joined with CLUSTER MEET, the 16384 slots split with CLUSTER ADDSLOTS.
 */
final class EmbeddedRedisCluster implements AutoCloseable {

    private static final int SLOTS = 16384;
    /** Redis Cluster's bus listens on the node's port plus this. */
    private static final int BUS_OFFSET = 10000;

    private final List<EmbeddedRedis> masters;
    /** One password for every node: a cluster client sends the same AUTH to each. */
    private final RedisPassword password;

    private EmbeddedRedisCluster(List<EmbeddedRedis> masters, RedisPassword password) {
        this.masters = masters;
        this.password = password;
    }

    static EmbeddedRedisCluster start() {
        List<EmbeddedRedis> masters = new ArrayList<>();
        RedisPassword password = RedisPassword.random(new java.security.SecureRandom());
        try {
            for (int i = 0; i < 3; i++) {
                masters.add(startMaster(password));
            }
            EmbeddedRedisCluster cluster = new EmbeddedRedisCluster(masters, password);
            cluster.form();
            return cluster;
        } catch (RuntimeException e) {
            masters.forEach(EmbeddedRedis::close);
            throw e;
        }
    }

    /**
     * A cluster node also listens on its port + 10000 (the cluster bus), which a free-port pick does not check; a
     * taken bus port is retried on other ports, so a busy machine does not fail the suite.
     */
    private static EmbeddedRedis startMaster(RedisPassword password) {
        EmbeddedRedisException last = null;
        for (int tries = 0; tries < 5; tries++) {
            int port = freePortWithFreeBus();
            try {
                return EmbeddedRedis.start(
                        port,
                        List.of(
                                "cluster-enabled yes",
                                "cluster-config-file nodes.conf", // in each server's own temporary dir
                                "cluster-node-timeout 5000"),
                        password);
            } catch (EmbeddedRedisException e) {
                last = e; // another process took the port or its bus port meanwhile
            }
        }
        throw last;
    }

    @SuppressWarnings("try") // the bus socket only proves its port is free; it is never used
    private static int freePortWithFreeBus() {
        for (int tries = 0; tries < 50; tries++) {
            int port = EmbeddedRedis.freeLoopbackPort();
            if (port + BUS_OFFSET > 65535) {
                continue;
            }
            try (java.net.ServerSocket bus =
                    new java.net.ServerSocket(port + BUS_OFFSET, 1, java.net.InetAddress.getLoopbackAddress())) {
                return port;
            } catch (java.io.IOException taken) {
                // the bus port is in use: pick another
            }
        }
        throw new IllegalStateException("no loopback port with a free cluster bus port (+" + BUS_OFFSET + ") found");
    }

    private void form() {
        int perMaster = SLOTS / masters.size();
        for (int i = 0; i < masters.size(); i++) {
            try (Jedis jedis = jedis(i)) {
                int from = i * perMaster;
                int to = i == masters.size() - 1 ? SLOTS : from + perMaster;
                jedis.clusterAddSlots(IntStream.range(from, to).toArray());
                if (i > 0) {
                    jedis.clusterMeet("127.0.0.1", masters.get(0).port());
                }
            }
        }
        awaitClusterOk();
    }

    private void awaitClusterOk() {
        long giveUp = System.nanoTime() + 30_000_000_000L;
        for (int i = 0; i < masters.size(); i++) {
            try (Jedis jedis = jedis(i)) {
                while (!jedis.clusterInfo().contains("cluster_state:ok")) {
                    if (System.nanoTime() > giveUp) {
                        throw new IllegalStateException("Redis Cluster did not reach cluster_state:ok in 30 s");
                    }
                    LockSupport.parkNanos(50_000_000);
                }
            }
        }
    }

    Jedis jedis(int master) {
        return new Jedis(
                new redis.clients.jedis.HostAndPort(
                        "127.0.0.1", masters.get(master).port()),
                masters.get(master).clientConfig());
    }

    /** The nodes' shared password. */
    RedisPassword password() {
        return password;
    }

    int size() {
        return masters.size();
    }

    /** The seed list, {@code 127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3}. */
    String seeds() {
        return String.join(
                ",", masters.stream().map(m -> "127.0.0.1:" + m.port()).toList());
    }

    void flushAll() {
        for (int i = 0; i < masters.size(); i++) {
            try (Jedis jedis = jedis(i)) {
                jedis.flushAll();
            }
        }
    }

    /** Empties every master's script cache, as a restart or failover would (L5). */
    void flushScripts() {
        for (int i = 0; i < masters.size(); i++) {
            try (Jedis jedis = jedis(i)) {
                jedis.scriptFlush();
            }
        }
    }

    @Override
    public void close() {
        masters.forEach(EmbeddedRedis::close);
    }
}
