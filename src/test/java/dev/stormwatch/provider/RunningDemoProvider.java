package dev.stormwatch.provider;

import dev.stormwatch.testing.FakeClock;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The demo provider on a fake clock, on its default configuration or one a test class changes (its own clients),
 * started once for the class and closed after it, with a {@link ProviderDriver} that speaks to it over real sockets.
 * Register it as a static field with {@code @RegisterExtension}.
 */
final class RunningDemoProvider implements BeforeAllCallback, AfterAllCallback {

    private final FakeClock clock;
    private final UnaryOperator<ProviderConfig> configured;
    private DemoProvider provider;
    private ProviderDriver driver;

    RunningDemoProvider(FakeClock clock) {
        this(clock, UnaryOperator.identity());
    }

    /** The provider on {@code configured} applied to the defaults on {@code clock}. */
    RunningDemoProvider(FakeClock clock, UnaryOperator<ProviderConfig> configured) {
        this.clock = clock;
        this.configured = configured;
    }

    /** The provider with {@code more} clients registered beside the default ones (the desktop and the confidential). */
    static RunningDemoProvider withClientsBesideTheDefaults(FakeClock clock, ClientRegistration... more) {
        return new RunningDemoProvider(
                clock,
                c -> c.withClients(
                        Stream.concat(c.clients().stream(), Stream.of(more)).toList()));
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        provider = DemoProvider.start(configured.apply(ProviderConfig.defaults().withClock(clock)));
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
