package dev.stormwatch.cli;

import dev.stormwatch.oauth.ClientAssertionKey;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stormwatch client-key}: makes or reads the private key of a {@code private_key_jwt} client (RFC 7523, CA4)
 * and prints its public JWK, the one thing the provider's registration needs. The private key is never printed.
 */
@Command(
        name = "client-key",
        mixinStandardHelpOptions = true,
        description = {
            "Print the public JWK of a private_key_jwt client key, to register with the provider.",
            "With --generate, first write a new EC P-256 key to FILE, readable only by you."
        },
        footer = {
            "",
            "Example:",
            "  stormwatch client-key --generate ~/.config/stormwatch/client-key.jwk",
            "  stormwatch session --client-auth private_key_jwt --client-key-file ~/.config/stormwatch/client-key.jwk ..."
        })
public final class ClientKeyCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The key file: a private JWK or a PKCS#8 PEM file.")
    private Path file;

    @Option(names = "--generate", description = "Write a new key to FILE first (refused when FILE exists).")
    private boolean generate;

    @Option(
            names = "--client-key-id",
            paramLabel = "KID",
            description = "The key id (default: the JWK's kid, else the key's RFC 7638 thumbprint).")
    private String keyId;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        ClientAssertionKey key;
        if (generate) {
            key = ClientAssertionKey.generate(new SecureRandom());
            write(key);
        } else {
            try {
                key = ClientAssertionKey.read(file, Optional.ofNullable(keyId));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "FILE " + file + " " + e.getMessage());
            }
        }
        out.println(key.publicJwk());
        out.flush();
        return 0;
    }

    /** CA4: the new private key goes to a file created owner-only, never over an existing one, never to output. */
    private void write(ClientAssertionKey key) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                try {
                    Files.createDirectories(parent);
                } catch (FileAlreadyExistsException e) {
                    // A file stands where a folder of the path should be: not the key file existing.
                    throw new CommandLine.ParameterException(
                            spec.commandLine(),
                            "FILE " + file + " cannot be written: " + e.getFile()
                                    + " is a file, not a folder; choose a file in a folder");
                }
            }
            try {
                Files.createFile(
                        file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException e) {
                Files.createFile(file); // not a POSIX file system: the folder's own protection applies
            }
            Files.writeString(
                    file,
                    key.privateJwk().reveal() + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.TRUNCATE_EXISTING);
        } catch (FileAlreadyExistsException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "FILE " + file
                            + " exists: --generate never overwrites a key; choose another file or drop --generate to read it");
        } catch (IOException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "FILE " + file + " cannot be written (" + e.getClass().getSimpleName() + ")");
        }
    }
}
