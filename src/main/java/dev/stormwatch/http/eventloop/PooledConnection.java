package dev.stormwatch.http.eventloop;

import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/** One non-blocking socket of a route, and the attempt it carries when it is not idle; owned by the loop thread. */
final class PooledConnection {
    final Route route;
    final SocketChannel channel;
    final int addressIndex;
    SelectionKey key;
    boolean connected;
    Exchange exchange;
    Http1ResponseParser parser;
    long timeoutAt;
    long idleSince;

    PooledConnection(Route route, SocketChannel channel, int addressIndex) {
        this.route = route;
        this.channel = channel;
        this.addressIndex = addressIndex;
    }
}
