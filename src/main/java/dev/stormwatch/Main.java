package dev.stormwatch;

import dev.stormwatch.app.AppLauncher;
import dev.stormwatch.cli.StormwatchCommand;
import dev.stormwatch.logs.LogFolder;
import dev.stormwatch.logs.SupportLog;
import java.io.IOException;
import java.util.Arrays;

/**
 * The composition root: {@code stormwatch} with no arguments (or {@code stormwatch app}) opens the window on its
 * embedded defaults; anything else is the command line.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        boolean app = args.length == 0 || args[0].equals("app");
        startSupportLog(app ? "app" : "cli");
        if (args.length == 0) {
            AppLauncher.launch(args);
            return;
        }
        if (args[0].equals("app")) {
            AppLauncher.launch(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        System.exit(StormwatchCommand.execute(args));
    }

    /** HD2: a redacted log file in the user's state folder; without it the run goes on, logging to the console. */
    private static void startSupportLog(String name) {
        try {
            SupportLog.start(LogFolder.forThisUser(), name, false);
        } catch (IOException | RuntimeException e) {
            System.err.println("stormwatch: no log file (" + e.getMessage() + "); going on without one");
        }
    }
}
