package org.tsdbbench.cnosdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.cli.BenchCli;
import org.tsdbbench.common.contract.CliCapture;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.results.StepFlags;

/**
 * Failures of CnosDB's own making through the CLI, against the real server: a query CnosDB refuses
 * (its HTTP 422 with an error code) is reported with CnosDB's reason, the load's record and the
 * correct query's figure stay, exit 1; a step that cannot reach the server leaves the manifest as
 * it was. (The shared contract proves every module's bad input; MySqlCliFaultsTest the data files'.)
 */
class CnosCliFaultsTest {

    @TempDir
    Path tmp;

    @BeforeEach
    void cnosdbIsInstalled() {
        assumeTrue(CnosServer.skipReason() == null, CnosServer.skipReason());
    }

    private static CliCapture.Result cli(String step, List<String> scale, String... more) {
        List<String> args = new ArrayList<>(List.of(step));
        args.addAll(scale);
        args.addAll(List.of(more));
        if (!args.contains("-port")) args.addAll(List.of("-host", CnosServer.host(), "-port", CnosServer.port()));
        return CliCapture.run(new CnosDatabase(), args);
    }

    @Test
    void aQueryCnosDbRefusesIsReportedWithItsReasonAndResultsSoFarStay() throws Exception {
        Path results = tmp.resolve("kept");
        List<String> scale = List.of("-numOfDevices", "20", "-rowsPerDevice", "60", "-seed", "3", "-results", results.toString());
        CliCapture.Result load = cli("load", scale, StepFlags.ROWS_PER_REQUEST, "100");
        assertEquals(BenchCli.OK, load.exit(), load.output());
        Path manifest = results.resolve("cnosdb-manifest.json");
        byte[] afterLoad = Files.readAllBytes(manifest);

        CliCapture.Result unreachable = cli("write", scale, "-port", "1");
        assertEquals(BenchCli.USAGE, unreachable.exit(), unreachable.output());
        assertTrue(unreachable.output().contains("cannot connect to CnosDB as root@127.0.0.1:1"), unreachable.output());
        assertArrayEquals(afterLoad, Files.readAllBytes(manifest), "a step that could not start changed the manifest");

        WorkloadSpec spec = new WorkloadSpec(20, 60, WorkloadSpec.DEFAULT_START_TS, 3);
        Path sql = tmp.resolve("q-mixed.txt");
        Files.writeString(sql, "q2.count.p100 " + new CnosDialect().render(LogicalQuery.parse("q2.count.p100"), spec).orElseThrow()
                + "\nq2.sum.p100 SELECT SUM(pressure) FROM devices\n");
        CliCapture.Result query = cli("query", scale, "-sql", sql.toString(), "-f", "0", "-wi", "0", "-i", "1", "-r", "200ms");
        assertEquals(BenchCli.FAILED, query.exit(), query.output());
        String failed = query.output().lines().filter(l -> l.contains("q2.sum.p100: query failed")).findFirst().orElse(query.output());
        assertTrue(failed.contains("CnosDB query: HTTP 422: error ") && failed.contains("pressure"), "CnosDB's reason, naming the column: " + failed);
        JsonNode m = new ObjectMapper().readTree(manifest.toFile());
        assertTrue(m.get("load").get("verified").asBoolean(), "the load's record was lost: " + m);
        JsonNode checked = m.get("query").get("checked");
        assertEquals(2, checked.size(), checked.toString());
        assertTrue(checked.get(0).get("correct").asBoolean(), checked.toString());
        assertFalse(checked.get(1).get("correct").asBoolean(), checked.toString());
        assertEquals(1, new ObjectMapper().readTree(results.resolve("cnosdb-query.json").toFile()).size(), "the correct query is still measured");
    }
}
