package dev.stormwatch.oauth;

import java.nio.file.Path;
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
 * @param scope the requested scope, not blank; without {@code openid} an OAuth 2.0-only session (DV9)
 * @param clientAuth how the client authenticates at the token endpoint (CA1); its secret is not part of the profile
 * @param caFile a PEM file whose certificates are trusted on top of the platform's (TL2), if any
 * @param dpop whether tokens are bound to a DPoP key
 * @param clientCert the PEM file of the client certificate presented in the TLS handshake (TX1, PF7), if any
 * @param clientCertPkcs8 the path of that certificate's PKCS#8 key file, when it is not in {@code clientCert}
 *     (PF7): a path, not a secret; the key stays in its owner-only file and is read when the profile is used
 * @param authorizationParameters extra authorization parameters (AR1, PF9)
 * @param redirectChoice the redirect URI's host and port (AR2, AR3, PF9)
 * @param browserWait how long a sign-in waits for the browser (PF9)
 * @param clientAssertionFile the path of the private_key_jwt key file (CA4, PF9): a path, never the key
 * @param clientAssertionKid the key id the assertion names, when not the key's own (CA4, PF9)
 * @param staySignedIn whether the session is kept in the profile's own file between runs (PF4, PF9)
 * @param device whether sign-in uses the device authorization grant instead of the browser (DV1, PF9)
 * @param proxy the proxy every request of the profile goes through (PX6, PX7): a proxy URL without a password,
 *     {@code direct}, or empty for the environment's
 * @param retryPolicy the budget of each visible call (B1, C1), saved with the profile (PF10)
 * @param endSessionMethod how end_session's parameters reach the provider: a form POST or the query (SX9, PF11)
 */
