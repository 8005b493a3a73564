package org.tsdbbench.common.budget;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class's own time budget in seconds, in place of the default ({@code tsbench.testBudget},
 * 300 s); a contract's base class sets it for every class that extends it. 0 turns the budget off for
 * the class. {@code -Dtsbench.testBudget.<SimpleName>=N} overrides it for one run.
 * {@link TestBudgetExtension} holds the class to it.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface TestBudget {

    /** Wall seconds from the class's first callback to its last. */
    long seconds();
}
