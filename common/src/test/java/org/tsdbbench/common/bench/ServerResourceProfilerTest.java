package org.tsdbbench.common.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.IterationResult;
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
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        ServerResourceProfiler profiler = new ServerResourceProfiler(String.valueOf(SELF));
        long wallStart = System.nanoTime();
        profiler.beforeIteration(null, null);
        // Spin until this thread has had 300 ms of CPU, however busy the machine (a wall-clock spin
        // gets less than a third of a core when other processes compete for the two cores).
        long cpuStart = threads.getCurrentThreadCpuTime();
        long spin = 0;
        while (threads.getCurrentThreadCpuTime() - cpuStart < 300_000_000L && System.nanoTime() - wallStart < 20_000_000_000L) {
            // About a millisecond of user time between two reads of the thread's CPU time (a system call).
            for (int i = 0; i < 1_000_000; i++) spin += Long.numberOfTrailingZeros(spin * 31 + i);
        }
        long spunCpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
        Map<String, Result> results = profiler.afterIteration(null, null, null).stream()
                .collect(Collectors.toMap(Result::getLabel, r -> r));
        double wallSeconds = (System.nanoTime() - wallStart) / 1e9;
        assertTrue(spin != 42);
        // The process's CPU over the iteration holds at least this thread's spin (less 20 ms of tick
        // granularity), and no more than every core: CPU % x the wall time around the iteration.
        double cpu = results.get("server.cpu").getScore();
        double cpuSeconds = cpu / 100 * wallSeconds;
        assertTrue(cpuSeconds >= spunCpuNanos / 1e9 - 0.02 && cpu < 100 * Runtime.getRuntime().availableProcessors() + 20,
                "cpu % " + cpu + " over " + wallSeconds + " s, this thread spun " + spunCpuNanos / 1e6 + " ms of CPU");
        assertEquals("%", results.get("server.cpu").getScoreUnit());
        // Spinning is user time: little of it in the kernel (the CPU-time reads are a thousandth of it).
        double kernel = results.get("server.cpuKernel").getScore();
        assertTrue(kernel >= 0 && kernel < 50, "kernel share % " + kernel);
        double rssMb = results.get("server.rss").getScore();
        long heapMb = (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20;
        assertTrue(rssMb > heapMb && rssMb < 64 * 1024, "rss MB " + rssMb + " with " + heapMb + " MB of heap in use");
        assertTrue(results.get("server.diskWrite").getScore() >= 0);
        // The client is this JVM too: its own CPU is measured beside the server's.
        double client = results.get("client.cpu").getScore();
        assertTrue(client / 100 * wallSeconds >= spunCpuNanos / 1e9 - 0.02 && client < 100 * Runtime.getRuntime().availableProcessors() + 20,
                "client cpu % " + client);
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

    /** An iteration in which no request completed (a warm-up shorter than one request) has no rows, and no error. */
    @Test
    void anIterationWithoutACompletedOperationHasNoRowsAndNoPerRowFigure() {
        IterationResult empty = new IterationResult(null, null, null);
        assertEquals(0, ServerResourceProfiler.rowsAcknowledged(empty));
        ServerResourceProfiler profiler = new ServerResourceProfiler(String.valueOf(SELF));
        profiler.beforeIteration(null, null);
        List<String> labels = profiler.afterIteration(null, null, empty).stream().map(Result::getLabel).toList();
        assertTrue(labels.contains("server.cpu") && labels.contains("client.cpu"), "the CPU is still measured: " + labels);
        assertTrue(labels.stream().noneMatch(l -> l.endsWith("PerRow")), "no per-row figure without rows: " + labels);
    }

    /** A server of several processes (PostgreSQL's backends): its children are sampled with it. */
    @Test
    void theSampledProcessesChildrenCountWithIt() throws Exception {
        Process child = new ProcessBuilder("sleep", "30").start();
        try {
            assertTrue(ServerProcesses.withDescendants(List.of(SELF)).contains(child.pid()), "the child of the sampled process");
            assertEquals(List.of(Long.MAX_VALUE), ServerProcesses.withDescendants(List.of(Long.MAX_VALUE)), "a gone pid has no children");
        } finally {
            child.destroyForcibly();
        }
    }
}
