package dev.stormwatch.app.loadlab;

import dev.stormwatch.load.options.InvalidLoadOptionsException;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.ProcessFleet;
import dev.stormwatch.load.simulation.BackoffStrategy;
import java.util.List;
import java.util.Optional;

/**
 * LB8: the comparisons the Load lab offers: two or three runs on one seed that differ in one setting, drawn side by
 * side. Every other setting is the form's.
 */
public enum Comparison {

    /** B3 against B4's exception: the clients' backoff is the only difference. */
    JITTER(
            "Full jitter against no backoff",
            List.of(
                    new Variant(
                            "full jitter", (options, form) -> options.jitter(BackoffStrategy.FULL), Optional.empty()),
                    new Variant(
                            "no backoff (comparison only)",
                            (options, form) -> options.jitter(BackoffStrategy.NONE),
                            Optional.empty()))),

    /**
     * L1 against a limiter per process (LB19): K processes (at least 3), each running the form's clients behind the
     * form's limiter (the sliding log when none is chosen) at the provider's quota, sharing one Redis or each counting
     * alone. Each local limiter allows the whole quota, so together they send about K times it.
     */
    SHARED_LIMITER(
            "Shared limiter (one Redis) against one per process",
            List.of(
                    new Variant(
                            "processes sharing one Redis limiter",
                            (options, form) -> processes(options, form).redis("embedded"),
                            Optional.empty()),
                    new Variant(
                            "a local limiter in each process",
                            (options, form) -> processes(options, form).redis("local"),
                            Optional.empty()))),

    /**
     * LB15 (RA8): clients that honour a Retry-After longer than 8 s against the article's client, which caps it at
     * its max_delay; the scenario is the Retry-After 12 preset whatever the form's.
     */
    RETRY_AFTER_CAP(
            "Retry-After honoured against the article's 8 s cap (RA8)",
            List.of(
                    new Variant(
                            "honoured in full",
                            (options, form) -> retryAfter12(options).articleRetryAfterCap(false),
                            Optional.empty()),
                    new Variant(
                            "capped at 8 s (comparison only)",
                            (options, form) -> retryAfter12(options).articleRetryAfterCap(true),
                            Optional.empty()))),

    /**
     * LB9: behind nginx's limit_req (50/s, no burst): no limiter, the sliding log at nginx's rate, and GCRA a little
     * under it; the scenario is the nginx preset whatever the form's.
     */
    NGINX_LIMITERS(
            "Behind nginx's limit_req: no limiter, sliding log, GCRA",
            List.of(
                    new Variant(
                            "no limiter",
                            (options, form) -> nginx(options).limiter(LimiterChoice.OFF),
                            Optional.empty()),
                    new Variant(
                            "sliding log 50/1s",
                            (options, form) -> nginx(options).limiter(LimiterChoice.SLIDING_LOG),
                            Optional.of("50/1s")),
                    new Variant(
                            "GCRA 45/1s",
                            (options, form) -> nginx(options).limiter(LimiterChoice.GCRA),
                            Optional.of("45/1s"))));

    /** LB19: K processes, each one of the form's fleets (its clients) behind the limiter; K instances of the client. */
    private static LoadOptions.Builder processes(LoadOptions.Builder options, Form form)
            throws InvalidLoadOptionsException {
        return ProcessFleet.of(form.limiter(), form.instances(), form.clients()).applyTo(options);
    }

    private static LoadOptions.Builder retryAfter12(LoadOptions.Builder options) {
        return options.scenario(dev.stormwatch.load.scenario.ScenarioPresets.RETRY_AFTER_12);
    }

    private static LoadOptions.Builder nginx(LoadOptions.Builder options) {
        return options.scenario(dev.stormwatch.load.scenario.ScenarioPresets.NGINX_LEAKY_BUCKET)
                .instances(1);
    }

    /** What the form holds that a variant may build on: its limiter, its instances and its clients. */
    public record Form(LimiterChoice limiter, int instances, int clients) {}

    /** How one variant changes the form's options. */
    @FunctionalInterface
    public interface Change {
        LoadOptions.Builder apply(LoadOptions.Builder options, Form form) throws InvalidLoadOptionsException;
    }

    /**
     * One run of a comparison.
     *
     * @param label what tells it apart, as its column and chart are titled
     * @param change the one setting it changes
     * @param limit the limiter's limit it runs with ({@code 50/1s}); empty: the form's
     */
    public record Variant(String label, Change change, Optional<String> limit) {}

    private final String title;
    private final List<Variant> variants;

    Comparison(String title, List<Variant> variants) {
        this.title = title;
        this.variants = List.copyOf(variants);
    }

    /** The comparison in words, as the list shows it. */
    public String title() {
        return title;
    }

    /** The runs, in the order they run and are drawn. */
    public List<Variant> variants() {
        return variants;
    }
}
