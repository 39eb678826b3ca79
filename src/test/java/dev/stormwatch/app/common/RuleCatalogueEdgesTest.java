package dev.stormwatch.app.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class RuleCatalogueEdgesTest {

    private final RuleCatalogue catalogue = new RuleCatalogue(Map.of("RA3", "Wait as told.", "P1", "Pause."));

    @Test
    void aKnownRuleIsExplainedAndAnUnknownOneIsNot() {
        assertThat(catalogue.explain("RA3")).contains("Wait as told.");
        assertThat(catalogue.explain("RA4")).isEmpty();
        assertThat(RuleCatalogue.spec().explain("P9")).isPresent();
    }

    @Test
    void idsAreListedOnceInOrderOfFirstMentionAndOnlyWhenKnown() {
        assertThat(catalogue.idsIn("P1 then RA3, then P1 again and RA4")).containsExactly("P1", "RA3");
        assertThat(catalogue.idsIn(null)).isEmpty();
        assertThat(catalogue.idsIn("nothing here")).isEmpty();
    }

    @Test
    void theLegendHasOneLinePerRuleNamed() {
        assertThat(catalogue.legendFor("RA3 and P1")).isEqualTo("RA3: Wait as told.\nP1: Pause.");
    }
}
