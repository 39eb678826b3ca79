package dev.stormwatch.provider;

import dev.stormwatch.testing.FakeClock;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The demo provider on its default configuration and a fake clock, started once for a test class and closed after
 * it, with a {@link ProviderDriver} that speaks to it over real sockets. Register it as a static field with
 * {@code @RegisterExtension}.
 */
final class RunningDemoProvider implements BeforeAllCallback, AfterAllCallback {

    private final FakeClock clock;
    private DemoProvider provider;
    private ProviderDriver driver;

    RunningDemoProvider(FakeClock clock) {
        this.clock = clock;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        provider = DemoProvider.start(ProviderConfig.defaults().withClock(clock));
        driver = new ProviderDriver(provider, clock);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        provider.close();
    }

    DemoProvider provider() {
        return provider;
    }

    ProviderDriver driver() {
        return driver;
    }
}
