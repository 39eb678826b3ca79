package dev.stormwatch.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar's manifest, or "development build" when run from classes. */
public final class StormwatchVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = StormwatchVersion.class.getPackage().getImplementationVersion();
        return new String[] {
            "stormwatch " + (version == null ? "development build" : version),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
        };
    }
}
