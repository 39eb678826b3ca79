package dev.stormwatch.retry;

import java.util.Objects;
import java.util.Optional;

/**
 * What a used-up quota covers on its origin (spec RH12): the whole origin, the model a request names (OpenAI's and
 * Anthropic's limits are per model), or a quota the headers name (GitHub's {@code x-ratelimit-resource}, an IETF
 * {@code RateLimit} policy), which covers the routes that answered with it used up.
 *
 * @param kind what the scope is keyed on
 * @param name the quota's name for {@link Kind#QUOTA} ({@code search}, {@code "default"}); empty otherwise
 */
public record PaceScope(Kind kind, String name) {

    /** What a pace is keyed on, beside its origin. */
    public enum Kind {
        /** Every request to the origin (RH9, RH12). */
        ORIGIN,
        /** The requests that name the same model as the one the used-up answer came to (RH12). */
        MODEL,
        /** The routes that answered with this named quota used up (RH12). */
        QUOTA
    }

    /** The whole origin. */
    public static final PaceScope ORIGIN = new PaceScope(Kind.ORIGIN, "");
    /** The model the request names. */
    public static final PaceScope MODEL = new PaceScope(Kind.MODEL, "");

    public PaceScope {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        if (kind == Kind.QUOTA && name.isEmpty()) {
            throw new IllegalArgumentException("a named quota needs a name");
        }
    }

    /** A quota the headers name, for example GitHub's {@code search} resource. */
    public static PaceScope quota(String name) {
        return new PaceScope(Kind.QUOTA, name);
    }

    /**
     * RH12: the key of the pace this scope starts for one request: a model scope without a model named by the
     * request is the origin (nothing narrower is known), and so is a scope that several used-up quotas disagree on.
     */
    public PaceKey keyFor(PaceTarget target) {
        Objects.requireNonNull(target, "target");
        return switch (kind) {
            case ORIGIN -> PaceKey.ORIGIN;
            case MODEL -> target.model().map(PaceKey::model).orElse(PaceKey.ORIGIN);
            case QUOTA -> PaceKey.quota(name, target.route());
        };
    }

    /** The narrowest scope that covers both: the origin when they differ (RH12). */
    PaceScope and(PaceScope other) {
        return equals(other) ? this : ORIGIN;
    }

    /** For people: {@code the origin}, {@code the model}, {@code the quota 'search'}. */
    public String describe() {
        return switch (kind) {
            case ORIGIN -> "the origin";
            case MODEL -> "the model the request names";
            case QUOTA -> "the quota '" + name + "'";
        };
    }

    /**
     * The part of the origin a pace covers once resolved against the request that met the used-up quota.
     *
     * @param kind what the key is on
     * @param name the model for {@link Kind#MODEL}, the quota's name for {@link Kind#QUOTA}, empty for the origin
     * @param route for {@link Kind#QUOTA}, the route of the request that met it used up; empty otherwise
     */
    public record PaceKey(Kind kind, String name, String route) {
        /** The whole origin. */
        public static final PaceKey ORIGIN = new PaceKey(Kind.ORIGIN, "", "");

        public PaceKey {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(route, "route");
        }

        static PaceKey model(String model) {
            return new PaceKey(Kind.MODEL, model, "");
        }

        static PaceKey quota(String name, String route) {
            return new PaceKey(Kind.QUOTA, name, route);
        }

        /** Whether a request to this target is held by a pace of this key (RH12). */
        public boolean covers(PaceTarget target) {
            return switch (kind) {
                case ORIGIN -> true;
                case MODEL -> target.model().filter(name::equals).isPresent();
                case QUOTA -> route.equals(target.route());
            };
        }

        /** For people: {@code the origin}, {@code model gpt-4o}, {@code quota 'search' (GET /search/issues)}. */
        public String describe() {
            return switch (kind) {
                case ORIGIN -> "the origin";
                case MODEL -> "model " + name;
                case QUOTA -> "quota '" + name + "' (" + route + ")";
            };
        }
    }

    /**
     * What a pace may cover of one request (RH12): its route (method and path, without the query) and the model it
     * names, when the caller says.
     */
    public record PaceTarget(String route, Optional<String> model) {
        /** A request about which nothing narrower than its origin is known. */
        public static final PaceTarget UNKNOWN = new PaceTarget("", Optional.empty());

        public PaceTarget {
            Objects.requireNonNull(route, "route");
            Objects.requireNonNull(model, "model");
        }

        /** A request by method, path and, when it names one, model. */
        public static PaceTarget of(String method, String path, Optional<String> model) {
            return new PaceTarget(method + " " + path, model);
        }
    }
}
