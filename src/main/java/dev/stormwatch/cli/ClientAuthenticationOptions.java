package dev.stormwatch.cli;

import dev.stormwatch.base.Secret;
import dev.stormwatch.base.SecretFiles;
import dev.stormwatch.http.ClientCertificate;
import dev.stormwatch.oauth.ClientAssertionKey;
import dev.stormwatch.oauth.ClientAuthentication;
import dev.stormwatch.retry.CallFailure;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The options that say how a client proves itself at the provider, one home for every command that builds an OAuth
 * client ({@code session}, and {@code load --oauth-session} for its refreshes): the method (CA1), a secret from a
 * file or the environment (CA2, PF5), a private key (CA4) or a client certificate (TX1). Each is checked when read,
 * and a refusal names the option.
 */
final class ClientAuthenticationOptions {

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    private CommandLine.Model.CommandSpec spec;

    /** The clock a client certificate must be valid on (TX1); tests set it. */
    java.time.Clock clock = java.time.Clock.systemUTC();

    @Option(
            names = "--client-auth",
            paramLabel = "METHOD",
            defaultValue = "none",
            description = "Client authentication at the token endpoint, PAR and revocation (CA1): none (a public"
                    + " client, the default), client_secret_basic, client_secret_post, private_key_jwt (CA4, with"
                    + " --client-key-file), tls_client_auth or self_signed_tls_client_auth (mutual TLS, RFC 8705,"
                    + " with --client-cert; TX1), or auto (as the provider advertises; Basic first). PKCE stays on"
                    + " for every method.")
    String clientAuth;

    @Option(
            names = "--client-secret-file",
            paramLabel = "FILE",
            description = "Read the client secret from this file (its first line); else from the environment"
                    + " variable " + SessionCommand.SECRET_VARIABLE
                    + ". Never given as a flag's value: command lines are visible"
                    + " to other users (CA2).")
    private Path clientSecretFile;

    @Option(
            names = "--client-key-file",
            paramLabel = "FILE",
            description = "The client's private key for private_key_jwt (RFC 7523, CA4): a PKCS#8 PEM file"
                    + " ('BEGIN PRIVATE KEY', RSA of 2048 bits or more, or EC P-256/384/521) or a private JWK;"
                    + " 'stormwatch client-key --generate FILE' makes one and prints the public JWK to register."
                    + " The key is never printed.")
    Path clientKeyFile;

    @Option(
            names = "--client-cert",
            paramLabel = "FILE.pem",
            description = "A client certificate (PEM, the certificate first, then any intermediates) presented in"
                    + " the TLS handshake with the provider: mutual-TLS client authentication (tls_client_auth,"
                    + " self_signed_tls_client_auth) and certificate-bound access tokens (RFC 8705; TX1, TX2). Its"
                    + " key comes from --client-cert-key, else from this file.")
    Path clientCert;

    @Option(
            names = "--client-cert-key",
            paramLabel = "FILE.pem",
            description = "The private key of --client-cert: a PKCS#8 PEM ('BEGIN PRIVATE KEY', RSA or EC) in a file"
                    + " only you can read (TX1). Never printed.")
    Path clientCertKey;

    @Option(
            names = "--client-key-id",
            paramLabel = "KID",
            description = "The key id sent in the assertion's header (default: the JWK's kid, else the key's"
                    + " RFC 7638 thumbprint).")
    String clientKeyId;

