package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The build writes the bash completion script and the man page's sources from the command line's own definition,
 * before the tests run (exec-maven-plugin at process-classes); the package ships them (packaging/jpackage.sh).
 */
class ShellCompletionAndManPageTest {

    private static final Path TARGET = Path.of("target");
    private final Set<String> commands =
            StormwatchCommand.newCommandLine().getSubcommands().keySet();

    @Test
    @DisplayName("UI6: the bash completion script completes every command and is a script bash can source")
    void completionNamesEveryCommand() throws Exception {
        Path script = TARGET.resolve("stormwatch_completion");
        assertThat(script).exists();
        String text = Files.readString(script);
        assertThat(text).startsWith("#!/usr/bin/env bash").contains("complete -F _complete_stormwatch");
        assertThat(commands).contains("load", "diagnose", "session", "explain-retry-after");
        for (String command : commands) {
            assertThat(text).as("completion of %s", command).contains("=(" + command + ")");
        }
        // An option of a command completes too.
        assertThat(text).contains("--duration");
    }

    @Test
    @DisplayName("UI6: the man page lists every command, and each command has its own page")
    void manPageNamesEveryCommand() throws Exception {
        Path folder = TARGET.resolve("man-adoc");
        String main = Files.readString(folder.resolve("stormwatch.adoc"));
        assertThat(main).contains("= stormwatch(1)").contains("== Commands");
        for (String command : commands) {
            assertThat(main).as("the man page's list of commands").contains("[*" + command + "*]");
            assertThat(folder.resolve("stormwatch-" + command + ".adoc"))
                    .as("page of %s", command)
                    .exists();
        }
        assertThat(Files.readString(folder.resolve("stormwatch-load.adoc"))).contains("--duration");
    }
}
