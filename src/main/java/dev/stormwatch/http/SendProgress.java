package dev.stormwatch.http;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import okhttp3.Call;
import okhttp3.Connection;
import okhttp3.EventListener;
import okhttp3.Handshake;
import okhttp3.Protocol;

/**
 * Follows one OkHttp call far enough to say whether any byte of the request could have left (spec F1): the request
 * is on the wire once OkHttp starts writing its headers.
 */
final class SendProgress extends EventListener {

    private volatile boolean tlsStarted;
    private volatile boolean tlsDone;
    private volatile boolean requestStarted;
    private volatile boolean connectStarted;
    private volatile boolean connectionReused;
    private volatile boolean responseStarted;
    private volatile String proxy; // host:port of the http proxy the connection goes through, or null (PX8)

    @Override
    public void connectStart(Call call, InetSocketAddress address, Proxy proxy) {
        connectStarted = true;
    }

    @Override
    public void secureConnectStart(Call call) {
        tlsStarted = true;
    }

    @Override
    public void secureConnectEnd(Call call, Handshake handshake) {
        tlsDone = true;
    }

    @Override
    public void connectFailed(Call call, InetSocketAddress address, Proxy proxy, Protocol protocol, IOException e) {
        // Nothing to record: no request header was written on a connection that failed.
    }

    @Override
    public void connectionAcquired(Call call, Connection connection) {
        // A pooled connection may already be dead; only writing the request counts as sending it (F1). Acquired
        // without a connect of this call's own, it came from the pool: the server may have closed it while idle (CN2).
        connectionReused = !connectStarted;
        Proxy route = connection.route().proxy();
        if (route.type() == Proxy.Type.HTTP && route.address() instanceof InetSocketAddress address) {
            proxy = address.getHostString() + ":" + address.getPort();
        }
    }

    @Override
    public void responseHeadersStart(Call call) {
        // OkHttp calls this once the status line and headers were read: an answer began to arrive.
        responseStarted = true;
    }

    @Override
    public void requestHeadersStart(Call call) {
        requestStarted = true;
    }

    /** True once OkHttp began writing the request: from then on the server may have processed it. */
    boolean requestStarted() {
        return requestStarted;
    }

    /** True when the request went onto a pooled connection that this call did not open (CN2). */
    boolean connectionReused() {
        return connectionReused;
    }

    /** True once the head of an answer was read: the server had received the request. */
    boolean responseStarted() {
        return responseStarted;
    }

    /** PX8: the http proxy ({@code host:port}, never its credentials) the request's connection goes through. */
    java.util.Optional<String> proxy() {
        return java.util.Optional.ofNullable(proxy);
    }

    /** True when a TLS handshake began and did not finish. */
    boolean tlsHandshakeUnfinished() {
        return tlsStarted && !tlsDone;
    }
}
