package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.base.Secret;
import dev.stormwatch.testing.FakeClock;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * How the back-channel endpoints read a posted form and authenticate its client (RFC 6749 §2.3, §3.2, §5.2; RFC 7523
 * §2.2), each refusal with its status and error code, over real sockets; client_credentials is the probe, since it
 * answers 200 only to an authenticated confidential client.
 */
class PostedFormEdgesTest {

    private static final FakeClock CLOCK = FakeClock.atNewYear();
    private static final String CONFIDENTIAL = ClientRegistration.CONFIDENTIAL_CLIENT_ID;
    private static final String SECRET = ClientRegistration.CONFIDENTIAL_CLIENT_SECRET;
    private static final String KEYED = "keyed-client";
    private static final String EITHER = "public-or-basic";
    private static final Map<String, String> GRANT = Map.of("grant_type", "client_credentials");
    private static final String ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
    private static final ECKey CLIENT_KEY = clientKey();

    @RegisterExtension
    static final RunningDemoProvider DEMO = RunningDemoProvider.withClientsBesideTheDefaults(
            CLOCK,
            new ClientRegistration(
                    "basic-only",
                    ClientRegistration.desktop().redirectUris(),
                    List.of(),
                    Optional.of(Secret.of(SECRET)),
                    List.of("client_secret_basic")),
            new ClientRegistration(
                    EITHER,
                    ClientRegistration.desktop().redirectUris(),
                    List.of(),
                    Optional.of(Secret.of(SECRET)),
                    List.of("none", "client_secret_basic")),
            ClientRegistration.privateKeyJwt(KEYED, CLIENT_KEY));

    private static ECKey clientKey() {
        try {
            return new ECKeyGenerator(Curve.P_256).keyID("k1").generate();
        } catch (com.nimbusds.jose.JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String rawBasic(String credentials) {
        return "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
    }

    private static String assertion(String subject) throws Exception {
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                .issuer(KEYED)
                .audience(DEMO.provider().issuer() + "/token")
                .jwtID(UUID.randomUUID().toString())
                .issueTime(Date.from(CLOCK.instant()))
                .expirationTime(Date.from(CLOCK.instant().plusSeconds(60)));
        if (subject != null) {
            claims.subject(subject);
        }
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.ES256)
                        .keyID("k1")
                        .type(JOSEObjectType.JWT)
                        .build(),
                claims.build());
        jwt.sign(new ECDSASigner(CLIENT_KEY));
        return jwt.serialize();
    }

    private static Map<String, String> withAssertion(Map<String, String> fields, String assertion) {
        return ProviderDriver.with(
                ProviderDriver.with(fields, "client_assertion_type", ASSERTION_TYPE), "client_assertion", assertion);
    }

    private static String refusal(HttpResponse<String> answer, int status, String error) throws Exception {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(status);
        JsonNode body = ProviderDriver.json(answer);
        assertThat(body.path("error").asText()).isEqualTo(error);
        if (status == 401) {
            assertThat(answer.headers().firstValue("WWW-Authenticate"))
                    .get()
                    .asString()
                    .startsWith("Basic realm=");
        } else {
            assertThat(answer.headers().firstValue("WWW-Authenticate")).isEmpty();
        }
        assertThat(answer.body()).doesNotContain(SECRET);
        return body.path("error_description").asText();
    }

    private static HttpResponse<String> token(Map<String, String> fields, String authorization) throws Exception {
        return DEMO.driver()
                .postForm("/token", fields, authorization == null ? Map.of() : Map.of("Authorization", authorization));
    }

    @Test
    @DisplayName("CA7: a client registered both public and with a secret gets client_credentials when this request"
            + " authenticates it, and unauthorized_client when it only names itself")
    void clientCredentialsFollowsHowThisRequestAuthenticated() throws Exception {
        HttpResponse<String> withSecret = token(GRANT, ProviderDriver.basic(EITHER, SECRET));
        HttpResponse<String> named = token(ProviderDriver.with(GRANT, "client_id", EITHER), null);

        assertThat(withSecret.statusCode()).as(withSecret.body()).isEqualTo(200);
        assertThat(refusal(named, 400, "unauthorized_client")).contains("needs client authentication");
    }

    @Test
    @DisplayName("CA1: HTTP Basic authenticates the confidential client, with any case of the scheme name and a"
            + " client_id in the form that agrees")
    void basicAuthenticates() throws Exception {
        assertThat(token(GRANT, ProviderDriver.basic(CONFIDENTIAL, SECRET)).statusCode())
                .isEqualTo(200);
        assertThat(token(
                                GRANT,
                                "bAsIc "
                                        + ProviderDriver.basic(CONFIDENTIAL, SECRET)
                                                .substring(6))
                        .statusCode())
                .isEqualTo(200);
        assertThat(token(
                                ProviderDriver.with(GRANT, "client_id", CONFIDENTIAL),
                                ProviderDriver.basic(CONFIDENTIAL, SECRET))
                        .statusCode())
                .isEqualTo(200);
        assertThat(token(ProviderDriver.with(GRANT, "client_secret", SECRET), null)
                        .statusCode())
                .as("no client_id: not the post method")
                .isEqualTo(401);
        assertThat(token(
                                ProviderDriver.with(
                                        ProviderDriver.with(GRANT, "client_id", CONFIDENTIAL), "client_secret", SECRET),
                                null)
                        .statusCode())
                .isEqualTo(200);
    }

