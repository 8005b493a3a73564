package org.tsdbbench.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What the orchestrator refuses before it touches a server, and how it reads a module's description. No server needed. */
class OrchestratorOptionsTest {

    /** Runs the command line; its exit code and what it wrote to stderr. */
    private static String[] run(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cl = OrchestratorMain.commandLine();
        cl.setErr(new PrintWriter(err));
        cl.getSubcommands().values().forEach(c -> c.setErr(new PrintWriter(err)));
        int rc = cl.execute(args);
        return new String[] {String.valueOf(rc), err.toString().strip()};
    }

    /** Each {expected text, args...}: exit 2 and one line starting "error: " that holds the text. */
    private static void assertOneLineErrors(List<String[]> cases) {
        for (String[] c : cases) {
            String[] got = run(java.util.Arrays.copyOfRange(c, 1, c.length));
            assertEquals("2", got[0], String.join(" ", c) + ": " + got[1]);
            assertTrue(got[1].startsWith("error: ") && got[1].contains(c[0]) && got[1].lines().count() == 1, got[1]);
        }
    }

    @Test
    void badCompareOptionsAreOneLineErrorsWithExitTwo() {
        assertOneLineErrors(List.of(
                new String[] {"--scale big: default, published or iot-1 .. iot-5", "compare", "--scale", "big"},
                new String[] {"--matrix wide: default or published", "compare", "--matrix", "wide"},
                new String[] {"--files 5 must be at least 7", "compare", "--matrix", "published", "--files", "5"},
                new String[] {"--devices 3: fewer than --files 4", "compare", "--devices", "3"},
                new String[] {"--client-heap lots: a size such as 512m or 2g", "compare", "--client-heap", "lots"},
                new String[] {"--server-cores 0: a whole number, at least 1", "compare", "--server-cores", "0"},
                new String[] {"--rate 0: must be at least 1 row/s", "compare", "--rate", "0"},
                new String[] {"--stable-within 100.0: a percent of the mean, 0 (one run) to under 100", "compare", "--stable-within", "100"},
                new String[] {"--queries q1[: not a regular expression", "compare", "--queries", "q1["},
                new String[] {"--query-clients 0: must be 1..1024", "compare", "--query-clients", "0"},
                new String[] {"--query-clients 1025: must be 1..1024", "compare", "--query-clients", "1025"},
                new String[] {"'--query-clients': 'x' is not an int", "compare", "--query-clients", "x"},
                new String[] {"Unknown option: '--colour'", "compare", "--colour"}));
    }

    @Test
    void badClusterUseIsAOneLineErrorWithExitTwo() throws Exception {
        assertOneLineErrors(List.of(
                new String[] {"--cluster runs 3 shard clients, each owning whole files: --files 2 must be at least 3", "compare", "--cluster", "--files", "2"},
                new String[] {"--cluster with --server-cores 1: the cluster's nodes are not pinned to cores", "compare", "--cluster", "--server-cores", "1"},
                new String[] {"--rows-per-request 100,x: a list of whole numbers of at least 1", "compare", "--cluster", "--rows-per-request", "100,x"},
                new String[] {"Unknown option: '--clusters'", "compare", "--clusters"}));
        Module mysql = Module.parse(Path.of("m.jar"), "{\"name\":\"mysql\",\"serverScript\":\"mysql\"}");
        Module cassandra = Module.parse(Path.of("c.jar"), "{\"name\":\"cassandra\",\"serverScript\":\"cassandra\",\"clusterScript\":\"cassandra-cluster\"}");
        UsageException none = org.junit.jupiter.api.Assertions.assertThrows(UsageException.class,
                () -> CompareCommand.clusterModules(List.of(mysql), List.of(cassandra, mysql)));
        assertEquals("--cluster: none of mysql has a cluster (the modules with one: cassandra)", none.getMessage());
        assertEquals(List.of(cassandra), CompareCommand.clusterModules(List.of(cassandra, mysql), List.of(cassandra, mysql)));
        assertEquals(List.of(1, 2, 3, 100), CompareCommand.numbers("--rows-per-request", "1-3, 100"));
    }

    /**
     * A module's published write cells per workload come from its describe (the orchestrator names no
     * report's databases): read as declared, absent for a workload it declares none for, a malformed pair
     * a one-line error naming the jar.
     */
    @Test
    void aModulesPublishedCellsComeFromItsDescribe() throws Exception {
        Module influx = Module.parse(Path.of("i.jar"), "{\"name\":\"influx\",\"serverScript\":\"influxdb\",\"workloads\":[\"devices\",\"iot\"],"
                + "\"publishedCells\":[{\"workload\":\"iot\",\"cells\":\"1000x30,10000x12\",\"source\":\"as the published reports ran it\"}]}");
        assertEquals("1000x30,10000x12", influx.publishedCells("iot").cells());
        assertEquals(30, influx.publishedCells("iot").mostClients());
        assertEquals(null, influx.publishedCells("devices"));
        UsageException bad = org.junit.jupiter.api.Assertions.assertThrows(UsageException.class, () -> Module.parse(Path.of("b.jar"),
                "{\"name\":\"b\",\"publishedCells\":[{\"workload\":\"iot\",\"cells\":\"1000 by 30\"}]}"));
        assertEquals("b.jar describe: published cells '1000 by 30': pairs such as 1000x30,10000x12", bad.getMessage());
    }

