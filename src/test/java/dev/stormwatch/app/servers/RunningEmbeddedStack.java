package dev.stormwatch.app.servers;

import dev.stormwatch.embedded.EmbeddedStack;
import dev.stormwatch.relay.RateLimitDialect;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The embedded defaults (provider, relay, Redis) started once for a test class and closed after it; after each test
 * the faults it planned are cleared and the relay speaks no rate-limit dialect again, so tests do not see each
 * other's switches. Register it as a static field with {@code @RegisterExtension}.
 */
final class RunningEmbeddedStack implements BeforeAllCallback, AfterEachCallback, AfterAllCallback {

    private EmbeddedStack stack;

    @Override
    public void beforeAll(ExtensionContext context) {
        stack = EmbeddedStack.start();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        stack.provider().faults().clear();
        stack.relay().faults().clear();
        stack.relay().useRateLimits(Optional.empty(), RateLimitDialect.PLAIN);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        stack.close();
    }

    EmbeddedStack stack() {
        return stack;
    }
}
