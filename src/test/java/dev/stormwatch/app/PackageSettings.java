package dev.stormwatch.app;

import org.approvaltests.core.ApprovalFailureReporter;
import org.approvaltests.reporters.QuietReporter;

/**
 * ApprovalTests' settings for the window's approved outlines (read by name): the approved files sit in
 * {@code approved/} beside the tests, and a difference is reported in the test's failure, never by opening a diff tool
 * (the build runs where no one watches).
 */
public final class PackageSettings {

    public static final String UseApprovalSubdirectory = "approved";

    public static final ApprovalFailureReporter UseReporter = QuietReporter.INSTANCE;

    private PackageSettings() {}
}
