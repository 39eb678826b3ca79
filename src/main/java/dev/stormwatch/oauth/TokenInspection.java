package dev.stormwatch.oauth;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.base.Secret;
import dev.stormwatch.retry.CallFailure;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A pasted JWT read and checked offline (SX4, SX5), as jwt.io does but against a key set whose provenance is said:
 * its header and claims, and every check with its result: {@code signature}, {@code kid}, {@code alg}, {@code iss},
 * {@code aud}, {@code exp}, {@code nbf}, {@code iat}. The signature and algorithm checks are the ID token validator's
 * own ({@link IdTokenValidator}). The token is held as a {@link Secret} and never put in a message.
 *
 * @param header the JOSE header, as JSON text
 * @param claims the claims, as JSON text
 * @param checks every check, in the order above
 */
public record TokenInspection(String header, String claims, List<Check> checks) {

    /** How one check ended. */
    public enum Result {
        PASSED,
        FAILED,
        NOT_CHECKED
    }

    /** One check: its name (a claim or header name, or "signature"), its result and what was seen. */
    public record Check(String name, Result result, String detail) {}

    /**
     * A key set and where it came from, said beside every key it gives (SX4).
     *
     * @param keys the public signing keys
     * @param provenance e.g. "the JWKS at https://…/jwks (from https://issuer's discovery), fetched at …"
     * @param algorithms the algorithms the issuer advertises for ID tokens; empty when the keys were pasted
     */
    public record Keys(List<JWK> keys, String provenance, List<String> algorithms) {

        /**
         * The usable public signing keys of a JWKS text (a file or a paste).
         *
         * @throws IllegalArgumentException text that is no JWKS, or a JWKS with no usable key, in words that say which
         */
        public static Keys parse(String jwksText, String provenance) {
            JWKSet set;
            try {
                set = JWKSet.parse(jwksText.strip());
            } catch (ParseException e) {
                throw new IllegalArgumentException(
                        "is not a JSON Web Key Set (RFC 7517 §5: an object with a" + " \"keys\" array)");
            }
            List<JWK> usable = new ArrayList<>();
            for (JWK key : set.getKeys()) {
                // Only public RSA or EC keys meant for signatures can verify a token; a private or secret key in a
                // pasted set is not used (and never shown).
                boolean signing = key.getKeyUse() == null || KeyUse.SIGNATURE.equals(key.getKeyUse());
                if (signing && !key.isPrivate() && (key instanceof RSAKey || key instanceof ECKey)) {
                    usable.add(key);
                }
            }
            if (usable.isEmpty()) {
                throw new IllegalArgumentException("has no usable key: it holds "
                        + set.getKeys().size() + " key(s), none a public RSA or EC signing key");
            }
            return new Keys(List.copyOf(usable), provenance, List.of());
        }
    }

    /** What the token is expected to say; empty values are shown but not checked. */
    public record Expected(Optional<String> issuer, Optional<String> audience) {
        public static final Expected NOTHING = new Expected(Optional.empty(), Optional.empty());
    }

    /** Whether every check that ran passed, and the signature was among them. */
    public boolean valid() {
        return checks.stream().noneMatch(c -> c.result() == Result.FAILED)
                && checks.stream().anyMatch(c -> c.name().equals("signature") && c.result() == Result.PASSED);
    }

    /**
     * SX5, SX6: the token a file or stdin holds: its first non-blank line, stripped, as a secret (a file written by
     * {@code echo} ends in a newline that is not part of the token). The command line and the app read it alike.
     */
    public static Secret tokenText(String text) {
        String stripped = text.strip();
        int end = stripped.indexOf('\n');
        return Secret.of(end < 0 ? stripped : stripped.substring(0, end).strip());
    }

