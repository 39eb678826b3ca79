package dev.stormwatch.diagnose;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What to diagnose and how to read it.
 *
 * @param files the evidence files, merged by time
 * @param format the format of every file, or AUTO to decide per file
 * @param logFormat an nginx/Apache format string or preset ({@code combined}, {@code common}); null for combined
 * @param fields a JSON-lines field mapping or preset ({@code envoy}, {@code kong}, {@code stormwatch-relay}); null to
 *     recognise the presets by their keys
 * @param clientKey the field, variable or header that names the client; null for the format's default (DG2)
 * @param options the knobs of the analysis
 */
public record DiagnoseRequest(
        List<Path> files,
        InputFormat format,
        String logFormat,
        String fields,
        String clientKey,
        DiagnosisOptions options) {

    public DiagnoseRequest {
        files = List.copyOf(files);
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(options, "options");
    }

    /** Every file in AUTO format with the default options. */
    public static DiagnoseRequest of(List<Path> files) {
        return new DiagnoseRequest(files, InputFormat.AUTO, null, null, null, DiagnosisOptions.DEFAULTS);
    }
}
