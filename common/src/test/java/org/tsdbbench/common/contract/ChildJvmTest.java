package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ChildJvmTest {
    /** The child's temporary folder is the test's: a JMH run in it locks this module's jmh.lock, not another's. */
    @Test
    void aChildJvmTakesTheTestsTemporaryFolder() throws Exception {
        Process p = new ProcessBuilder(ChildJvm.command("-XshowSettings:properties", "-version"))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("java.io.tmpdir = " + System.getProperty("java.io.tmpdir") + "\n"), out);
    }
}
