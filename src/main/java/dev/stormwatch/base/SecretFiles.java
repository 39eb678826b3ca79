package dev.stormwatch.base;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/** The rule for a file that holds a secret (spec PF5): only its owner may read it, as ssh asks of a private key. */
public final class SecretFiles {

    private static final Set<PosixFilePermission> OTHERS = EnumSet.of(
            PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE,
            PosixFilePermission.OTHERS_EXECUTE);

    private SecretFiles() {}

    /**
     * Refuses a secret file that group or others may read or write, in the option's words, saying how to fix it.
     * Does nothing where the file system has no POSIX permissions.
     *
     * @throws IllegalArgumentException naming the option, the file, its mode and the command that fixes it
     * @throws IOException when the file cannot be read
     */
    public static void requireOwnerOnly(Path file, String option) throws IOException {
        Set<PosixFilePermission> permissions;
        try {
            permissions = Files.getPosixFilePermissions(file);
        } catch (UnsupportedOperationException notPosix) {
            return;
        }
        if (permissions.stream().anyMatch(OTHERS::contains)) {
            throw new IllegalArgumentException(option + " " + file + " can be read or changed by other users (mode "
                    + PosixFilePermissions.toString(permissions) + "); a client secret must be yours alone: run"
                    + " 'chmod 600 " + file + "' and try again");
        }
    }
}
