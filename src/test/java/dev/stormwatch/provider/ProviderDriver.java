package dev.stormwatch.provider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.base.Base64Url;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Drives the demo provider the way a browser and a public client would, with the JDK's plain HTTP client. */
final class ProviderDriver {

    static final String CLIENT = ClientRegistration.DESKTOP_CLIENT_ID;
    static final String REDIRECT = "http://127.0.0.1:53682/callback";
    static final String VERIFIER = "dBjftJeZ4CVP-mJ92K9bd8gbZQxkRbUA1uV2kQ5cBfCZ8Pmx";
    static final ObjectMapper JSON = new ObjectMapper();

    private static final Pattern INTERACTION = Pattern.compile("name=\"interaction\" value=\"([^\"]+)\"");

    final HttpClient http =
            HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    final DemoProvider provider;
    final Clock clock;

    ProviderDriver(DemoProvider provider, Clock clock) {
        this.provider = provider;
        this.clock = clock;
    }

    static String challenge(String verifier) {
        return Base64Url.sha256(verifier);
    }

    Map<String, String> authorizeParams() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("response_type", "code");
        p.put("client_id", CLIENT);
        p.put("redirect_uri", REDIRECT);
        p.put("scope", "openid profile email");
        p.put("state", "st-1");
        p.put("nonce", "n-1");
        p.put("code_challenge", challenge(VERIFIER));
        p.put("code_challenge_method", "S256");
        return p;
    }

    HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(provider.baseUrl().resolve(pathAndQuery))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> getAuthorize(Map<String, String> params) throws IOException, InterruptedException {
        return get(ProviderState.AUTHORIZE + "?" + form(params));
    }

    /** GET the sign-in page, pick {@code user}, press Allow; returns the redirect's query parameters. */
    Map<String, String> signIn(Map<String, String> params, String user) throws IOException, InterruptedException {
        HttpResponse<String> page = getAuthorize(params);
        if (page.statusCode() != 200) {
            throw new AssertionError("sign-in page: " + page.statusCode() + " " + page.body());
        }
        HttpResponse<String> done = postForm(
                ProviderState.AUTHORIZE,
                Map.of("interaction", interaction(page.body()), "user", user, "decision", "allow"),
                Map.of());
        return redirectQuery(done);
    }

    static String interaction(String page) {
        Matcher m = INTERACTION.matcher(page);
        if (!m.find()) {
            throw new AssertionError("no interaction on the page");
        }
        return m.group(1);
    }

    static Map<String, String> redirectQuery(HttpResponse<String> response) {
        if (response.statusCode() != 302) {
            throw new AssertionError("expected a redirect, got " + response.statusCode() + " " + response.body());
        }
        URI location = URI.create(response.headers().firstValue("Location").orElseThrow());
        Map<String, String> query = new LinkedHashMap<>();
        for (String pair : location.getRawQuery().split("&")) {
            String[] kv = pair.split("=", 2);
            query.put(kv[0], java.net.URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
        }
        query.put("_location", location.toString());
        return query;
    }

    HttpResponse<String> postForm(String path, Map<String, String> fields, Map<String, String> headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(provider.baseUrl().resolve(path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(fields)));
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Any method on {@code path} with {@code headers} and a text body (none when {@code body} is null). */
    HttpResponse<String> send(String method, String path, Map<String, String> headers, String body)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(provider.baseUrl().resolve(path))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** RFC 6749 §2.3.1: {@code Basic base64(urlencoded id ":" urlencoded secret)}. */
    static String basic(String clientId, String secret) {
        return "Basic "
                + java.util.Base64.getEncoder()
                        .encodeToString((URLEncoder.encode(clientId, StandardCharsets.UTF_8) + ":"
                                        + URLEncoder.encode(secret, StandardCharsets.UTF_8))
                                .getBytes(StandardCharsets.UTF_8));
    }

    /** {@code fields} with one more (or replaced) field. */
    static Map<String, String> with(Map<String, String> fields, String name, String value) {
        Map<String, String> all = new LinkedHashMap<>(fields);
        all.put(name, value);
        return all;
    }

    HttpResponse<String> exchange(String code, Map<String, String> headers) throws IOException, InterruptedException {
        return postForm(
                ProviderState.TOKEN,
                Map.of(
                        "grant_type",
                        "authorization_code",
                        "code",
                        code,
                        "redirect_uri",
                        REDIRECT,
                        "client_id",
                        CLIENT,
                        "code_verifier",
                        VERIFIER),
                headers);
    }

    HttpResponse<String> refresh(String refreshToken, Map<String, String> headers)
            throws IOException, InterruptedException {
        return postForm(
                ProviderState.TOKEN,
                Map.of("grant_type", "refresh_token", "refresh_token", refreshToken, "client_id", CLIENT),
                headers);
    }

    /** A full login: sign-in page, code, token exchange; returns the token response. */
    JsonNode login(Map<String, String> tokenHeaders) throws IOException, InterruptedException {
        String code = signIn(authorizeParams(), "alice").get("code");
        HttpResponse<String> tokens = exchange(code, tokenHeaders);
        if (tokens.statusCode() != 200) {
            throw new AssertionError("token exchange: " + tokens.statusCode() + " " + tokens.body());
        }
        return json(tokens);
    }

    HttpResponse<String> userinfo(String scheme, String token, Map<String, String> headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(provider.baseUrl().resolve(ProviderState.USERINFO))
                .header("Authorization", scheme + " " + token)
                .GET();
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode json(HttpResponse<String> response) throws IOException {
        return JSON.readTree(response.body());
    }

    static String form(Map<String, String> fields) {
        return fields.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    /** A DPoP key of the client, and proofs made with it. */
    final class DpopKey {
        final ECKey key;

        DpopKey() throws Exception {
            key = new ECKeyGenerator(Curve.P_256).generate();
        }

        String proof(String method, String path, Optional<String> nonce, Optional<String> accessToken)
                throws Exception {
            JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                    .jwtID(UUID.randomUUID().toString())
                    .claim("htm", method)
                    .claim("htu", provider.baseUrl() + path)
                    .issueTime(Date.from(clock.instant()));
            nonce.ifPresent(n -> claims.claim("nonce", n));
            accessToken.ifPresent(t -> claims.claim("ath", Base64Url.sha256(t)));
            SignedJWT jwt = new SignedJWT(
                    new JWSHeader.Builder(JWSAlgorithm.ES256)
                            .type(new JOSEObjectType("dpop+jwt"))
                            .jwk(key.toPublicJWK())
                            .build(),
                    claims.build());
            jwt.sign(new ECDSASigner(key));
            return jwt.serialize();
        }

        String thumbprint() throws Exception {
            return key.computeThumbprint().toString();
        }
    }
}
