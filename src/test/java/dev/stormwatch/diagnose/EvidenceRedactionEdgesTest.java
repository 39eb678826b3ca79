package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class EvidenceRedactionEdgesTest {

    @Test
    @DisplayName("DG11: a target that is only a query still has its secret values replaced")
    void aBareQueryIsRedacted() {
        assertThat(EvidenceRedaction.target("?code=s3cr3t&page=2"))
                .doesNotContain("s3cr3t")
                .contains("page=2");
    }
}
