package dev.stormwatch;

import dev.stormwatch.app.AppLauncher;
import dev.stormwatch.cli.StormwatchCommand;
import java.util.Arrays;

/**
 * The composition root: {@code stormwatch} with no arguments (or {@code stormwatch app}) opens the window on its
 * embedded defaults; anything else is the command line.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
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
}
