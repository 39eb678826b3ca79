package dev.stormwatch.relay;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import dev.stormwatch.base.Digests;
import dev.stormwatch.server.DpopNonces;
import dev.stormwatch.server.DpopVerifier;
import dev.stormwatch.server.Request;
import java.net.MalformedURLException;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Who is calling: a static API key, a Bearer JWT access token of the trusted issuer checked against its JWKS (RFC 6750
 * §2.1, RFC 9068 §4), or a DPoP-bound one with its proof (RFC 9449 §7: {@code Authorization: DPoP}, the proof's key
 * matching {@code cnf.jkt}). A DPoP-bound token sent as Bearer is refused (§7.2). The principal is a fingerprint of the
 * key or {@code sub:SUBJECT}, never the secret itself.
 */
final class Authenticator {

    /** The audience the demo provider puts in its access tokens. */
    static final String AUDIENCE = "stormwatch-relay";

    private final Map<String, String> principalsByKey;
    private final Optional<DefaultJWTProcessor<SecurityContext>> jwtProcessor;
    private final DpopVerifier dpop;
    private final URI baseUri;

    Authenticator(List<String> apiKeys, Optional<TrustedIssuer> issuer, Clock clock, URI baseUri) {
        this.principalsByKey =
                apiKeys.stream().distinct().collect(Collectors.toMap(k -> k, Authenticator::fingerprint));
        this.jwtProcessor = issuer.map(i -> processor(i, clock));
        this.dpop = new DpopVerifier(clock, new DpopNonces(new SecureRandom(), false));
        this.baseUri = baseUri;
    }

    /** {@code key-} and the first 8 hex digits of the key's SHA-256: stable, and safe to show. */
    static String fingerprint(String apiKey) {
        return "key-" + java.util.HexFormat.of().formatHex(Digests.sha256(apiKey), 0, 4);
    }

    /** The caller's principal, or empty when the credentials are missing or not accepted. */
    Optional<String> principal(Request request) {
        Optional<String> authorization = request.header("Authorization");
        if (authorization.isEmpty()) {
            return Optional.empty();
        }
        String[] parts = authorization.get().trim().split(" +", 2);
        if (parts.length != 2) {
            return Optional.empty();
        }
        String scheme = parts[0].toLowerCase(Locale.ROOT);
        String credential = parts[1].trim();
        if (scheme.equals("bearer")) {
            String byKey = principalsByKey.get(credential);
            if (byKey != null) {
                return Optional.of(byKey);
            }
            return token(credential)
                    .filter(claims -> claims.getClaim("cnf") == null)
                    .map(Authenticator::subject);
        }
        if (scheme.equals("dpop")) {
            return token(credential)
                    .filter(claims -> proofMatches(request, credential, claims))
                    .map(Authenticator::subject);
        }
        return Optional.empty();
    }

    private Optional<JWTClaimsSet> token(String credential) {
        if (jwtProcessor.isEmpty() || credential.chars().filter(c -> c == '.').count() != 2) {
            return Optional.empty();
        }
        try {
            return Optional.of(jwtProcessor.get().process(credential, null));
        } catch (Exception rejected) {
            // Bad signature, unknown key, expired, wrong issuer or audience, or the JWKS is unreachable: 401.
            return Optional.empty();
        }
    }

    private boolean proofMatches(Request request, String accessToken, JWTClaimsSet claims) {
        Object cnf = claims.getClaim("cnf");
        if (!(cnf instanceof Map<?, ?> confirmation) || !(confirmation.get("jkt") instanceof String jkt)) {
            return false;
        }
        DpopVerifier.Outcome proof =
                dpop.verify(request, request.method(), baseUri.resolve(request.path()), Optional.of(accessToken));
        return proof instanceof DpopVerifier.Outcome.Valid valid && valid.jkt().equals(jkt);
    }

    private static String subject(JWTClaimsSet claims) {
        return "sub:" + claims.getSubject();
    }

    private static DefaultJWTProcessor<SecurityContext> processor(TrustedIssuer issuer, Clock clock) {
        JWKSource<SecurityContext> keys;
        try {
            keys = JWKSourceBuilder.<SecurityContext>create(issuer.jwksUrl().toURL())
                    .retrying(false)
                    .build();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("the JWKS URL is not a URL: " + issuer.jwksUrl(), e);
        }
        DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
        processor.setJWSTypeVerifier(
                new DefaultJOSEObjectTypeVerifier<>(new JOSEObjectType("at+jwt"), JOSEObjectType.JWT));
        processor.setJWSKeySelector(
                new JWSVerificationKeySelector<>(Set.of(JWSAlgorithm.RS256, JWSAlgorithm.ES256), keys));
        processor.setJWTClaimsSetVerifier(
                new DefaultJWTClaimsVerifier<>(
                        Set.of(AUDIENCE),
                        new JWTClaimsSet.Builder().issuer(issuer.issuer()).build(),
                        Set.of("sub", "exp"),
                        Set.of()) {
                    @Override
                    protected Date currentTime() {
                        return Date.from(clock.instant());
                    }
                });
        return processor;
    }
}
