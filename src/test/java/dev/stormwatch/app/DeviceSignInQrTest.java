package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import dev.stormwatch.app.session.SessionViewModel.Phase;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.DevicePoll;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.Bounds;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The device sign-in in the running window against the embedded provider: the QR code read from the window, the page
 * it names approved by a person after a real pause, and the provider's own record of the window's polls.
 */
@Tag("slow")
@ExtendWith(ApplicationExtension.class)
class DeviceSignInQrTest {

    /** What a person takes to pick up a phone, scan and read the page: longer than one 5 s interval. */
    private static final Duration PERSON_PAUSE = Duration.ofSeconds(7);

    private Composition composition;

    @Start
    void start(Stage stage) {
        composition = TestWindows.withEmbeddedServers();
        TestWindows.show(composition, stage);
    }

    @AfterEach
    void close() {
        TestWindows.close(composition);
    }

    @Test
    @DisplayName("UI25, DV8: the window's QR code scans as the embedded provider's verification_uri_complete;"
            + " approved there after a real pause, the window is signed in, the QR code gone, and the provider saw"
            + " no poll sooner than the interval")
    void theQrCodeLeadsToTheProvidersPageAndTheSignInFinishes(FxRobot robot) throws Exception {
        waitUntil(() -> composition.stack().isPresent()
                && !robot.lookup("#sign-in").queryButton().isDisabled());
        DemoProvider provider = composition.stack().orElseThrow().provider();
        robot.interact(
                () -> robot.lookup("#settings-device").queryAs(CheckBox.class).setSelected(true));
        robot.clickOn("#settings-apply");
        robot.clickOn("#sign-in");
        Canvas qr = robot.lookup("#device-qr").queryAs(Canvas.class);
        waitUntil(() -> qr.isVisible() && qr.getWidth() > 0);

        String scanned = scan(robot, qr);

        String page = provider.issuer() + "/device?user_code=";
        assertThat(scanned).startsWith(page);
        String userCode = URI.create(scanned).getQuery().substring("user_code=".length());
        assertThat(robot.lookup("#device-code").queryAs(Label.class).getText()).contains(userCode);

        // A person reads the code from the screen, picks up a phone and opens the page: seconds, not milliseconds.
        Thread.sleep(PERSON_PAUSE.toMillis());
        HttpClient phone =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        HttpResponse<String> shown =
                phone.send(HttpRequest.newBuilder(URI.create(scanned)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(shown.statusCode()).isEqualTo(200);
        assertThat(shown.body()).contains("value=\"" + userCode + "\"");
        HttpResponse<String> allowed = phone.send(
                HttpRequest.newBuilder(URI.create(provider.issuer() + "/device"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString("user_code="
                                + URLEncoder.encode(userCode, StandardCharsets.UTF_8)
                                + "&user=alice&decision=allow"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(allowed.statusCode()).as(allowed.body()).isEqualTo(200);

        waitUntil(() -> composition.session().phaseProperty().get() == Phase.SIGNED_IN);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(qr.isVisible()).as("QR code gone once signed in").isFalse();
        assertThat(robot.lookup("#device-code").queryAs(Label.class).isVisible())
                .isFalse();

        List<DevicePoll> polls = provider.devicePolls();
        assertThat(polls).extracting(DevicePoll::userCode).containsOnly(userCode);
        assertThat(polls)
                .extracting(DevicePoll::answer)
                .doesNotContain("slow_down")
                .endsWith("tokens");
        assertThat(polls).extracting(DevicePoll::answer).contains("authorization_pending");
        for (int i = 1; i < polls.size(); i++) {
            assertThat(Duration.between(
                            polls.get(i - 1).receivedAt(), polls.get(i).receivedAt()))
                    .as("poll %d came at least the 5 s interval after the one before", i)
                    .isGreaterThanOrEqualTo(Duration.ofSeconds(5));
        }
    }

    /** The QR code as the window shows it: a snapshot of the whole scene, cut to the canvas, read by ZXing. */
    private static String scan(FxRobot robot, Canvas qr) throws Exception {
        AtomicReference<int[]> pixels = new AtomicReference<>();
        AtomicReference<int[]> size = new AtomicReference<>();
        robot.interact(() -> {
            WritableImage scene = qr.getScene().snapshot(null);
            Bounds bounds = qr.localToScene(qr.getBoundsInLocal());
            int x0 = (int) Math.floor(bounds.getMinX());
            int y0 = (int) Math.floor(bounds.getMinY());
            int w = (int) Math.min(Math.ceil(bounds.getWidth()), scene.getWidth() - x0);
            int h = (int) Math.min(Math.ceil(bounds.getHeight()), scene.getHeight() - y0);
            PixelReader reader = scene.getPixelReader();
            int[] argb = new int[w * h];
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    argb[y * w + x] = reader.getArgb(x0 + x, y0 + y);
                }
            }
            pixels.set(argb);
            size.set(new int[] {w, h});
        });
        int[] wh = size.get();
        assertThat(wh[0]).as("the QR code lies within the window").isGreaterThan(20);
        BinaryBitmap bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(wh[0], wh[1], pixels.get())));
        return new QRCodeReader().decode(bitmap).getText();
    }

    private void waitUntil(Callable<Boolean> condition) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, condition);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError(
                    "the window says: "
                            + composition.session().phaseTextProperty().get() + " / "
                            + composition.session().messageProperty().get(),
                    e);
        }
    }
}
