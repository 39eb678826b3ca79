package dev.stormwatch.app.servers;

import dev.stormwatch.embedded.EmbeddedStack;
import dev.stormwatch.server.Fault;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/** The one-click faults of the Provider & relay area: each forces one behaviour of the client for a demo. */
public enum FaultSwitch {
    TOKEN_429_SHORT(
            "429, Retry-After 5 s",
            "The next token response is 429 with Retry-After: 5. "
                    + "Refresh: it fits the budget, so the client waits 5 s (plus jitter) and sends again, which succeeds "
                    + "(RA3). Sign in: the code exchange is sent once (P3), so sign-in fails and the provider is paused "
                    + "for 5 s (P1).",
            stack -> {
                stack.provider().faults().inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(5)), 1);
                return "Next token response: 429, Retry-After 5 s.";
            }),
    TOKEN_429_LONG(
            "429, Retry-After 60 s",
            "The next token response is 429 with Retry-After: 60, longer than "
                    + "the 20 s budget. Refresh: the call stops at once without waiting (RA4). Sign in: the code exchange "
                    + "is sent once (P3) and sign-in fails. Either way the provider is paused for 60 s: nothing is sent "
                    + "to it until then (P1, P2).",
            stack -> {
                stack.provider().faults().inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(60)), 1);
                return "Next token response: 429, Retry-After 60 s.";
            }),
    TOKEN_503(
            "503, no Retry-After",
            "The next 4 token responses are 503 without Retry-After. Refresh: not "
                    + "resent (F1: a gateway may have processed it); it fails after one request. Sign in: the code "
                    + "exchange is sent once (P3) and sign-in fails. No pause starts (P5); each press uses up one of the "
                    + "4.",
            stack -> {
                stack.provider()
                        .faults()
                        .inject(
                                "/token",
                                new Fault.Throttle(
                                        503, Optional.empty(), Fault.RetryAfterForm.SECONDS, Fault.DateHeader.CORRECT),
                                4);
                return "Next 4 token responses: 503.";
            }),
    PROVIDER_OUTAGE(
            "Outage",
            "Every provider endpoint answers 503 for its next 12 responses. UserInfo and "
                    + "sign-in's discovery are reads: they retry until their budget is spent, then offer Retry (P9). "
                    + "Refresh is not resent (F1). Sign out erases the session here; the revocation is retried, then "
                    + "reported as not done (P8). No pause starts (P5).",
            stack -> {
                Fault unavailable = new Fault.Throttle(
                        503, Optional.empty(), Fault.RetryAfterForm.SECONDS, Fault.DateHeader.CORRECT);
                for (String endpoint : new String[] {
                    "/.well-known/openid-configuration", "/jwks", "/token", "/userinfo", "/revoke", "/par"
                }) {
                    stack.provider().faults().inject(endpoint, unavailable, 12);
                }
                return "Provider outage: every endpoint answers 503 for its next 12 responses.";
            }),
    REFRESH_PROCESS_THEN_FAIL(
            "Refresh processed, then lost",
            "The next token request is processed and the "
                    + "connection is reset before the answer. Refresh: the refresh token rotates but the new one is lost; "
                    + "the client does not resend (F1), and Retry with the old token ends the session with invalid_grant "
                    + "(F3). Sign in: the code is used up but the tokens are lost; sign in again.",
            stack -> {
                stack.provider().faults().inject("/token", new Fault.ProcessThenReset(), 1);
                return "Next token request: processed, then the connection is reset.";
            }),
    RELAY_HICCUP(
            "Relay hiccup",
            "Resets every open connection to the relay now, as a network hiccup would.",
            stack -> "Relay hiccup: " + stack.relay().hiccupNow() + " open connections reset."),
    CLEAR("Clear faults", "Drops every planned fault of both servers.", stack -> {
        stack.provider().faults().clear();
        stack.relay().faults().clear();
        return "No faults planned.";
    });

    private final String label;
    private final String explanation;
    private final Function<EmbeddedStack, String> apply;

    FaultSwitch(String label, String explanation, Function<EmbeddedStack, String> apply) {
        this.label = label;
        this.explanation = explanation;
        this.apply = apply;
    }

    public String label() {
        return label;
    }

    public String explanation() {
        return explanation;
    }

    String applyTo(EmbeddedStack stack) {
        return apply.apply(stack);
    }
}
