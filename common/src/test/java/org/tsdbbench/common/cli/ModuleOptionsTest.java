package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.contract.CliCapture;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.db.ModuleOption;

/**
 * A module's {@code --option}s, offline: every given key and value is checked before any work
 * (the stand-in database fails the test if anything opens a session), an unknown key names the
 * keys the module takes, a bad value names key, value and rule, and every step's help lists them.
 */
class ModuleOptionsTest {

    enum Mode { FAST, SAFE }

    static final ModuleOption<Mode> MODE = ModuleOption.choice("mode", Mode.class, Mode.FAST, "How it writes.");
    static final ModuleOption<Integer> LEVEL = ModuleOption.integer("level", 3, 1, 9, "How hard it tries.");
    static final ModuleOption<Integer> MAJOR = ModuleOption.integer("major", null, 2, 3, "The server's major; none: the server's own.");
    static final ModuleOption<Boolean> FLUSH = ModuleOption.bool("flush", false, "Flush after each write.");
    static final ModuleOption<String> COMPAT = ModuleOption.choice("compat", "auto", "Compatibility.", "auto", "legacy");
    static final ModuleOption<Path> CONF = ModuleOption.file("conf", "The client's configuration file, 100% optional.");
    static final ModuleOption<String> ZONE = ModuleOption.text("zone", "dc1", "The local zone.");

    /** Declares an option of every kind; opening a session is a failure of the test: the checks come first. */
    static Database optionsDatabase(ModuleOption<?>... options) {
        return new OfflineDatabase(new DatabaseDescriptor("opts", "Opts", 1, "bench", "OPTS_PASSWORD", options));
    }

    private static final Database DB = optionsDatabase(MODE, LEVEL, MAJOR, FLUSH, COMPAT, CONF, ZONE);

    @TempDir
    Path tmp;

    private CliCapture.Result run(Database db, String step, String... args) {
        return OfflineCli.run(tmp, db, step, args);
    }

    private void assertUsage(String expected, CliCapture.Result r) {
        OfflineCli.assertUsage(tmp, expected, r);
    }

    @Test
    void anUnknownKeyIsOneLineNamingItAndTheModulesKeys() {
        assertUsage("--option levle=5: Opts has no option levle; it takes requestTimeoutMs, connectTimeoutMs, prebuild, mode, level, major, flush,"
                + " compat, conf, zone", run(DB, "load", "--option", "level=5", "--option", "levle=5"));
    }

    @Test
    void aBadValueNamesKeyValueAndRuleInEveryStep() {
        for (String step : List.of("write", "load", "query", "disk", "range", "volume", "mixed", "schema", "verify")) {
            assertUsage("--option flush=ture: must be true or false", run(DB, step, "--option", "flush=ture"));
        }
        assertUsage("--option prebuild=yes: must be true or false", run(DB, "write", "--option", "prebuild=yes"));
        assertUsage("--option level=10: must be a whole number 1..9", run(DB, "load", "--option", "level=10"));
        assertUsage("--option level=x: must be a whole number 1..9", run(DB, "load", "--option", "level=x"));
        assertUsage("--option mode=bulk: must be one of fast, safe", run(DB, "load", "--option", "mode=bulk"));
        assertUsage("--option compat=modern: must be one of auto, legacy", run(DB, "load", "--option", "compat=modern"));
        assertUsage("--option requestTimeoutMs=0: must be a whole number of milliseconds, at least 1",
                run(DB, "load", "--option", "requestTimeoutMs=0"));
        assertUsage("--option connectTimeoutMs=soon: must be a whole number of milliseconds, at least 1",
                run(DB, "load", "--option", "connectTimeoutMs=soon"));
        Path missing = tmp.resolve("none.conf");
        assertUsage("--option conf=" + missing + ": no such readable file", run(DB, "load", "--option", "conf=" + missing));
        assertUsage("--option zone=: must not be empty", run(DB, "load", "--option", "zone="));
    }

    @Test
    void theFaultStepNamesAPidThatRunsNothingAScriptThatIsNotThereAndBadCountsBeforeAnyWork() throws Exception {
        Path script = Files.writeString(tmp.resolve("cluster.sh"), "exit 0\n");
        String self = String.valueOf(ProcessHandle.current().pid());
        assertUsage("--kill-pid 0: no such running process", run(DB, "fault", "--kill-pid", "0", "--restart-script", script.toString()));
        assertUsage("--restart-script " + tmp.resolve("none.sh") + ": no such readable file",
                run(DB, "fault", "--kill-pid", self, "--restart-script", tmp.resolve("none.sh").toString()));
        assertUsage("-writeClients 0: must be 1..10000 (each client owns whole devices or files)",
                run(DB, "fault", "--kill-pid", self, "--restart-script", script.toString(), "-writeClients", "0"));
        assertUsage("--steady 0s: must be more than 0", run(DB, "fault", "--kill-pid", self, "--restart-script", script.toString(), "--steady", "0s"));
        assertUsage("--option flush=ture: must be true or false",
                run(DB, "fault", "--kill-pid", self, "--restart-script", script.toString(), "--option", "flush=ture"));
        assertUsage("--pid-files " + tmp.resolve("none") + ": no such folder",
                run(DB, "fault", "--pid-files", tmp.resolve("none").toString(), "--restart-script", script.toString()));
        assertUsage("-writeClients 2: --single-server writes with one client, so that lost and extra rows are told apart",
                run(DB, "fault", "--kill-pid", self, "--restart-script", script.toString(), "--single-server", "-writeClients", "2"));
        CliCapture.Result missing = run(DB, "fault", "--restart-script", script.toString());
        assertEquals(BenchCli.USAGE, missing.exit(), missing.output());
        assertTrue(missing.output().contains("Missing required argument (specify one of these): (--kill-pid=PID | --pid-files=DIR)"), missing.output());
        CliCapture.Result both = run(DB, "fault", "--kill-pid", self, "--pid-files", tmp.toString(), "--restart-script", script.toString());
        assertEquals(BenchCli.USAGE, both.exit(), both.output());
        assertTrue(both.output().contains("mutually exclusive"), both.output());
    }