public record Profile(
        String name,
        String issuer,
        String clientId,
        String scope,
        ClientAuthentication.Method clientAuth,
        Optional<Path> caFile,
        boolean dpop,
        Optional<Path> clientCert,
        Optional<Path> clientCertPkcs8,
        AuthorizationParameters authorizationParameters,
        RedirectChoice redirectChoice,
        java.time.Duration browserWait,
        Optional<Path> clientAssertionFile,
        Optional<String> clientAssertionKid,
        boolean staySignedIn,
        boolean device,
        String proxy,
        dev.stormwatch.retry.RetryPolicy retryPolicy,
        EndSessionMethod endSessionMethod) {

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
        Scopes.checked(scope);
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
        Objects.requireNonNull(authorizationParameters, "authorizationParameters");
        Objects.requireNonNull(redirectChoice, "redirectChoice");
        Objects.requireNonNull(clientAssertionFile, "clientAssertionFile");
        Objects.requireNonNull(clientAssertionKid, "clientAssertionKid");
        if (browserWait == null || browserWait.isNegative() || browserWait.isZero()) {
            throw Failures.configuration("browser wait must be more than 0 s, was " + browserWait);
        }
        // PF9, CA4: the key file is private_key_jwt's alone, and a key id names that file's key.
        if (clientAssertionKid.isPresent() && clientAssertionFile.isEmpty()) {
            throw Failures.configuration("client assertion key id names the key of the client assertion file, which"
                    + " was not given: give the file too, or no key id");
        }
        if (clientAssertionFile.isPresent()
                && clientAuth != ClientAuthentication.Method.PRIVATE_KEY_JWT
                && clientAuth != ClientAuthentication.Method.AUTO) {
            throw Failures.configuration("a client assertion file was given but client authentication is "
                    + clientAuth.wireName() + ": choose private_key_jwt or auto, or give no file");
        }
        // A private_key_jwt profile without the file stays valid: the key may come with --client-key-file when used.
        Objects.requireNonNull(retryPolicy, "retryPolicy");
        Objects.requireNonNull(endSessionMethod, "endSessionMethod");
        proxy = proxy == null ? "" : proxy.strip();
        if (!proxy.isEmpty()) {
            // PX7, PF3: a profile keeps the proxy's address and user, never its password.
            try {
                if (dev.stormwatch.http.ProxyRoutes.hasPassword(proxy, "proxy")) {
                    throw Failures.configuration("proxy holds a password, which a profile never keeps: save the"
                            + " proxy URL without it, and give the password when the profile is used");
                }
            } catch (IllegalArgumentException e) {
                throw Failures.configuration(e.getMessage());
            }
        }
    }

    /** A profile whose end_session posts its form, the default (SX9, PF11). */
    public Profile(
            String name,
            String issuer,
            String clientId,
            String scope,
            ClientAuthentication.Method clientAuth,
            Optional<Path> caFile,
            boolean dpop,
            Optional<Path> clientCert,
            Optional<Path> clientCertPkcs8,
            AuthorizationParameters authorizationParameters,
            RedirectChoice redirectChoice,
            java.time.Duration browserWait,
            Optional<Path> clientAssertionFile,
            Optional<String> clientAssertionKid,
            boolean staySignedIn,
            boolean device,
            String proxy,
            dev.stormwatch.retry.RetryPolicy retryPolicy) {
        this(
                name,
                issuer,
                clientId,
                scope,
                clientAuth,
                caFile,
                dpop,
                clientCert,
                clientCertPkcs8,
                authorizationParameters,
                redirectChoice,
                browserWait,
                clientAssertionFile,
                clientAssertionKid,
                staySignedIn,
                device,
                proxy,
                retryPolicy,
                EndSessionMethod.DEFAULT);
    }

    /** A profile whose requests take the environment's proxies (PX1). */
    public Profile(
            String name,
            String issuer,
            String clientId,
            String scope,
            ClientAuthentication.Method clientAuth,
            Optional<Path> caFile,
            boolean dpop,
            Optional<Path> clientCert,
            Optional<Path> clientCertPkcs8,
            AuthorizationParameters authorizationParameters,
            RedirectChoice redirectChoice,
            java.time.Duration browserWait,
            Optional<Path> clientAssertionFile,
            Optional<String> clientAssertionKid,
            boolean staySignedIn,
            boolean device) {
        this(
                name,
                issuer,
                clientId,
                scope,
                clientAuth,
                caFile,
                dpop,
                clientCert,
                clientCertPkcs8,
                authorizationParameters,
                redirectChoice,
                browserWait,
                clientAssertionFile,
                clientAssertionKid,
                staySignedIn,
                device,
                "",
                dev.stormwatch.retry.RetryPolicy.DEFAULT);
    }

    /** A profile with the defaults of the sign-in choices (PF9): no extra parameters, the default redirect. */
    public Profile(
            String name,
            String issuer,
            String clientId,
            String scope,
            ClientAuthentication.Method clientAuth,
            Optional<Path> caFile,
            boolean dpop,
            Optional<Path> clientCert,
            Optional<Path> clientCertPkcs8) {
        this(
                name,
                issuer,
                clientId,
                scope,
                clientAuth,
                caFile,
                dpop,
                clientCert,
                clientCertPkcs8,
                AuthorizationParameters.NONE,
                RedirectChoice.DEFAULT,
                LoopbackReceiver.DEFAULT_TIMEOUT,
                Optional.empty(),
                Optional.empty(),
                false,
                false);
    }

    /** A profile without a client certificate. */
    public Profile(
            String name,
            String issuer,
            String clientId,
            String scope,
            ClientAuthentication.Method clientAuth,
            Optional<Path> caFile,
            boolean dpop) {
        this(name, issuer, clientId, scope, clientAuth, caFile, dpop, Optional.empty(), Optional.empty());
    }

    /** A profile with the defaults for everything but the name, the provider and the client id. */
    public static Profile of(String name, String issuer, String clientId) {
        return new Profile(
                name,
                issuer,
                clientId,
                OAuthConfig.DEFAULT_SCOPE,
                ClientAuthentication.Method.NONE,
                Optional.empty(),
                false);
    }

    public Profile withScope(String value) {
        return new Profile(
                name,
                issuer,
                clientId,
                value,
                clientAuth,
                caFile,
                dpop,
                clientCert,
                clientCertPkcs8,
                authorizationParameters,
                redirectChoice,
                browserWait,
                clientAssertionFile,
                clientAssertionKid,
                staySignedIn,
                device,
                proxy,
                retryPolicy,
                endSessionMethod);
    }

    public Profile withClientAuth(ClientAuthentication.Method value) {
        return new Profile(
                name,
                issuer,
                clientId,
                scope,
                value,
                caFile,
                dpop,
                clientCert,
                clientCertPkcs8,
                authorizationParameters,
                redirectChoice,
                browserWait,
                clientAssertionFile,
                clientAssertionKid,
                staySignedIn,
                device,
                proxy,
                retryPolicy,
                endSessionMethod);
    }

    public Profile withCaFile(Optional<Path> value) {
        return new Profile(
                name,
                issuer,
                clientId,
                scope,
                clientAuth,
                value,
                dpop,
                clientCert,
                clientCertPkcs8,
                authorizationParameters,
                redirectChoice,
                browserWait,
                clientAssertionFile,
                clientAssertionKid,
                staySignedIn,
                device,
                proxy,
                retryPolicy,
                endSessionMethod);
    }

    public Profile withDpop(boolean value) {
        return new Profile(
                name,
                issuer,
                clientId,
                scope,
                clientAuth,
                caFile,
                value,
                clientCert,
                clientCertPkcs8,
                authorizationParameters,
                redirectChoice,
                browserWait,
                clientAssertionFile,
                clientAssertionKid,
                staySignedIn,
                device,
                proxy,
                retryPolicy,
                endSessionMethod);
    }

    /** PF7: the client certificate file and, when apart, its PKCS#8 key file (paths only, never the key). */
    public Profile withClientCert(Optional<Path> certificate, Optional<Path> pkcs8) {
        return new Profile(
                name,
                issuer,
                clientId,
                scope,
                clientAuth,
                caFile,
                dpop,
                certificate,
                pkcs8,
                authorizationParameters,
                redirectChoice,
                browserWait,
                clientAssertionFile,
                clientAssertionKid,
                staySignedIn,
                device,
                proxy,
                retryPolicy,
                endSessionMethod);
    }

    /** PF9: the sign-in choices the command line's session options and the app's settings make. */
    public Profile withSignIn(
            AuthorizationParameters parameters,
            RedirectChoice redirect,
            java.time.Duration wait,
            boolean keepSignedIn,
            boolean deviceGrant) {
        return new Profile(
                name,
                issuer,
                clientId,
                scope,
                clientAuth,
                caFile,
                dpop,
                clientCert,
                clientCertPkcs8,
                parameters,
                redirect,
                wait,
                clientAssertionFile,
                clientAssertionKid,
                keepSignedIn,
                deviceGrant,
                proxy,
                retryPolicy,
                endSessionMethod);
    }

    /** PF9, CA4: the private_key_jwt key file and its key id (a path and a name, never the key). */
    public Profile withClientAssertion(Optional<Path> file, Optional<String> kid) {
        return new Profile(
                name,
                issuer,
                clientId,
                scope,
                clientAuth,
                caFile,
                dpop,
                clientCert,
                clientCertPkcs8,
                authorizationParameters,
                redirectChoice,
                browserWait,
                file,
                kid,
                staySignedIn,
                device,
                proxy,
                retryPolicy,
                endSessionMethod);
    }

    public Profile withName(String value) {
        return new Profile(
                value,
                issuer,
                clientId,
                scope,
                clientAuth,
                caFile,
                dpop,
                clientCert,
                clientCertPkcs8,
                authorizationParameters,
                redirectChoice,
                browserWait,
                clientAssertionFile,
                clientAssertionKid,
                staySignedIn,
                device,
                proxy,
                retryPolicy,
                endSessionMethod);
    }

    /** PX6, PX7: the proxy the profile's requests go through: a URL without a password, {@code direct}, or blank. */
    public Profile withProxy(String value) {
        return new Profile(
                name,
                issuer,
                clientId,
                scope,
                clientAuth,
                caFile,
                dpop,
                clientCert,
                clientCertPkcs8,
                authorizationParameters,
                redirectChoice,
                browserWait,
                clientAssertionFile,
                clientAssertionKid,
                staySignedIn,
                device,
                value,
                retryPolicy,
                endSessionMethod);
    }

    /** PF10: the retry policy the profile's calls use. */
    public Profile withRetryPolicy(dev.stormwatch.retry.RetryPolicy value) {
        return new Profile(
                name,
                issuer,
                clientId,
                scope,
                clientAuth,
                caFile,
                dpop,
                clientCert,
                clientCertPkcs8,
                authorizationParameters,
                redirectChoice,
                browserWait,
                clientAssertionFile,
                clientAssertionKid,
                staySignedIn,
                device,
                proxy,
                value,
                endSessionMethod);
    }

    /** SX9, PF11: how the profile's end_session sends its parameters to the provider. */
    public Profile withEndSessionMethod(EndSessionMethod value) {
        return new Profile(
                name,
                issuer,
                clientId,
                scope,
                clientAuth,
                caFile,
                dpop,
                clientCert,
                clientCertPkcs8,
                authorizationParameters,
                redirectChoice,
                browserWait,
                clientAssertionFile,
                clientAssertionKid,
                staySignedIn,
                device,
                proxy,
                retryPolicy,
                value);
    }
}
