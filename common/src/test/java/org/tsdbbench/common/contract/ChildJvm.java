package org.tsdbbench.common.contract;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a JVM a test starts beside its own: the same {@code java}, and the same temporary
 * folder, so a JMH run in the child takes the lock of this module's test run ({@code jmh.lock} in
 * {@code java.io.tmpdir}, the module's {@code target/} under Maven) and modules' tests can run side by side.
 */
public final class ChildJvm {
    private ChildJvm() {
    }

    /** {@code java -Djava.io.tmpdir=<this JVM's> args...}, a list the caller may add to. */
    public static List<String> command(String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir")));
        cmd.addAll(List.of(args));
        return cmd;
    }
}
