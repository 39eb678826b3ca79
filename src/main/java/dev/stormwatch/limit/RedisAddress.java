package dev.stormwatch.limit;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;

/**
 * A Redis server address parsed from {@code redis://host:port} (spec L9: a bad URL fails at configuration time).
 * Credentials in the URL are refused: they would end up in reports.
 *
 * @param host host name or IP literal
 * @param port TCP port, 1 to 65535
 */
public record RedisAddress(String host, int port) {

    /** @throws LimiterConfigurationException if host is blank or port out of range */
    public RedisAddress {
        if (host == null || host.isBlank()) {
            throw new LimiterConfigurationException("Redis host is empty: give redis://host:port");
        }
        if (port < 1 || port > 65535) {
            throw new LimiterConfigurationException("Redis port must be 1 to 65535, was " + port);
        }
    }

    /**
     * Parses {@code redis://host:port} (port defaults to 6379).
     *
     * @throws LimiterConfigurationException if the text is not such a URL
     */
    public static RedisAddress parse(String url) {
        if (url == null || url.isBlank()) {
            throw new LimiterConfigurationException("Redis URL is empty: give redis://host:port");
        }
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw new LimiterConfigurationException("Redis URL is not a URL: '" + url + "' (" + e.getReason() + ")");
        }
        if (!"redis".equalsIgnoreCase(uri.getScheme())) {
            throw new LimiterConfigurationException("Redis URL must start with redis://, was '" + url + "'");
        }
        if (uri.getRawUserInfo() != null) {
            throw new LimiterConfigurationException("Redis URL must not carry credentials; it is shown in reports");
        }
        if (uri.getHost() == null) {
            throw new LimiterConfigurationException("Redis URL has no host: '" + url + "'");
        }
        String path = uri.getRawPath();
        if ((path != null && !path.isEmpty() && !path.equals("/")) || uri.getRawQuery() != null) {
            throw new LimiterConfigurationException(
                    "Redis URL must be just redis://host:port (database 0, no options), was '" + url + "'");
        }
        return new RedisAddress(uri.getHost(), uri.getPort() == -1 ? 6379 : uri.getPort());
    }

    /**
     * Parses a Redis Cluster seed list: {@code redis://h1:p1,redis://h2:p2} or {@code h1:p1,h2:p2}.
     *
     * @throws LimiterConfigurationException if the list is empty or an entry is not an address
     */
    public static List<RedisAddress> parseSeeds(String seeds) {
        if (seeds == null || seeds.isBlank()) {
            throw new LimiterConfigurationException("Redis Cluster seed list is empty: give host:port,host:port");
        }
        List<RedisAddress> addresses = new ArrayList<>();
        for (String seed : seeds.split(",")) {
            String trimmed = seed.trim();
            addresses.add(parse(trimmed.startsWith("redis://") ? trimmed : "redis://" + trimmed));
        }
        return List.copyOf(addresses);
    }

    /** {@code redis://host:port}. */
    public String url() {
        return "redis://" + host + ':' + port;
    }

    @Override
    public String toString() {
        return url();
    }
}
