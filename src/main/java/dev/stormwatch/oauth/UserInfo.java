package dev.stormwatch.oauth;

import java.util.Map;

/** The UserInfo response (OIDC Core §5.3.2), whose {@code sub} equals the ID token's. */
public record UserInfo(String subject, Map<String, Object> claims) {

    public UserInfo {
        claims = Map.copyOf(claims);
    }
}