    /** The query step gets --query-clients only when the run asks for more than one: the default run's steps are as before. */
    @Test
    void theQueryClientsReachTheQueryStepOnlyWhenAskedFor() {
        assertEquals(List.of(), CompareCommand.queryStepFlags(null, 1));
        assertEquals(List.of("-queries", "iot\\..*"), CompareCommand.queryStepFlags("iot\\..*", 1));
        assertEquals(List.of("--query-clients", "8"), CompareCommand.queryStepFlags(null, 8));
        assertEquals(List.of("-queries", "q1.*", "--query-clients", "8"), CompareCommand.queryStepFlags("q1.*", 8));
    }

    /** A module's declared write paths, as describe prints them: one write step each, the workload's published one first, each named in the log. */
    @Test
    void theWriteStepRunsOncePerDeclaredPathPublishedFirst() throws Exception {
        Module tdengine = Module.parse(Path.of("t.jar"), "{\"name\":\"tdengine\",\"serverScript\":\"tdengine\",\"writePaths\":["
                + "{\"name\":\"stmt\",\"options\":{\"writeMode\":\"stmt\"},\"publishedWorkloads\":[\"iot\"]},"
                + "{\"name\":\"sql\",\"options\":{\"writeMode\":\"sql\"},\"publishedWorkloads\":[\"devices\"]}]}");
        assertEquals(List.of("sql", "stmt"), tdengine.writePaths("devices"));
        assertEquals(List.of("stmt", "sql"), tdengine.writePaths("iot"));
        assertEquals("sql", tdengine.publishedWritePath("devices"));
        assertEquals("stmt", tdengine.publishedWritePath("iot"));
        assertEquals(List.of(List.of("--write-path", "sql"), List.of("--write-path", "stmt")), CompareCommand.writePathRuns(tdengine, "devices"));
        assertEquals(List.of(List.of("--write-path", "stmt"), List.of("--write-path", "sql")), CompareCommand.writePathRuns(tdengine, "iot"));
        Module mysql = Module.parse(Path.of("m.jar"), "{\"name\":\"mysql\",\"serverScript\":\"mysql\"}");
        assertEquals(List.of(List.of()), CompareCommand.writePathRuns(mysql, "devices"), "a module without declared paths: one write step, as before");
        assertEquals(null, mysql.publishedWritePath("devices"));
        assertEquals("write (stmt)", CompareCommand.label("write", List.of("java", "-jar", "t.jar", "write", "-i", "5", "--write-path", "stmt")));
        assertEquals("write", CompareCommand.label("write", List.of("java", "-jar", "t.jar", "write", "-i", "5")));
    }

    @Test
    void badWorkloadOptionsAreOneLineErrorsWithExitTwo() {
        assertOneLineErrors(List.of(
                new String[] {"--workload trucks: devices, iot, cpu-only or all", "compare", "--workload", "trucks"},
                new String[] {"--scale iot-2: an IoT scenario of report C, for --workload iot or all", "compare", "--scale", "iot-2"},
                new String[] {"--scale iot-9: default, published or iot-1 .. iot-5", "compare", "--workload", "iot", "--scale", "iot-9"},
                new String[] {"--scale published: the devices' data set; the IoT trucks' are iot-1 .. iot-5", "compare", "--workload", "iot", "--scale", "published"},
                new String[] {"--trucks 5: an IoT data-set flag, for --workload iot or all", "compare", "--trucks", "5"},
                new String[] {"--tsbs-file t.gz: an IoT data-set flag", "compare", "--tsbs-file", "t.gz"},
                new String[] {"--devices 10: a devices' data-set flag", "compare", "--workload", "iot", "--devices", "10"},
                new String[] {"--trucks 20 with --matrix published: report D's cells run 30 workers, each owning a truck: at least 30", "compare", "--workload",
                        "iot", "--matrix", "published", "--trucks", "20"},
                new String[] {"--cluster: the clusters run the devices' workload", "compare", "--workload", "iot", "--cluster"},
                new String[] {"--tsbs-file t.gz and --scale iot-1: the file's records decide", "compare", "--workload", "iot", "--scale", "iot-1", "--tsbs-file", "t.gz"},
                new String[] {"--tsbs-file no-such.gz: no such file", "compare", "--workload", "iot", "--tsbs-file", "no-such.gz"},
                new String[] {"--trucks 0: must be at least 1", "compare", "--workload", "all", "--trucks", "0"},
                new String[] {"--hours -1.0: must be more than 0", "compare", "--workload", "iot", "--hours", "-1"},
                new String[] {"--hosts 5: a cpu-only data-set flag, for --workload cpu-only or all", "compare", "--hosts", "5"},
                new String[] {"--hosts 0: must be at least 1", "compare", "--workload", "cpu-only", "--hosts", "0"},
                new String[] {"--trucks 5: an IoT data-set flag", "compare", "--workload", "cpu-only", "--trucks", "5"},
                new String[] {"--scale iot-1: the devices' or the IoT trucks' data set; cpu-only's is --hosts or --cpu-only-file", "compare", "--workload",
                        "cpu-only", "--scale", "iot-1"},
                new String[] {"--matrix published: no report published cpu-only write cells", "compare", "--workload", "cpu-only", "--matrix", "published"},
                new String[] {"--cpu-only-file c.gz and --hosts 4: the file's rows decide", "compare", "--workload", "cpu-only", "--hosts", "4",
                        "--cpu-only-file", "c.gz"}));
    }

