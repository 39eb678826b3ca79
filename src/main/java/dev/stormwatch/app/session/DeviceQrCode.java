package dev.stormwatch.app.session;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import java.util.Map;

/**
 * UI16, DV1: the device sign-in's page as a QR code, so that a phone's camera opens it: the modules, dark or light,
 * with the standard's quiet zone of four modules around them, encoded by ZXing.
 */
public final class DeviceQrCode {

    private DeviceQrCode() {}

    /** The modules of {@code text}'s QR code, {@code [row][column]}, true where dark; empty for an empty text. */
    public static boolean[][] modules(String text) {
        if (text == null || text.isEmpty()) {
            return new boolean[0][0];
        }
        BitMatrix matrix;
        try {
            matrix = new QRCodeWriter()
                    .encode(
                            text,
                            BarcodeFormat.QR_CODE,
                            0,
                            0,
                            Map.of(EncodeHintType.MARGIN, 4, EncodeHintType.ERROR_CORRECTION, ErrorCorrectionLevel.M));
        } catch (WriterException | IllegalArgumentException e) {
            return new boolean[0][0]; // too long for a QR code: the page's address stays in the text beside it
        }
        boolean[][] modules = new boolean[matrix.getHeight()][matrix.getWidth()];
        for (int y = 0; y < matrix.getHeight(); y++) {
            for (int x = 0; x < matrix.getWidth(); x++) {
                modules[y][x] = matrix.get(x, y);
            }
        }
        return modules;
    }
}
