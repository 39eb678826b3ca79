package dev.stormwatch.oauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.base.Base64Url;
import dev.stormwatch.base.Secret;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Date;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * DPoP proofs (RFC 9449 §4): an EC P-256 key pair kept in memory only, and a fresh signed proof for every request
 * ({@code htm}, {@code htu}, {@code iat}, a new {@code jti}; {@code ath} with an access token, §4.2; the server's
 * latest {@code nonce} per origin, §8–9). Each proof is valid once (OP4).
 */
public final class DpopProofs {

    /** The header that carries a proof. */
    public static final String HEADER = "DPoP";

    /** The header that carries a server nonce (RFC 9449 §8.1). */
    public static final String NONCE_HEADER = "DPoP-Nonce";

    private final ECKey key;
    private final Clock clock;
    private final SecureRandom random;
    private final Map<String, String> noncesByOrigin = new ConcurrentHashMap<>();

    private DpopProofs(ECKey key, Clock clock, SecureRandom random) {
        this.key = key;
        this.clock = clock;
        this.random = random;
    }

    /** A new key pair (never written anywhere) and its proof maker. */
    public static DpopProofs generate(Clock clock, SecureRandom random) {
        try {
            return new DpopProofs(
                    new ECKeyGenerator(Curve.P_256).secureRandom(random).generate(), clock, random);
        } catch (JOSEException e) {
            throw new IllegalStateException("the JDK cannot make EC P-256 keys", e);
        }
    }

    /** The public key's JWK SHA-256 thumbprint (RFC 7638), which a DPoP-bound token's {@code cnf.jkt} names. */
    public String thumbprint() {
        try {
            return key.computeThumbprint().toString();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A proof for a token-endpoint request (no access token). */
    public Secret proof(String method, URI url) {
        return proof(method, url, Optional.empty());
    }

    /** A proof for a request; with an access token it carries {@code ath} (RFC 9449 §4.2). */
    public Secret proof(String method, URI url, Optional<Secret> accessToken) {
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                .jwtID(Base64Url.random(random, 16))
                .claim("htm", method)
                .claim("htu", htu(url))
                .issueTime(Date.from(clock.instant()));
        accessToken.ifPresent(token -> claims.claim("ath", Base64Url.sha256(token.reveal())));
        nonceFor(url).ifPresent(nonce -> claims.claim("nonce", nonce));
        JWSHeader header = new JWSHeader.Builder(JWSAlgorithm.ES256)
                .type(new JOSEObjectType("dpop+jwt"))
                .jwk(key.toPublicJWK())
                .build();
        SignedJWT jwt = new SignedJWT(header, claims.build());
        try {
            jwt.sign(new ECDSASigner(key));
        } catch (JOSEException e) {
            throw new IllegalStateException("signing a DPoP proof failed", e);
        }
        return Secret.of(jwt.serialize());
    }

    /** Remembers the nonce a server sent (RFC 9449 §8.2: any response may carry a new one). */
    public void rememberNonce(URI url, String nonce) {
        if (nonce != null && !nonce.isBlank()) {
            noncesByOrigin.put(origin(url), nonce);
        }
    }

    /** The latest nonce of the URL's origin. */
    public Optional<String> nonceFor(URI url) {
        return Optional.ofNullable(noncesByOrigin.get(origin(url)));
    }

    /** RFC 9449 §4.2: htu is the target URI without query and fragment. */
    static String htu(URI url) {
        return url.getScheme() + "://" + url.getRawAuthority() + (url.getRawPath() == null ? "" : url.getRawPath());
    }

    /**
     * The key nonces are kept under, normalised as OkHttp normalises a request URL (scheme and host in lower case,
     * the default port filled in): nonces are remembered from the URL OkHttp sent to and looked up with the URI the
     * provider's metadata wrote, so {@code https://AS.example:443/token} and {@code https://as.example/token} must
     * be one origin.
     */
    static String origin(URI url) {
        okhttp3.HttpUrl parsed = okhttp3.HttpUrl.parse(url.toString());
        if (parsed != null) {
            return parsed.scheme() + "://" + parsed.host() + ":" + parsed.port();
        }
        // Not an http(s) URL (never sent through OkHttp): the same rule by hand.
        return String.valueOf(url.getScheme()).toLowerCase(java.util.Locale.ROOT) + "://"
                + String.valueOf(url.getHost()).toLowerCase(java.util.Locale.ROOT) + ":" + url.getPort();
    }

    @Override
    public String toString() {
        return "DpopProofs[jkt=" + thumbprint() + "]";
    }
}
