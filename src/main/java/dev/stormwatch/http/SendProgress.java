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
        // A pooled connection may already be dead; only writing the request counts as sending it.
    }

    @Override
    public void requestHeadersStart(Call call) {
        requestStarted = true;
    }

    /** True once OkHttp began writing the request: from then on the server may have processed it. */
    boolean requestStarted() {
        return requestStarted;
    }

    /** True when a TLS handshake began and did not finish. */
    boolean tlsHandshakeUnfinished() {
        return tlsStarted && !tlsDone;
    }
}
