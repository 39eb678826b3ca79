package dev.stormwatch.oauth;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Spring Authorization Server (a provider nobody on the team wrote), started in this JVM on 127.0.0.1 through Spring
 * Boot's own auto-configuration: form login, OpenID Connect, PAR, refresh, userinfo, revocation, as a team would
 * deploy it. One confidential client is registered (Basic and post, PKCE required, the loopback redirect on any port
 * as RFC 8252 §7.3 allows) and one user. Tomcat closes a keep-alive connection after {@code keepAlive} idle, and a
 * filter in front of everything keeps a record of the requests it read (method and path, never a value).
 */
public final class SpringAuthorizationServer implements AutoCloseable {

    static final String CLIENT_ID = "stormwatch-spring";
    /** A test registration's secret, as public as the embedded provider's {@code demo-client-secret}. */
    static final String CLIENT_SECRET = "spring-test-secret";

    /**
     * A second client for the device authorization grant (RFC 8628), Basic and post, consent
     * asked on the verification page. Spring refuses {@code openid} in a device authorization request and issues no
     * ID token for the grant, so its only scope is {@code profile}.
     */
    public static final String DEVICE_CLIENT_ID = "stormwatch-spring-device";

    /** The device client's secret: Spring wants each registration's secret to be its own. */
    public static final String DEVICE_CLIENT_SECRET = "spring-device-test-secret";

    public static final String DEVICE_SCOPE = "profile";

    /** An API scope of the device client, for an OAuth 2.0-only device sign-in (no openid: DV9). */
    public static final String API_SCOPE = "message.read";

    public static final String USER = "ada";
    public static final String PASSWORD = "ada-test-password";

    private final ConfigurableApplicationContext context;
    private final RequestRecord record;

    private SpringAuthorizationServer(ConfigurableApplicationContext context, RequestRecord record) {
        this.context = context;
        this.record = record;
    }

    public static SpringAuthorizationServer start(Duration keepAlive) {
        return start(keepAlive, java.util.Optional.empty());
    }

    /**
     * SX1: as {@link #start(Duration)}, with {@code postLogoutRedirectUri} registered for RP-initiated logout; Spring
     * matches it exactly, port included.
     */
    static SpringAuthorizationServer start(Duration keepAlive, java.util.Optional<String> postLogoutRedirectUri) {
        // Spring Boot would otherwise configure Logback, which is not on the class path (slf4j-simple is).
        System.setProperty("org.springframework.boot.logging.LoggingSystem", "none");
        RequestRecord record = new RequestRecord();
        String client = "spring.security.oauth2.authorizationserver.client.stormwatch.";
        String device = "spring.security.oauth2.authorizationserver.client.stormwatch-device.";
        Map<String, Object> properties = Map.ofEntries(
                Map.entry("server.address", "127.0.0.1"),
                Map.entry("server.port", "0"),
                Map.entry("server.tomcat.keep-alive-timeout", keepAlive.toMillis() + "ms"),
                Map.entry("spring.main.banner-mode", "off"),
                Map.entry("spring.jmx.enabled", "false"),
                Map.entry(client + "registration.client-id", CLIENT_ID),
                Map.entry(client + "registration.client-secret", "{noop}" + CLIENT_SECRET),
                Map.entry(
                        client + "registration.client-authentication-methods",
                        "client_secret_basic,client_secret_post"),
                Map.entry(client + "registration.authorization-grant-types", "authorization_code,refresh_token"),
                Map.entry(client + "registration.redirect-uris", "http://127.0.0.1" + LoopbackReceiver.CALLBACK_PATH),
                Map.entry(client + "registration.scopes", "openid,profile"),
                Map.entry(client + "require-authorization-consent", "false"),
                Map.entry(client + "require-proof-key", "true"),
                Map.entry(device + "registration.client-id", DEVICE_CLIENT_ID),
                Map.entry(device + "registration.client-secret", "{noop}" + DEVICE_CLIENT_SECRET),
                Map.entry(
                        device + "registration.client-authentication-methods",
                        "client_secret_basic,client_secret_post"),
                Map.entry(
                        device + "registration.authorization-grant-types",
                        "urn:ietf:params:oauth:grant-type:device_code,refresh_token"),
                Map.entry(device + "registration.scopes", DEVICE_SCOPE + "," + API_SCOPE),
                Map.entry(device + "require-authorization-consent", "true"));
        if (postLogoutRedirectUri.isPresent()) {
            properties = new java.util.HashMap<>(properties);
            properties.put(client + "registration.post-logout-redirect-uris", postLogoutRedirectUri.get());
        }
        ConfigurableApplicationContext context = new SpringApplicationBuilder(Server.class)
                .web(WebApplicationType.SERVLET)
                .bannerMode(Banner.Mode.OFF)
                .properties(properties)
                .initializers(ctx -> ctx.getBeanFactory().registerSingleton("requestRecord", record))
                .run();
        return new SpringAuthorizationServer(context, record);
    }

