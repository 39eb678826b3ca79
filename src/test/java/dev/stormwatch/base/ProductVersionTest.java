package dev.stormwatch.base;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ProductVersionTest {

    @Test
    void versionIsTheOneThePomDeclares() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher declared = Pattern.compile("<artifactId>stormwatch</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(pom);
        assertThat(declared.find()).isTrue();
        assertThat(ProductVersion.current()).isEqualTo(declared.group(1));
    }
}