    /**
     * Reads and checks {@code token}.
     *
     * @param keys the key set to verify against; empty shows header and claims with the signature not checked
     * @throws IllegalArgumentException the text is not a JWT, or an encrypted or unsigned one, in words (SX5)
     */
    public static TokenInspection inspect(
            Secret token, Optional<Keys> keys, Expected expected, Clock clock, Duration skew) {
        SignedJWT jwt = parse(token);
        JWTClaimsSet claims;
        try {
            claims = jwt.getJWTClaimsSet();
        } catch (ParseException e) {
            throw new IllegalArgumentException("is a JWS whose payload is not a JSON object of claims");
        }
        List<Check> checks = new ArrayList<>();
        JWSAlgorithm alg = jwt.getHeader().getAlgorithm();
        Optional<String> kid = Optional.ofNullable(jwt.getHeader().getKeyID());
        if (keys.isEmpty()) {
            checks.add(new Check("signature", Result.NOT_CHECKED, "no key set: give an issuer or a JWKS"));
            checks.add(new Check(
                    "kid", Result.NOT_CHECKED, kid.map(k -> "kid " + k).orElse("no kid")));
            checks.add(new Check("alg", Result.NOT_CHECKED, alg.getName()));
        } else {
            Keys set = keys.get();
            KeySource source = wanted -> set.keys().stream()
                    .filter(k -> wanted.isEmpty() || wanted.get().equals(k.getKeyID()))
                    .toList();
            List<JWK> candidates = source.candidates(kid);
            JWK verified = null;
            try {
                verified = IdTokenValidator.checkSignature(jwt, alg, source);
                checks.add(new Check(
                        "signature",
                        Result.PASSED,
                        "verified with " + describe(verified) + " from " + set.provenance()));
            } catch (CallFailure.Protocol failure) {
                checks.add(new Check(
                        "signature", Result.FAILED, tokenWords(failure) + " (keys from " + set.provenance() + ")"));
            }
            checks.add(
                    candidates.isEmpty()
                            ? new Check(
                                    "kid",
                                    Result.FAILED,
                                    kid.map(k -> "no key with kid " + k).orElse("no kid, and no key") + " in "
                                            + set.provenance())
                            : new Check(
                                    "kid",
                                    Result.PASSED,
                                    kid.map(k -> "kid " + k + " is in the key set")
                                            .orElse("no kid: every key of the set was tried")));
            try {
                // Pasted keys come with no advertised list: any asymmetric algorithm of the key set may be tried.
                IdTokenValidator.checkAlgorithm(
                        alg, set.algorithms().isEmpty() ? List.of(alg.getName()) : set.algorithms());
                checks.add(new Check(
                        "alg",
                        Result.PASSED,
                        alg.getName()
                                + (set.algorithms().isEmpty()
                                        ? ""
                                        : ", advertised by the issuer " + set.algorithms())));
            } catch (CallFailure.Protocol failure) {
                checks.add(new Check("alg", Result.FAILED, tokenWords(failure)));
            }
        }
        String iss = claims.getIssuer();
        checks.add(
                expected.issuer().isEmpty()
                        ? new Check("iss", Result.NOT_CHECKED, iss == null ? "absent" : iss + " (no issuer expected)")
                        : iss != null && new Issuer(expected.issuer().get()).sameAs(iss)
                                ? new Check("iss", Result.PASSED, iss)
                                : new Check(
                                        "iss",
                                        Result.FAILED,
                                        (iss == null ? "absent" : iss) + ", expected "
                                                + expected.issuer().get()));
        List<String> aud = claims.getAudience();
        checks.add(
                expected.audience().isEmpty()
                        ? new Check(
                                "aud", Result.NOT_CHECKED, aud.isEmpty() ? "absent" : aud + " (no audience expected)")
                        : aud.contains(expected.audience().get())
                                ? new Check("aud", Result.PASSED, aud.toString())
                                : new Check(
                                        "aud",
                                        Result.FAILED,
                                        (aud.isEmpty() ? "absent" : aud.toString()) + ", expected "
                                                + expected.audience().get()));
        Instant now = clock.instant();
        // The same times and skew as the ID token validator's steps 9 and 10 (OIDC Core §3.1.3.7, RFC 7519 §4.1.5).
        Date exp = claims.getExpirationTime();
        checks.add(
                exp == null
                        ? new Check("exp", Result.FAILED, "absent: the token never expires")
                        : now.isBefore(exp.toInstant().plus(skew))
                                ? new Check(
                                        "exp",
                                        Result.PASSED,
                                        "expires " + exp.toInstant() + ", in "
                                                + Duration.between(now, exp.toInstant())
                                                        .toSeconds() + " s")
                                : new Check("exp", Result.FAILED, "expired at " + exp.toInstant()));
        Date nbf = claims.getNotBeforeTime();
        checks.add(
                nbf == null
                        ? new Check("nbf", Result.PASSED, "absent")
                        : nbf.toInstant().isAfter(now.plus(skew))
                                ? new Check("nbf", Result.FAILED, "not valid before " + nbf.toInstant())
                                : new Check("nbf", Result.PASSED, "valid since " + nbf.toInstant()));
        Date iat = claims.getIssueTime();
        checks.add(
                iat == null
                        ? new Check("iat", Result.NOT_CHECKED, "absent")
                        : iat.toInstant().isAfter(now.plus(skew))
                                ? new Check("iat", Result.FAILED, "issued at " + iat.toInstant() + ", in the future")
                                : new Check("iat", Result.PASSED, "issued at " + iat.toInstant()));
        return new TokenInspection(
                jwt.getHeader().toJSONObject().isEmpty()
                        ? "{}"
                        : pretty(jwt.getHeader().toJSONObject()),
                pretty(claims.toJSONObject()),
                List.copyOf(checks));
    }

    /** SX5: the text as a signed JWT, or a refusal that says what it is instead; never quotes it. */
    private static SignedJWT parse(Secret token) {
        String text = token.reveal().strip();
        if (text.isEmpty()) {
            throw new IllegalArgumentException("is empty: paste a JWT (three base64url parts separated by dots)");
        }
        long dots = text.chars().filter(c -> c == '.').count();
        if (dots != 2 && dots != 4) {
            throw new IllegalArgumentException("is not a JWT: a JWT is three base64url parts separated by dots, this"
                    + " has " + (dots + 1) + " part(s)");
        }
        JWT jwt;
        try {
            jwt = JWTParser.parse(text);
        } catch (ParseException e) {
            throw new IllegalArgumentException("is not a JWT: its header or payload is not base64url-encoded JSON");
        }
        if (!(jwt instanceof SignedJWT signed)) {
            throw new IllegalArgumentException(
                    dots == 4
                            ? "is an encrypted JWT (JWE): its claims cannot be read" + " without the recipient's key"
                            : "is an unsigned JWT (alg none): there is no signature to check");
        }
        return signed;
    }

    private static String describe(JWK key) {
        String type = key instanceof RSAKey rsa
                ? "RSA " + rsa.size() + " bit"
                : key instanceof ECKey ec
                        ? "EC " + ec.getCurve()
                        : key.getKeyType().getValue();
        return "the " + type + " key" + (key.getKeyID() == null ? " without kid" : " kid " + key.getKeyID());
    }

    /** The validator's words are about the ID token; here the token may be any JWT. */
    private static String tokenWords(CallFailure failure) {
        String message = failure.getMessage();
        int colon = message.indexOf(": ");
        String said = colon >= 0 ? message.substring(colon + 2) : message; // "check: detail" (Failures.protocol)
        return said.replace("the ID token", "the token").replace("The ID token", "The token");
    }

    private static String pretty(Map<String, Object> json) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper()
                    .writerWithDefaultPrettyPrinter()
                    .writeValueAsString(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return json.toString();
        }
    }
}
