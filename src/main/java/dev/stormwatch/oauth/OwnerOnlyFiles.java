package dev.stormwatch.oauth;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** Writes the files that hold a session or a profile: owner-only from their first byte, replaced atomically. */
final class OwnerOnlyFiles {

    /** {@code rw-------}. */
    static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");

    private OwnerOnlyFiles() {}

    /**
     * Replaces {@code file} with {@code content} through a temporary file in the same folder, created owner-only (on
     * POSIX file systems) so that no moment exists where others could read it, and moved over the file atomically
     * where the file system can.
     */
    static void replace(Path file, String content, String tempPrefix, boolean posix) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path temp = posix
                ? Files.createTempFile(dir, tempPrefix, ".tmp", PosixFilePermissions.asFileAttribute(OWNER_FILE))
                : Files.createTempFile(dir, tempPrefix, ".tmp");
        try {
            Files.writeString(temp, content);
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
