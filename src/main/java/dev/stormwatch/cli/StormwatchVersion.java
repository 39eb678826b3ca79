package dev.stormwatch.cli;

import dev.stormwatch.base.ProductVersion;
import picocli.CommandLine.IVersionProvider;

/** The version the build wrote (the same as the About dialog's), or "development build". */
public final class StormwatchVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {
            "stormwatch " + ProductVersion.current(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
        };
    }
}
