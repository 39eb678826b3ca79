package dev.stormwatch.cli;

import dev.stormwatch.limit.LimiterConfigurationException;
import dev.stormwatch.limit.RedisPassword;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * HD3: where {@code limit} and {@code load} find an external Redis's password: the first line of
 * {@code --redis-password-file}, or else {@value #VARIABLE}; never a flag's value (other users read command lines in
 * {@code ps}) and never a URL. The password is never printed; a refusal names the option, never the value.
 */
final class RedisPasswordSource {

    /** The environment variable read when no file is given. */
    static final String VARIABLE = "STORMWATCH_REDIS_PASSWORD";
    /** The option's name, the same on every command. */
    static final String OPTION = "--redis-password-file";
    /** The option's help text, the same on every command. */
    static final String HELP = "The password of the external Redis, from the first line of FILE (else from " + VARIABLE
            + "); never from a flag, which other users see in ps.";

    /** Why no password could be had, in the words of the option or the variable. */
    static final class Unreadable extends Exception {
        private static final long serialVersionUID = 1L;

        Unreadable(String message) {
            super(message);
        }
    }

    private RedisPasswordSource() {}

    /**
     * The password from {@code file} when given, else from the environment; empty when neither gives one.
     *
     * @throws Unreadable when the file cannot be read or holds no valid password
     */
    static Optional<RedisPassword> read(Path file, UnaryOperator<String> environment) throws Unreadable {
        String text;
        String source;
        if (file != null) {
            source = OPTION + " " + file;
            try {
                // The first line: a file written by 'echo' ends in a newline that is not part of the password.
                String all = Files.readString(file, StandardCharsets.UTF_8);
                int end = all.indexOf('\n');
                text = (end < 0 ? all : all.substring(0, end)).strip();
            } catch (IOException e) {
                throw new Unreadable(source + " cannot be read (" + e.getClass().getSimpleName() + ")");
            }
        } else {
            source = VARIABLE;
            text = environment.apply(VARIABLE);
            if (text == null || text.isEmpty()) {
                return Optional.empty();
            }
        }
        try {
            return Optional.of(RedisPassword.of(text));
        } catch (LimiterConfigurationException e) {
            // The message names the rule, never the value.
            throw new Unreadable(source + ": " + e.getMessage());
        }
    }
}
