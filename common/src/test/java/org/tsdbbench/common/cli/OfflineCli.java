package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.tsdbbench.common.contract.CliCapture;
import org.tsdbbench.common.db.Database;

/** A step of a stand-in module run offline, results in {@code tmp/results}, and the check that bad input is one line before any work. */
final class OfflineCli {

    private OfflineCli() {
    }

    static CliCapture.Result run(Path tmp, Database db, String step, String... args) {
        List<String> all = new ArrayList<>(List.of(step, "-results", tmp.resolve("results").toString(), "-port", "1"));
        all.addAll(List.of(args));
        return CliCapture.run(db, all);
    }

    static void assertUsage(Path tmp, String expected, CliCapture.Result r) {
        assertEquals(BenchCli.USAGE, r.exit(), r.output());
        assertEquals(List.of("error: " + expected), r.output().strip().lines().toList(), "one line");
        assertFalse(Files.exists(tmp.resolve("results")), "no work before the check: the results folder is not made");
    }
}