    /** The query step's clients at once: a count out of 1..1024, or not a number, is one line naming the flag, before any work. */
    @Test
    void theQueryStepRefusesABadClientCountBeforeAnyWork() {
        assertUsage("--query-clients 0: must be 1..1024", run(DB, "query", "--query-clients", "0"));
        assertUsage("--query-clients -3: must be 1..1024", run(DB, "query", "--query-clients", "-3"));
        assertUsage("--query-clients 1025: must be 1..1024", run(DB, "query", "--query-clients", "1025"));
        CliCapture.Result word = run(DB, "query", "--query-clients", "eight");
        assertEquals(BenchCli.USAGE, word.exit(), word.output());
        assertTrue(word.output().strip().lines().findFirst().orElse("").contains("'--query-clients': 'eight' is not an int"), word.output());
    }

    @Test
    void dashConfIsTheConfOptionAndAModuleWithoutOneSaysSo() throws Exception {
        Path conf = Files.writeString(tmp.resolve("client.conf"), "x");
        Database plain = optionsDatabase(MODE);
        assertUsage("-conf " + conf + ": Opts reads no client configuration file", run(plain, "load", "-conf", conf.toString()));
        assertUsage("-conf " + tmp.resolve("none.conf") + ": no such readable file", run(DB, "load", "-conf", tmp.resolve("none.conf").toString()));
    }

    @Test
    void everyStepsHelpListsTheModulesOptionsWithTypeDefaultAndHelp() {
        for (String step : List.of("write", "load", "query", "disk", "range", "volume", "mixed", "schema", "verify", "fault")) {
            CliCapture.Result r = CliCapture.run(DB, List.of(step, "--help"));
            assertEquals(BenchCli.OK, r.exit(), step);
            String help = r.output();
            assertFalse(help.contains("WARN"), step + ": " + help);
            assertTrue(help.contains("Opts module options (--option KEY=VALUE"), help);
            assertTrue(help.contains("  requestTimeoutMs=<milliseconds>\n      default: 600000. How long one request"), help);
            assertTrue(help.contains("  prebuild=<boolean>\n      default: false."), help);
            assertTrue(help.contains("  mode=<fast|safe>\n      default: fast. How it writes."), help);
            assertTrue(help.contains("  level=<integer 1..9>\n      default: 3. How hard it tries."), help);
            assertTrue(help.contains("  major=<integer 2..3>\n      default: none. The server's major"), help);
            assertTrue(help.contains("  compat=<auto|legacy>\n      default: auto."), help);
            assertTrue(help.contains("  conf=<file>\n      default: none. The client's configuration file, 100% optional."), help);
            assertTrue(help.contains("  zone=<text>\n      default: dc1. The local zone."), help);
        }
    }

    @Test
    void modulesReadTypedValuesOrTheDefaults() throws Exception {
        Path conf = Files.writeString(tmp.resolve("client.conf"), "x");
        ConnectionOptions given = new ConnectionOptions("h", 1, "u", "d", ConnectionOptions.Secret.none(), Map.of("mode", "Safe", "level", " 7 ",
                "major", "2", "flush", "TRUE", "compat", "LEGACY", "conf", conf.toString(), "zone", "dc2", "requestTimeoutMs", "1500"));
        assertEquals(Mode.SAFE, given.get(MODE));
        assertEquals(7, given.get(LEVEL));
        assertEquals(2, given.get(MAJOR));
        assertTrue(given.get(FLUSH));
        assertEquals("legacy", given.get(COMPAT));
        assertEquals(conf, given.get(CONF));
        assertEquals("dc2", given.get(ZONE));
        assertEquals(Duration.ofMillis(1500), given.requestTimeout());
        assertTrue(given.isSet(ModuleOption.REQUEST_TIMEOUT_MS));
        ConnectionOptions none = new ConnectionOptions("h", 1, "u", "d", ConnectionOptions.Secret.none(), Map.of());
        assertEquals(Mode.FAST, none.get(MODE));
        assertEquals(3, none.get(LEVEL));
        assertNull(none.get(MAJOR));
        assertFalse(none.get(FLUSH));
        assertFalse(none.get(ModuleOption.PREBUILD));
        assertNull(none.get(CONF));
        assertEquals("dc1", none.get(ZONE));
        assertFalse(none.isSet(ModuleOption.REQUEST_TIMEOUT_MS));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ConnectionOptions("h", 1, "u", "d", ConnectionOptions.Secret.none(), Map.of("level", "0")).get(LEVEL));
        assertEquals("--option level=0: must be a whole number 1..9", e.getMessage());
    }

    @Test
    void aModuleCannotDeclareAnOptionTwice() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> optionsDatabase(MODE, ModuleOption.bool("prebuild", true, "x")));
        assertEquals("Opts declares option prebuild twice", e.getMessage());
    }
}