    @Test
    @DisplayName("CA1: Basic credentials that are not Base64, lack the colon or are not form-urlencoded, name an"
            + " unknown client or another client_id than the form are 401 invalid_client")
    void badBasicCredentialsAreInvalidClient() throws Exception {
        assertThat(refusal(token(GRANT, "Basic %%%"), 401, "invalid_client")).contains("Base64");
        assertThat(refusal(token(GRANT, rawBasic(CONFIDENTIAL)), 401, "invalid_client"))
                .contains("':'");
        assertThat(refusal(token(GRANT, rawBasic(CONFIDENTIAL + ":%zz")), 401, "invalid_client"))
                .contains("form-urlencoded");
        assertThat(refusal(token(GRANT, rawBasic("%zz:" + SECRET)), 401, "invalid_client"))
                .contains("form-urlencoded");
        assertThat(refusal(token(GRANT, ProviderDriver.basic("nobody", SECRET)), 401, "invalid_client"))
                .contains("unknown client_id");
        assertThat(refusal(token(GRANT, rawBasic(":" + SECRET)), 401, "invalid_client"))
                .contains("unknown client_id");
        assertThat(refusal(
                        token(
                                ProviderDriver.with(GRANT, "client_id", "basic-only"),
                                ProviderDriver.basic(CONFIDENTIAL, SECRET)),
                        401,
                        "invalid_client"))
                .contains("differs");
        assertThat(refusal(token(GRANT, ProviderDriver.basic(CONFIDENTIAL, "wrong")), 401, "invalid_client"))
                .isEqualTo("client authentication failed");
    }

    @Test
    @DisplayName("CA1: a client using two methods at once is 400 invalid_request; a method its registration lacks, or"
            + " a secret for a public client, is 401 invalid_client")
    void oneMethodOnlyAndOnlyARegisteredOne() throws Exception {
        assertThat(refusal(
                        token(
                                ProviderDriver.with(GRANT, "client_secret", SECRET),
                                ProviderDriver.basic(CONFIDENTIAL, SECRET)),
                        400,
                        "invalid_request"))
                .contains("one client authentication method");
        assertThat(refusal(
                        token(
                                ProviderDriver.with(
                                        ProviderDriver.with(GRANT, "client_id", "basic-only"), "client_secret", SECRET),
                                null),
                        401,
                        "invalid_client"))
                .contains("does not use client_secret_post");
        assertThat(refusal(
                        token(GRANT, ProviderDriver.basic(ProviderDriver.CLIENT, "anything")), 401, "invalid_client"))
                .contains("does not use client_secret_basic");
        assertThat(refusal(
                        token(
                                ProviderDriver.with(
                                        ProviderDriver.with(GRANT, "client_id", ProviderDriver.CLIENT),
                                        "client_secret",
                                        "x"),
                                null),
                        401,
                        "invalid_client"))
                .contains("does not use client_secret_post");
        assertThat(refusal(token(ProviderDriver.with(GRANT, "client_id", ""), null), 401, "invalid_client"))
                .contains("client_id is required");
        assertThat(refusal(token(ProviderDriver.with(GRANT, "client_id", "nobody"), null), 401, "invalid_client"))
                .contains("unknown client_id");
        assertThat(refusal(token(ProviderDriver.with(GRANT, "client_id", "basic-only"), null), 401, "invalid_client"))
                .contains("must authenticate");
    }

    @Test
    @DisplayName("CA6: a signed assertion authenticates its client, named by client_id or by the assertion's sub")
    void anAssertionAuthenticates() throws Exception {
        HttpResponse<String> named =
                token(ProviderDriver.with(withAssertion(GRANT, assertion(KEYED)), "client_id", KEYED), null);
        HttpResponse<String> bySubject = token(withAssertion(GRANT, assertion(KEYED)), null);

        assertThat(named.statusCode()).as(named.body()).isEqualTo(200);
        assertThat(bySubject.statusCode()).as(bySubject.body()).isEqualTo(200);
        HttpResponse<String> emptyId =
                token(ProviderDriver.with(withAssertion(GRANT, assertion(KEYED)), "client_id", ""), null);
        assertThat(emptyId.statusCode())
                .as("an empty client_id is none: the sub names the client")
                .isEqualTo(200);
        HttpResponse<String> otherScheme = token(
                ProviderDriver.with(ProviderDriver.with(GRANT, "client_id", CONFIDENTIAL), "client_secret", SECRET),
                "Bearer not-basic");
        assertThat(otherScheme.statusCode())
                .as("only Basic is read from Authorization")
                .isEqualTo(200);
        // The client found by the assertion is the one the token is issued to.
        String accessToken = DEMO.driver().login(Map.of()).path("access_token").asText();
        HttpResponse<String> introspected = DEMO.driver()
                .postForm("/introspect", withAssertion(Map.of("token", accessToken), assertion(KEYED)), Map.of());
        assertThat(introspected.statusCode()).as(introspected.body()).isEqualTo(200);
        assertThat(ProviderDriver.json(introspected).path("active").asBoolean(true))
                .isFalse();
    }

