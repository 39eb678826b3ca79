package dev.stormwatch.oauth;

import dev.stormwatch.retry.CallBudget;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Fetches and caches provider metadata per issuer (OIDC Discovery §4, RFC 8414 §3): the OpenID location first, the
 * RFC 8414 location when that one does not exist. A read, retried by the engine.
 */
final class Discovery {

    private final ProviderRequests requests;
    private final Map<Issuer, ProviderMetadata> cache = new ConcurrentHashMap<>();

    Discovery(ProviderRequests requests) {
        this.requests = requests;
    }

    /** The cached metadata, if any. */
    Optional<ProviderMetadata> cached(Issuer issuer) {
        return Optional.ofNullable(cache.get(issuer));
    }

    /** The metadata, fetched on first use within this visible call's budget. */
    ProviderMetadata metadata(Issuer issuer, CallBudget budget) {
        ProviderMetadata known = cache.get(issuer);
        if (known != null) {
            return known;
        }
        ProviderRequests.Answer answer = requests.get(issuer.openIdConfigurationUrl(), "discovery", budget);
        // RFC 8414 §3.1: an OAuth-only provider publishes its metadata at the other well-known location.
        if (answer.status() == 404) {
            answer = requests.get(issuer.authorizationServerMetadataUrl(), "discovery", budget);
        }
        if (!answer.ok()) {
            throw Failures.protocol(
                    "discovery",
                    "the provider answered " + answer.status() + " for its metadata; is the issuer URL right?");
        }
        ProviderMetadata metadata = ProviderMetadata.parse(answer.body(), issuer);
        cache.put(issuer, metadata);
        return metadata;
    }
}
