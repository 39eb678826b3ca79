package dev.stormwatch.app.common;

import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.util.Duration;

/** The window's {@link Ticker}: a JavaFX timeline, so ticks arrive on the UI thread. */
public final class FxTicker implements Ticker {

    @Override
    public Runnable everySecond(Runnable tick) {
        Timeline timeline = new Timeline(new KeyFrame(Duration.seconds(1), e -> tick.run()));
        timeline.setCycleCount(Animation.INDEFINITE);
        timeline.play();
        return timeline::stop;
    }
}
