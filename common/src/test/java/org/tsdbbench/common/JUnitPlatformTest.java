package org.tsdbbench.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestEngine;

/**
 * The property tests' engine, jqwik 1.x, is built for JUnit Platform 1.x (jqwik 1.9.3 for 1.13.1):
 * the test class path must hold that platform, and the Jupiter of the same release (5.13.1 with
 * Platform 1.13.1), not JUnit 6's.
 */
class JUnitPlatformTest {

    @Test
    void theTestClassPathHoldsThePlatformJqwikIsBuiltFor() {
        String platform = TestEngine.class.getPackage().getImplementationVersion();
        String jupiter = Test.class.getPackage().getImplementationVersion();
        assertTrue(platform.startsWith("1."), "JUnit Platform " + platform + ": jqwik 1.x is built for Platform 1.x");
        assertEquals("5" + platform.substring(1), jupiter, "JUnit Jupiter " + jupiter + " is not of Platform " + platform + "'s release");
    }
}
