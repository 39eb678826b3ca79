package dev.stormwatch.oauth;

import com.nimbusds.jose.jwk.JWK;
import java.util.List;
import java.util.Optional;

/** The provider keys that may have signed a token with a given {@code kid} (OIDC Core §10.1.1). */
@FunctionalInterface
public interface KeySource {

    /** Candidate keys; empty when none matches. */
    List<JWK> candidates(Optional<String> kid);
}
