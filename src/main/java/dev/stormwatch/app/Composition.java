package dev.stormwatch.app;

import dev.stormwatch.app.common.FileDialogs;
import dev.stormwatch.app.common.Later;
import dev.stormwatch.app.common.Ticker;
import dev.stormwatch.app.common.UiThread;
import dev.stormwatch.app.diagnose.DiagnoseView;
import dev.stormwatch.app.diagnose.DiagnoseViewModel;
import dev.stormwatch.app.loadlab.LoadLabView;
import dev.stormwatch.app.loadlab.LoadLabViewModel;
import dev.stormwatch.app.servers.ServersView;
import dev.stormwatch.app.servers.ServersViewModel;
import dev.stormwatch.app.session.SessionView;
import dev.stormwatch.app.session.SessionViewModel;
import dev.stormwatch.app.session.SettingsViewModel;
import dev.stormwatch.app.shell.MainWindow;
import dev.stormwatch.app.shell.MenuCommand;
import dev.stormwatch.app.timeline.TimelineViewModel;
import dev.stormwatch.diagnose.DiagnoseService;
import dev.stormwatch.embedded.EmbeddedStack;
import dev.stormwatch.http.ProxyRoutes;
import dev.stormwatch.http.TrustedCertificates;
import dev.stormwatch.load.engine.EngineSettings;
import dev.stormwatch.load.engine.LoadEngine;
import dev.stormwatch.oauth.BrowserLauncher;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.ProfileStore;
import dev.stormwatch.oauth.SystemBrowserLauncher;
import dev.stormwatch.oauth.WebFinger;
import dev.stormwatch.retry.OriginPauses;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import okhttp3.OkHttpClient;
import org.kordamp.ikonli.feather.Feather;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the window's view models and views from their parts, and starts the embedded servers in the background so
 * that the window is usable at once. Tests build it with a browser that needs no browser.
 */
