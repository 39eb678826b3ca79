package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The one-time end-session page on a real loopback receiver, over real sockets (SX8). */
class EndSessionPageTest {

    private static final String TOKEN = "eyJ.header-part.signature-part";
    private static final String PATH = LoopbackReceiver.END_SESSION_PAGE_PREFIX + "unguessable-part";
    private static final URI PROVIDER = URI.create("https://login.example.test:8443/connect/logout");

    private LoopbackReceiver receiver;
    private URI loggedOut;

    @BeforeEach
    void open() {
        receiver =
                LoopbackReceiver.open(Secret.of("bye-state"), RedirectChoice.DEFAULT, LoopbackReceiver.LOGGED_OUT_PATH);
        loggedOut = URI.create("http://127.0.0.1:" + receiver.port() + LoopbackReceiver.LOGGED_OUT_PATH);
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("id_token_hint", TOKEN);
        fields.put("client_id", "a\"client<&>");
        fields.put("post_logout_redirect_uri", loggedOut.toString());
        fields.put("state", "bye-state");
        receiver.serveOnce(PATH, new EndSessionPage(PROVIDER, fields, loggedOut).toHttpResponse());
    }

    @AfterEach
    void close() {
        receiver.close();
    }

    @Test
    @DisplayName("SX8: the page is served once, with the form posting to the provider; a second fetch gets 404 and no"
            + " token")
    void thePageIsServedOnceThen404() {
        String first = get(PATH, "127.0.0.1:" + receiver.port());
        String second = get(PATH, "127.0.0.1:" + receiver.port());

        assertThat(first).startsWith("HTTP/1.1 200");
        assertThat(first)
                .contains("<form id=\"end-session\" method=\"post\" action=\"" + PROVIDER + "\">")
                .contains("name=\"id_token_hint\" value=\"" + TOKEN + "\"")
                .contains("name=\"client_id\" value=\"a&quot;client&lt;&amp;&gt;\"")
                .contains("Cache-Control: no-store");
        assertThat(second).startsWith("HTTP/1.1 404").doesNotContain(TOKEN);
        assertThat(receiver.isClosed())
                .as("the receiver still waits for /logged-out")
                .isFalse();
    }

    @Test
    @DisplayName("SX8: the CSP lets exactly the page's one script run and lets forms go only to the provider's origin"
            + " and the loopback /logged-out")
    void theContentSecurityPolicyAllowsExactlyThatScriptAndThoseTwoTargets() throws Exception {
        String page = get(PATH, "127.0.0.1:" + receiver.port());

        Matcher script =
                Pattern.compile("<script>(.*?)</script>", Pattern.DOTALL).matcher(page);
        assertThat(script.find()).isTrue();
        assertThat(script.find()).as("one script only").isFalse();
        script.reset().find();
        String hash = Base64.getEncoder()
                .encodeToString(MessageDigest.getInstance("SHA-256")
                        .digest(script.group(1).getBytes(StandardCharsets.UTF_8)));
        String csp = header(page, "Content-Security-Policy");
        assertThat(csp)
                .contains("default-src 'none'")
                .contains("script-src 'sha256-" + hash + "';")
                .contains("form-action https://login.example.test:8443 " + loggedOut + ";")
                .doesNotContain("unsafe-eval")
                .doesNotContain("script-src 'unsafe-inline'");
    }

    @Test
    @DisplayName("SX8: a fetch addressed to another host name (DNS rebinding) gets no page and does not spend it")
    void aForeignHostGetsNothingAndLeavesThePage() {
        String foreign = get(PATH, "attacker.example:" + receiver.port());
        String browser = get(PATH, "127.0.0.1:" + receiver.port());

        assertThat(foreign).startsWith("HTTP/1.1 400").doesNotContain(TOKEN);
        assertThat(browser).startsWith("HTTP/1.1 200").contains(TOKEN);
    }

    @Test
    @DisplayName("SX8: for a post-logout URI on [::1], which CSP cannot name, form-action allows 'self': the page's"
            + " own loopback origin")
    void anIpv6PostLogoutUriIsSelf() {
        URI v6 = URI.create("http://[::1]:4711/logged-out");
        EndSessionPage page = new EndSessionPage(PROVIDER, Map.of("state", "s"), v6);

        assertThat(page.contentSecurityPolicy()).contains("form-action https://login.example.test:8443 'self';");
    }

    private static String header(String response, String name) {
        for (String line : response.split("\r\n")) {
            if (line.isEmpty()) {
                break;
            }
            if (line.regionMatches(true, 0, name + ":", 0, name.length() + 1)) {
                return line.substring(name.length() + 1).trim();
            }
        }
        throw new AssertionError("no " + name + " header");
    }

    private String get(String target, String host) {
        try (Socket socket = new Socket("127.0.0.1", receiver.port())) {
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "failed: " + e;
        }
    }
}
