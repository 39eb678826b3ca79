package dev.stormwatch.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import picocli.CommandLine;

/**
 * {@code stormwatch call} against a real socket: a MockWebServer started before each test and shut down after it,
 * and a command line that reads its secrets from the test's environment and keeps what it writes. Register it with
 * {@code @RegisterExtension}.
 */
final class CallCommandFixture implements BeforeEachCallback, AfterEachCallback {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private MockWebServer server;

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        server = new MockWebServer();
        server.start();
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        server.shutdown();
    }

    /** The server the command calls. */
    MockWebServer server() {
        return server;
    }

    /** The server's {@code /v1/models}. */
    String url() {
        return server.url("/v1/models").toString();
    }

    /** Runs {@code stormwatch call ARGS} with secrets from {@code environment}, as the root command line would. */
    int run(Map<String, String> environment, String... args) {
        return run(new CallCommand(environment::get), args);
    }

    /** Runs {@code stormwatch call ARGS} on {@code clock}, with an empty environment. */
    int runAt(java.time.Clock clock, String... args) {
        return run(new CallCommand(name -> null, clock), args);
    }

    private int run(CallCommand command, String... args) {
        CommandLine cli = new CommandLine(command)
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setParameterExceptionHandler(new ShortUsageErrors());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    /** Runs {@code stormwatch call ARGS} with an empty environment. */
    int run(String... args) {
        return run(Map.of(), args);
    }

    /** What the command wrote on stdout so far. */
    String out() {
        return out.toString();
    }

    /** What the command wrote on stderr so far. */
    String err() {
        return err.toString();
    }

    /** Forgets what the command wrote on stdout, for a second run in one test. */
    void clearOut() {
        out.getBuffer().setLength(0);
    }
}
