package dev.stormwatch.oauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.base.Base64Url;
import dev.stormwatch.base.Secret;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The private key of a client that authenticates with {@code private_key_jwt} (RFC 7523 §2.2, OIDC Core §9): an RSA
 * (2048 bits or more) or EC (P-256, P-384, P-521) key read from a PKCS#8 PEM file or a private JWK, or generated.
 * It signs a fresh client assertion for every attempt (CA6) and shows only its public JWK, for registration (CA4).
 * The private part is never printed: {@link #toString()} names the key id and type only.
 */
public final class ClientAssertionKey {

    /** {@code client_assertion_type} of a JWT assertion (RFC 7523 §2.2). */
    public static final String ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

    /** The metadata field listing the algorithms the token endpoint verifies (RFC 8414 §2, CA5). */
    public static final String SIGNING_ALGS_FIELD = "token_endpoint_auth_signing_alg_values_supported";

    /** How long an assertion is valid: long enough for one attempt, short enough that a copy is soon useless. */
    static final Duration LIFETIME = Duration.ofSeconds(60);

    private static final int MIN_RSA_BITS = 2048;
    private static final List<JWSAlgorithm> RSA_ALGS = List.of(
            JWSAlgorithm.RS256,
            JWSAlgorithm.RS384,
            JWSAlgorithm.RS512,
            JWSAlgorithm.PS256,
            JWSAlgorithm.PS384,
            JWSAlgorithm.PS512);

    private final JWK key;

    private ClientAssertionKey(JWK key) {
        this.key = key;
    }

    /**
     * Reads a key file: a private JWK (JSON) or a PKCS#8 PEM ({@code BEGIN PRIVATE KEY}). The key id is
     * {@code keyId} when given, else the JWK's {@code kid}, else the key's RFC 7638 thumbprint.
     *
     * @throws IllegalArgumentException with a message saying what the file holds and what to give instead (CA4);
     *     it never quotes the file's content
     */
    public static ClientAssertionKey read(Path file, Optional<String> keyId) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    file + " cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        JWK jwk = text.startsWith("{") ? parseJwk(text) : parsePem(text);
        return of(jwk, keyId);
    }

    /** A new EC P-256 key (ES256), its key id the RFC 7638 thumbprint: register {@link #publicJwk()} with the provider. */
    public static ClientAssertionKey generate(SecureRandom random) {
        try {
            return of(new ECKeyGenerator(Curve.P_256).secureRandom(random).generate(), Optional.empty());
        } catch (JOSEException e) {
            throw new IllegalStateException("the JDK cannot make an EC P-256 key", e);
        }
    }

    static ClientAssertionKey of(JWK jwk, Optional<String> keyId) {
        // CA4: only an asymmetric private key can sign an assertion the provider checks with a registered public key.
        if (!jwk.isPrivate()) {
            throw new IllegalArgumentException("holds a public key only; give the private key (its public JWK is what"
                    + " the provider registers)");
        }
        if (jwk instanceof RSAKey rsa) {
            if (rsa.size() < MIN_RSA_BITS) {
                throw new IllegalArgumentException("holds an RSA key of " + rsa.size() + " bits; RFC 7518 §3.3 needs"
                        + " " + MIN_RSA_BITS + " bits or more");
            }
        } else if (jwk instanceof ECKey ec) {
            if (signingAlg(ec.getCurve()).isEmpty()) {
                throw new IllegalArgumentException(
                        "holds an EC key on curve " + ec.getCurve() + "; use P-256, P-384 or P-521");
            }
        } else {
            throw new IllegalArgumentException("holds a " + jwk.getKeyType() + " key; use an RSA or EC private key");
        }
        String kid = keyId.filter(k -> !k.isBlank())
                .or(() -> Optional.ofNullable(jwk.getKeyID()))
                .orElseGet(() -> {
                    try {
                        return jwk.computeThumbprint().toString();
                    } catch (JOSEException e) {
                        throw new IllegalStateException("the key's thumbprint cannot be computed", e);
                    }
                });
        try {
            JWK withKid = jwk instanceof RSAKey rsa
                    ? new RSAKey.Builder(rsa)
                            .keyID(kid)
                            .keyUse(KeyUse.SIGNATURE)
                            .build()
                    : new ECKey.Builder((ECKey) jwk)
                            .keyID(kid)
                            .keyUse(KeyUse.SIGNATURE)
                            .build();
            return new ClientAssertionKey(withKid);
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException("holds a key nimbus cannot use (" + e.getMessage() + ")");
        }
    }

    /** The key id sent in every assertion's header, which the provider looks up among the client's keys. */
    public String keyId() {
        return key.getKeyID();
    }

    /** The public JWK, to register with the provider (CA4); no private part. */
    public String publicJwk() {
        return key.toPublicJWK().toJSONString();
    }

    /** The private JWK, for a file only its owner reads (a generated key); never for output. */
    public Secret privateJwk() {
        return Secret.of(key.toJSONString());
    }

    /**
     * CA5: the algorithm to sign with: the first of the provider's {@code supported} list (in its order) that this
     * key can make; without a list, RS256 for RSA and the curve's ES algorithm for EC.
     *
     * @throws dev.stormwatch.retry.CallFailure.Configuration when the list names none this key can make
     */
    public JWSAlgorithm algorithm(List<String> supported) {
        List<JWSAlgorithm> possible = key instanceof RSAKey
                ? RSA_ALGS
                : List.of(signingAlg(((ECKey) key).getCurve()).orElseThrow());
        if (supported.isEmpty()) {
            return possible.get(0);
        }
        for (String name : supported) {
            JWSAlgorithm alg = JWSAlgorithm.parse(name);
            if (possible.contains(alg)) {
                return alg;
            }
        }
        throw Failures.configuration("client authentication 'private_key_jwt': the provider's " + SIGNING_ALGS_FIELD
                + " " + supported + " has no algorithm a " + description() + " can sign with ("
                + possible.stream().map(JWSAlgorithm::getName).toList() + "); use a key of a listed type");
    }

    /**
     * CA6: a new assertion (RFC 7523 §3): {@code iss} and {@code sub} the client id, {@code aud} the token endpoint,
     * a random {@code jti}, {@code iat} now and {@code exp} {@link #LIFETIME} later; {@code kid} and {@code alg} in
     * its header. A Secret: it is a credential for its lifetime.
     */
    Secret assertion(String clientId, URI audience, JWSAlgorithm alg, Clock clock, SecureRandom random) {
        Instant now = clock.instant();
        byte[] jti = new byte[16];
        random.nextBytes(jti);
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .issuer(clientId)
                .subject(clientId)
                .audience(audience.toString())
                .jwtID(Base64Url.encode(jti))
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(LIFETIME)))
                .build();
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(alg).keyID(keyId()).build(), claims);
        try {
            JWSSigner signer = key instanceof RSAKey rsa ? new RSASSASigner(rsa) : new ECDSASigner((ECKey) key);
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw Failures.configuration("client authentication 'private_key_jwt': the key " + keyId()
                    + " cannot sign with " + alg + " (" + e.getClass().getSimpleName() + ")");
        }
        return Secret.of(jwt.serialize());
    }

    /** "RSA key of 2048 bits" or "EC P-256 key". */
    public String description() {
        return key instanceof RSAKey rsa
                ? "RSA key of " + rsa.size() + " bits"
                : "EC " + ((ECKey) key).getCurve() + " key";
    }

    private static Optional<JWSAlgorithm> signingAlg(Curve curve) {
        if (Curve.P_256.equals(curve)) {
            return Optional.of(JWSAlgorithm.ES256);
        }
        if (Curve.P_384.equals(curve)) {
            return Optional.of(JWSAlgorithm.ES384);
        }
        if (Curve.P_521.equals(curve)) {
            return Optional.of(JWSAlgorithm.ES512);
        }
        return Optional.empty();
    }

    private static JWK parseJwk(String text) {
        try {
            return JWK.parse(text);
        } catch (ParseException e) {
            throw new IllegalArgumentException("is JSON but not a JWK (a single key object with kty); give a private"
                    + " JWK or a PKCS#8 PEM file");
        }
    }

    private static JWK parsePem(String text) {
        String begin = "-----BEGIN PRIVATE KEY-----";
        String end = "-----END PRIVATE KEY-----";
        int from = text.indexOf(begin);
        int to = text.indexOf(end);
        if (from < 0 || to < from) {
            String found = text.startsWith("-----BEGIN ")
                    ? text.substring(0, Math.min(text.indexOf('\n') < 0 ? text.length() : text.indexOf('\n'), 60))
                            .strip()
                    : "neither a JWK nor a PEM block";
            throw new IllegalArgumentException("holds " + (found.startsWith("-----") ? "'" + found + "'" : found)
                    + "; give a PKCS#8 PEM private key ('BEGIN PRIVATE KEY', e.g. from 'openssl pkcs8 -topk8"
                    + " -nocrypt') or a private JWK");
        }
        byte[] der;
        try {
            der = Base64.getMimeDecoder().decode(text.substring(from + begin.length(), to));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("has a PEM block that is not Base64");
        }
        for (String algorithm : List.of("RSA", "EC")) {
            try {
                PrivateKey key = KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
                JWK jwk = toJwk(key, der);
                checkPair(jwk);
                return jwk;
            } catch (GeneralSecurityException e) {
                // not this algorithm; try the next
            }
        }
        throw new IllegalArgumentException("has a PKCS#8 block that is neither an RSA nor an EC private key");
    }

    private static JWK toJwk(PrivateKey key, byte[] der) throws GeneralSecurityException {
        if (key instanceof RSAPrivateCrtKey rsa) {
            RSAPublicKey pub = (RSAPublicKey) KeyFactory.getInstance("RSA")
                    .generatePublic(new RSAPublicKeySpec(rsa.getModulus(), rsa.getPublicExponent()));
            return new RSAKey.Builder(pub).privateKey(rsa).build();
        }
        if (key instanceof ECPrivateKey ec) {
            Curve curve = Curve.forECParameterSpec(ec.getParams());
            if (curve == null) {
                throw new IllegalArgumentException("holds an EC key on a curve other than P-256, P-384 or P-521");
            }
            ECPoint point = publicPoint(ec, der);
            ECPublicKey pub = (ECPublicKey)
                    KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(point, ec.getParams()));
            return new ECKey.Builder(curve, pub).privateKey(ec).build();
        }
        throw new IllegalArgumentException("holds a " + key.getAlgorithm() + " key; use an RSA or EC private key");
    }

    /**
     * The public point of an EC private key, from the optional {@code publicKey [1]} of its ECPrivateKey (RFC 5915
     * §3), which OpenSSL writes by default: the JDK has no way to derive it, and hand-written curve arithmetic is
     * not worth the risk. The point found is checked by a signature round trip before it is used.
     */
    private static ECPoint publicPoint(ECPrivateKey key, byte[] der) {
        int fieldBytes = (key.getParams().getCurve().getField().getFieldSize() + 7) / 8;
        int pointBytes = 2 * fieldBytes + 1;
        // [1] { BIT STRING { 0 unused bits, 0x04 X Y } }: tag A1, length, tag 03, length, 00, 04.
        for (int i = 0; i + 6 + pointBytes - 1 <= der.length; i++) {
            if ((der[i] & 0xff) == 0xa1
                    && (der[i + 1] & 0xff) == pointBytes + 3
                    && der[i + 2] == 0x03
                    && (der[i + 3] & 0xff) == pointBytes + 1
                    && der[i + 4] == 0
                    && der[i + 5] == 0x04) {
                int from = i + 6;
                java.math.BigInteger x =
                        new java.math.BigInteger(1, java.util.Arrays.copyOfRange(der, from, from + fieldBytes));
                java.math.BigInteger y = new java.math.BigInteger(
                        1, java.util.Arrays.copyOfRange(der, from + fieldBytes, from + 2 * fieldBytes));
                return new ECPoint(x, y);
            }
        }
        throw new IllegalArgumentException("holds an EC private key without its public key; write it with"
                + " 'openssl pkcs8 -topk8 -nocrypt' (which keeps it) or give a private JWK");
    }

    /** Signs and verifies once: a public key that does not belong to the private one is refused here, not at the provider. */
    private static void checkPair(JWK jwk) {
        try {
            JWSAlgorithm alg = jwk instanceof RSAKey
                    ? JWSAlgorithm.RS256
                    : signingAlg(((ECKey) jwk).getCurve()).orElseThrow();
            SignedJWT probe = new SignedJWT(
                    new JWSHeader(alg),
                    new JWTClaimsSet.Builder().subject("probe").build());
            probe.sign(jwk instanceof RSAKey rsa ? new RSASSASigner(rsa) : new ECDSASigner((ECKey) jwk));
            boolean ok = probe.verify(
                    jwk instanceof RSAKey rsa
                            ? new com.nimbusds.jose.crypto.RSASSAVerifier(rsa.toRSAPublicKey())
                            : new com.nimbusds.jose.crypto.ECDSAVerifier(((ECKey) jwk).toECPublicKey()));
            if (!ok) {
                throw new IllegalArgumentException("holds a private key whose public part does not match it");
            }
        } catch (JOSEException e) {
            throw new IllegalArgumentException(
                    "holds a key that cannot sign (" + e.getClass().getSimpleName() + ")");
        }
    }

    @Override
    public String toString() {
        return "ClientAssertionKey[" + keyId() + ", " + description() + ", private part " + Secret.REDACTED + "]";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ClientAssertionKey that && key.equals(that.key);
    }

    @Override
    public int hashCode() {
        return Objects.hash(key);
    }
}
