package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.CallFailure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Saved profiles: names, checks, owner-only files, and shared JSON that never carries a secret (PF1–PF4). */
class ProfileStoreTest {

    @TempDir
    Path home;

    private ProfileStore store() {
        return new ProfileStore(home.resolve("stormwatch"));
    }

    private static Profile work() {
        return Profile.of("work", "https://login.example.com", "my-app")
                .withScope("openid profile offline_access")
                .withClientAuth(ClientAuthentication.Method.CLIENT_SECRET_BASIC)
                .withCaFile(Optional.of(Path.of("/etc/company-ca.pem")));
    }

    @Test
    @DisplayName("PF1: a profile name that could become a path, or starts with a dot, is refused in the name's words")
    void namesThatAreNotNamesAreRefused() {
        for (String bad : new String[] {"../evil", "a/b", ".hidden", "", "x".repeat(65), "sp ace"}) {
            assertThatThrownBy(() -> Profile.of(bad, "https://login.example.com", "my-app"))
                    .as(bad)
                    .isInstanceOf(CallFailure.Configuration.class)
                    .hasMessageContaining("profile name");
        }
        assertThat(Profile.of("x".repeat(64), "https://login.example.com", "my-app")
                        .name())
                .hasSize(64);
        assertThat(Profile.of("keycloak-local_2.dev", "https://login.example.com", "my-app")
                        .name())
                .isEqualTo("keycloak-local_2.dev");
    }

    @Test
    @DisplayName("PF1: an issuer, client id or scope the client would refuse is refused when the profile is made")
    void valuesAreCheckedWhenMade() {
        assertThatThrownBy(() -> Profile.of("p", "http://login.example.com", "my-app"))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("issuer");
        assertThatThrownBy(() -> Profile.of("p", "https://login.example.com", " "))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("client id");
        assertThatThrownBy(() ->
                        Profile.of("p", "https://login.example.com", "my-app").withScope(" "))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("scope is empty");
    }

    @Test
    @DisplayName("PF2: a saved profile is an owner-only file in an owner-only folder, and reads back equal")
    void savedOwnerOnlyAndReadBack() throws Exception {
        ProfileStore store = store();

        store.save(work());
        store.save(Profile.of("embedded-copy", "http://127.0.0.1:9000", "stormwatch-desktop"));

        Path file = home.resolve("stormwatch/profiles/work.json");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
                .isEqualTo("rwx------");
        assertThat(store.find("work")).contains(work());
        assertThat(store.list()).extracting(Profile::name).containsExactly("embedded-copy", "work");
        assertThat(store.find("other")).isEmpty();
        assertThatThrownBy(() -> store.require("other")).hasMessageContaining("embedded-copy, work");
    }

    @Test
    @DisplayName("PF2: an existing profiles folder that other users can write is refused, and nothing is saved")
    void aFolderOthersCanWriteIsRefused() throws Exception {
        Path folder = Files.createDirectories(home.resolve("stormwatch/profiles"));
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxrwxrwx"));

        assertThatThrownBy(() -> store().save(work()))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("can be written by other users");
        assertThat(folder.resolve("work.json")).doesNotExist();
    }

    @Test
    @DisplayName("PF3: the export holds every setting and no secret, and imports back to the same profile")
    void exportRoundTripsWithoutASecret() {
        String json = ProfileStore.export(work());

        assertThat(json)
                .contains("\"client_auth\" : \"client_secret_basic\"")
                .contains("company-ca.pem")
                .doesNotContainIgnoringCase("secret\" :")
                .doesNotContainIgnoringCase("password");
        assertThat(ProfileStore.parse(json, "work.json")).isEqualTo(work());
    }

    @Test
    @DisplayName("PF3: an import with a field that would carry a secret, or an unknown field, is refused naming it")
    void importsWithSecretsOrUnknownFieldsAreRefused() {
        String withSecret = "{\"name\":\"w\",\"issuer\":\"https://login.example.com\",\"client_id\":\"a\","
                + "\"client_secret\":\"s3cr3t\"}";
        String withUnknown =
                "{\"name\":\"w\",\"issuer\":\"https://login.example.com\",\"client_id\":\"a\"," + "\"colour\":\"red\"}";
        String withBadScope =
                "{\"name\":\"w\",\"issuer\":\"https://login.example.com\",\"client_id\":\"a\"," + "\"scope\":\"\"}";

        assertThatThrownBy(() -> ProfileStore.parse(withSecret, "shared.json"))
                .hasMessageContaining("'client_secret'")
                .hasMessageContaining("never hold secrets")
                .hasMessageNotContaining("s3cr3t");
        assertThatThrownBy(() -> ProfileStore.parse(withUnknown, "shared.json"))
                .hasMessageContaining("unknown field 'colour'");
        assertThatThrownBy(() -> ProfileStore.parse(withBadScope, "shared.json"))
                .hasMessageContaining("shared.json")
                .hasMessageContaining("scope is empty");
        assertThatThrownBy(() -> ProfileStore.parse("not json", "shared.json"))
                .hasMessageContaining("shared.json is not JSON");
    }

