package dev.stormwatch.oauth;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One provider's settings saved under a name (spec PF1): issuer, client id, scope, client authentication method, an
 * extra CA file and DPoP. Checked when made, in the words of the field that holds the value. A profile never holds a
 * secret (PF3): the client secret comes from a file or the environment when the profile is used.
 *
 * @param name the profile's name: letters, digits, {@code .}, {@code _} and {@code -}, 1 to 64, not starting with a dot
 * @param issuer the provider's issuer URL (https, or http on loopback)
 * @param clientId the registered client id
 * @param scope the requested scope, containing {@code openid}
 * @param clientAuth how the client authenticates at the token endpoint (CA1); its secret is not part of the profile
 * @param caFile a PEM file whose certificates are trusted on top of the platform's (TL2), if any
 * @param dpop whether tokens are bound to a DPoP key
 * @param clientCert the PEM file of the client certificate presented in the TLS handshake (TX1, PF7), if any
 * @param clientCertPkcs8 the path of that certificate's PKCS#8 key file, when it is not in {@code clientCert}
 *     (PF7): a path, not a secret; the key stays in its owner-only file and is read when the profile is used
 */
public record Profile(String name, String issuer, String clientId, String scope,
        ClientAuthentication.Method clientAuth, Optional<Path> caFile, boolean dpop, Optional<Path> clientCert,
        Optional<Path> clientCertPkcs8) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}");

    public Profile {
        if (name == null || !NAME.matcher(name).matches()) {
            throw Failures.configuration("profile name '" + (name == null ? "" : name) + "' is not allowed: use 1 to"
                    + " 64 letters, digits, '.', '_' or '-', not starting with '.'");
        }
        issuer = new Issuer(issuer).value();
        if (clientId == null || clientId.isBlank()) {
            throw Failures.configuration("client id is missing: give the id registered at the provider");
        }
        if (scope == null || Arrays.stream(scope.split(" ")).noneMatch("openid"::equals)) {
            throw Failures.configuration("scope '" + scope + "' must contain 'openid' to get an ID token");
        }
        Objects.requireNonNull(clientAuth, "clientAuth");
        Objects.requireNonNull(caFile, "caFile");
        Objects.requireNonNull(clientCert, "clientCert");
        Objects.requireNonNull(clientCertPkcs8, "clientCertPkcs8");
        if (clientCertPkcs8.isPresent() && clientCert.isEmpty()) {
            throw Failures.configuration("client certificate key file is the key of the client certificate, which"
                    + " was not given: give the certificate too, or no key file");
        }
        // TX1: a mutual-TLS method with no certificate could only be refused when the profile is used.
        if (clientAuth.mutualTls() && clientCert.isEmpty()) {
            throw Failures.configuration("client authentication " + clientAuth.wireName() + " proves the client with"
                    + " a certificate: give the client certificate file");
        }
    }

    /** A profile without a client certificate. */
    public Profile(String name, String issuer, String clientId, String scope, ClientAuthentication.Method clientAuth,
            Optional<Path> caFile, boolean dpop) {
        this(name, issuer, clientId, scope, clientAuth, caFile, dpop, Optional.empty(), Optional.empty());
    }

    /** A profile with the defaults for everything but the name, the provider and the client id. */
    public static Profile of(String name, String issuer, String clientId) {
        return new Profile(name, issuer, clientId, OAuthConfig.DEFAULT_SCOPE, ClientAuthentication.Method.NONE,
                Optional.empty(), false);
    }

    public Profile withScope(String value) {
        return new Profile(name, issuer, clientId, value, clientAuth, caFile, dpop, clientCert, clientCertPkcs8);
    }

    public Profile withClientAuth(ClientAuthentication.Method value) {
        return new Profile(name, issuer, clientId, scope, value, caFile, dpop, clientCert, clientCertPkcs8);
    }

    public Profile withCaFile(Optional<Path> value) {
        return new Profile(name, issuer, clientId, scope, clientAuth, value, dpop, clientCert, clientCertPkcs8);
    }

    public Profile withDpop(boolean value) {
        return new Profile(name, issuer, clientId, scope, clientAuth, caFile, value, clientCert, clientCertPkcs8);
    }

    /** PF7: the client certificate file and, when apart, its PKCS#8 key file (paths only, never the key). */
    public Profile withClientCert(Optional<Path> certificate, Optional<Path> pkcs8) {
        return new Profile(name, issuer, clientId, scope, clientAuth, caFile, dpop, certificate, pkcs8);
    }

    public Profile withName(String value) {
        return new Profile(value, issuer, clientId, scope, clientAuth, caFile, dpop, clientCert, clientCertPkcs8);
    }
}
