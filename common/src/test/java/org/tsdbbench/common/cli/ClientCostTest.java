package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tsdbbench.results.ResultsJson;

/** A write cell's client cost beside the server's, and the client-bound mark. */
class ClientCostTest {

    @Test
    void aCellWhereTheClientUsedMoreCpuThanTheServerIsClientBound() {
        JsonNode m = ResultsJson.tree(WriteStep.resources(Map.of("client.cpu", 120.0, "client.cpuPerRow", 2.5, "server.cpu", 80.0, "server.cpuPerRow", 1.7)));
        assertEquals(120.0, m.get("clientCpuPercent").asDouble());
        assertEquals(2.5, m.get("clientCpuMicrosPerRow").asDouble());
        assertEquals(80.0, m.get("serverCpuPercent").asDouble());
        assertTrue(m.get("clientBound").asBoolean());
        JsonNode serverBound = ResultsJson.tree(WriteStep.resources(Map.of("client.cpu", 30.0, "server.cpu", 150.0)));
        assertFalse(serverBound.get("clientBound").asBoolean());
    }

    /** A remote server is not sampled: the client's cost is recorded, and no client-bound verdict is made without the server's. */
    @Test
    void withoutTheServersFigureThereIsNoVerdict() {
        JsonNode m = ResultsJson.tree(WriteStep.resources(Map.of("client.cpu", 90.0, "client.cpuPerRow", 3.0)));
        assertEquals(3.0, m.get("clientCpuMicrosPerRow").asDouble());
        assertFalse(m.has("clientBound"));
    }

    /** Fixed rate: who fell behind is said from the cell's own figures; the schedule is never the cause (it restarts each iteration). */
    @Test
    void aFixedRateCellThatFellBehindNamesTheClientTheDatabaseOrTheFileSystem() {
        Map<String, Double> latency = Map.of("p50", 22.0);
        String client = WriteStep.fellBehindBecause(null, Map.of("client.cpu", 120.0, "server.cpu", 80.0), 10_000, 2, 100, latency);
        assertTrue(client.startsWith("the client: it used more CPU than the server (120% against 80%"), client);
        String db = WriteStep.fellBehindBecause(null, Map.of("client.cpu", 30.0, "server.cpu", 150.0, "server.cpuKernel", 20.0), 10_000, 2, 100,
                latency);
        assertTrue(db.startsWith("the database: a client has 20.0 ms per request on this schedule, its requests ended p50 22.0 ms after their intended start;"), db);
        assertFalse(db.contains("kernel"), db);
        String fs = WriteStep.fellBehindBecause(null, Map.of("client.cpu", 30.0, "server.cpu", 150.0, "server.cpuKernel", 89.0), 10_000, 2, 100,
                latency);
        assertTrue(fs.contains("after their intended start; 89% of the server's CPU was spent in the kernel (the file system's work"), fs);
        assertEquals("requests failed: timeout", WriteStep.fellBehindBecause("timeout", Map.of(), 10_000, 2, 100, latency));
    }

    @Test
    void theServersKernelShareIsRecorded() {
        JsonNode m = ResultsJson.tree(WriteStep.resources(Map.of("client.cpu", 30.0, "server.cpu", 150.0, "server.cpuKernel", 89.0)));
        assertEquals(89.0, m.get("serverCpuKernelPercent").asDouble());
    }

    /** Memory and storage writes go into the cell beside the CPU: the report reads them from here, not from JMH's JSON. */
    @Test
    void bothSidesMemoryAndTheServersDiskWritesAreRecorded() {
        JsonNode m = ResultsJson.tree(WriteStep.resources(Map.of("client.cpu", 30.0, "server.cpu", 150.0, "server.rss", 512.5, "client.rss", 300.25,
                "server.diskWrite", 12.5)));
        assertEquals(512.5, m.get("serverRssMB").asDouble());
        assertEquals(300.25, m.get("clientRssMB").asDouble());
        assertEquals(12.5, m.get("serverDiskWriteMBps").asDouble());
    }
}