public final class Composition implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Composition.class);

    /**
     * What the composition is built from; the app uses {@link #defaults()}.
     *
     * @param loadEngines makes the Load lab's engine for each run from its settings: the real engine on real time in
     *     the app; a test gives the engine on simulated time, with the relay's pipeline in process (decision 0039)
     */
    public record Parts(
            Clock clock,
            BrowserLauncher browser,
            Ticker ticker,
            Supplier<EmbeddedStack> servers,
            Function<EngineSettings, LoadEngine> loadEngines) {
        public Parts {
            Objects.requireNonNull(clock, "clock");
            Objects.requireNonNull(browser, "browser");
            Objects.requireNonNull(ticker, "ticker");
            Objects.requireNonNull(servers, "servers");
            Objects.requireNonNull(loadEngines, "loadEngines");
        }

        /** These parts with the Load lab's real engine, on real time and the relay on sockets. */
        public Parts(Clock clock, BrowserLauncher browser, Ticker ticker, Supplier<EmbeddedStack> servers) {
            this(clock, browser, ticker, servers, LoadEngine::new);
        }

        public static Parts defaults() {
            return new Parts(
                    Clock.systemUTC(),
                    new SystemBrowserLauncher(),
                    new dev.stormwatch.app.common.FxTicker(),
                    EmbeddedStack::start);
        }
    }

    private final ExecutorService background;
    private final TimelineViewModel timeline;
    private final SessionViewModel session;
    private final ServersViewModel servers;
    private final LoadLabViewModel loadLab;
    private final DiagnoseViewModel diagnose;
    private final MainWindow window;
    private volatile Optional<EmbeddedStack> stack = Optional.empty();
    private final Object serversLock = new Object();
    private boolean serversClosed; // guarded by serversLock
    private final Thread serversOnExit = new Thread(this::closeServers, "stormwatch-servers-shutdown");

    public Composition(Parts parts) {
        this.background = Executors.newCachedThreadPool(daemonThreads("stormwatch-call-"));
        // P4: one process, one set of pauses, shared by every client the settings make.
        OriginPauses pauses = new OriginPauses(parts.clock());
        this.timeline = new TimelineViewModel(UiThread.executor());
        ProxyRoutes proxies = proxyRoutes();
        SettingsViewModel settings = new SettingsViewModel(
                Optional.of(new ProfileStore(ProfileStore.defaultFolder(System::getenv))), parts.clock());
        // PF8: the Account field asks the account's host for its issuer, through the settings' proxy (PX6).
        settings.issuerFinder(
                account -> WebFinger.discover(
                                account,
                                TrustedCertificates.trustingOperatingSystem(
                                        settings.proxyRoutes(proxies).applyTo(new OkHttpClient()),
                                        TrustedCertificates.OPERATING_SYSTEM_BUNDLES,
                                        settings.caFile(),
                                        "CA file"),
                                "Account")
                        .value(),
                background,
                UiThread.executor());
        this.session = new SessionViewModel(
                settings,
                config -> {
                    OAuthClient.Builder client = OAuthClient.builder(config)
                            .clock(parts.clock())
                            .pauses(pauses)
                            .browser(parts.browser());
                    // TL2: the CA file of the settings (checked readable there) is trusted on top of the platform's.
                    // PX1, PX2, PX6: the Proxy field's, else the environment's (else Java's), never for this machine.
                    OkHttpClient http = settings.proxyRoutes(proxies).applyTo(new OkHttpClient());
                    // PX4, TL2: the system's CA bundle and the CA file on top of the Java runtime's authorities.
                    client.httpClient(TrustedCertificates.trustingOperatingSystem(
                            http, TrustedCertificates.OPERATING_SYSTEM_BUNDLES, settings.caFile(), "CA file"));
                    return client.build();
                },
                background,
                UiThread.executor(),
                parts.clock(),
                parts.ticker(),
                timeline);
        this.servers = new ServersViewModel();
        // A load run is long and blocking: it gets its own thread, never one a visible call needs.
        this.loadLab = new LoadLabViewModel(
                (options, choices, progress, live) -> parts.loadEngines()
                        .apply(EngineSettings.defaults().with(choices))
                        .run(options, progress, live),
                Executors.newSingleThreadExecutor(daemonThreads("stormwatch-load-run-")),
                UiThread.executor());
        // A load run may send the signed-in session's token; the Session tab's client provides it.
        loadLab.sessionTokens(session.accessTokens());
        // Reading evidence is long and blocking: its own thread, never one a visible call needs.
        DiagnoseService diagnoseService = new DiagnoseService();
        this.diagnose = new DiagnoseViewModel(
                diagnoseService::diagnose,
                diagnoseService::preview,
                Executors.newSingleThreadExecutor(daemonThreads("stormwatch-diagnose-")),
                // DG22: the preview reads a file's head on a thread of its own, so a long diagnosis never delays it.
                Later.on(Executors.newSingleThreadScheduledExecutor(daemonThreads("stormwatch-preview-"))),
                UiThread.executor(),
                DiagnoseViewModel.PREVIEW_DEBOUNCE);
        FileDialogs files = FileDialogs.desktop();
        this.window = new MainWindow(
                new SessionView(session, timeline, files),
                new LoadLabView(loadLab, files),
                new ServersView(servers),
                new DiagnoseView(diagnose, files));
        window.sessionCommands(sessionCommands());
        background.execute(() -> startServers(parts.servers()));
    }

    /** The Session menu: the Session tab's actions with their usual shortcuts, enabled when their buttons are. */
    private List<MenuCommand> sessionCommands() {
        return List.of(
                MenuCommand.of(
                        "menu-sign-in", "Sign _in", "Shortcut+I", Feather.LOG_IN, session::signIn, session.canSignIn()),
                MenuCommand.of(
                        "menu-refresh",
                        "_Refresh",
                        KeyCode.F5.getName(),
                        Feather.REFRESH_CW,
                        session::refresh,
                        session.canAct()),
                MenuCommand.of(
                        "menu-userinfo",
                        "_UserInfo",
                        "Shortcut+U",
                        Feather.USER,
                        session::loadUserInfo,
                        session.canAct()),
                MenuCommand.of(
                        "menu-sign-out", "Sign _out", null, Feather.LOG_OUT, session::signOut, session.canSignOut()),
                MenuCommand.always("menu-settings", "_Settings…", "Shortcut+Comma", Feather.SETTINGS, () -> {
                    window.select("session");
                    Node issuer = window.root().lookup("#settings-issuer");
                    if (issuer != null) {
                        issuer.requestFocus();
                    }
                }));
    }

    /** The process's proxies; a variable that is not a proxy URL is logged and leaves requests direct. */
    private static ProxyRoutes proxyRoutes() {
        try {
            return ProxyRoutes.ofThisProcess();
        } catch (IllegalArgumentException e) {
            LOG.warn("proxy settings ignored: {}", e.getMessage());
            return ProxyRoutes.DIRECT;
        }
    }

    /** Threads that never keep the app alive after its window closed. */
    private static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    private void startServers(Supplier<EmbeddedStack> start) {
        try {
            EmbeddedStack started = start.get();
            synchronized (serversLock) {
                if (serversClosed) {
                    started.close(); // the window closed while the servers were starting
                    return;
                }
                stack = Optional.of(started);
            }
            // Ctrl-C, a logout or a kill skip the window's own close: the redis-server child must not outlive the app.
            Runtime.getRuntime().addShutdownHook(serversOnExit);
            LOG.info(
                    "embedded provider at {}, relay at {}, rate limiter {}",
                    started.provider().issuer(),
                    started.relay().baseUrl(),
                    started.limiterDescription());
            UiThread.executor().execute(() -> {
                servers.attach(started);
                session.settings()
                        .issuerProperty()
                        .set(started.provider().issuer().toString());
                session.settings().embeddedIssuer(started.provider().issuer().toString());
                session.applySettings();
            });
        } catch (RuntimeException e) {
            LOG.warn("embedded servers did not start: {}", e.getMessage());
            UiThread.executor().execute(() -> servers.failed(e.getMessage()));
        }
    }

    public MainWindow window() {
        return window;
    }

    public SessionViewModel session() {
        return session;
    }

    public ServersViewModel servers() {
        return servers;
    }

    public LoadLabViewModel loadLab() {
        return loadLab;
    }

    public DiagnoseViewModel diagnose() {
        return diagnose;
    }

    public TimelineViewModel timeline() {
        return timeline;
    }

    /** The embedded servers, once started. */
    public Optional<EmbeddedStack> stack() {
        return stack;
    }

    @Override
    public void close() {
        session.cancelSignIn();
        loadLab.stop();
        background.shutdownNow();
        closeServers();
        try {
            Runtime.getRuntime().removeShutdownHook(serversOnExit);
        } catch (IllegalStateException | IllegalArgumentException e) {
            // the JVM is already shutting down, or the servers never started: nothing to remove
        }
    }

    /** Closes the embedded servers once, from the window's close or the JVM's shutdown, whichever comes first. */
    private void closeServers() {
        Optional<EmbeddedStack> started;
        synchronized (serversLock) {
            if (serversClosed) {
                return;
            }
            serversClosed = true;
            started = stack;
        }
        started.ifPresent(EmbeddedStack::close);
    }
}
