package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report of the HAR a real Chromium recorded, with credentials added to every entry the way an unsanitised
 * DevTools export carries them, read back with a real HTML parser (jsoup).
 */
class DiagnosisHtmlTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BEARER = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLW9mLWFsaWNl";
    private static final String COOKIE = "sid=cookie-value-that-must-not-leak";
    private static final String API_KEY = "sk-live-api-key-that-must-not-leak";
    private static final String SET_COOKIE = "sid=set-cookie-value-that-must-not-leak; Path=/";
    /** Already in the recorded URLs, on purpose. */
    private static final String URL_TOKEN = "not-a-real-token";

    @TempDir
    Path dir;

    /** The Chromium HAR with Authorization, Cookie and X-Api-Key on every request and Set-Cookie on every answer. */
    private Path harWithSecrets() throws Exception {
        Path recorded = Path.of(
                getClass().getResource("/diagnose/har/chromium-storm.har").toURI());
        JsonNode har = JSON.readTree(recorded.toFile());
        for (JsonNode entry : har.path("log").path("entries")) {
            ArrayNode request = (ArrayNode) entry.path("request").path("headers");
            request.add(header("Authorization", "Bearer " + BEARER));
            request.add(header("Cookie", COOKIE));
            request.add(header("X-Api-Key", API_KEY));
            ((ArrayNode) entry.path("response").path("headers")).add(header("Set-Cookie", SET_COOKIE));
        }
        Path out = dir.resolve("alice.har");
        JSON.writeValue(out.toFile(), har);
        return out;
    }

    private static ObjectNode header(String name, String value) {
        return JSON.createObjectNode().put("name", name).put("value", value);
    }

    private static Diagnosis diagnose(Path har, String clientKey) throws Exception {
        return new DiagnoseService()
                .diagnose(
                        new DiagnoseRequest(
                                List.of(har), InputFormat.AUTO, null, null, clientKey, DiagnosisOptions.DEFAULTS),
                        p -> {},
                        () -> false);
    }

    private static Document parseStrictly(String html) {
        Parser parser = Parser.htmlParser().setTrackErrors(50);
        Document doc = Jsoup.parse(html, "", parser);
        assertThat(parser.getErrors()).as("HTML parse errors").isEmpty();
        return doc;
    }

    @Test
    @DisplayName("DG13: the report parses as HTML without errors and holds the evidence, the verdict, every finding"
            + " with its rule ID, the clients and the what-if figures")
    void theReportHoldsTheDiagnosis() throws Exception {
        Diagnosis d = diagnose(harWithSecrets(), "X-Client-Id");
        assertThat(d.findings()).extracting(Diagnosis.Finding::rule).contains("DG3");

        Document doc = parseStrictly(DiagnosisHtml.write(d));

        assertThat(doc.title()).isEqualTo("Stormwatch diagnosis");
        assertThat(doc.getElementById("verdict").text()).isEqualTo(d.verdict());
        assertThat(doc.getElementById("evidence").text()).contains("alice.har", "har");
        List<Element> items = doc.select("#findings li");
        assertThat(items).hasSize(d.findings().size());
        for (int i = 0; i < items.size(); i++) {
            Diagnosis.Finding f = d.findings().get(i);
            assertThat(items.get(i).attr("data-rule")).isEqualTo(f.rule());
            assertThat(items.get(i).text()).startsWith(f.rule()).endsWith(f.text());
        }
        assertThat(doc.select("#clients tr")).hasSize(d.clients().size() + 1);
        assertThat(doc.select("#clients td:eq(0)").eachText())
                .containsExactlyElementsOf(d.clients().stream()
                        .map(Diagnosis.ClientDiagnosis::client)
                        .toList());
        assertThat(doc.getElementById("what-if").text())
                .contains("DG7", StormAnalysis.count(Math.round(d.throttling().wouldReject())));
        int drawn = doc.select("#arrivals g[data-series=requests] rect").size();
        long nonEmpty = d.arrivals().requests().stream().filter(v -> v > 0).count();
        assertThat(drawn).isEqualTo((int) nonEmpty).isPositive();
    }

    @Test
    @DisplayName("DG14: the report draws the what-if beside the real arrivals, on the same buckets, with its figures")
    void theReportDrawsTheWhatIfBesideTheRealArrivals() throws Exception {
        Diagnosis d = diagnose(harWithSecrets(), "X-Client-Id");
        Diagnosis.WhatIf w = d.whatIf();
        assertThat(w.ran()).isTrue();

        Document doc = parseStrictly(DiagnosisHtml.write(d));

        Element real = doc.getElementById("arrivals");
        Element whatIf = doc.getElementById("what-if-arrivals");
        assertThat(whatIf).isNotNull();
        assertThat(real.parent().parent())
                .as("side by side, in one row")
                .isSameAs(whatIf.parent().parent());
        assertThat(real.attr("width")).isEqualTo(whatIf.attr("width"));
        long nonEmpty = w.arrivals().stream().filter(v -> v > 0).count();
        assertThat(whatIf.select("g[data-series=requests] rect")).hasSize((int) nonEmpty);
        assertThat(doc.getElementById("what-if").text())
                .contains(
                        "DG14",
                        StormAnalysis.count(w.requests()) + " instead of " + StormAnalysis.count(d.requests()),
                        "DG15");
    }

    @Test
    @DisplayName("DG13: nothing in the report fetches anything: no script, link, src, outside href, url() or"
            + " @import, and a Content-Security-Policy of default-src 'none'")
    void theReportIsSelfContained() throws Exception {
        String html = DiagnosisHtml.write(diagnose(harWithSecrets(), "X-Client-Id"));
        Document doc = parseStrictly(html);

        assertThat(doc.select("script, link, iframe, img, object, embed, audio, video, source, base"))
                .isEmpty();
        assertThat(doc.select("[src]")).isEmpty();
        for (Element link : doc.select("[href]")) {
            assertThat(link.attr("href")).startsWith("#");
        }
        assertThat(doc.select("style").html()).doesNotContain("url(", "@import");
        assertThat(doc.select("[style]").eachAttr("style")).noneMatch(s -> s.contains("url("));
        assertThat(doc.select("meta[http-equiv=Content-Security-Policy]").attr("content"))
                .startsWith("default-src 'none'");
    }

    @Test
    @DisplayName("DG13 DG11: credentials in the HAR (Authorization, Cookie, Set-Cookie, API key, token in the URL)"
            + " never reach the report, not even as the client key")
    void secretsInTheHarNeverReachTheReport() throws Exception {
        Path har = harWithSecrets();
        for (String clientKey : new String[] {"X-Client-Id", "Authorization", "X-Api-Key", null}) {
            Diagnosis d = diagnose(har, clientKey);
            assertThat(d.requests()).isPositive();
            String html = DiagnosisHtml.write(d);
            assertThat(html)
                    .as("client key %s", clientKey)
                    .doesNotContain(
                            BEARER,
                            "eyJhbGciOiJSUzI1NiJ9",
                            "cookie-value-that-must-not-leak",
                            "api-key-that-must-not-leak",
                            "set-cookie-value-that-must-not-leak",
                            URL_TOKEN);
            parseStrictly(html);
        }
        assertThat(DiagnosisHtml.write(diagnose(har, "Authorization"))).contains("key:");
    }

    @Test
    @DisplayName("DG13: evidence text that looks like markup is escaped, never interpreted")
    void markupInTheEvidenceIsEscaped() throws Exception {
        Path log = dir.resolve("odd.jsonl");
        java.nio.file.Files.writeString(
                log,
                "{\"t\":1764583200.0,\"s\":429,\"u\":\"/a\",\"c\":\"<script>x</script>\"}\n"
                        + "not json <img src=x onerror=alert(1)>\n");
        Diagnosis d = new DiagnoseService()
                .diagnose(
                        new DiagnoseRequest(
                                List.of(log),
                                InputFormat.JSONL,
                                null,
                                "time=t,status=s,uri=u,client=c",
                                null,
                                DiagnosisOptions.DEFAULTS),
                        p -> {},
                        () -> false);

        Document doc = parseStrictly(DiagnosisHtml.write(d));

        assertThat(doc.select("script, img")).isEmpty();
        assertThat(doc.getElementById("clients").text()).contains("<script>x</script>");
        assertThat(doc.getElementById("unparsed").text()).contains("<img src=x");
    }
}
