package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadReportHtmlTest {

    @TempDir
    Path dir;

    private static LoadReport storm() {
        return SampleReports.stormBesideProvider(
                "3 AM storm",
                "target embedded relay, 64 clients, jitter full",
                List.of(RunVerdict.PREFIX + "64 connections reset at t = 10 s.", "a note with <b>markup</b> & more"));
    }

    @Test
    @DisplayName("LB12: --report out.html writes one self-contained page: charts inline as PNG data, nothing fetched")
    void theHtmlReportIsOnePageThatFetchesNothing() throws Exception {
        Path html = dir.resolve("out.html");

        List<Path> written = ReportFiles.write(storm(), html);

        assertThat(written).containsExactly(html.toAbsolutePath());
        String page = Files.readString(html);
        assertThat(page)
                .contains("content=\"" + LoadReportHtml.CONTENT_SECURITY_POLICY + "\"")
                .contains("default-src 'none'");
        assertThat(page)
                .doesNotContain("<script")
                .doesNotContain("<link")
                .doesNotContain("src=\"http")
                .doesNotContain("url(");
        Matcher image = Pattern.compile("src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\"")
                .matcher(page);
        assertThat(image.find()).as("the chart, inline").isTrue();
        BufferedImage chart =
                ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(image.group(1))));
        assertThat(chart.getWidth()).isEqualTo(PngChartWriter.DEFAULT_WIDTH);
        assertThat(page).contains("<p id=\"verdict\" class=\"verdict\">64 connections reset at t = 10 s.</p>");
        assertThat(page)
                .contains("a note with &lt;b&gt;markup&lt;/b&gt; &amp; more")
                .doesNotContain("<b>markup");
        assertThat(page).contains("retry amplification (attempts per request)").contains("Attempts on the wire");
        assertThat(page).containsPattern("<th title=\"[^\"]+\">requests asked for</th><td>1000</td><td>-</td>");
        assertThat(page).contains("<th>clients, whole run</th><th>provider, whole run</th>");
        assertThat(page).contains("<code>target embedded relay, 64 clients, jitter full</code>");
    }

    @Test
    @DisplayName("LB12: a .json report still writes its CSV and PNG beside it, and no page")
    void aJsonReportKeepsItsThreeFiles() throws Exception {
        List<Path> written = ReportFiles.write(storm(), dir.resolve("out.json"));

        assertThat(written)
                .extracting(p -> p.getFileName().toString())
                .containsExactly("out.json", "out.csv", "out.png");
    }
}
