package dev.stormwatch.testing;

import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The demo providers a test started, closed after it: a test starts each one here instead of with {@link
 * DemoProvider#start} and does not close it by hand, so it is closed even when the test fails before its own cleanup.
 * A provider started while a test runs (in a {@code @BeforeEach} method, the test itself or a helper it calls, from
 * any thread) is closed after that test; one started before any test (in a static {@code @BeforeAll} method) is closed
 * after the class. The last started is closed first. A test may still close a provider itself, mid-test: closing it
 * again does nothing.
 *
 * <p>For providers per test, register it on an instance field, {@code @RegisterExtension final StartedProviders
 * providers = new StartedProviders();}, and keep what it starts in a field: {@code provider =
 * providers.start(config);}. For one provider shared by the class and started in {@code @BeforeAll}, register it on a
 * {@code static final} field instead; that one also closes, after each test, what the test started, so it suits only
 * a class whose tests run one at a time.
 */
public final class StartedProviders implements BeforeEachCallback, AfterEachCallback, AfterAllCallback {

    private final List<DemoProvider> forTheClass = new CopyOnWriteArrayList<>();
    private final List<DemoProvider> forTheTest = new CopyOnWriteArrayList<>();
    private volatile boolean testRunning;

    /** Starts a demo provider on {@code config}, to be closed after the test, or after the class before any test. */
    public DemoProvider start(ProviderConfig config) throws IOException {
        DemoProvider provider = DemoProvider.start(config);
        (testRunning ? forTheTest : forTheClass).add(provider);
        return provider;
    }

    /** Starts a demo provider on its defaults, as {@link #start(ProviderConfig)} does. */
    public DemoProvider start() throws IOException {
        return start(ProviderConfig.defaults());
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        testRunning = true;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        testRunning = false;
        closeAll(forTheTest);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        closeAll(forTheTest);
        closeAll(forTheClass);
    }

    /** Closes every provider in {@code started}, the last started first, even when one of them fails to close. */
    private static void closeAll(List<DemoProvider> started) {
        List<DemoProvider> closing = new ArrayList<>(started);
        started.removeAll(closing);
        Collections.reverse(closing);
        RuntimeException failed = null;
        for (DemoProvider provider : closing) {
            try {
                provider.close();
            } catch (RuntimeException e) {
                if (failed == null) {
                    failed = e;
                } else {
                    failed.addSuppressed(e);
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
    }
}
