package dev.stormwatch.oauth;

/** A signed-in session: the tokens and the verified claims of the ID token (OIDC Core §3.1.3.7). */
public record Session(TokenSet tokens, IdTokenClaims claims) {}
