package dev.stormwatch.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.stormwatch.base.LoopbackHost;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import okhttp3.mockwebserver.MockWebServer;

/**
 * A target behind Debian's real tinyproxy ({@link RealTinyproxy}): a MockWebServer on 127.0.0.1 and this machine's
 * host name, which resolves to loopback here but is not loopback by its text, so proxy routes send it through the
 * proxy as they would a provider's name. {@link #start} skips the test where tinyproxy or such a name is missing.
 *
 * @param target the server the requests are meant for
 * @param hostName this machine's host name, to address the target through the proxy
 * @param proxy the running tinyproxy; its log is {@code tinyproxy.log} in the folder given to {@link #start}
 * @param proxyPort the port tinyproxy listens on at 127.0.0.1
 */
public record ProxiedTarget(MockWebServer target, String hostName, Process proxy, int proxyPort) {

    /** Starts the target and tinyproxy, writing tinyproxy's configuration and log in {@code dir}. */
    public static ProxiedTarget start(Path dir) throws IOException, InterruptedException {
        assumeTrue(RealTinyproxy.installed(), "tinyproxy is not installed: apt-get install tinyproxy");
        String hostName = InetAddress.getLocalHost().getHostName();
        assumeTrue(
                !LoopbackHost.isLoopback(hostName) && LoopbackHost.resolvedLoopbackAddresses(hostName).length > 0,
                "this machine's host name does not resolve to loopback; no target the proxy can reach here");
        MockWebServer target = new MockWebServer();
        target.start(InetAddress.getByName("127.0.0.1"), 0);
        try {
            RealTinyproxy.Started started = RealTinyproxy.start(dir);
            return new ProxiedTarget(target, hostName, started.process(), started.port());
        } catch (IOException | InterruptedException | RuntimeException e) {
            target.shutdown();
            throw e;
        }
    }

    /** Stops tinyproxy (waiting at most 5 s) and the target. */
    public void stop() throws IOException, InterruptedException {
        proxy.destroy();
        proxy.waitFor(5, TimeUnit.SECONDS);
        target.shutdown();
    }
}
