package org.tsdbbench.common.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;

/** The server's process is found by its listening port, and /proc's figures reach JMH as secondary results. */
class ServerResourceProfilerTest {

    private static final long SELF = ProcessHandle.current().pid();

    @Test
    void findsTheProcessListeningOnAPortAndNoneOnAClosedOne() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
            assertEquals(List.of(SELF), ServerProcesses.listeningOn(port));
        }
        assertEquals(List.of(), ServerProcesses.listeningOn(port));
    }

    @Test
    void reportsCpuRssAndWritesOfTheSampledProcess() throws Exception {
        ServerResourceProfiler profiler = new ServerResourceProfiler(String.valueOf(SELF));
        profiler.beforeIteration(null, null);
        long end = System.nanoTime() + 300_000_000L;
        long spin = 0;
        while (System.nanoTime() < end) spin += Long.numberOfTrailingZeros(spin + System.nanoTime());
        Map<String, Result> results = profiler.afterIteration(null, null, null).stream()
                .collect(Collectors.toMap(Result::getLabel, r -> r));
        assertTrue(spin != 42);
        // This thread spun for the whole iteration: about one core, give or take the machine's load.
        double cpu = results.get("server.cpu").getScore();
        assertTrue(cpu > 30 && cpu < 100 * Runtime.getRuntime().availableProcessors() + 20, "cpu % " + cpu);
        assertEquals("%", results.get("server.cpu").getScoreUnit());
        // Spinning is user time: little of it in the kernel.
        double kernel = results.get("server.cpuKernel").getScore();
        assertTrue(kernel >= 0 && kernel < 50, "kernel share % " + kernel);
        double rssMb = results.get("server.rss").getScore();
        long heapMb = (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20;
        assertTrue(rssMb > heapMb && rssMb < 64 * 1024, "rss MB " + rssMb + " with " + heapMb + " MB of heap in use");
        assertTrue(results.get("server.diskWrite").getScore() >= 0);
        // The client is this JVM too: its own CPU is measured beside the server's.
        double client = results.get("client.cpu").getScore();
        assertTrue(client > 30 && client < 100 * Runtime.getRuntime().availableProcessors() + 20, "client cpu % " + client);
    }

    @Test
    void aGonePidCountsAsNothingAndNoPidsMeasuresTheClientOnly() {
        ServerProcesses.Sample gone = ServerProcesses.sample(List.of(Long.MAX_VALUE));
        assertEquals(0, gone.cpuTicks());
        assertEquals(0, gone.rssBytes());
        ServerResourceProfiler remote = new ServerResourceProfiler(" ");
        remote.beforeIteration(null, null);
        List<String> labels = remote.afterIteration(null, null, null).stream().map(Result::getLabel).toList();
        assertEquals(List.of("client.cpu", "client.rss"), labels, "a remote server is not sampled: the client's own CPU and memory only; no rows, no per-row figure");
    }
}
