package dev.stormwatch.base;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Stormwatch's version, as the build wrote it into {@code version.properties} (Maven resource filtering), so that the
 * About dialog and {@code --version} say the same also when run from classes, where a jar's manifest is absent.
 */
public final class ProductVersion {

    /** What is shown when the resource is missing or was not filtered (an IDE that copies resources raw). */
    public static final String UNKNOWN = "development build";

    private static final String RESOURCE = "version.properties";

    private ProductVersion() {}

    /** The version, such as {@code 0.1.0-SNAPSHOT}, or {@link #UNKNOWN}. */
    public static String current() {
        try (InputStream in = ProductVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return UNKNOWN;
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version", "").trim();
            // An unfiltered copy still holds the placeholder.
            return version.isEmpty() || version.contains("${") ? UNKNOWN : version;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }
}
