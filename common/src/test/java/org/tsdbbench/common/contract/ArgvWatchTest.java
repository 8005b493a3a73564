package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The argv check of SecretsContract can fail: a child process with the secret on its command line is caught, its secret masked. */
class ArgvWatchTest {

    @Test
    void aChildWithTheSecretInItsArgvIsALeakAndOneWithoutIsNot() throws Exception {
        String secret = "argv-secret-" + Long.toHexString(System.nanoTime());
        try (ArgvWatch watch = new ArgvWatch(secret)) {
            // Both live until the watch has seen them (a busy machine may take a while to schedule it);
            // bash waits in its builtin read, so it has no child of its own to leave behind.
            Process leaking = new ProcessBuilder("bash", "-c", "read -t 60 || true", "prog", "--password=" + secret).start();
            Process clean = new ProcessBuilder("sleep", "60").start();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while ((watch.leaks().isEmpty() || !watch.seen().contains(clean.pid())) && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
            } finally {
                leaking.destroyForcibly();
                clean.destroyForcibly();
            }
            watch.close();
            assertTrue(watch.seen().contains(leaking.pid()) && watch.seen().contains(clean.pid()), watch.seen().toString());
            assertEquals(1, watch.leaks().size(), watch.leaks().toString());
            String leak = watch.leaks().iterator().next();
            assertTrue(leak.startsWith("pid " + leaking.pid() + ": ") && leak.contains("--password=****"), leak);
            assertFalse(leak.contains(secret), leak);
        }
    }
}
