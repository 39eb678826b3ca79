package dev.stormwatch.oauth;

import dev.stormwatch.base.Sleeper;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** A fake provider, a following browser, a fake clock and a sleeper that only moves it: no real waiting. */
abstract class OAuthClientFixture {

    static final Instant START = Instant.parse("2026-01-01T10:00:00Z");

    final FakeClock clock = new FakeClock(START);
    final List<Duration> sleeps = new CopyOnWriteArrayList<>();
    final Sleeper sleeper = duration -> {
        sleeps.add(duration);
        clock.advance(duration);
    };
    final List<AttemptEvent> events = new CopyOnWriteArrayList<>();
    final List<SessionState> states = new CopyOnWriteArrayList<>();
    final FollowingBrowser browser = new FollowingBrowser();
    final InMemorySessionStore store = new InMemorySessionStore();
    FakeProvider provider;

    @BeforeEach
    void startProvider() throws Exception {
        provider = new FakeProvider(clock);
    }

    @AfterEach
    void stopProvider() throws Exception {
        provider.close();
    }

    OAuthConfig config() {
        return OAuthConfig.of(provider.issuer, "app").withLoopbackTimeout(Duration.ofSeconds(10));
    }

    OAuthClient client() {
        return client(config());
    }

    OAuthClient client(OAuthConfig config) {
        return client(
                config,
                new OkHttpClient.Builder().readTimeout(Duration.ofSeconds(5)).build());
    }

    OAuthClient client(OAuthConfig config, OkHttpClient http) {
        OAuthClient client = OAuthClient.builder(config)
                .httpClient(http)
                .clock(clock)
                .sleeper(sleeper)
                .jitter(() -> 0.0)
                .secureRandom(PkceTest.seeded(42))
                .browser(browser)
                .sessionStore(store)
                .build();
        client.addAttemptListener(events::add);
        client.addStateListener(states::add);
        return client;
    }

    long eventsFor(String step) {
        return events.stream().filter(e -> e.step().equals(step)).count();
    }
}