    /**
     * CA1, CA2: the method and the secret, from --client-secret-file or else the environment; refused (not changed)
     * when they do not fit. The secret goes into the client's settings only, never into output or the session file.
     */
    ClientAuthentication read(UnaryOperator<String> environment) {
        ClientAuthentication.Method method;
        try {
            method = ClientAuthentication.Method.parse(clientAuth);
        } catch (CallFailure.Configuration e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--client-auth " + e.getMessage());
        }
        Optional<ClientCertificate> certificate = clientCertificate();
        if (clientKeyFile != null || method == ClientAuthentication.Method.PRIVATE_KEY_JWT) {
            return keyAuthentication(method, certificate, environment);
        }
        if (method.mutualTls()) {
            return certificateAuthentication(method, certificate, environment);
        }
        if (clientKeyId != null) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--client-key-id names the key of --client-key-file, which was not given");
        }
        Optional<Secret> secret;
        String source;
        if (clientSecretFile != null) {
            secret = Optional.of(readSecret(clientSecretFile));
            source = "--client-secret-file";
        } else {
            String value = environment.apply(SessionCommand.SECRET_VARIABLE);
            secret = value == null || value.isEmpty() ? Optional.empty() : Optional.of(Secret.of(value.strip()));
            source = SessionCommand.SECRET_VARIABLE;
        }
        if (method == ClientAuthentication.Method.NONE && secret.isPresent()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "a client secret was given (" + source
                            + ") but --client-auth is none: choose client_secret_basic, client_secret_post or auto, or give"
                            + " no secret");
        }
        try {
            return new ClientAuthentication(method, secret, Optional.empty(), certificate);
        } catch (CallFailure.Configuration e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--client-auth " + e.getMessage());
        }
    }

    /**
     * TX1: the certificate of --client-cert and its key, read and checked before anything is sent; the key file must
     * be owner-only, as a secret's is (PF5).
     */
    private Optional<ClientCertificate> clientCertificate() {
        if (clientCert == null) {
            if (clientCertKey != null) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--client-cert-key is the key of --client-cert, which was not given");
            }
            return Optional.empty();
        }
        try {
            Path keyFile = clientCertKey != null ? clientCertKey : clientCert;
            SecretFiles.requireOwnerOnly(keyFile, clientCertKey != null ? "--client-cert-key" : "--client-cert");
            return Optional.of(ClientCertificate.read(
                    clientCert,
                    Optional.ofNullable(clientCertKey),
                    "--client-cert",
                    "--client-cert-key",
                    clock.instant()));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        } catch (IOException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--client-cert-key cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** TX1: mutual TLS proves the client with --client-cert; a secret given as well is refused, not ignored. */
    private ClientAuthentication certificateAuthentication(
            ClientAuthentication.Method method,
            Optional<ClientCertificate> certificate,
            UnaryOperator<String> environment) {
        if (certificate.isEmpty()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--client-auth " + method.wireName()
                            + " needs the client certificate: give --client-cert FILE.pem (and --client-cert-key FILE.pem)");
        }
        if (clientSecretFile != null || isSet(environment.apply(SessionCommand.SECRET_VARIABLE))) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "a client secret ("
                            + (clientSecretFile != null ? "--client-secret-file" : SessionCommand.SECRET_VARIABLE)
                            + ") was given but"
                            + " --client-auth " + method.wireName() + " proves the client with its certificate; give no"
                            + " secret");
        }
        try {
            return new ClientAuthentication(method, Optional.empty(), Optional.empty(), certificate);
        } catch (CallFailure.Configuration e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--client-auth " + e.getMessage());
        }
    }

    /** CA4: private_key_jwt with the key of --client-key-file; a secret given as well is refused, not ignored. */
    private ClientAuthentication keyAuthentication(
            ClientAuthentication.Method method,
            Optional<ClientCertificate> certificate,
            UnaryOperator<String> environment) {
        if (clientKeyFile == null) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--client-auth private_key_jwt needs the client's private key: give --client-key-file FILE");
        }
        if (method != ClientAuthentication.Method.PRIVATE_KEY_JWT && method != ClientAuthentication.Method.AUTO) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--client-key-file was given but" + " --client-auth is " + method.wireName()
                            + ": choose private_key_jwt or auto, or give no key");
        }
        if (clientSecretFile != null || isSet(environment.apply(SessionCommand.SECRET_VARIABLE))) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "both a client secret ("
                            + (clientSecretFile != null ? "--client-secret-file" : SessionCommand.SECRET_VARIABLE)
                            + ") and"
                            + " --client-key-file were given: private_key_jwt signs with the key; give one of them");
        }
        ClientAssertionKey key;
        try {
            key = ClientAssertionKey.read(clientKeyFile, Optional.ofNullable(clientKeyId));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--client-key-file " + clientKeyFile + " " + e.getMessage());
        }
        return new ClientAuthentication(method, Optional.empty(), Optional.of(key), certificate);
    }

    private static boolean isSet(String value) {
        return value != null && !value.isEmpty();
    }

    private Secret readSecret(Path file) {
        try {
            // PF5: a secret that other users can read is no longer a secret; refused before it is used.
            SecretFiles.requireOwnerOnly(file, "--client-secret-file");
            // The first line: a file written by 'echo' ends in a newline that is not part of the secret.
            String text = Files.readString(file, StandardCharsets.UTF_8);
            int end = text.indexOf('\n');
            String line = (end < 0 ? text : text.substring(0, end)).strip();
            if (line.isEmpty()) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--client-secret-file " + file + " is empty");
            }
            return Secret.of(line);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        } catch (IOException e) {
            // The exception's own message is not printed: it is about the file, but keep the line predictable.
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--client-secret-file " + file + " cannot be read ("
                            + e.getClass().getSimpleName() + ")");
        }
    }
}
