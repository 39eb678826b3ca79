package dev.stormwatch.oauth;

import dev.stormwatch.base.Secret;
import dev.stormwatch.http.ClientCertificate;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How the client authenticates at the token endpoint, PAR and revocation (RFC 6749 §2.3, RFC 9126 §2, RFC 7009 §2.1):
 * a public client ({@code none}), a confidential one with a client secret, or one with a private key that signs a
 * JWT assertion ({@code private_key_jwt}, RFC 7523), checked when made (CA1, CA2, CA4).
 *
 * @param method the configured method; {@link Method#AUTO} picks from the provider's metadata (CA1)
 * @param secret the client secret, redacted wherever printed (CA2); present exactly for the secret methods
 * @param key the private key of {@code private_key_jwt}, never printed (CA4); present exactly for that method
 * @param certificate the client certificate presented in the TLS handshake (RFC 8705): needed by the mutual-TLS
 *     methods (TX1), and with any other method it binds the access tokens to itself (TX2, RFC 8705 §3 and §4)
 */
public record ClientAuthentication(
        Method method,
        Optional<Secret> secret,
        Optional<ClientAssertionKey> key,
        Optional<ClientCertificate> certificate) {

    /** The metadata field that says which methods the token endpoint accepts (RFC 8414 §2). */
    public static final String SUPPORTED_FIELD = "token_endpoint_auth_methods_supported";

    /** The methods this client can use, by their RFC 8414 / OIDC Discovery names. */
    public enum Method {
        /** A public client: {@code client_id} in the form, PKCE proves the caller (RFC 8252 §8.4). */
        NONE("none"),
        /** HTTP Basic with the form-urlencoded id and secret (RFC 6749 §2.3.1). */
        CLIENT_SECRET_BASIC("client_secret_basic"),
        /** {@code client_id} and {@code client_secret} in the form (RFC 6749 §2.3.1, discouraged but common). */
        CLIENT_SECRET_POST("client_secret_post"),
        /** A JWT signed with the client's private key, in {@code client_assertion} (RFC 7523 §2.2, OIDC Core §9). */
        PRIVATE_KEY_JWT("private_key_jwt"),
        /** The client certificate of the TLS handshake, from an authority the provider trusts (RFC 8705 §2.1). */
        TLS_CLIENT_AUTH("tls_client_auth"),
        /** A self-signed client certificate registered with the client (its JWKS, RFC 8705 §2.2). */
        SELF_SIGNED_TLS_CLIENT_AUTH("self_signed_tls_client_auth"),
        /** Whatever the provider advertises: Basic first (RFC 8414's default), then post, else none (CA1). */
        AUTO("auto");

        private final String wireName;

        Method(String wireName) {
            this.wireName = wireName;
        }

        /** The name in metadata and on the command line. */
        public String wireName() {
            return wireName;
        }

        /** TX1: a method that authenticates with the TLS client certificate. */
        public boolean mutualTls() {
            return this == TLS_CLIENT_AUTH || this == SELF_SIGNED_TLS_CLIENT_AUTH;
        }

        /** The method of a name ({@code client_secret_basic}, ...), or a Configuration error listing the names. */
        public static Method parse(String name) {
            for (Method m : values()) {
                if (m.wireName.equals(name == null ? "" : name.trim().toLowerCase(Locale.ROOT))) {
                    return m;
                }
            }
            throw Failures.configuration("client authentication '" + name
                    + "' is not known: use none, client_secret_basic, client_secret_post, private_key_jwt,"
                    + " tls_client_auth, self_signed_tls_client_auth or auto");
        }
    }

    /** A public client, as before confidential clients existed. */
    public static final ClientAuthentication NONE = new ClientAuthentication(Method.NONE, Optional.empty());

    /** A method with a secret or without one (no private key). */
    public ClientAuthentication(Method method, Optional<Secret> secret) {
        this(method, secret, Optional.empty());
    }

    /** A method with a secret or a key, and no client certificate. */
    public ClientAuthentication(Method method, Optional<Secret> secret, Optional<ClientAssertionKey> key) {
        this(method, secret, key, Optional.empty());
    }

    public ClientAuthentication {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(secret, "secret");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(certificate, "certificate");
        // TX1: the mutual-TLS methods authenticate with the certificate; without one nothing would prove the client.
        if (method.mutualTls() && certificate.isEmpty()) {
            throw Failures.configuration("client authentication '" + method.wireName() + "' needs the client"
                    + " certificate and its key (--client-cert, --client-cert-key)");
        }
        // TX1: a secret or a key beside the certificate would be sent for nothing, or leave unclear what proves it.
        if (method.mutualTls() && (secret.isPresent() || key.isPresent())) {
            throw Failures.configuration("client authentication '" + method.wireName() + "' proves the client with"
                    + " its certificate: give no client secret and no --client-key-file");
        }
        // CA4: one credential per client: a key and a secret together leave it unclear which the provider expects.
        if (key.isPresent() && secret.isPresent()) {
            throw Failures.configuration("both a client secret and a private key were given: give the key for"
                    + " private_key_jwt or the secret for client_secret_basic/post, not both");
        }
        // CA4: a key with a method that does not use it would be silently unused.
        if (key.isPresent() && method != Method.PRIVATE_KEY_JWT && method != Method.AUTO) {
            throw Failures.configuration("a private key was given but the client authentication is '"
                    + method.wireName() + "': choose private_key_jwt or auto, or give no key");
        }
        if (method == Method.PRIVATE_KEY_JWT && key.isEmpty()) {
            throw Failures.configuration(
                    "client authentication 'private_key_jwt' needs the client's private key" + " (--client-key-file)");
        }
        if (method == Method.PRIVATE_KEY_JWT && secret.isPresent()) {
            throw Failures.configuration("client authentication 'private_key_jwt' signs with a private key, not a"
                    + " client secret: give --client-key-file and no secret");
        }
        // CA1: a secret with 'none' is the wrong method, not a secret to drop silently.
        if (method == Method.NONE && secret.isPresent()) {
            throw Failures.configuration("a client secret was given but the client authentication is 'none':"
                    + " choose client_secret_basic, client_secret_post or auto, or give no secret");
        }
        // CA1: a secret method without a secret could only fail at the provider; refused before any request.
        if ((method == Method.CLIENT_SECRET_BASIC || method == Method.CLIENT_SECRET_POST) && secret.isEmpty()) {
            throw Failures.configuration("client authentication '" + method.wireName()
                    + "' needs a client secret (--client-secret-file or STORMWATCH_CLIENT_SECRET)");
        }
        // CA2: an empty secret is a mistake in the file or variable, not a value to send.
        if (secret.isPresent() && secret.get().reveal().isEmpty()) {
            throw Failures.configuration("the client secret is empty");
        }
    }

    /** A confidential client's method and secret. */
    public static ClientAuthentication of(Method method, Secret secret) {
        return new ClientAuthentication(method, Optional.of(secret));
    }

    /** A client that authenticates with mutual TLS (or {@code auto}, or any method binding its tokens: TX1, TX2). */
    public ClientAuthentication withCertificate(ClientCertificate value) {
        return new ClientAuthentication(method, secret, key, Optional.of(value));
    }

    /** A client that authenticates with {@code private_key_jwt} (or {@code auto}) and this key. */
    public static ClientAuthentication of(Method method, ClientAssertionKey key) {
        return new ClientAuthentication(method, Optional.empty(), Optional.of(key));
    }

    /**
     * The method to use with a provider that advertises {@code supported} ({@link #SUPPORTED_FIELD}, empty when the
     * document has no such field): CA1's choice for {@code auto}, and the refusal of a method the provider does not
     * advertise, before any request to the token endpoint leaves.
     */
    public Method resolve(List<String> supported) {
        if (method == Method.AUTO) {
            return choose(supported);
        }
        // CA1: without the field, the provider said nothing: the configured method is sent as configured.
        if (!supported.isEmpty() && !supported.contains(method.wireName())) {
            throw Failures.configuration("client authentication '" + method.wireName() + "' is not among the"
                    + " provider's " + SUPPORTED_FIELD + " " + supported + "; choose one of those (or auto)");
        }
        return method;
    }

    private Method choose(List<String> supported) {
        if (key.isPresent()) {
            // CA4: with a key only private_key_jwt is possible; an absent list refuses nothing (as for Basic).
            if (!supported.isEmpty() && !supported.contains(Method.PRIVATE_KEY_JWT.wireName())) {
                throw Failures.configuration("client authentication 'auto' with a private key needs"
                        + " private_key_jwt, but the provider's " + SUPPORTED_FIELD + " are " + supported
                        + "; the key cannot be used with this provider");
            }
            return Method.PRIVATE_KEY_JWT;
        }
        if (secret.isEmpty() && certificate.isPresent()) {
            // TX1: with a certificate and nothing else, the provider's mutual-TLS method; else the certificate only
            // binds the tokens of a public client (RFC 8705 §4).
            if (supported.contains(Method.TLS_CLIENT_AUTH.wireName())) {
                return Method.TLS_CLIENT_AUTH;
            }
            if (supported.contains(Method.SELF_SIGNED_TLS_CLIENT_AUTH.wireName())) {
                return Method.SELF_SIGNED_TLS_CLIENT_AUTH;
            }
        }
        if (secret.isEmpty()) {
            // CA1: no secret: only 'none' is possible; a provider that lists it not will not take a public client.
            if (!supported.isEmpty() && !supported.contains(Method.NONE.wireName())) {
                throw Failures.configuration("client authentication 'auto' without a client secret needs 'none', but"
                        + " the provider's " + SUPPORTED_FIELD + " are " + supported
                        + "; give the client secret (--client-secret-file or STORMWATCH_CLIENT_SECRET)");
            }
            return Method.NONE;
        }
        // RFC 8414 §2: an absent list means client_secret_basic.
        if (supported.isEmpty() || supported.contains(Method.CLIENT_SECRET_BASIC.wireName())) {
            return Method.CLIENT_SECRET_BASIC;
        }
        if (supported.contains(Method.CLIENT_SECRET_POST.wireName())) {
            return Method.CLIENT_SECRET_POST;
        }
        throw Failures.configuration("client authentication 'auto' with a client secret found neither"
                + " client_secret_basic nor client_secret_post among the provider's " + SUPPORTED_FIELD + " "
                + supported + "; the client secret cannot be used with this provider");
    }

    /**
     * Puts the resolved method's credentials on a request (CA3): {@code client_id} stays in the form for PAR (it is
     * an authorization request parameter, RFC 9126 §2.1) and for {@code none}; the secret goes into the form only
     * for {@code client_secret_post}. Returns the {@code Authorization} header value for Basic.
     */
    Optional<String> apply(Method resolved, String clientId, Map<String, String> form, boolean keepClientId) {
        switch (resolved) {
            case CLIENT_SECRET_BASIC -> {
                if (!keepClientId) {
                    form.remove("client_id");
                }
                return Optional.of(basic(clientId, secret.orElseThrow()));
            }
            case CLIENT_SECRET_POST -> {
                form.put("client_id", clientId);
                form.put("client_secret", secret.orElseThrow().reveal());
                return Optional.empty();
            }
            case PRIVATE_KEY_JWT -> {
                // CA6: client_id stays (RFC 7523 §3 allows it, several providers look it up first); the assertion
                // itself is added per attempt by the caller, a fresh jti each time.
                form.put("client_id", clientId);
                form.put("client_assertion_type", ClientAssertionKey.ASSERTION_TYPE);
                return Optional.empty();
            }
            default -> {
                form.put("client_id", clientId);
                return Optional.empty();
            }
        }
    }

    /** RFC 6749 §2.3.1: id and secret each form-urlencoded, joined by a colon, then Base64 (RFC 7617). */
    static String basic(String clientId, Secret secret) {
        String pair = formEncode(clientId) + ":" + formEncode(secret.reveal());
        return "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
    }

    private static String formEncode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        // CA2: the record's own toString would show the secret's redaction anyway; say it plainly.
        return "ClientAuthentication[" + method.wireName() + (secret.isPresent() ? ", secret " + Secret.REDACTED : "")
                + key.map(k -> ", key " + k.keyId()).orElse("")
                + certificate.map(c -> ", certificate " + c.describe()).orElse("") + "]";
    }
}
