package dev.stormwatch.app;

import dev.stormwatch.app.common.FxTicker;
import dev.stormwatch.app.session.SessionViewModel.Phase;
import dev.stormwatch.app.shell.PreferencesStore;
import dev.stormwatch.app.shell.SystemTheme;
import dev.stormwatch.app.shell.Theme;
import dev.stormwatch.app.shell.WindowPreferences;
import dev.stormwatch.embedded.EmbeddedStack;
import dev.stormwatch.server.Fault;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.control.Button;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import javax.imageio.ImageIO;

/**
 * Takes the README's screenshots from the real app on a real display (run under Xvfb, not Monocle): signs in
 * through the demo sign-in page, forces a pause and an exhausted budget, and saves each state three times: in the
 * light theme at 1280×800 in assets/, in the dark theme at 1280×800 in assets/dark/, and in the light theme at the
 * smallest size, 1024×700 (UI3, UI8), in assets/1024/.
 * Run: xvfb-run -a -s "-screen 0 1280x800x24" java -cp "target/classes:target/test-classes:$(cat target/cp.txt)"
 * dev.stormwatch.app.ScreenshotTour assets
 */
public final class ScreenshotTour {

    private ScreenshotTour() {}

    public static void main(String[] args) throws Exception {
        File out = new File(args.length > 0 ? args[0] : "assets");
        out.mkdirs();
        CompletableFuture<Stage> shown = new CompletableFuture<>();
        Platform.startup(() -> shown.complete(new Stage()));
        Stage stage = shown.get(10, TimeUnit.SECONDS);
        SignInPageBrowser browser = new SignInPageBrowser();
        Composition[] built = new Composition[1];
        fx(() -> {
            built[0] = new Composition(
                    new Composition.Parts(Clock.systemUTC(), browser, new FxTicker(), EmbeddedStack::start));
            built[0].window()
                    .show(
                            stage,
                            PreferencesStore.inMemory(),
                            new SystemTheme(java.util.Map.of(), "Linux", command -> Optional.empty()));
            built[0].window().themeProperty().set(Theme.LIGHT);
            stage.setWidth(WIDTH);
            stage.setHeight(HEIGHT);
        });
        Composition app = built[0];
        await(() -> app.stack().isPresent()
                && !app.session().settings().issuerProperty().get().isEmpty());
        Thread.sleep(500);
        shootAll(stage, app, out, "main-window.png");

        fx(() -> {
            app.session().settings().maxAttemptsPerOriginProperty().set("11");
            app.session().settings().totalBudgetMsProperty().set("0");
            app.session().applySettings();
        });
        Thread.sleep(300);
        shootAll(stage, app, out, "settings-refused.png");
        fx(() -> {
            app.session().settings().presetProperty().set(dev.stormwatch.app.session.PolicyChoice.DEFAULT);
            app.session().applySettings();
        });

        fx(() -> app.session().signIn());
        await(() -> app.session().phaseProperty().get() == Phase.SIGNED_IN);
        fx(() -> app.session().loadUserInfo());
        await(() -> !app.session().userInfoProperty().get().isEmpty());
        fx(() -> ((TabPane) stage.getScene().lookup("#tokens"))
                .getSelectionModel()
                .select(0));
        Thread.sleep(400);
        shootAll(stage, app, out, "session-signed-in.png");

        EmbeddedStack stack = app.stack().orElseThrow();
        stack.provider()
                .faults()
                .inject(
                        "/userinfo",
                        new Fault.Throttle(
                                503, Optional.empty(), Fault.RetryAfterForm.SECONDS, Fault.DateHeader.CORRECT),
                        3);
        fx(() -> app.session().loadUserInfo());
        await(() -> app.session().retryOfferedProperty().get());
        Thread.sleep(400);
        shootAll(stage, app, out, "session-retry-button.png");

        // RA3: a Retry-After that fits the budget: the wait and its countdown, mid-wait.
        stack.provider().faults().inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(8)), 1);
        fx(() -> app.session().refresh());
        await(() -> !app.session().waitTextProperty().get().isEmpty());
        Thread.sleep(2_300);
        shootAll(stage, app, out, "session-wait-countdown.png");
        await(() -> !app.session().busyProperty().get());

        // RA4, P1: a Retry-After longer than the budget pauses the origin; the countdown starts at the 429.
        stack.provider().faults().inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(45)), 1);
        fx(() -> app.session().refresh());
        await(() -> app.session().countdown().runningProperty().get()
                && !app.session().busyProperty().get());
        Thread.sleep(2_300);
        shootAll(stage, app, out, "session-paused-countdown.png");

        fx(() -> {
            ((TabPane) stage.getScene().lookup("#areas")).getSelectionModel().select(1);
            app.loadLab().durationProperty().set("20s");
            app.loadLab().start(); // the preset's own 64 clients against its 120/s quota (LB17)
        });
        await(() -> app.loadLab().reportReadyProperty().get(), 90);
        Thread.sleep(500);
        shootAll(stage, app, out, "load-lab.png");

        // LB8: the same storm with full jitter and with none, side by side on one seed.
        fx(() -> {
            app.loadLab().comparisonProperty().set(dev.stormwatch.app.loadlab.Comparison.JITTER);
            app.loadLab().durationProperty().set("20s");
            app.loadLab().compare();
        });
        await(() -> app.loadLab().compared().size() == 2, 120);
        Thread.sleep(800);
        shootAll(stage, app, out, "load-lab-compare.png");
        fx(() -> ((TabPane) stage.getScene().lookup("#load-views"))
                .getSelectionModel()
                .select(0));

        fx(() -> ((TabPane) stage.getScene().lookup("#areas"))
                .getSelectionModel()
                .select(2));
        fx(() -> ((Button) stage.getScene().lookup("#fault-token-503")).fire());
        Thread.sleep(400);
        shootAll(stage, app, out, "provider-and-relay.png");

        // DG3, DG12: the Diagnose tab on the access log a real nginx wrote (src/test/resources/diagnose/nginx).
        java.nio.file.Path log = java.nio.file.Path.of(ScreenshotTour.class
                .getResource("/diagnose/nginx/storm-access.log")
                .toURI());
        fx(() -> {
            TabPane areas = (TabPane) stage.getScene().lookup("#areas");
            areas.getSelectionModel()
                    .select(areas.getTabs().stream()
                            .filter(t -> "diagnose".equals(t.getId()))
                            .findFirst()
                            .orElseThrow());
            app.diagnose().addFiles(java.util.List.of(log));
            app.diagnose()
                    .logFormatProperty()
                    .set("$remote_addr [$time_local] $msec $request_time \"$request\""
                            + " $status \"$sent_http_retry_after\" \"$http_x_client_id\" \"$http_authorization\"");
            app.diagnose().clientKeyProperty().set("$http_x_client_id");
            app.diagnose().diagnose();
        });
        await(() -> app.diagnose().readyProperty().get());
        Thread.sleep(500);
        shootAll(stage, app, out, "diagnose.png");

        fx(() -> {
            app.close();
            stage.close();
        });
        Platform.exit();
        System.exit(0);
    }

    private static void fx(Runnable action) throws Exception {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                action.run();
                done.complete(null);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        done.get(60, TimeUnit.SECONDS);
    }

    private static void await(BooleanSupplier condition) throws Exception {
        await(condition, 30);
    }

    private static void await(BooleanSupplier condition, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            CompletableFuture<Boolean> value = new CompletableFuture<>();
            Platform.runLater(() -> value.complete(condition.getAsBoolean()));
            if (value.get(10, TimeUnit.SECONDS)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the app did not reach the expected state in " + seconds + " s");
    }

    /** The window's size for the README's screenshots: the default width, as high as the screen the tour runs on. */
    private static final double WIDTH = 1280;

    private static final double HEIGHT = 800;

    /** This state, light at 1280×800, dark at 1280×800 and light at 1024×700; the window is left light and large. */
    private static void shootAll(Stage stage, Composition app, File out, String name) throws Exception {
        shoot(stage, new File(out, name));
        fx(() -> app.window().themeProperty().set(Theme.DARK));
        settle(stage);
        shoot(stage, new File(new File(out, "dark"), name));
        fx(() -> {
            app.window().themeProperty().set(Theme.LIGHT);
            stage.setWidth(WindowPreferences.MIN_WIDTH);
            stage.setHeight(WindowPreferences.MIN_HEIGHT);
        });
        settle(stage);
        shoot(stage, new File(new File(out, "1024"), name));
        fx(() -> {
            stage.setWidth(WIDTH);
            stage.setHeight(HEIGHT);
        });
        settle(stage);
    }

    /** Lets a restyle or a resize reach every node (charts lay out on the next pulse). */
    private static void settle(Stage stage) throws Exception {
        fx(() -> stage.getScene().getRoot().applyCss());
        Thread.sleep(400);
        fx(() -> stage.getScene().getRoot().layout());
    }

    private static void shoot(Stage stage, File file) throws Exception {
        file.getParentFile().mkdirs();
        fx(() -> {
            try {
                ImageIO.write(SwingFXUtils.fromFXImage(stage.getScene().snapshot(null), null), "png", file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        System.out.println("saved " + file);
    }
}
