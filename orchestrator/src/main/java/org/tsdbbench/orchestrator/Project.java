package org.tsdbbench.orchestrator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The checkout the orchestrator runs in: where the module jars, the generator and report jars,
 * the server scripts and the servers' state folders are. Found from the working folder upwards
 * (the scripts run it from the project root).
 */
record Project(Path root, Path stateRoot) {

    /** The project around {@code from}: the first folder upwards holding scripts/servers/ and a pom.xml. */
    static Project find(Path from) throws UsageException {
        for (Path dir = from.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("scripts/servers")) && Files.isRegularFile(dir.resolve("pom.xml"))) {
                String state = System.getenv("TSBENCH_STATE");
                return new Project(dir, state == null || state.isBlank() ? dir.resolve(".servers") : Path.of(state));
            }
        }
        throw new UsageException("not inside the tsdb-bench project (no scripts/servers/ and pom.xml above " + from.toAbsolutePath() + ")");
    }

    Path serverScript(String name) {
        return root.resolve("scripts/servers/" + name + ".sh");
    }

    Path generatorJar() {
        return root.resolve("generator/target/generator.jar");
    }

    Path reportJar() {
        return root.resolve("report/target/report.jar");
    }

    /**
     * The runnable jar of every database module of this checkout ({@code <name>-bench/target/<name>-bench.jar},
     * by folder name); a module that is not built is an error naming it.
     */
    List<Path> moduleJars() throws IOException, UsageException {
        List<Path> jars = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path dir : dirs.filter(d -> d.getFileName().toString().endsWith("-bench") && Files.isRegularFile(d.resolve("pom.xml")))
                    .sorted().toList()) {
                Path jar = dir.resolve("target").resolve(dir.getFileName() + ".jar");
                if (!Files.isRegularFile(jar)) throw new UsageException(root.relativize(jar) + " is not built: run mvn package first");
                jars.add(jar);
            }
        }
        return jars;
    }
}