    /** describe's "workloads": an old describe without it takes the devices; a database named for iot that does not take it is one error naming it. */
    @Test
    void theIotRunTakesTheModulesThatListIotAndRefusesOneNamedThatDoesNot() throws Exception {
        Module old = Module.parse(Path.of("o.jar"), "{\"name\":\"opentsdb\",\"serverScript\":\"opentsdb\"}");
        assertEquals(List.of("devices"), old.workloads());
        Module mysql = Module.parse(Path.of("m.jar"), "{\"name\":\"mysql\",\"displayName\":\"MySQL\",\"serverScript\":\"mysql\",\"workloads\":[\"devices\"]}");
        Module influx = Module.parse(Path.of("i.jar"), "{\"name\":\"influx\",\"displayName\":\"InfluxDB\",\"serverScript\":\"influx\","
                + "\"workloads\":[\"devices\",\"iot\"]}");
        assertTrue(influx.takes("iot") && influx.takes("devices"));
        assertTrue(!mysql.takes("iot") && !old.takes("iot"));
        UsageException named = org.junit.jupiter.api.Assertions.assertThrows(UsageException.class, () -> CompareCommand.planTaking(List.of(influx, mysql), "iot", true));
        assertEquals("--workload iot --databases: MySQL does not take the iot workload (it takes devices)", named.getMessage());
        assertEquals(List.of(influx, mysql), CompareCommand.planTaking(List.of(influx, mysql), "iot", false), "not named: kept, and skipped with the reason when reached");
        assertEquals("opentsdb does not take the iot workload (it takes devices)", CompareCommand.doesNotTake(old, "iot"));
    }

    /** The IoT steps' flags: only --workload iot for the default trucks; the scenario, trucks, hours or the file as the steps spell them. */
    @Test
    void theIotStepsGetTheWorkloadAndTheTrucksFlags() {
        assertEquals(List.of("--workload", "iot"), iotFlags("--workload", "iot"));
        assertEquals(List.of("--workload", "iot", "-scale", "iot-1", "-trucks", "50", "-hours", "2.5"),
                iotFlags("--workload", "all", "--scale", "iot-1", "--trucks", "50", "--hours", "2.5"));
        assertEquals(List.of("--workload", "iot", "-file", Path.of("t.gz").toAbsolutePath().toString()), iotFlags("--workload", "iot", "--tsbs-file", "t.gz"));
    }

    /** The cpu-only steps' flags: --workload cpu-only, the hosts as the steps' -scale, or the file; the matrix given. */
    @Test
    void theCpuOnlyStepsGetTheWorkloadAndTheHostsFlags() throws Exception {
        assertEquals(List.of("--workload", "cpu-only"), cpuOnly("--workload", "cpu-only").dataSetFlags(null));
        assertEquals(List.of("--workload", "cpu-only", "-scale", "40"), cpuOnly("--workload", "all", "--hosts", "40").dataSetFlags(null));
        java.nio.file.Path file = java.nio.file.Files.createTempFile("cpu", ".gz");
        assertEquals(List.of("--workload", "cpu-only", "-file", file.toAbsolutePath().toString()),
                cpuOnly("--workload", "cpu-only", "--cpu-only-file", file.toString()).dataSetFlags(null));
        assertEquals(List.of("-rowsPerRequest", "10,20", "-writeClients", "1,2"),
                cpuOnly("--workload", "cpu-only", "--rows-per-request", "10,20").writeCells(null, line -> { }));
        java.nio.file.Files.delete(file);
    }

