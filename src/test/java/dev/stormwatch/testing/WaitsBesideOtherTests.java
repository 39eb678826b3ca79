package dev.stormwatch.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A test class that spends its real time waiting (a person's pauses, connections left idle past a keep-alive, a load
 * run paced by a quota window) and little of it computing: it runs in a second lane beside the suite's other classes
 * instead of after them, so its seconds of waiting no longer add to the suite's time. The other classes keep running
 * one at a time, in the first lane (see {@code junit-platform.properties}: parallel execution on, two lanes, every
 * class in the same thread unless it carries this annotation).
 *
 * <p>Put it only on a class whose waits are long against its work and whose assertions are judged by records and
 * ratios, not by how fast the machine is; never on a JavaFX class (one toolkit per JVM), a class that changes system
 * properties or the default locale, or one that binds a fixed port. Its test methods may also run beside each other,
 * so each must start its own servers (per method, or once per class in a thread-safe way). A class whose methods share
 * one server and read its request counts also carries a {@code @ResourceLock} of its own name: its methods then run one
 * after another, the class still beside the others.
 */
@Documented
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.CONCURRENT)
public @interface WaitsBesideOtherTests {}