    @Test
    @DisplayName("PF10: a profile keeps its retry policy and reads it back; C1's default is left out of the file, so"
            + " an older profile without one reads as the default")
    void aProfileKeepsItsRetryPolicy() {
        dev.stormwatch.retry.RetryPolicy custom = new dev.stormwatch.retry.RetryPolicy(
                2,
                3,
                java.time.Duration.ofMillis(750),
                1.5,
                java.time.Duration.ofSeconds(6),
                java.time.Duration.ofSeconds(45));
        Profile patient = work().withRetryPolicy(custom);

        String json = ProfileStore.export(patient);

        assertThat(json)
                .contains("\"retry_policy\"")
                .contains("\"initial_backoff_ms\" : 750")
                .contains("\"total_budget_ms\" : 45000");
        assertThat(ProfileStore.parse(json, "work.json").retryPolicy()).isEqualTo(custom);
        assertThat(ProfileStore.export(work())).doesNotContain("retry_policy");
        assertThat(ProfileStore.parse(ProfileStore.export(work()), "work.json").retryPolicy())
                .isEqualTo(dev.stormwatch.retry.RetryPolicy.DEFAULT);
    }

    @Test
    @DisplayName("PF10, C2: an imported retry policy the settings would refuse is refused naming retry_policy and"
            + " the value, never clamped; a missing or unknown policy field is named too")
    void anImportedRetryPolicyIsChecked() {
        String head = "{\"name\":\"w\",\"issuer\":\"https://login.example.com\",\"client_id\":\"a\",";
        String fields = "\"max_total_attempts\":4,\"initial_backoff_ms\":500,\"multiplier\":2.0,"
                + "\"max_backoff_ms\":10000,\"total_budget_ms\":20000";

        assertThatThrownBy(() -> ProfileStore.parse(
                        head + "\"retry_policy\":{\"max_attempts_per_origin\":0," + fields + "}}", "shared.json"))
                .hasMessageContaining("shared.json retry_policy")
                .hasMessageContaining("maxAttemptsPerOrigin must be at least 1, was 0")
                .hasMessageContaining("nothing was clamped");
        assertThatThrownBy(() -> ProfileStore.parse(head + "\"retry_policy\":{" + fields + "}}", "shared.json"))
                .hasMessageContaining("retry_policy.max_attempts_per_origin is missing");
        assertThatThrownBy(() -> ProfileStore.parse(
                        head + "\"retry_policy\":{\"max_attempts_per_origin\":3,\"jitter\":1," + fields + "}}",
                        "shared.json"))
                .hasMessageContaining("retry_policy has an unknown field 'jitter'");
    }

    @Test
    @DisplayName("PF11: a profile keeps its end-session method and reads it back; post, the default, is left out of"
            + " the file, so an older profile without one reads as post")
    void aProfileKeepsItsEndSessionMethod() {
        Profile byGet = work().withEndSessionMethod(EndSessionMethod.GET);

        String json = ProfileStore.export(byGet);

        assertThat(json).contains("\"end_session_method\" : \"get\"");
        assertThat(ProfileStore.parse(json, "work.json").endSessionMethod()).isEqualTo(EndSessionMethod.GET);
        assertThat(ProfileStore.parse(json, "work.json").withEndSessionMethod(EndSessionMethod.POST))
                .isEqualTo(work());
        assertThat(ProfileStore.export(work())).doesNotContain("end_session_method");
        assertThat(ProfileStore.parse(ProfileStore.export(work()), "work.json").endSessionMethod())
                .isEqualTo(EndSessionMethod.POST);
    }

    @Test
    @DisplayName("PF11, SX9: an imported end-session method other than post or get is refused naming"
            + " end_session_method and the value, and nothing is read")
    void anImportedEndSessionMethodIsChecked() {
        String head = "{\"name\":\"w\",\"issuer\":\"https://login.example.com\",\"client_id\":\"a\",";

        assertThatThrownBy(() -> ProfileStore.parse(head + "\"end_session_method\":\"put\"}", "shared.json"))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("shared.json end_session_method 'put' is not a method it takes")
                .hasMessageContaining("post")
                .hasMessageContaining("get");
        assertThatThrownBy(() -> ProfileStore.parse(head + "\"end_session_method\":1}", "shared.json"))
                .hasMessageContaining("end_session_method '1'");
        assertThat(ProfileStore.parse(head + "\"end_session_method\":\"GET\"}", "shared.json")
                        .endSessionMethod())
                .isEqualTo(EndSessionMethod.GET);
    }

    @Test
    @DisplayName("PF4: each profile has its own session file, and deleting a profile deletes its session")
    void sessionsArePerProfile() throws Exception {
        ProfileStore store = store();
        store.save(work());

        assertThat(store.sessionFile("work")).isNotEqualTo(store.sessionFile("home"));
        Files.createDirectories(store.sessionFile("work").getParent());
        Files.writeString(store.sessionFile("work"), "{}");
        assertThat(store.delete("work")).isTrue();
        assertThat(store.sessionFile("work")).doesNotExist();
        assertThat(store.find("work")).isEmpty();
        assertThatThrownBy(() -> store.sessionFile("../work")).isInstanceOf(CallFailure.Configuration.class);
    }
}
