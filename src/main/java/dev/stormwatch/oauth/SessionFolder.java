package dev.stormwatch.oauth;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipal;
import java.util.Set;

/**
 * The rule for a folder that holds the session file: only its owner, this user, may write in it.
 * Whoever can write in the folder can replace or remove {@code session.json}, or put a link where it will be written,
 * whatever the file's own 0600. A folder the app creates is 0700; a folder that already existed is checked, and
 * refused rather than tightened, since it may be shared on purpose ({@code /tmp}) and is not ours to change.
 */
final class SessionFolder {

    private SessionFolder() {}

    /**
     * Refuses a folder that group or others may write, or that another user owns. Does nothing where the file
     * system has no POSIX permissions (Windows ACLs are not checked yet).
     *
     * @throws dev.stormwatch.retry.CallFailure.Configuration naming the folder and what to do
     */
    static void requireOnlyOwnerCanWrite(Path dir) {
        PosixFileAttributes attributes;
        UserPrincipal me;
        try {
            attributes = Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            me = dir.getFileSystem()
                    .getUserPrincipalLookupService()
                    .lookupPrincipalByName(System.getProperty("user.name"));
        } catch (UnsupportedOperationException notPosix) {
            return;
        } catch (IOException e) {
            throw Failures.configuration("cannot read the permissions of the session folder " + dir + " ("
                    + e.getClass().getSimpleName() + ")");
        }
        Set<PosixFilePermission> permissions = attributes.permissions();
        if (permissions.contains(PosixFilePermission.GROUP_WRITE)
                || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
            throw Failures.configuration("the session folder " + dir + " can be written by other users, who could"
                    + " replace the session; make it yours alone (chmod go-w) or choose another --session-file");
        }
        if (!attributes.owner().equals(me)) {
            throw Failures.configuration("the session folder " + dir + " belongs to "
                    + attributes.owner().getName() + ", not to you; choose a folder of your own");
        }
    }
}
