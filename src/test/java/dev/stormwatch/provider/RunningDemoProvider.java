package dev.stormwatch.provider;

import java.time.Clock;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The demo provider on a test's clock or the system's, on its default configuration or one a test class changes (its
 * own clients), started once for the class and closed after it, with a {@link ProviderDriver} that speaks to it over
 * real sockets. After each test the faults it planned are cleared, so tests do not see each other's. Register it as a
 * static field with {@code @RegisterExtension}.
 */
public final class RunningDemoProvider implements BeforeAllCallback, AfterEachCallback, AfterAllCallback {

    private final Clock clock;
    private final UnaryOperator<ProviderConfig> configured;
    private DemoProvider provider;
    private ProviderDriver driver;

    /** The provider on its defaults and the system clock, for tests that drive it through a client. */
    public RunningDemoProvider() {
        this(Clock.systemUTC());
    }

    RunningDemoProvider(Clock clock) {
        this(clock, UnaryOperator.identity());
    }

    /** The provider on {@code configured} applied to the defaults on {@code clock}. */
    RunningDemoProvider(Clock clock, UnaryOperator<ProviderConfig> configured) {
        this.clock = clock;
        this.configured = configured;
    }

    /** The provider with {@code more} clients registered beside the default ones (the desktop and the confidential). */
    static RunningDemoProvider withClientsBesideTheDefaults(Clock clock, ClientRegistration... more) {
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
    public void afterEach(ExtensionContext context) {
        provider.faults().clear();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        provider.close();
    }

    public DemoProvider provider() {
        return provider;
    }

    ProviderDriver driver() {
        return driver;
    }
}
