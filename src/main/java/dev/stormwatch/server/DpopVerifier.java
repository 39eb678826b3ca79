package dev.stormwatch.server;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.base.Base64Url;
import java.net.URI;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Checks a DPoP proof as RFC 9449 §4.3 lists: one {@code DPoP} header, a JWT of type {@code dpop+jwt} signed with an
 * asymmetric algorithm by the public key in its header; {@code htm}, {@code htu}, {@code iat} within a window,
 * {@code jti} used once, {@code nonce} when required (§8) and {@code ath} when an access token goes with it (§4.3 #12).
 */
public final class DpopVerifier {

    /** Proofs older or newer than this are refused; RFC 9449 §11.1 leaves the window to the server. */
    public static final Duration IAT_WINDOW = Duration.ofSeconds(60);

    /** Asymmetric algorithms this verifier can check (§4.3 #5: not none, not MAC-based). */
    public static final List<String> ALGORITHMS =
            List.of("ES256", "ES384", "ES512", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512");

    private static final Set<JWSAlgorithm> ACCEPTED = Set.of(
            JWSAlgorithm.ES256,
            JWSAlgorithm.ES384,
            JWSAlgorithm.ES512,
            JWSAlgorithm.RS256,
            JWSAlgorithm.RS384,
            JWSAlgorithm.RS512,
            JWSAlgorithm.PS256,
            JWSAlgorithm.PS384,
            JWSAlgorithm.PS512);

    private static final JOSEObjectType DPOP_JWT = new JOSEObjectType("dpop+jwt");

    private final Clock clock;
    private final DpopNonces nonces;
    /**
     * A proof passes the iat check for at most IAT_WINDOW after its iat, and its iat is at most IAT_WINDOW after the
     * moment it is first seen: remembering each jti twice the window covers every replay the iat check would let by.
     */
    private final JtiReplayCache seenJtis = new JtiReplayCache(IAT_WINDOW.multipliedBy(2));

    public DpopVerifier(Clock clock, DpopNonces nonces) {
        this.clock = clock;
        this.nonces = nonces;
    }

    /** What a proof check found. */
    public sealed interface Outcome {
        /** The proof is good; {@code jkt} is its key's SHA-256 thumbprint (RFC 7638), for {@code cnf.jkt}. */
        record Valid(String jkt) implements Outcome {}

        /** The proof is bad: answer {@code invalid_dpop_proof} with this description. */
        record Invalid(String description) implements Outcome {}

        /** The proof lacks the current nonce: answer {@code use_dpop_nonce} with a {@code DPoP-Nonce} header. */
        record NonceNeeded(String nonce) implements Outcome {}
    }

    /** Checks the proof of {@code request} for {@code method} on {@code uri}, bound to {@code accessToken} if given. */
    public Outcome verify(Request request, String method, URI uri, Optional<String> accessToken) {
        List<String> headers = request.headerValues("DPoP");
        if (headers.size() != 1) {
            return new Outcome.Invalid("send exactly one DPoP header");
        }
        SignedJWT proof;
        try {
            proof = SignedJWT.parse(headers.get(0));
        } catch (ParseException e) {
            return new Outcome.Invalid("the DPoP proof is not a signed JWT");
        }
        if (!DPOP_JWT.equals(proof.getHeader().getType())) {
            return new Outcome.Invalid("the proof's typ must be dpop+jwt");
        }
        if (!ACCEPTED.contains(proof.getHeader().getAlgorithm())) {
            return new Outcome.Invalid("the proof must be signed with an asymmetric algorithm");
        }
        JWK jwk = proof.getHeader().getJWK();
        if (jwk == null || jwk.isPrivate()) {
            return new Outcome.Invalid("the proof's header must carry the public key as jwk");
        }
        if (!signatureHolds(proof, jwk)) {
            return new Outcome.Invalid("the proof's signature does not verify with its jwk");
        }
        JWTClaimsSet claims;
        try {
            claims = proof.getJWTClaimsSet();
        } catch (ParseException e) {
            return new Outcome.Invalid("the proof's claims are not JSON");
        }
        String jti = claims.getJWTID();
        if (jti == null || jti.isEmpty()) {
            return new Outcome.Invalid("the proof needs a jti");
        }
        if (!method.equals(stringClaim(claims, "htm"))) {
            return new Outcome.Invalid("htm must be " + method);
        }
        if (!sameTarget(stringClaim(claims, "htu"), uri)) {
            return new Outcome.Invalid("htu must be " + uri);
        }
        Instant now = clock.instant();
        if (claims.getIssueTime() == null) {
            return new Outcome.Invalid("the proof needs an iat");
        }
        Instant iat = claims.getIssueTime().toInstant();
        if (iat.isBefore(now.minus(IAT_WINDOW)) || iat.isAfter(now.plus(IAT_WINDOW))) {
            return new Outcome.Invalid("iat is outside the accepted window of " + IAT_WINDOW.toSeconds() + " s");
        }
        if (nonces.required() && !nonces.accepts(stringClaim(claims, "nonce"))) {
            return new Outcome.NonceNeeded(nonces.current());
        }
        if (accessToken.isPresent() && !Base64Url.sha256(accessToken.get()).equals(stringClaim(claims, "ath"))) {
            return new Outcome.Invalid("ath does not match the access token");
        }
        String jkt;
        try {
            jkt = jwk.computeThumbprint().toString();
        } catch (JOSEException e) {
            return new Outcome.Invalid("the proof's jwk has no thumbprint");
        }
        if (!seenJtis.firstUse(jkt + ":" + jti, now)) {
            return new Outcome.Invalid("this proof was already used (jti replay)");
        }
        return new Outcome.Valid(jkt);
    }

    private static boolean signatureHolds(SignedJWT proof, JWK jwk) {
        try {
            JWSVerifier verifier;
            if (jwk instanceof RSAKey rsa) {
                verifier = new RSASSAVerifier(rsa);
            } else if (jwk instanceof ECKey ec) {
                verifier = new ECDSAVerifier(ec);
            } else {
                return false;
            }
            return proof.verify(verifier);
        } catch (JOSEException | IllegalStateException e) {
            return false;
        }
    }

    /** RFC 9449 §4.3 #9: htu matches the request URI without query and fragment, after RFC 3986 §6 normalisation. */
    private static boolean sameTarget(String htu, URI expected) {
        if (htu == null) {
            return false;
        }
        URI given;
        try {
            given = URI.create(htu).normalize();
        } catch (IllegalArgumentException e) {
            return false;
        }
        return Objects.equals(lower(given.getScheme()), lower(expected.getScheme()))
                && Objects.equals(lower(given.getHost()), lower(expected.getHost()))
                && port(given) == port(expected)
                && Objects.equals(given.getRawPath(), expected.getRawPath());
    }

    private static String lower(String s) {
        return s == null ? null : s.toLowerCase(Locale.ROOT);
    }

    private static int port(URI uri) {
        if (uri.getPort() != -1) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    private static String stringClaim(JWTClaimsSet claims, String name) {
        Object value = claims.getClaim(name);
        return value instanceof String s ? s : null;
    }

    /** How many proof ids are remembered now (for tests). */
    int rememberedProofs() {
        return seenJtis.size();
    }
}
