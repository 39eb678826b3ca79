package dev.stormwatch.limit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The limiter is a bottom layer: it knows neither the retry engine nor any client or UI above it. */
@AnalyzeClasses(packages = "dev.stormwatch.limit", importOptions = ImportOption.DoNotIncludeTests.class)
class LimitLayeringTest {

    @ArchTest
    static final ArchRule limiterDependsOnNoOtherStormwatchPackage = noClasses()
            .that()
            .resideInAPackage("dev.stormwatch.limit..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "dev.stormwatch.retry..",
                    "dev.stormwatch.http..",
                    "dev.stormwatch.oauth..",
                    "dev.stormwatch.load..",
                    "dev.stormwatch.app..",
                    "dev.stormwatch.cli..",
                    "javafx..",
                    "okhttp3..")
            .because("the limiter uses none of retry, http, oauth or the UI; the client builds on it");
}
