package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.cli.BenchMain;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.results.StepFlags;

/**
 * The server's password against the module's real server, which runs with authentication on
 * (scripts/servers/README.md, "Secrets"): the load, query and write steps, each in its own JVM as
 * the comparison runs them and the query and write steps with a JMH fork, never show the password
 * in what they print, in the results folder (manifests, JMH JSON, logs) or in the command line of
 * any of their processes; a wrong password is one error line naming user@host:port and the
 * server's refusal, showing neither password. One subclass per module ({@code <Db>SecretsTest}).
 */
public abstract class SecretsContract {

    @TempDir
    protected Path tmp;

    protected abstract Database db();

    /** What the server says when it refuses a password (part of the error line), e.g. "Access denied". */
    protected abstract String refusal();

    /** Why the server cannot be had here (the skip message), or null: by default the {@code <DB>_TESTS=skip: ...} that scripts/test.sh sets. */
    protected String unavailableBecause() {
        String v = System.getenv(envPrefix() + "TESTS");
        return v != null && v.startsWith("skip:") ? v.substring(5).strip() : null;
    }

    /** The flags that reach the server under test: {@code <DB>_HOST} and {@code <DB>_PORT}, else the local one. */
    protected List<String> connectionArgs() {
        return List.of("-host", host(), "-port", String.valueOf(port()));
    }

    /** The address the error line names, as {@code user@address}. */
    protected String address() {
        return host() + ":" + port();
    }

    private String envPrefix() {
        return db().descriptor().passwordEnv().replace("PASSWORD", "");
    }

    private String host() {
        return env(envPrefix() + "HOST", "127.0.0.1");
    }

    private int port() {
        return Integer.parseInt(env(envPrefix() + "PORT", String.valueOf(db().descriptor().defaultPort())));
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }

    private String password() {
        String p = System.getenv(db().descriptor().passwordEnv());
        assertTrue(p != null && !p.isBlank(), db().descriptor().passwordEnv() + " must hold the server's password: its server runs with"
                + " authentication on (source scripts/lib.sh scripts/modules.sh; export_secrets, as scripts/test.sh does)");
        return p;
    }

    @Test
    void loadQueryAndWriteNeverShowThePasswordInOutputResultsOrArgv() throws Exception {
        assumeTrue(unavailableBecause() == null, unavailableBecause());
        String secret = password();
        Path results = tmp.resolve("results");
        List<String> data = List.of("-numOfDevices", "4", "-rowsPerDevice", "30", "-seed", "9", "-results", results.toString());
        List<String> fork = List.of("-f", "1", "-wi", "0", "-i", "1", "-r", "200ms");
        try (ArgvWatch argv = new ArgvWatch(secret)) {
            List<String> outputs = new ArrayList<>();
            outputs.add(step(results, "load", data, List.of(StepFlags.WRITE_CLIENTS, "2", StepFlags.ROWS_PER_REQUEST, "20")));
            outputs.add(step(results, "query", data, fork, List.of("-queries", "q2\\.count\\.p100|q3\\.sum\\.p50")));
            outputs.add(step(results, "write", data, fork, List.of(StepFlags.WRITE_CLIENTS, "1", StepFlags.ROWS_PER_REQUEST, "10")));
            for (String out : outputs) assertFalse(out.contains(secret), "the password is in the output:\n" + out);
            // The step JVMs and their JMH forks were seen, so the argv check looked at what it should.
            assertTrue(argv.seen().size() >= 5, "the command lines of the steps and their forks were not all seen: " + argv.seen());
            assertTrue(argv.leaks().isEmpty(), "the password is in the command line of " + argv.leaks());
        }
        List<Path> files;
        try (var walk = Files.walk(results)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        String name = db().name();
        for (String f : List.of(name + "-manifest.json", name + "-write.json", name + "-query.json", "load.out", "query.out", "write.out")) {
            assertTrue(files.stream().anyMatch(p -> p.getFileName().toString().equals(f)), f + " is not among " + files);
        }
        for (Path f : files) {
            // As bytes: the results also hold binary files (the expected answers).
            assertFalse(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(
                    new String(secret.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1)), "the password is in " + f);
        }
        String manifest = Files.readString(results.resolve(name + "-manifest.json"));
        assertTrue(manifest.contains("from environment variable " + db().descriptor().passwordEnv()), "the manifest says where the password came from");
    }

    @Test
    void aWrongPasswordIsNamedWithUserHostAndPortButNeitherPasswordIsShown() throws Exception {
        assumeTrue(unavailableBecause() == null, unavailableBecause());
        String wrong = "wrong-" + Long.toHexString(System.nanoTime());
        Path file = Files.writeString(tmp.resolve("wrong-password"), wrong + "\n");
        List<String> args = new ArrayList<>(List.of("load", "-numOfDevices", "4", "-rowsPerDevice", "30", "-results", tmp.resolve("wrong").toString(),
                "--password-file", file.toString()));
        args.addAll(connectionArgs());
        CliCapture.Result r = CliCapture.run(db(), args);
        assertEquals(BenchCli.USAGE, r.exit(), r.output());
        List<String> errors = r.output().lines().filter(l -> l.startsWith("error: ")).toList();
        assertEquals(1, errors.size(), r.output());
        String user = db().descriptor().defaultUser();
        assertTrue(errors.get(0).contains("cannot connect to " + db().displayName() + " as " + user + "@" + address() + ": "), errors.get(0));
        assertTrue(errors.get(0).contains(refusal()), "the server's refusal (" + refusal() + ") is not in: " + errors.get(0));
        assertFalse(r.output().contains(wrong), "the wrong password is shown:\n" + r.output());
        assertFalse(r.output().contains(password()), "the real password is shown:\n" + r.output());
    }

    /** Runs one step of the module as the comparison does: a JVM of its own, the password in its environment. */
    @SafeVarargs
    private String step(Path results, String step, List<String>... argLists) throws IOException, InterruptedException {
        Files.createDirectories(results);
        List<String> cmd = ChildJvm.command("-cp", System.getProperty("java.class.path"), BenchMain.class.getName(), step);
        for (List<String> l : argLists) cmd.addAll(l);
        cmd.addAll(connectionArgs());
        Path out = results.resolve(step + ".out");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("the " + step + " step did not end in 300 s:\n" + Files.readString(out));
        }
        String text = Files.readString(out);
        assertEquals(BenchCli.OK, p.exitValue(), "the " + step + " step failed:\n" + text);
        return text;
    }
}
