package dev.stormwatch.http.eventloop;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;

/** One origin's addresses, its idle connections and the attempts waiting for one; owned by the loop thread. */
final class Route {
    final InetAddress[] addresses;
    final int port;
    final ArrayDeque<PooledConnection> idle = new ArrayDeque<>();
    final ArrayDeque<Exchange> waiting = new ArrayDeque<>();
    /** The address new connections try first: the last one that answered. */
    int preferred;

    Route(InetAddress[] addresses, int port) {
        this.addresses = addresses;
        this.port = port;
    }

    String describe(int index) {
        return new InetSocketAddress(addresses[Math.min(index, addresses.length - 1)], port).toString();
    }
}
