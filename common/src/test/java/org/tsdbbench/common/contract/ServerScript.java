package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * One of the project's server scripts, scripts/servers/&lt;name&gt;.sh, found from the working
 * folder (a module's) upwards and run as a user would, for the tests that stop, start or kill
 * real servers.
 */
final class ServerScript {

    /** What a run of the script printed (stdout and stderr together) and its exit code. */
    record Result(int exit, String output) {
    }

    private ServerScript() {
    }

    /**
     * Runs the script with the action and returns what it said; its output also goes into the
     * failure message when it fails or hangs (surefire keeps a forked JVM's inherited stdout out
     * of the console, and a start that fails on a CI machine only is found by what it said).
     */
    static String run(String name, String action) throws Exception {
        Result r = call(name, action);
        System.out.print(r.output());
        if (r.exit() != 0) {
            fail("scripts/servers/" + name + ".sh " + action + (r.exit() < 0 ? " did not end in 300 s" : " failed (exit " + r.exit() + ")")
                    + ":\n" + r.output());
        }
        return r.output();
    }

    /** The script's file, found from the working folder upwards. */
    static Path path(String name) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("scripts/servers/" + name + ".sh"))) dir = dir.getParent();
        if (dir == null) fail("scripts/servers/" + name + ".sh not found above " + Path.of("").toAbsolutePath());
        return dir.resolve("scripts/servers/" + name + ".sh");
    }

    /** Runs the script with the action; exit -1 when it did not end within 300 s (it is then killed). */
    static Result call(String name, String action) throws Exception {
        Path script = path(name);
        // To a file, not a pipe: a server the script starts in the background inherits its output.
        Path log = Files.createTempFile(name + "-" + action, ".log");
        try {
            Process p = new ProcessBuilder("bash", script.toString(), action)
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean ended = p.waitFor(300, TimeUnit.SECONDS);
            if (!ended) p.destroyForcibly();
            return new Result(ended ? p.exitValue() : -1, Files.readString(log));
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
