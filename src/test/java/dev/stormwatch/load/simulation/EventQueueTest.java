package dev.stormwatch.load.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class EventQueueTest {

    @Test
    @DisplayName("DG14: events come in order of time, and those of one instant in the order they were scheduled")
    void eventsComeInOrderOfTimeThenOfScheduling() {
        EventQueue<String> queue = new EventQueue<>();
        queue.schedule(20, "b");
        queue.schedule(10, "a");
        queue.schedule(20, "c");
        queue.schedule(10, "a2");
        List<String> taken = new ArrayList<>();
        List<Long> at = new ArrayList<>();
        assertThat(queue.peekTime()).isEqualTo(10);
        while (!queue.isEmpty()) {
            taken.add(queue.next());
            at.add(queue.now());
        }
        assertThat(taken).containsExactly("a", "a2", "b", "c");
        assertThat(at).containsExactly(10L, 10L, 20L, 20L);
    }

    @Test
    @DisplayName("DG14: nothing is scheduled before the current time; the current instant itself is allowed")
    void nothingHappensInThePast() {
        EventQueue<String> queue = new EventQueue<>();
        queue.schedule(5, "first");
        queue.next();
        queue.schedule(5, "same instant");
        assertThatThrownBy(() -> queue.schedule(4, "past"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("before the current time 5");
        assertThat(queue.next()).isEqualTo("same instant");
    }
}
