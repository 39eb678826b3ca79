package dev.stormwatch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.stormwatch.http.AttemptStart;
import dev.stormwatch.http.AttemptTransport;

/** Keeps the layers of docs/architecture.md: each layer knows only those below it, and only the UI knows JavaFX. */
@AnalyzeClasses(packages = "dev.stormwatch", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String APP = "dev.stormwatch.app..";
    private static final String CLI = "dev.stormwatch.cli..";
    private static final String LOAD = "dev.stormwatch.load..";
    private static final String OAUTH = "dev.stormwatch.oauth..";
    private static final String HTTP = "dev.stormwatch.http..";
    /** The executors' own package, without the rooms below it. */
    private static final String EXECUTORS = "dev.stormwatch.http";

    private static final String EVENT_LOOP = "dev.stormwatch.http.eventloop..";
    private static final String RETRY = "dev.stormwatch.retry..";
    private static final String LIMIT = "dev.stormwatch.limit..";
    private static final String PROVIDER = "dev.stormwatch.provider..";
    private static final String RELAY = "dev.stormwatch.relay..";
    private static final String SERVER = "dev.stormwatch.server..";
    private static final String EMBEDDED = "dev.stormwatch.embedded..";
    private static final String DIAGNOSE = "dev.stormwatch.diagnose..";
    private static final String BASE = "dev.stormwatch.base..";
    private static final String SERVICES = "dev.stormwatch.services..";

    @ArchTest
    static final ArchRule applicationServicesKnowNoFrontEnd = noClasses()
            .that()
            .resideInAPackage(SERVICES)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(APP, CLI, "javafx..")
            .because("the app and the CLI both use the application services");

    @ArchTest
    static final ArchRule onlyTheFrontEndsUseApplicationServices = noClasses()
            .that()
            .resideOutsideOfPackages(APP, CLI, SERVICES)
            .should()
            .dependOnClassesThat()
            .resideInAPackage(SERVICES)
            .because("application services sit above every layer but the app and the CLI (ARCHITECTURE.md)");

    @ArchTest
    static final ArchRule baseDependsOnlyOnTheJdk = classes()
            .that()
            .resideInAPackage(BASE)
            .should()
            .onlyDependOnClassesThat()
            .resideInAnyPackage(BASE, "java..")
            .because("every layer may use dev.stormwatch.base, so it may use none of them, nor any library"
                    + " (style.md 13)");

    @ArchTest
    static final ArchRule onlyTheUiUsesJavaFx = noClasses()
            .that()
            .resideOutsideOfPackage(APP)
            .should()
            .dependOnClassesThat()
            .resideInAPackage("javafx..")
            .because("nothing below the UI imports javafx.* (docs/architecture.md, docs/style.md §7)");

    @ArchTest
    static final ArchRule retryEngineIsPure = noClasses()
            .that()
            .resideInAPackage(RETRY)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "okhttp3..",
                    "redis..",
                    "javafx..",
                    HTTP,
                    OAUTH,
                    LIMIT,
                    LOAD,
                    APP,
                    CLI,
                    PROVIDER,
                    RELAY,
                    SERVER,
                    EMBEDDED)
            .because("the retry engine is pure decisions: no transport, no Redis, no UI");

    @ArchTest
    static final ArchRule httpKnowsNoOAuthNorUi = noClasses()
            .that()
            .resideInAPackage(HTTP)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(OAUTH, LOAD, APP, CLI, PROVIDER, RELAY, SERVER, EMBEDDED);

    @ArchTest
    static final ArchRule theExecutorsKnowNoEventLoop = noClasses()
            .that()
            .resideInAPackage(EXECUTORS)
            .should()
            .dependOnClassesThat()
            .resideInAPackage(EVENT_LOOP)
            .because("the event loop is one transport behind AttemptTransport; the executors decide the same over any"
                    + " (docs/decisions/0033)");

    @ArchTest
    static final ArchRule theEventLoopReachesTheExecutorsOnlyThroughTheSeam = noClasses()
            .that()
            .resideInAPackage(EVENT_LOOP)
            .should()
            .dependOnClassesThat(JavaClass.Predicates.resideInAPackage(EXECUTORS)
                    .and(DescribedPredicate.not(
                            JavaClass.Predicates.belongToAnyOf(AttemptTransport.class, AttemptStart.class))))
            .because("the transport's room has one door: AttemptTransport, and AttemptStart for the deadline (RC5)"
                    + " and the start of sending (F1) that OkHttp's chain would see (docs/decisions/0033)");

    @ArchTest
    static final ArchRule onlyTheLoadEngineStartsTheEventLoop = noClasses()
            .that()
            .resideOutsideOfPackages(EVENT_LOOP, LOAD)
            .should()
            .dependOnClassesThat()
            .resideInAPackage(EVENT_LOOP)
            .because("the event loop is the transport of load runs (docs/decisions/0002)");

    @ArchTest
    static final ArchRule oauthKnowsNoLimiterNorUi = noClasses()
            .that()
            .resideInAPackage(OAUTH)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(LIMIT, LOAD, APP, CLI, PROVIDER, RELAY, SERVER, EMBEDDED)
            .because("the OAuth client contains no quota management (docs/architecture.md)");

    @ArchTest
    static final ArchRule limiterKnowsNoClientAbove = noClasses()
            .that()
            .resideInAPackage(LIMIT)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(OAUTH, HTTP, LOAD, APP, CLI, PROVIDER, RELAY, SERVER, EMBEDDED)
            .because("the limiter knows nothing of OAuth or of the clients that use it");

    @ArchTest
    static final ArchRule serversDependOnNoClient = noClasses()
            .that()
            .resideInAnyPackage(PROVIDER, RELAY, SERVER)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(RETRY, HTTP, OAUTH, LIMIT, LOAD, APP, CLI, EMBEDDED)
            .because("the embedded provider and relay are servers, not clients");

    @ArchTest
    static final ArchRule loadEngineKnowsNoUi = noClasses()
            .that()
            .resideInAPackage(LOAD)
            // The OAuth session reaches a load run only through the narrow SessionTokenSource port.
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(APP, CLI, OAUTH);

    @ArchTest
    static final ArchRule embeddedDefaultsKnowNoUi = noClasses()
            .that()
            .resideInAPackage(EMBEDDED)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(APP, CLI, OAUTH, HTTP, RETRY, LOAD)
            .because("the embedded defaults start servers; the app and the CLI both use them");

    @ArchTest
    static final ArchRule diagnosisKnowsNoUiNorOAuth = noClasses()
            .that()
            .resideInAPackage(DIAGNOSE)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx..", "okhttp3..", "redis..", APP, CLI, OAUTH, PROVIDER, SERVER, EMBEDDED, LIMIT)
            .because("the diagnosis reads evidence and judges it with the retry rules; the app and the CLI call it"
                    + "");

    @ArchTest
    static final ArchRule onlyTheUiAndCliCallTheDiagnosis = noClasses()
            .that()
            .resideInAnyPackage(RETRY, HTTP, OAUTH, LIMIT, LOAD, PROVIDER, RELAY, SERVER, EMBEDDED)
            .should()
            .dependOnClassesThat()
            .resideInAPackage(DIAGNOSE)
            .because("the diagnosis is at the top, beside the load engine: only the app and the CLI use it");

    @ArchTest
    static final ArchRule cliKnowsNoUi = noClasses()
            .that()
            .resideInAPackage(CLI)
            .should()
            .dependOnClassesThat()
            .resideInAPackage(APP);

    /**
     * A call of the method named {@code name} that someone wrote: not one from the bridge method javac adds to a
     * public builder for a setter it inherits from a package-private one ({@code http.CollaboratorsBuilder}), which
     * only passes the caller's own call on.
     */
    private static DescribedPredicate<JavaCall<?>> writtenCallTo(String name) {
        return JavaCall.Predicates.target(HasName.Predicates.name(name))
                .and(DescribedPredicate.describe(
                        "from written code",
                        call -> !call.getOrigin().getModifiers().contains(JavaModifier.BRIDGE)
                                && !call.getOrigin().getModifiers().contains(JavaModifier.SYNTHETIC)));
    }

    /** The one method through which a client's backoff may differ from full jitter. */
    static final String COMPARISON_SWITCH = "backoffForComparison";
    /** It passes the load engine's choice on to its two executors. */
    private static final String PASSES_IT_ON = "dev.stormwatch.http.ResilientClient";

    // B4
    @ArchTest
    static final ArchRule onlyTheLoadEngineSwitchesJitterOff = noClasses()
            .that()
            .resideOutsideOfPackage(LOAD)
            .and()
            .doNotHaveFullyQualifiedName(PASSES_IT_ON)
            .should()
            .callMethodWhere(writtenCallTo(COMPARISON_SWITCH))
            .because("B4: jitter cannot be switched off; other strategies exist only for load runs that compare"
                    + " them, never for the app, the CLI or the OAuth client");

    // B4
    @ArchTest
    static final ArchRule comparisonStrategiesStayInTheLoadPath = noClasses()
            .that()
            .resideOutsideOfPackages(RETRY, HTTP, LOAD)
            .should()
            .dependOnClassesThat()
            .haveFullyQualifiedName("dev.stormwatch.retry.ComparisonBackoff")
            .because("B4: no path but the load engine's may even name a backoff other than full jitter");

    /** The one method through which a client may wait less than a Retry-After said (RA8, the article's cap). */
    static final String RETRY_AFTER_SWITCH = "retryAfterForComparison";

    // LB15
    @ArchTest
    static final ArchRule onlyTheLoadEngineCapsRetryAfter = noClasses()
            .that()
            .resideOutsideOfPackage(LOAD)
            .and()
            .doNotHaveFullyQualifiedName(PASSES_IT_ON)
            .should()
            .callMethodWhere(writtenCallTo(RETRY_AFTER_SWITCH))
            .because("LB15: every real call honours Retry-After in full (RA3-RA4); the article's 8 s cap (RA8) exists"
                    + " only for load runs that compare with it");

    // LB15
    @ArchTest
    static final ArchRule theRetryAfterCapStaysInTheLoadPath = noClasses()
            .that()
            .resideOutsideOfPackages(RETRY, HTTP, LOAD)
            .should()
            .dependOnClassesThat()
            .haveFullyQualifiedName("dev.stormwatch.retry.ComparisonRetryAfter")
            .because("LB15: no path but the load engine's may even name a Retry-After wait other than in full");

    // LB15
    @ArchTest
    static final ArchRule theBlockingExecutorCannotCapRetryAfter = noClasses()
            .that()
            .haveFullyQualifiedName("dev.stormwatch.http.RetryingExecutor")
            .should()
            .dependOnClassesThat()
            .haveFullyQualifiedName("dev.stormwatch.retry.ComparisonRetryAfter")
            .because("LB15: the OAuth client's and the CLI's executor has no switch for the article's cap at all");
}
