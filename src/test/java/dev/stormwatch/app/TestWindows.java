package dev.stormwatch.app;

import atlantafx.base.theme.PrimerLight;
import dev.stormwatch.app.common.FxTicker;
import dev.stormwatch.app.shell.PreferencesStore;
import dev.stormwatch.app.shell.SystemTheme;
import dev.stormwatch.embedded.EmbeddedStack;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import javafx.application.Application;
import javafx.stage.Stage;

/** The window as the TestFX tests open and close it, in one place. */
final class TestWindows {

    private TestWindows() {}

    /** The window with no browser and no embedded servers: a test that asks for one fails loudly. */
    static Composition withoutServers() {
        return new Composition(new Composition.Parts(Clock.systemUTC(), url -> false, new FxTicker(), () -> {
            throw new IllegalStateException("no embedded servers in this test");
        }));
    }

    /** The window with no browser, on the embedded provider and relay. */
    static Composition withEmbeddedServers() {
        return new Composition(
                new Composition.Parts(Clock.systemUTC(), url -> false, new FxTicker(), EmbeddedStack::start));
    }

    /**
     * Waits until the embedded servers have started and the window shows them: the Session area's issuer is the
     * provider's, the Provider & relay area its address.
     */
    static void awaitServers(Composition composition) throws java.util.concurrent.TimeoutException {
        org.testfx.util.WaitForAsyncUtils.waitFor(
                20,
                java.util.concurrent.TimeUnit.SECONDS,
                () -> composition.stack().isPresent()
                        && !composition
                                .session()
                                .settings()
                                .issuerProperty()
                                .get()
                                .isEmpty()
                        && !composition
                                .servers()
                                .providerAddressProperty()
                                .get()
                                .isEmpty());
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
    }

    /** Shows it with preferences in memory, on a desktop that says nothing (no gsettings to wait for in @Start). */
    static void show(Composition composition, Stage stage) {
        show(composition, stage, PreferencesStore.inMemory());
    }

    /** Shows it with the given preferences, on a desktop that says nothing. */
    static void show(Composition composition, Stage stage, PreferencesStore preferences) {
        composition.window().show(stage, preferences, new SystemTheme(Map.of(), "Linux", command -> Optional.empty()));
    }

    /** Closes it and puts back the light theme a test may have switched (the toolkit outlives each test). */
    static void close(Composition composition) {
        composition.close();
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
    }
}
