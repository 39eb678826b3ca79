package dev.stormwatch.limit;

import redis.clients.jedis.exceptions.JedisBusyException;
import redis.clients.jedis.exceptions.JedisClusterException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/** Turns Jedis exceptions into the limiter's typed errors, in one place for every adapter (spec L5, L9). */
final class JedisFailures {

    private JedisFailures() {}

    static LimiterException translate(JedisException e, String where) {
        // NOSCRIPT first: it is a data error that the caller answers by reloading (L5).
        if (e instanceof JedisNoScriptException) {
            return RedisCommandException.noScript(
                    "Redis at " + where + " does not know the script: " + e.getMessage(), e);
        }
        // L9: Redis answered, but cannot serve any command now (cluster down, a script running, a dataset loading):
        // an outage for the failure mode, not a wrong command.
        if (e instanceof JedisClusterException || e instanceof JedisBusyException || isLoading(e)) {
            return new RedisUnavailableException("Redis at " + where + " cannot serve now: " + e.getMessage(), e);
        }
        // Redis answered: the connection works, the command did not.
        if (e instanceof JedisDataException) {
            return new RedisCommandException("Redis at " + where + " answered an error: " + e.getMessage(), e);
        }
        // Everything else (refused, timed out, pool exhausted, no cluster node left) means no answer (L9).
        return new RedisUnavailableException(
                "Redis at " + where + " cannot be reached: " + e.getMessage() + rootCause(e), e);
    }

    /**
     * Why a connection failed, as the socket said it ("Connection refused", "connect timed out"): Jedis's own message
     * ("Failed to connect to ...") does not tell a Redis that is down from one that answers too slowly. Jedis keeps the
     * socket's exception as a suppressed one (one per address it tried), not as the cause, so both are followed.
     */
    private static String rootCause(Throwable e) {
        Throwable root = e;
        for (int depth = 0; depth < 16; depth++) {
            Throwable next = root.getCause() != null && root.getCause() != root
                    ? root.getCause()
                    : root.getSuppressed().length > 0 ? root.getSuppressed()[0] : null;
            if (next == null) {
                break;
            }
            root = next;
        }
        if (root == e || root.getMessage() == null || root.getMessage().isBlank()) {
            return "";
        }
        return " (" + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
    }

    /** Redis answers LOADING while it reads its dataset after a restart; Jedis has no type of its own for it. */
    private static boolean isLoading(JedisException e) {
        return e instanceof JedisDataException
                && e.getMessage() != null
                && e.getMessage().startsWith("LOADING");
    }
}