    /**
     * TX1: Spring Authorization Server on a real TLS listener (Tomcat, {@code client-auth=want}) with the server
     * certificate of {@code serverPem}/{@code serverKeyPem}, trusting client certificates of {@code clientTrustPem},
     * and the clients of {@code clients} (registered in code: Spring Boot's properties have no field for a
     * certificate's subject or for certificate-bound tokens).
     */
    static SpringAuthorizationServer startMutualTls(
            java.nio.file.Path serverPem,
            java.nio.file.Path serverKeyPem,
            java.nio.file.Path clientTrustPem,
            org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository clients) {
        System.setProperty("org.springframework.boot.logging.LoggingSystem", "none");
        RequestRecord record = new RequestRecord();
        String bundle = "spring.ssl.bundle.pem.stormwatch.";
        Map<String, Object> properties = Map.ofEntries(
                Map.entry("server.address", "127.0.0.1"),
                Map.entry("server.port", "0"),
                Map.entry("server.ssl.bundle", "stormwatch"),
                Map.entry("server.ssl.client-auth", "want"),
                Map.entry(bundle + "keystore.certificate", serverPem.toUri().toString()),
                Map.entry(bundle + "keystore.private-key", serverKeyPem.toUri().toString()),
                Map.entry(
                        bundle + "truststore.certificate",
                        clientTrustPem.toUri().toString()),
                Map.entry("spring.main.banner-mode", "off"),
                Map.entry("spring.jmx.enabled", "false"));
        ConfigurableApplicationContext context = new SpringApplicationBuilder(Server.class)
                .web(WebApplicationType.SERVLET)
                .bannerMode(Banner.Mode.OFF)
                .properties(properties)
                .initializers(ctx -> {
                    ctx.getBeanFactory().registerSingleton("requestRecord", record);
                    ctx.getBeanFactory().registerSingleton("registeredClientRepository", clients);
                })
                .run();
        return new SpringAuthorizationServer(context, record);
    }

    /** The issuer: Spring Authorization Server names itself after the URL it is reached on. */
    public String issuer() {
        ServletWebServerApplicationContext web = (ServletWebServerApplicationContext) context;
        boolean tls = web.getEnvironment().containsProperty("server.ssl.bundle");
        return (tls ? "https" : "http") + "://127.0.0.1:" + web.getWebServer().getPort();
    }

    /** TX1: the subject of the client certificate each request with this method and path came with, or "-". */
    List<String> clientCertificates(String method, String path) {
        return record.certificates.stream()
                .filter(line -> line.startsWith(method + " " + path + " "))
                .map(line -> line.substring((method + " " + path + " ").length()))
                .toList();
    }

    /** How many requests with this method and path the server read. */
    public long requestsReceived(String method, String path) {
        return record.lines.stream()
                .filter(line -> line.equals(method + " " + path))
                .count();
    }

    /** Method and path of every request read, in order; the Authorization scheme where one came. */
    public List<String> record() {
        return List.copyOf(record.lines);
    }

    List<String> authorizationSchemes(String method, String path) {
        return record.schemes.stream()
                .filter(line -> line.startsWith(method + " " + path + " "))
                .map(line -> line.substring(line.lastIndexOf(' ') + 1))
                .toList();
    }

    /**
     * DV2: when each request with this method and path was answered, and with which status, in the order read.
     *
     * @param at     the server's wall clock when its answer was written
     * @param status the answer's status
     */
    public record Answered(java.time.Instant at, int status) {}

    public List<Answered> answered(String method, String path) {
        return record.answers.stream()
                .filter(answer -> answer.line().equals(method + " " + path))
                .map(answer -> new Answered(answer.at(), answer.status()))
                .toList();
    }

    /** The names of the query parameters of each request with this method and path, in order (SX7). */
    public List<String> queryParameterNames(String method, String path) {
        String line = method + " " + path + " ";
        return record.queryNames.stream()
                .filter(l -> l.startsWith(line))
                .map(l -> l.substring(line.length()))
                .toList();
    }

    @Override
    public void close() {
        context.close();
    }

    /** What the server read: method and path, and the Authorization header's scheme only (never its value). */
    static final class RequestRecord {
        final List<String> lines = new CopyOnWriteArrayList<>();
        final List<String> schemes = new CopyOnWriteArrayList<>();
        final List<String> certificates = new CopyOnWriteArrayList<>();
        final List<Answer> answers = new CopyOnWriteArrayList<>();
        /** Method, path and the names (never the values) of the query's parameters: "GET /x a,b". */
        final List<String> queryNames = new CopyOnWriteArrayList<>();

        record Answer(String line, java.time.Instant at, int status) {}
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Server {

        @Bean
        UserDetailsService users() {
            return new InMemoryUserDetailsManager(User.withUsername(USER)
                    .password("{noop}" + PASSWORD)
                    .roles("USER")
                    .build());
        }

        @Bean
        FilterRegistrationBean<OncePerRequestFilter> recordingFilter(RequestRecord record) {
            OncePerRequestFilter filter = new OncePerRequestFilter() {
                @Override
                protected void doFilterInternal(
                        HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                        throws ServletException, IOException {
                    String line = request.getMethod() + " " + request.getRequestURI();
                    record.lines.add(line);
                    String query = request.getQueryString();
                    record.queryNames.add(line + " "
                            + (query == null
                                    ? ""
                                    : java.util.Arrays.stream(query.split("&"))
                                            .map(pair -> pair.split("=", 2)[0])
                                            .collect(java.util.stream.Collectors.joining(","))));
                    String authorization = request.getHeader("Authorization");
                    String scheme = authorization == null ? "-" : authorization.split(" ", 2)[0];
                    record.schemes.add(line + " " + scheme);
                    Object presented = request.getAttribute("jakarta.servlet.request.X509Certificate");
                    record.certificates.add(line + " "
                            + (presented instanceof java.security.cert.X509Certificate[] c && c.length > 0
                                    ? c[0].getSubjectX500Principal().getName()
                                    : "-"));
                    chain.doFilter(request, response);
                    record.answers.add(new RequestRecord.Answer(line, java.time.Instant.now(), response.getStatus()));
                }
            };
            FilterRegistrationBean<OncePerRequestFilter> bean = new FilterRegistrationBean<>(filter);
            bean.setOrder(Ordered.HIGHEST_PRECEDENCE);
            return bean;
        }
    }
}
