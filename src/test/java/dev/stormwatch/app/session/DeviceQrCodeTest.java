package dev.stormwatch.app.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DeviceQrCodeTest {

    @Test
    @DisplayName("UI16: the device page's QR code reads back as the page, with its quiet zone, by ZXing's own reader")
    void theQrCodeReadsBackAsThePage() throws Exception {
        String page = "https://idp.example/device?user_code=WDJB-MJHT";

        boolean[][] modules = DeviceQrCode.modules(page);

        assertThat(modules.length).isGreaterThanOrEqualTo(21 + 8);
        for (int i = 0; i < modules.length; i++) {
            assertThat(modules[0][i] || modules[i][0] || modules[3][i])
                    .as("quiet zone at %d", i)
                    .isFalse();
        }
        assertThat(read(modules)).isEqualTo(page);
    }

    @Test
    @DisplayName("UI16: no page, no QR code")
    void noPageNoCode() {
        assertThat(DeviceQrCode.modules("")).isEmpty();
    }

    /** Scans the modules as a camera would see them, 4 px each, dark on white. */
    private static String read(boolean[][] modules) throws Exception {
        int scale = 4;
        int size = modules.length * scale;
        int[] pixels = new int[size * size];
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                pixels[y * size + x] = modules[y / scale][x / scale] ? 0xFF000000 : 0xFFFFFFFF;
            }
        }
        BinaryBitmap bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(size, size, pixels)));
        return new QRCodeReader().decode(bitmap).getText();
    }
}
