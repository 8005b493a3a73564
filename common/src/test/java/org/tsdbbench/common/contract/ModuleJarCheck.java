package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.bench.MixedLoadBenchmark;
import org.tsdbbench.common.bench.QueryBenchmark;
import org.tsdbbench.common.bench.RangeQueryBenchmark;
import org.tsdbbench.common.bench.VolumeBenchmark;
import org.tsdbbench.common.bench.WriteBenchmark;
import org.tsdbbench.common.cli.BenchMain;
import org.tsdbbench.common.db.Database;

/**
 * A database module's runnable jar, once it is built (the parent pom runs this check in every
 * module that registers a database, after {@code package}; {@code tsbench.jar} names the jar): it
 * lists and runs common's benchmarks and the module's own (the two JMH benchmark lists merged by
 * the shade plugin), its one main is common's, and that main finds the module's database.
 */
class ModuleJarCheck {

    private static final List<String> COMMON_BENCHMARKS = List.of(WriteBenchmark.class.getName() + ".write",
            QueryBenchmark.class.getName() + ".query", QueryBenchmark.class.getName() + ".queriesPerSecond",
            RangeQueryBenchmark.class.getName() + ".queriesPerSecond",
            RangeQueryBenchmark.class.getName() + ".latency", VolumeBenchmark.class.getName() + ".block",
            MixedLoadBenchmark.class.getName() + ".mixed");

    private static Path jar() {
        String path = System.getProperty("tsbench.jar");
        // Outside a database module's build (common's own tests run with -Dtest=...) there is no jar to check.
        assumeTrue(path != null, "no module jar to check: the parent pom sets tsbench.jar in a database module's build");
        assertTrue(path != null && Files.isRegularFile(Path.of(path)), "no module jar at " + path + " (tsbench.jar)");
        return Path.of(path);
    }

    /** The module's database as its jar registers it (one line in its service file). */
    private static Database registered(Path jar) throws Exception {
        try (JarFile j = new JarFile(jar.toFile())) {
            var entry = j.getEntry("META-INF/services/" + Database.class.getName());
            assertTrue(entry != null, jar + " registers no database");
            List<String> lines = new String(j.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8).lines()
                    .map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
            assertEquals(1, lines.size(), "one database per module jar: " + lines);
            return (Database) Class.forName(lines.get(0)).getDeclaredConstructor().newInstance();
        }
    }

    private record Run(int exit, String output) {
    }

    private static Run java(String... args) throws IOException, InterruptedException {
        List<String> cmd = ChildJvm.command("-Xmx256m");
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "still running: " + cmd);
        return new Run(p.exitValue(), out);
    }

    @Test
    void theJarListsCommonsBenchmarksAndTheModulesOwn() throws Exception {
        Path jar = jar();
        Database db = registered(jar);
        // As JMH's own launcher: -l, and the jmh command with JMH's flags (-rf/-rff among them).
        Run list = java("-jar", jar.toString(), "-l");
        assertEquals(0, list.exit(), list.output());
        List<String> listed = list.output().lines().map(String::strip).toList();
        for (String b : COMMON_BENCHMARKS) assertTrue(listed.contains(b), b + " not listed by " + jar + ":\n" + list.output());
        String own = db.getClass().getPackageName() + ".";
        List<String> modules = listed.stream().filter(l -> l.startsWith(own)).toList();
        assertTrue(!modules.isEmpty(), "the module's own benchmarks (" + own + "*) not listed by " + jar + ":\n" + list.output());
        try (JarFile j = new JarFile(jar.toFile())) {
            assertTrue(j.getEntry("META-INF/CompilerHints") != null, "no JMH compiler hints in " + jar);
        }
        // The module's own benchmark (no server) runs from the jar, in a fork of its own.
        String name = modules.get(0);
        Path csv = Files.createTempFile("module-jar-check", ".csv");
        try {
            Run one = java("-jar", jar.toString(), "jmh", name.replace(".", "\\.") + "$", "-f", "1", "-wi", "0", "-i", "1", "-r", "200ms",
                    "-rf", "csv", "-rff", csv.toString());
            assertEquals(0, one.exit(), one.output());
            assertTrue(one.output().contains("Result \"" + name + "\""), one.output());
            assertTrue(Files.readString(csv).contains("\"" + name + "\""), "-rf csv -rff wrote no result of " + name + ": " + Files.readString(csv));
        } finally {
            Files.deleteIfExists(csv);
        }
        Run badProfiler = java("-jar", jar.toString(), "write", "-prof", "nosuch");
        assertEquals(2, badProfiler.exit(), badProfiler.output());
        assertTrue(badProfiler.output().strip().startsWith("error: -prof nosuch: not a profiler JMH can run here"), badProfiler.output());
    }

    @Test
    void theJarsMainIsCommonsAndFindsTheModulesDatabase() throws Exception {
        Path jar = jar();
        Database db = registered(jar);
        try (JarFile j = new JarFile(jar.toFile())) {
            assertEquals(BenchMain.class.getName(), j.getManifest().getMainAttributes().getValue("Main-Class"));
        }
        for (String step : List.of("write", "load", "query")) {
            Run help = java("-jar", jar.toString(), step, "--help");
            assertEquals(0, help.exit(), help.output());
            assertTrue(help.output().startsWith("Usage: " + db.name() + "-bench " + step), help.output());
            assertTrue(help.output().contains(db.displayName() + " module options (--option KEY=VALUE"), help.output());
        }
    }

    @Test
    void theJarsVersionIsTheBuildsFromItsManifest() throws Exception {
        Path jar = jar();
        Run version = java("-jar", jar.toString(), "--version");
        assertEquals(0, version.exit(), version.output());
        assertEquals("tsdb-bench " + System.getProperty("tsbench.version"), version.output().strip());
    }
}
