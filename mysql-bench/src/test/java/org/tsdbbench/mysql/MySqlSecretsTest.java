package org.tsdbbench.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.contract.CliCapture;

/**
 * Secrets against the real MariaDB (password from MYSQL_PASSWORD, as for the contract test): the
 * CLI's load, query and write steps never print or store the password, and a wrong password is
 * named by user@host:port without showing it.
 */
class MySqlSecretsTest {

    @TempDir
    Path tmp;

    private static String password() {
        String p = System.getenv("MYSQL_PASSWORD");
        assertTrue(p != null && !p.isBlank(), "MYSQL_PASSWORD must hold the server's password (scripts/test.sh sets it)");
        return p;
    }

    private static String host() {
        String h = System.getenv("MYSQL_HOST");
        return h == null || h.isBlank() ? "127.0.0.1" : h;
    }

    private static String port() {
        String p = System.getenv("MYSQL_PORT");
        return p == null || p.isBlank() ? "3306" : p;
    }

    private static CliCapture.Result cli(String step, Path results, String... more) {
        List<String> args = new ArrayList<>(List.of(step, "-host", host(), "-port", port(), "-results", results.toString(),
                "-numOfDevices", "4", "-rowsPerDevice", "30", "-seed", "9"));
        args.addAll(List.of(more));
        return CliCapture.run(new MySqlDatabase(), args);
    }

    @Test
    void loadQueryAndWriteNeverShowThePassword() throws IOException {
        String secret = password();
        Path results = tmp.resolve("results");
        List<String> fast = List.of("-f", "0", "-wi", "0", "-i", "1", "-r", "100ms");
        CliCapture.Result load = cli("load", results, "-writeClients", "2", "-rowsPerRequest", "20");
        CliCapture.Result query = cli("query", results, concat(fast, "-queries", "q2\\.count\\.p100|q3\\.sum\\.p50"));
        CliCapture.Result write = cli("write", results, concat(fast, "-writeClients", "1", "-rowsPerRequest", "10"));
        for (CliCapture.Result r : List.of(load, query, write)) {
            assertEquals(BenchCli.OK, r.exit(), r.output());
            assertFalse(r.output().contains(secret), "the password is in the output:\n" + r.output());
        }
        List<Path> files;
        try (var walk = Files.walk(results)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertTrue(files.stream().anyMatch(f -> f.getFileName().toString().equals("mysql-manifest.json")), files.toString());
        assertTrue(files.stream().anyMatch(f -> f.getFileName().toString().equals("mysql-write.json")), files.toString());
        assertTrue(files.stream().anyMatch(f -> f.getFileName().toString().equals("mysql-query.json")), files.toString());
        for (Path f : files) {
            assertFalse(new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1).contains(secret), "the password is in " + f);
        }
        String manifest = Files.readString(results.resolve("mysql-manifest.json"));
        assertTrue(manifest.contains("from environment variable MYSQL_PASSWORD"), "the manifest says where the password came from");
    }

    @Test
    void wrongPasswordNamesUserHostAndPortButNotThePassword() throws IOException {
        String wrong = "wrong-" + Long.toHexString(System.nanoTime());
        Path file = Files.writeString(tmp.resolve("wrong-password"), wrong + "\n");
        CliCapture.Result r = cli("load", tmp.resolve("results"), "--password-file", file.toString());
        assertEquals(BenchCli.USAGE, r.exit(), r.output());
        List<String> errors = r.output().lines().filter(l -> l.startsWith("error: ")).toList();
        assertEquals(1, errors.size(), r.output());
        assertTrue(errors.get(0).contains("cannot connect to MySQL as bench@" + host() + ":" + port() + ": "), errors.get(0));
        assertTrue(errors.get(0).contains("Access denied"), errors.get(0));
        assertFalse(r.output().contains(wrong), "the wrong password is shown:\n" + r.output());
        assertFalse(r.output().contains(password()), "the real password is shown:\n" + r.output());
    }

    private static String[] concat(List<String> first, String... rest) {
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(rest));
        return all.toArray(String[]::new);
    }
}