    @Test
    @DisplayName("CA6: an assertion beside Basic or a secret is 400 invalid_request; a wrong type, no assertion, one"
            + " that is not a JWT or names no known client, a client without private_key_jwt, and a replayed jti are"
            + " 401 invalid_client")
    void badAssertionsAreRefused() throws Exception {
        assertThat(refusal(
                        token(withAssertion(GRANT, assertion(KEYED)), ProviderDriver.basic(CONFIDENTIAL, SECRET)),
                        400,
                        "invalid_request"))
                .contains("one client authentication method");
        assertThat(refusal(
                        token(
                                ProviderDriver.with(withAssertion(GRANT, assertion(KEYED)), "client_secret", SECRET),
                                null),
                        400,
                        "invalid_request"))
                .contains("one client authentication method");
        assertThat(refusal(
                        token(
                                ProviderDriver.with(
                                        withAssertion(GRANT, assertion(KEYED)), "client_assertion_type", "jwt"),
                                null),
                        401,
                        "invalid_client"))
                .contains("client_assertion_type must be");
        assertThat(refusal(
                        token(ProviderDriver.with(GRANT, "client_assertion_type", ASSERTION_TYPE), null),
                        401,
                        "invalid_client"))
                .contains("client_assertion is missing");
        assertThat(refusal(token(withAssertion(GRANT, ""), null), 401, "invalid_client"))
                .contains("client_assertion is missing");
        assertThat(refusal(token(withAssertion(GRANT, "not.a.jwt"), null), 401, "invalid_client"))
                .contains("not a signed JWT");
        assertThat(refusal(token(withAssertion(GRANT, assertion(null)), null), 401, "invalid_client"))
                .contains("unknown client_id");
        assertThat(refusal(token(withAssertion(GRANT, assertion("nobody")), null), 401, "invalid_client"))
                .contains("unknown client_id");
        assertThat(refusal(
                        token(
                                ProviderDriver.with(withAssertion(GRANT, assertion(KEYED)), "client_id", CONFIDENTIAL),
                                null),
                        401,
                        "invalid_client"))
                .contains("does not use private_key_jwt");
        String once = assertion(KEYED);
        assertThat(token(withAssertion(GRANT, once), null).statusCode()).isEqualTo(200);
        assertThat(refusal(token(withAssertion(GRANT, once), null), 401, "invalid_client"))
                .contains("jti was already used");
    }

    @Test
    @DisplayName("A back-channel endpoint answers GET with 405, a JSON body with 400, and a repeated parameter"
            + " with 400 invalid_request, each as an OAuth error")
    void whatIsNotAFormIsRefused() throws Exception {
        for (String path : List.of("/token", "/par", "/revoke", "/introspect", "/device_authorization")) {
            HttpResponse<String> get = DEMO.driver().get(path);
            assertThat(get.statusCode()).as(path).isEqualTo(405);
            assertThat(ProviderDriver.json(get).path("error").asText()).isEqualTo("invalid_request");
            HttpResponse<String> json =
                    DEMO.driver().send("POST", path, Map.of("Content-Type", "application/json"), "{}");
            assertThat(refusal(json, 400, "invalid_request")).contains("x-www-form-urlencoded");
            HttpResponse<String> repeated = DEMO.driver()
                    .send(
                            "POST",
                            path,
                            Map.of("Content-Type", "application/x-www-form-urlencoded; charset=UTF-8"),
                            "client_id=" + ProviderDriver.CLIENT + "&token=a&token=b");
            assertThat(refusal(repeated, 400, "invalid_request")).isEqualTo("token is repeated");
        }
    }

    @Test
    void theFormsTextNamesOnlyTheClient() {
        PostedForm form = new PostedForm(Map.of("code", "secret-code"), ClientRegistration.desktop(), "none");

        assertThat(form.toString()).isEqualTo("PostedForm[" + ProviderDriver.CLIENT + "]");
        assertThat(form.field("code")).contains("secret-code");
        assertThat(new PostedForm(Map.of("code", ""), ClientRegistration.desktop(), "none").field("code"))
                .isEmpty();
    }
}