    private static CpuOnlyRun cpuOnly(String... args) throws UsageException {
        CompareCommand c = new CompareCommand();
        new CommandLine(c).parseArgs(args);
        c.resolveScaleAndMatrix();
        return c.cpuOnly.run(false, c.rowsPerRequest, c.clients);
    }

    /**
     * --matrix published on the trucks: each database's cells as its report ran them, as pairs (report
     * D's five for CnosDB, report C's load cell for TDengine and TimescaleDB, both for InfluxDB, report
     * C's for a database in neither report), and 30 trucks by default so that report D's 30 workers
     * each own one; a scenario or the trucks given stay as given.
     */
    @Test
    void thePublishedIotMatrixIsEachDatabasesReportCellsAsPairs() throws Exception {
        assertEquals(List.of("--workload", "iot", "-trucks", "30"), resolvedIotFlags("--workload", "iot", "--matrix", "published"));
        assertEquals(List.of("--workload", "iot", "-trucks", "30"), resolvedIotFlags("--workload", "all", "--matrix", "published"));
        assertEquals(List.of("--workload", "iot", "-scale", "iot-1"), resolvedIotFlags("--workload", "iot", "--matrix", "published", "--scale", "iot-1"));
        assertEquals(List.of("--workload", "iot", "-trucks", "40"), resolvedIotFlags("--workload", "iot", "--matrix", "published", "--trucks", "40"));
        assertEquals(List.of("--workload", "iot"), resolvedIotFlags("--workload", "iot"), "the default matrix keeps the default trucks");
    }

    private static List<String> resolvedIotFlags(String... args) throws UsageException {
        CompareCommand c = new CompareCommand();
        new CommandLine(c).parseArgs(args);
        c.resolveScaleAndMatrix();
        return c.iotDataSet();
    }

    private static List<String> iotFlags(String... args) {
        CompareCommand c = new CompareCommand();
        new CommandLine(c).parseArgs(args);
        return c.iotDataSet();
    }

    @Test
    void aClusterStatusNamesEachNodeAndItsPid() {
        List<ServerScript.Node> nodes = ServerScript.parseNodes("node 1 127.0.0.1:9042 pid 123 UN\nnode 2 127.0.0.2:9042 pid - stopped\n"
                + "node 3 localhost:6230 pid 789 ready\nhosts 127.0.0.1,127.0.0.2,127.0.0.3\n");
        assertEquals(List.of(new ServerScript.Node(1, "127.0.0.1:9042", 123, "UN"), new ServerScript.Node(2, "127.0.0.2:9042", -1, "stopped"),
                new ServerScript.Node(3, "localhost:6230", 789, "ready")), nodes);
    }

    @Test
    void badShardsArgumentsAreOneLineErrorsWithExitTwo() {
        assertEquals("2", run("shards", "mysql", "0", "load")[0]);
        assertTrue(run("shards", "mysql", "2", "query")[1].contains("STEP query: shards run load or write"));
        assertTrue(run("shards", "mysql", "2", "load", "-results", "x")[1].contains("-results: set by this command"));
    }

    @Test
    void theStepsOwnOptionsPassThroughAndSchemaAndVerifyGetTheRest() {
        List<String> step = List.of("-numOfDevices", "300", "-writeClients", "2", "-rowsPerRequest", "100", "-host", "a,b", "-f", "0");
        assertEquals(List.of("-numOfDevices", "300", "-host", "a,b"), ShardsCommand.withoutStepOptions(step));
    }

    @Test
    void aModulesDescriptionIsItsLastLineOfJson() throws Exception {
        Module m = Module.parse(Path.of("x-bench.jar"), "SLF4J: noise\n{\"name\":\"tdengine\",\"displayName\":\"TDengine\",\"serverScript\":\"tdengine\","
                + "\"publishedWriteMatrix\":{\"rowsPerRequest\":\"1,100,500,1000,2000\",\"clients\":\"1-7\"}}\n");
        assertEquals("tdengine", m.name());
        assertEquals("tdengine", m.serverScript());
        assertEquals("1,100,500,1000,2000", m.publishedRowsPerRequest());
        assertEquals("1-7", m.publishedClients());
        assertNull(m.clusterScript());
        assertNull(Module.parse(Path.of("y.jar"), "{\"name\":\"mysql\",\"serverScript\":\"mysql\"}").publishedClients());
    }

    @Test
    void commandLinesFlattenListsAndNumbers() {
        assertEquals(List.of("java", "-jar", "a.jar", "load", "-i", "3", "x", "y"),
                CompareCommand.concat("java", List.of("-jar", Path.of("a.jar")), "load", new Object[] {"-i", 3}, List.of(List.of("x"), "y")));
    }
}
