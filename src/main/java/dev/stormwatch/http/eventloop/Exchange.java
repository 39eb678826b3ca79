package dev.stormwatch.http.eventloop;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.Request;

/** One attempt on the event loop: its call, whom to tell, where it goes, and what went out when it left the queue. */
final class Exchange {
    final Call call;
    final Callback callback;
    final String routeKey;
    final InetAddress[] addresses;
    final int port;
    Request sent;
    ByteBuffer out;
    int readTimeout;
    int writeTimeout;
    long sentAtMillis;

    Exchange(Call call, Callback callback, String routeKey, InetAddress[] addresses, int port) {
        this.call = call;
        this.callback = callback;
        this.routeKey = routeKey;
        this.addresses = addresses;
        this.port = port;
    }
}
